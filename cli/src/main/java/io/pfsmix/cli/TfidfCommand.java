package io.pfsmix.cli;

import java.util.List;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.Sizes;
import io.pfsmix.tfidf.TfidfBench;
import io.pfsmix.tfidf.TfidfConfigKeys;
import io.pfsmix.tfidf.TfidfJobs;
import io.pfsmix.tfidf.TfidfReport;
import io.pfsmix.tfidf.TfidfTool;
import io.pfsmix.tfidf.generate.DatasetGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code pfsmix tfidf}: the TF-IDF HTTP attack classifier workload (docs/tfidf.md). */
@Command(name = "tfidf", mixinStandardHelpOptions = true,
    description = "The TF-IDF HTTP attack classifier as MapReduce jobs: generate traffic, train, classify, report, bench.",
    subcommands = {
        TfidfCommand.Generate.class,
        TfidfCommand.Train.class,
        TfidfCommand.Classify.class,
        TfidfCommand.Report.class,
        TfidfCommand.Bench.class,
    })
final class TfidfCommand implements Runnable {

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.err);
  }

  @Command(name = "generate", mixinStandardHelpOptions = true,
      description = "Write labelled HTTP requests (normal traffic and the seven ECML/PKDD 2007 attack classes) to any "
          + "Hadoop path, as files requests-NNNNN.req. They are written into a hidden directory beside the output and "
          + "renamed into place when complete: a failed or interrupted run leaves no output.")
  static final class Generate implements Callable<Integer> {
    @Option(names = "--out", required = true, description = "output directory (pfs://, file://, hdfs://, ...)")
    String out;

    @Option(names = "--size", paramLabel = "SIZE",
        description = "total bytes, e.g. 7.2g, 500m; must fit the free space")
    String size;

    @Option(names = "--records", description = "number of requests (instead of --size)")
    Long records;

    @Option(names = "--seed", defaultValue = "1", description = "random seed; also picks the attack variants (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--attack-share", defaultValue = "0.1", description = "share of attack requests (default: ${DEFAULT-VALUE})")
    double attackShare;

    @Option(names = "--malformed-share", defaultValue = "0", description = "share of deliberately malformed records (default: ${DEFAULT-VALUE})")
    double malformedShare;

    @Option(names = "--files", defaultValue = "0", description = "number of files (default: one per 256 MiB)")
    int files;

    @Option(names = "--overwrite", description = "replace an existing output directory")
    boolean overwrite;

    @Override
    public Integer call() throws Exception {
      if ((size == null) == (records == null)) {
        throw new IllegalArgumentException("give exactly one of --size and --records");
      }
      DatasetGenerator.Options o = new DatasetGenerator.Options();
      o.output = new Path(out);
      o.sizeBytes = size == null ? 0 : Sizes.positive("--size", size);
      o.records = records == null ? 0 : records;
      if (records != null && records <= 0) {
        throw new IllegalArgumentException("--records must be positive, got " + records);
      }
      o.seed = seed;
      o.attackShare = attackShare;
      o.malformedShare = malformedShare;
      o.files = files;
      o.overwrite = overwrite;
      TfidfTool.printGenerated(TfidfJobs.generate(new Configuration(), o, System.err), System.out);
      return 0;
    }
  }

  @Command(name = "train", mixinStandardHelpOptions = true,
      description = "Train a model (MapReduce): document frequencies, top-K dictionary, idf, then logistic-regression "
          + "rounds or centroids per class.")
  static final class Train implements Callable<Integer> {
    @Option(names = "--input", required = true, description = "labelled request files (a file or directory)")
    String input;

    @Option(names = "--model", required = true, description = "model file to write")
    String model;

    @Option(names = "--top-k", defaultValue = "" + TfidfConfigKeys.TOP_K_DEFAULT,
        description = "dictionary size (default: ${DEFAULT-VALUE})")
    int topK;

    @Option(names = "--centroids-per-class", defaultValue = "" + TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT,
        description = "centroid vectors per class, for --classifier centroid (default: ${DEFAULT-VALUE})")
    int centroids;

    @Option(names = "--classifier", paramLabel = "KIND",
        description = "logistic (regression, trained in MapReduce rounds) or centroid (nearest centroid); default: "
            + TfidfConfigKeys.MODEL + " from the configuration, else " + TfidfConfigKeys.MODEL_DEFAULT)
    String classifier;

    @Override
    public Integer call() throws Exception {
      Path modelPath = new Path(model);
      Configuration conf = new Configuration();
      if (classifier != null) {
        conf.set(TfidfConfigKeys.MODEL, classifier);
      }
      TfidfTool.printTrained(TfidfJobs.train(conf, new Path(input), modelPath, topK, centroids), modelPath, System.out);
      return 0;
    }
  }

  @Command(name = "classify", mixinStandardHelpOptions = true,
      description = "Label requests with a model (MapReduce); prints requests and bytes per class and, for labelled "
          + "input, the confusion matrix (also written as confusion.json in the output directory).")
  static final class Classify implements Callable<Integer> {
    @Option(names = "--input", required = true, description = "request files (a file or directory)")
    String input;

    @Option(names = "--model", required = true, description = "model file from `pfsmix tfidf train`")
    String model;

    @Option(names = "--output", required = true, description = "output directory (must not exist)")
    String output;

    @Override
    public Integer call() throws Exception {
      TfidfTool.printClassified(TfidfJobs.classify(new Configuration(), new Path(input), new Path(model), new Path(output)),
          System.out);
      return 0;
    }
  }

  @Command(name = "report", mixinStandardHelpOptions = true,
      description = "Accuracy report: train on one seed, classify another whose attacks include unseen variants "
          + "(confusion matrix, macro-F1, scores per context), accuracy and model size versus K, then leave-one-family-out "
          + "folds: each trains without one family of every class and tests on those families alone.")
  static final class Report implements Callable<Integer> {
    @Option(names = "--work", defaultValue = "file:///tmp/pfsmix-tfidf-report",
        description = "scratch directory, deleted afterwards (default: ${DEFAULT-VALUE})")
    String work;

    @Option(names = "--train-records", defaultValue = "20000", description = "training requests (default: ${DEFAULT-VALUE})")
    long trainRecords;

    @Option(names = "--test-records", defaultValue = "10000", description = "test requests (default: ${DEFAULT-VALUE})")
    long testRecords;

    @Option(names = "--fold-test-records", defaultValue = "4000",
        description = "test requests of each leave-one-family-out fold; 0 skips the folds (default: ${DEFAULT-VALUE})")
    long foldTestRecords;

    @Option(names = "--train-seed", defaultValue = "1", description = "default: ${DEFAULT-VALUE}")
    long trainSeed;

    @Option(names = "--test-seed", defaultValue = "2", description = "default: ${DEFAULT-VALUE}")
    long testSeed;

    @Option(names = "--centroids-per-class", defaultValue = "8", description = "default: ${DEFAULT-VALUE}")
    int centroids;

    @Option(names = "--top-k", defaultValue = "" + TfidfConfigKeys.TOP_K_DEFAULT,
        description = "K of the confusion matrices, per-context scores and leave-one-family-out folds "
            + "(default: ${DEFAULT-VALUE})")
    int reportK;

    @Option(names = "--k-values", split = ",", defaultValue = "32,64,128,256,512,1024,4096",
        description = "dictionary sizes to compare (default: ${DEFAULT-VALUE})")
    int[] ks;

    @Option(names = "--classifiers", split = ",", defaultValue = "centroid,logistic",
        description = "model kinds to compare (default: ${DEFAULT-VALUE})")
    List<String> classifiers;

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
          throw new IllegalArgumentException("--classifiers takes " + TfidfConfigKeys.MODEL_CENTROID + " and "
              + TfidfConfigKeys.MODEL_LOGISTIC + ", got '" + kind + "'");
        }
      }
      TfidfReport.run(localJobs(), o, classifiers, System.out);
      return 0;
    }
  }

  @Command(name = "bench", mixinStandardHelpOptions = true,
      description = "Classification throughput: one thread on requests in memory, and the job end to end on local files.")
  static final class Bench implements Callable<Integer> {
    @Option(names = "--work", defaultValue = "file:///tmp/pfsmix-tfidf-bench",
        description = "scratch directory, deleted afterwards (default: ${DEFAULT-VALUE})")
    String work;

    @Option(names = "--model", description = "model to use (default: train one on 20000 generated requests)")
    String model;

    @Option(names = "--data-size", paramLabel = "SIZE", defaultValue = "256m",
        description = "request data to classify, held in memory, below 2 GiB (default: ${DEFAULT-VALUE})")
    String dataSize;

    @Option(names = "--rounds", defaultValue = "5", description = "in-memory rounds; the best counts (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--threads", defaultValue = "2", description = "map slots of the end-to-end job (default: ${DEFAULT-VALUE})")
    int threads;

    @Override
    public Integer call() throws Exception {
      TfidfBench.Options o = new TfidfBench.Options();
      o.work = new Path(work);
      o.model = model == null ? null : new Path(model);
      o.dataBytes = Sizes.positive("--data-size", dataSize);
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
