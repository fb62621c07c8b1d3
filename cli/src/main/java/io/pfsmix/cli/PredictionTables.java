package io.pfsmix.cli;

import io.pfsmix.export.predict.Predictor;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.mix.AnalyticsJob;
import io.pfsmix.mix.HpcCommand;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.MixRunner;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.Progress;
import io.pfsmix.mix.ReportWriter;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * The mix report's prediction: `pfsmix predict`'s table of measured against predicted figures, with its defaults, for a
 * traced mix (docs/predict.md). Left out, with the reason on the progress stream, where nothing was traced alone and
 * mixed or the SimGrid predictor is not built.
 */
final class PredictionTables implements MixRunner.ReportTables {

  /** The predictor this installation builds when Debian's libsimgrid-dev is installed. */
  static Path defaultSimulator() {
    return PfsmixHome.path().resolve(Paths.get("sim-export", "target", "native", "pfsmix-simgrid-predict"));
  }

  @Override
  public List<ReportWriter.Table> of(Path resultsDir, MixResults results, Progress progress) throws Exception {
    if (results.phases().stream().noneMatch(PhaseRecord::traced)) {
      return List.of();
    }
    Path simulator = defaultSimulator();
    if (!Files.isExecutable(simulator)) {
      progress.say("  no prediction in the report: " + simulator + " is not built (install Debian's libsimgrid-dev"
          + " and rebuild)");
      return List.of();
    }
    progress.say("predicting the mixed phases from the alone phases' traces (SimGrid; pfsmix predict " + resultsDir
        + " adds the what-if tables)");
    Path models = resultsDir.resolve("prediction");
    // pfsmix predict's defaults: this machine's cores, 10 GiB/s links without latency, one target, 1 MiB stripes
    Predictor.Options options = new Predictor.Options(simulator, models, Runtime.getRuntime().availableProcessors(),
        10L << 30, 0, 1 << 20, 1, false, null, null, null);
    List<Predictor.Row> rows;
    try (PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8)) {
      rows = new Predictor(resultsDir, options, quiet).run();
    } catch (IllegalArgumentException e) {
      // a mix without a repetition traced alone and mixed: nothing to predict
      progress.say("  no prediction in the report: " + e.getMessage());
      return List.of();
    }
    // the figures name the sides as the mix ran them (a user's command, a jar, Spark), as the rest of the report does
    String[] figures = Predictor.figures(AnalyticsJob.labelOf(results.settings()),
        HpcCommand.labelOf(results.settings()));
    return List.of(new ReportWriter.Table("Predicted from the alone phases",
        "The mixed phases replayed in SimGrid from the traces of the phases in which each workload ran alone, on a model"
            + " calibrated from them (pfsmix predict " + resultsDir + " with its defaults; the models are in "
            + models + "). What the model leaves out, and how close it came on this machine: docs/predict.md.",
        Predictor.TABLE_HEADER, Predictor.tableCells(rows, figures)),
        new ReportWriter.Table("How close the prediction came, and how close the repetitions came to each other",
            "For each mixed figure: how many predictions lie within " + Math.round(100 * Predictor.AGREEMENT)
                + " % of the measured figure, and how many would"
                + " if the mean of the same figure measured in the pattern's other repetitions were the prediction."
                + " Where the repetitions themselves differ by more, no model calibrated on one of them can be"
                + " expected to come closer.",
            Predictor.AGREEMENT_HEADER, Predictor.agreementCells(rows, figures)));
  }
}
