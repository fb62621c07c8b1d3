package io.pfsmix.tfidf;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.Sizes;
import io.pfsmix.tfidf.generate.DatasetGenerator;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The generate, train and classify commands, defined once for both entry points: the job jar's Main-Class
 * ({@link TfidfTool}, for {@code hadoop jar}) and the launcher's {@code pfsmix tfidf}. Each option's name, arity, grammar,
 * default and description live here only, so both take the same flags and print the same help for them.
 */
public final class TfidfCommands {

  private TfidfCommands() {
  }

  /** Where a command's jobs take their configuration from and where it prints. */
  abstract static class JobCommand implements Callable<Integer> {
    /** A bad flag value is picocli's ParameterException: a usage error under pfsmix, one line under the job jar. */
    @Spec
    CommandSpec spec;

    /** Runs a check of flag values made outside picocli; what it refuses is a bad flag value, as picocli's are. */
    void checkFlags(Runnable check) {
      try {
        check.run();
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage(), e);
      }
    }

    /** null: a new Configuration per run, from the classpath's *-site.xml (the launcher's conf/). */
    private final Configuration conf;
    /** null: System.out and System.err as they are when the command runs (tests capture them). */
    private final PrintStream out;
    private final PrintStream err;

    JobCommand(Configuration conf, PrintStream out, PrintStream err) {
      this.conf = conf;
      this.out = out;
      this.err = err;
    }

    Configuration conf() {
      return conf == null ? new Configuration() : new Configuration(conf);
    }

    PrintStream out() {
      return out == null ? System.out : out;
    }

