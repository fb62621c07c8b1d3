package io.pfsmix.cli;

import io.pfsmix.export.predict.Predictor;
import io.pfsmix.fs.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** `pfsmix predict`: the mixed phase predicted in SimGrid from the phases traced alone, beside what was measured. */
@Command(name = "predict", mixinStandardHelpOptions = true,
    header = "Predict a mix from its alone phases' traces in SimGrid; compare with what was measured.",
    description = {"Calibrates the storage's read/write bandwidth and latency and the clients'",
        "CPU time in and between I/O calls from the phases of RESULTS_DIR (a traced",
        "mix) in which TFIDF and IOR ran alone, replays those traces together in",
        "SimGrid (shared disks, links and client cores; write-back writes, fsync a",
        "barrier; a local cluster's CPU beside each call, calibrated from the CPU the",
        "mix measured; a client that lets one call of a process in at a time, a",
        "path's walk a turn per call into its library, as the mix recorded for",
        "OrangeFS), and prints predicted runtimes, slowdowns and mixed/serial beside",
        "the measured ones with the error; then what-if scaling (clients, data,",
        "targets).",
        "Model and validation: docs/predict.md."})
final class PredictCommand implements Callable<Integer> {

  @Parameters(paramLabel = "RESULTS_DIR", description = "results directory of a mix run with --tracing on")
  Path results;

  @Option(names = "--simulator", paramLabel = "PATH", description = "the SimGrid model replayer. Default: "
      + "sim-export/target/native/pfsmix-simgrid-predict of this installation (built when libsimgrid-dev is installed)")
  Path simulator;

  @Option(names = "--model-dir", paramLabel = "DIR", description = "where the SimGrid models are written (kept). "
      + "Default: RESULTS_DIR/prediction")
  Path modelDir;

  @Option(names = "--cores", paramLabel = "N", description = "client cores the actors share. Default: this machine's "
      + "(${DEFAULT-VALUE}); a mix measured elsewhere needs that machine's")
  int cores = Runtime.getRuntime().availableProcessors();

  @Option(names = "--targets", paramLabel = "N", defaultValue = "1",
      description = "storage targets of the calibrated kind, files striped over them. Default: ${DEFAULT-VALUE}")
  int targets;

  @Option(names = "--stripe", paramLabel = "SIZE", defaultValue = "1m",
      description = "stripe unit over the targets. Default: ${DEFAULT-VALUE}")
  String stripe;

  @Option(names = "--link-bw", paramLabel = "BYTES/S", defaultValue = "10g",
      description = "bandwidth of each host's link (client and targets). Default: ${DEFAULT-VALUE} per second "
          + "(10 GiB/s: a link that does not limit, as where the storage runs on the client's machine; pfsmix "
          + "export's SimGrid default, 10 Gbit/s, models a network)")
  String linkBw;

  @Option(names = "--link-latency", paramLabel = "SECONDS", defaultValue = "0",
      description = "latency of each link. Default: ${DEFAULT-VALUE}")
  double linkLatency;

  @Option(names = "--io-cpu", paramLabel = "FRACTION", description = "how much of the copy cost measured in reads and "
      + "writes (CPU per byte) they charge the shared client cores, 0 to 1. Default: " + Predictor.PAGE_CACHE_IO_CPU
      + " on the embedded pfs (a local directory: page-cache copies), 0 on other file systems")
  Double ioCpu;

  @Option(names = "--client-disk", paramLabel = "shared|separate", description = "whether the storage shares a disk "
      + "with the jobs' own local files, so that its fsyncs hold up their start-up. Default: what the mix recorded "
      + "(its directory's device against hadoop.tmp.dir's, for a local directory; else separate)")
  String clientDisk;

  @Option(names = "--busy-slowdown", paramLabel = "FACTOR", description = "how many times as long a call takes while "
      + "the other workload computes (the storage's hand-offs wait for cores it keeps busy), 1 or more. Default: what "
      + "the mix's storage probe measured beside a computing thread (on a local Ceph, OrangeFS or QFS), else 1")
  Double busySlowdown;

  @Option(names = "--no-what-if", description = "skip the what-if tables")
  boolean noWhatIf;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (cores < 1) {
      throw new ParameterException(spec.commandLine(), "--cores must be at least 1, got " + cores);
    }
    if (targets < 1) {
      throw new ParameterException(spec.commandLine(), "--targets must be at least 1, got " + targets);
    }
    if (!(linkLatency >= 0) || Double.isInfinite(linkLatency)) {
      throw new ParameterException(spec.commandLine(), "--link-latency must be a finite number of seconds >= 0, got "
          + linkLatency);
    }
    if (ioCpu != null && !(ioCpu >= 0 && ioCpu <= 1)) {
      throw new ParameterException(spec.commandLine(), "--io-cpu must be a fraction from 0 to 1, got " + ioCpu);
    }
    if (busySlowdown != null && !(busySlowdown >= 1 && busySlowdown < Double.POSITIVE_INFINITY)) {
      throw new ParameterException(spec.commandLine(), "--busy-slowdown must be a finite number >= 1, got "
          + busySlowdown);
    }
    long stripeBytes = UserErrorHandler.checkFlags(spec, () -> Sizes.parse("--stripe", stripe));
    long link = UserErrorHandler.checkFlags(spec, () -> Sizes.parse("--link-bw", linkBw));
    if (stripeBytes < 1 || link < 1) {
      throw new ParameterException(spec.commandLine(), (stripeBytes < 1 ? "--stripe" : "--link-bw")
          + " must be positive");
    }
    if (clientDisk != null && !clientDisk.equals("shared") && !clientDisk.equals("separate")) {
      throw new ParameterException(spec.commandLine(), "--client-disk must be shared or separate, got '" + clientDisk
          + "'");
    }
    Path sim = simulator != null ? simulator : PredictionTables.defaultSimulator();
    if (!Files.isExecutable(sim)) {
      throw new IllegalArgumentException("--simulator: " + sim + " is not an executable; "
          + "install Debian's libsimgrid-dev and rebuild (the build compiles it), or name one");
    }
    Path work = modelDir != null ? modelDir : results.resolve("prediction");
    if (Files.exists(work) && !Files.isDirectory(work)) {
      throw new IllegalArgumentException((modelDir != null ? "--model-dir " : "the models' directory ") + work
          + " is a file; the SimGrid models go in a directory" + (modelDir != null ? "" : ": name one with --model-dir"));
    }
    Predictor.Options options = new Predictor.Options(sim, work, cores, link, linkLatency, stripeBytes, targets,
        !noWhatIf, ioCpu, clientDisk == null ? null : clientDisk.equals("shared"), busySlowdown);
    new Predictor(results, options, System.out).run();
    System.out.println();
    System.out.println("models: " + work);
    return 0;
  }
}
