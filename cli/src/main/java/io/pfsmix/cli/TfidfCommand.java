package io.pfsmix.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.Sizes;
import io.pfsmix.tfidf.TfidfBench;
import io.pfsmix.tfidf.TfidfCommands;
import io.pfsmix.tfidf.TfidfConfigKeys;
import io.pfsmix.tfidf.TfidfReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code pfsmix tfidf}: the TF-IDF HTTP attack classifier workload (docs/tfidf.md). */
@Command(name = "tfidf", mixinStandardHelpOptions = true,
    description = "The TF-IDF HTTP attack classifier as MapReduce jobs: generate traffic, train, classify, report, bench.",
    subcommands = {
        // defined in tfidf-job, shared with the job jar's Main-Class (TfidfTool, for `hadoop jar`)
        TfidfCommands.Generate.class,
        TfidfCommands.Train.class,
        TfidfCommands.Classify.class,
        TfidfCommand.Report.class,
        TfidfCommand.Bench.class,
    })
final class TfidfCommand extends CommandGroup {

  @Command(name = "report", mixinStandardHelpOptions = true,
      description = "Accuracy report: train on one seed, classify another whose attacks include unseen variants "
          + "(confusion matrix, macro-F1, scores per context), accuracy and model size versus K, then leave-one-family-out "
          + "folds: each trains without one family of every class and tests on those families alone.")
  static final class Report implements Callable<Integer> {
    @Option(names = "--work", paramLabel = "DIR", defaultValue = "file:///tmp/pfsmix-tfidf-report",
        description = "scratch directory, deleted afterwards (default: ${DEFAULT-VALUE})")
    String work;

    @Option(names = "--train-records", paramLabel = "N", defaultValue = "20000", description = "training requests (default: ${DEFAULT-VALUE})")
    long trainRecords;

    @Option(names = "--test-records", paramLabel = "N", defaultValue = "10000", description = "test requests (default: ${DEFAULT-VALUE})")
    long testRecords;

    @Option(names = "--fold-test-records", paramLabel = "N", defaultValue = "4000",
        description = "test requests of each leave-one-family-out fold; 0 skips the folds (default: ${DEFAULT-VALUE})")
    long foldTestRecords;

    @Option(names = "--train-seed", paramLabel = "S", defaultValue = "1",
        description = "seed of the generated training requests (default: ${DEFAULT-VALUE})")
    long trainSeed;

    @Option(names = "--test-seed", paramLabel = "S", defaultValue = "2",
        description = "seed of the generated test requests; another seed than training's draws unseen variants"
            + " (default: ${DEFAULT-VALUE})")
    long testSeed;

    @Option(names = "--centroids-per-class", paramLabel = "N", defaultValue = "8",
        description = "centroids per class of the nearest-centroid model (default: ${DEFAULT-VALUE})")
    int centroids;

    @Option(names = "--top-k", paramLabel = "K", defaultValue = "" + TfidfConfigKeys.TOP_K_DEFAULT,
        description = "K of the confusion matrices, per-context scores and leave-one-family-out folds "
            + "(default: ${DEFAULT-VALUE})")
    int reportK;

    @Option(names = "--k-values", paramLabel = "K", split = ",", defaultValue = "32,64,128,256,512,1024,4096",
        description = "dictionary sizes to compare, --top-k among them (default: ${DEFAULT-VALUE})")
    int[] ks;

    @Option(names = "--classifiers", paramLabel = "KIND", split = ",", defaultValue = "centroid,logistic",
        description = "model kinds to compare (default: ${DEFAULT-VALUE})")
    List<String> classifiers;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      TfidfReport.Options o = new TfidfReport.Options();
      o.work = new Path(work);
      o.trainRecords = trainRecords;
      o.testRecords = testRecords;
      o.foldTestRecords = foldTestRecords;
      o.trainSeed = trainSeed;
      o.testSeed = testSeed;
      o.centroidsPerClass = centroids;
      o.reportK = reportK;
      o.ks = ks;
      for (String kind : classifiers) {
        if (!kind.equals(TfidfConfigKeys.MODEL_CENTROID) && !kind.equals(TfidfConfigKeys.MODEL_LOGISTIC)) {
          throw new ParameterException(spec.commandLine(), "--classifiers takes " + TfidfConfigKeys.MODEL_CENTROID
              + " and " + TfidfConfigKeys.MODEL_LOGISTIC + ", got '" + kind + "'");
        }
      }
      TfidfReport.run(localJobs(), o, classifiers, System.out, System.err);
      return 0;
    }
  }

  @Command(name = "bench", mixinStandardHelpOptions = true,
      description = "Classification throughput: one thread on requests in memory, and the job end to end on local files.")
  static final class Bench implements Callable<Integer> {
    @Option(names = "--work", paramLabel = "DIR", defaultValue = "file:///tmp/pfsmix-tfidf-bench",
        description = "scratch directory, deleted afterwards (default: ${DEFAULT-VALUE})")
    String work;

    @Option(names = "--model", paramLabel = "PATH", description = "model to use (default: train one on 20000 generated requests)")
    String model;

    @Option(names = "--data-size", paramLabel = "SIZE", defaultValue = "256m",
        description = "request data to classify, held in memory, below 2 GiB (default: ${DEFAULT-VALUE})")
    String dataSize;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "5", description = "in-memory rounds; the best counts (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2", description = "map slots of the end-to-end job (default: ${DEFAULT-VALUE})")
    int threads;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      TfidfBench.Options o = new TfidfBench.Options();
      o.work = new Path(work);
      o.model = model == null ? null : new Path(model);
      o.dataBytes = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--data-size", dataSize));
      o.rounds = rounds;
      o.threads = threads;
      TfidfBench.run(localJobs(), o, System.out);
      return 0;
    }
  }

  /** Report and bench measure this machine: jobs run in-process, whatever conf/ says about clusters. */
  private static Configuration localJobs() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    return conf;
  }
}