    PrintStream err() {
      return err == null ? System.err : err;
    }
  }

  @Command(name = "generate", mixinStandardHelpOptions = true,
      description = "Write labelled HTTP requests (normal traffic and the seven ECML/PKDD 2007 attack classes) to any "
          + "Hadoop path, as files requests-NNNNN.req. They are written into a hidden directory beside the output and "
          + "renamed into place when complete: a failed or interrupted run leaves no output.")
  public static final class Generate extends JobCommand {
    @Option(names = "--out", required = true, paramLabel = "PATH",
        description = "output directory (pfs://, file://, hdfs://, ...)")
    String out;

    @Option(names = "--size", paramLabel = "SIZE",
        description = "total bytes, e.g. 7.2g, 500m; must fit the free space")
    String size;

    @Option(names = "--records", paramLabel = "N", converter = WholeNumber.class,
        description = "number of requests (instead of --size)")
    Long records;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", converter = WholeNumber.class,
        description = "random seed; also picks the attack variants (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--attack-share", paramLabel = "SHARE", defaultValue = "0.1", converter = Share.class,
        description = "share of attack requests (default: ${DEFAULT-VALUE})")
    double attackShare;

    @Option(names = "--malformed-share", paramLabel = "SHARE", defaultValue = "0", converter = Share.class,
        description = "share of deliberately malformed records (default: ${DEFAULT-VALUE})")
    double malformedShare;

    @Option(names = "--files", paramLabel = "N", defaultValue = "0", converter = Count.class,
        description = "number of files; 0 (the default) writes one per 256 MiB")
    int files;

    // 0..1: `--overwrite` alone, and the job jar's older `--overwrite true|false`, which scripts may still pass
    @Option(names = "--overwrite", arity = "0..1", paramLabel = "true|false",
        description = "replace an existing output directory")
    boolean overwrite;

    public Generate() {
      this(null, null, null);
    }

    Generate(Configuration conf, PrintStream out, PrintStream err) {
      super(conf, out, err);
    }

    /** What the flags ask the generator for. */
    public DatasetGenerator.Options options() {
      if ((size == null) == (records == null)) {
        throw new ParameterException(spec.commandLine(), "give exactly one of --size and --records");
      }
      if (records != null && records <= 0) {
        throw new ParameterException(spec.commandLine(), "--records must be positive, got " + records);
      }
      DatasetGenerator.Options o = new DatasetGenerator.Options();
      o.output = new Path(out);
      checkFlags(() -> o.sizeBytes = size == null ? 0 : Sizes.positive("--size", size));
      o.records = records == null ? 0 : records;
      o.seed = seed;
      o.attackShare = attackShare;
      o.malformedShare = malformedShare;
      o.files = files;
      o.overwrite = overwrite;
      return o;
    }

    @Override
    public Integer call() throws Exception {
      DatasetGenerator.Result r = TfidfJobs.generate(conf(), options(), err());
      out().printf(Locale.ROOT, "wrote %,d requests, %,d bytes in %d file(s)%n", r.records, r.bytes, r.files.size());
      r.labels.forEach((label, n) -> out().printf(Locale.ROOT, "  %-16s %,12d%n", label, n));
      return 0;
    }
  }

  @Command(name = "train", mixinStandardHelpOptions = true,
      description = "Train a model (MapReduce): document frequencies, top-K dictionary, idf, then logistic-regression "
          + "rounds or centroids per class.")
  public static final class Train extends JobCommand {
    @Option(names = "--input", required = true, paramLabel = "PATH",
        description = "labelled request files (a file or directory)")
    String input;

    @Option(names = "--model", required = true, paramLabel = "PATH", description = "model file to write")
    String model;

    @Option(names = "--top-k", paramLabel = "K", defaultValue = "" + TfidfConfigKeys.TOP_K_DEFAULT,
        converter = Count.class, description = "dictionary size (default: ${DEFAULT-VALUE})")
    int topK;

    @Option(names = "--centroids-per-class", paramLabel = "N",
        defaultValue = "" + TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT, converter = Count.class,
        description = "centroid vectors per class, for --classifier centroid (default: ${DEFAULT-VALUE})")
    int centroids;

    @Option(names = "--classifier", paramLabel = "KIND",
        description = "logistic (regression, trained in MapReduce rounds) or centroid (nearest centroid); default: "
            + TfidfConfigKeys.MODEL + " from the configuration, else " + TfidfConfigKeys.MODEL_DEFAULT)
    String classifier;

    @Option(names = "--overwrite", arity = "0..1", paramLabel = "true|false",
        description = "replace an existing model file")
    boolean overwrite;

    public Train() {
      this(null, null, null);
    }

    Train(Configuration conf, PrintStream out, PrintStream err) {
      super(conf, out, err);
    }

    /** What the flags ask the training job for; the classifier, when given, goes into the configuration. */
    public record Settings(Path input, Path model, int topK, int centroidsPerClass, String classifier) {
    }

    public Settings settings() {
      return new Settings(new Path(input), new Path(model), topK, centroids, classifier);
    }

    @Override
    public Integer call() throws Exception {
      Settings s = settings();
      checkFlags(() -> TrainJob.checkSizes(s.topK(), s.centroidsPerClass()));
      Configuration conf = conf();
      // as generate's and classify's outputs: a model is replaced only when asked
      if (!overwrite && s.model().getFileSystem(conf).exists(s.model())) {
        throw new IllegalArgumentException("--model " + s.model() + " exists; pass --overwrite to replace it");
      }
      if (s.classifier() != null) {
        if (!s.classifier().equals(TfidfConfigKeys.MODEL_LOGISTIC)
            && !s.classifier().equals(TfidfConfigKeys.MODEL_CENTROID)) {
          // named by the flag given, not the configuration key it sets
          throw new ParameterException(spec.commandLine(), "--classifier takes " + TfidfConfigKeys.MODEL_LOGISTIC
              + " or " + TfidfConfigKeys.MODEL_CENTROID + ", got '" + s.classifier() + "'");
        }
        conf.set(TfidfConfigKeys.MODEL, s.classifier());
      }
      TfidfModel m = TfidfJobs.train(conf, s.input(), s.model(), s.topK(), s.centroidsPerClass(), err());
      PrintStream out = out();
      out.printf(Locale.ROOT, "model %s: %s, %d terms, %,d bytes, trained on %,d requests%n", s.model(), m.logistic()
          ? "logistic regression" : m.centroidCount() + " centroids", m.termCount(), m.toBytes().length,
          m.trainingDocuments());
      for (int c = 0; c < m.classCount(); c++) {
        out.printf(Locale.ROOT, "  %-16s %,10d requests", m.className(c), m.classDocuments(c));
        // two calls: one conditional of a float and an int would hand %3d a Float
        if (m.logistic()) {
          out.printf(Locale.ROOT, " bias %+.3f%n", m.bias(c));
        } else {
          out.printf(Locale.ROOT, " %3d centroid(s)%n", m.centroidsPerClass(c));
        }
      }
      return 0;
    }
  }

  @Command(name = "classify", mixinStandardHelpOptions = true,
      description = "Label requests with a model (MapReduce); prints requests and bytes per class and, for labelled "
          + "input, the confusion matrix (also written as confusion.json in the output directory).")
  public static final class Classify extends JobCommand {
    @Option(names = "--input", required = true, paramLabel = "PATH", description = "request files (a file or directory)")
    String input;

    @Option(names = "--model", required = true, paramLabel = "PATH", description = "model file from `train`")
    String model;

    @Option(names = "--output", required = true, paramLabel = "PATH", description = "output directory (must not exist)")
    String output;

    public Classify() {
      this(null, null, null);
    }

    Classify(Configuration conf, PrintStream out, PrintStream err) {
      super(conf, out, err);
    }

    /** What the flags ask the classification job for. */
    public record Settings(Path input, Path model, Path output) {
    }

    public Settings settings() {
      return new Settings(new Path(input), new Path(model), new Path(output));
    }

    @Override
    public Integer call() throws Exception {
      Settings s = settings();
      ClassifyResult r = TfidfJobs.classify(conf(), s.input(), s.model(), s.output(), err());
      PrintStream out = out();
      out.printf(Locale.ROOT, "classified %,d requests (%,d bytes) in %.2f s: %.1f MB/s; %,d malformed%n", r.requests(),
          r.bytes(), r.elapsedSeconds(), r.bytes() / 1e6 / Math.max(1e-9, r.elapsedSeconds()), r.malformed());
      out.printf(Locale.ROOT, "  %-16s %12s %16s%n", "label", "requests", "bytes");
      r.requestsPerClass().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.printf(Locale.ROOT,
          "  %-16s %,12d %,16d%n", e.getKey(), e.getValue(), r.bytesPerClass().get(e.getKey())));
      r.malformedPerKind().entrySet().stream().filter(e -> e.getValue() > 0).sorted(Map.Entry.comparingByKey())
          .forEach(e -> out.printf(Locale.ROOT, "  malformed %-16s %,8d%n", e.getKey(), e.getValue()));
      if (r.confusion() != null) {
        out.println();
        out.print(r.confusion().format());
        out.println("confusion matrix written to " + r.confusionJson());
      }
      out.println("labels in " + r.output());
      if (r.requests() == 0 && r.malformed() == 0) {
        // zeros or plain text hold no record header: the reader skips them, and nothing was classified
        err().println("classify: --input " + input + " holds no request record (the record format of"
            + " docs/tfidf.md, as `tfidf generate` writes it): nothing was classified");
        return 1;
      }
      return 0;
    }
  }

  // The converters say what is wrong with a value; picocli's message and TfidfTool's put the flag before it. Ranges are
  // checked where the values are used (the generator, the jobs), for callers from Java too.

  /** A long. */
  static final class WholeNumber implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException e) {
        throw new TypeConversionException("must be a whole number, got '" + value + "'");
      }
    }
  }

  /** An int. */
  static final class Count implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      long n = new WholeNumber().convert(value);
      if (n != (int) n) {
        throw new TypeConversionException("must be a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
            + ", got '" + value + "'");
      }
      return (int) n;
    }
  }

  /** A double. */
  static final class Share implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      try {
        return Double.parseDouble(value);
      } catch (NumberFormatException e) {
        throw new TypeConversionException("must be a number, got '" + value + "'");
      }
    }
  }
}
