package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * The user's own job as the analytics side of the mix ({@link MixKeys#ANALYTICS} = jar:JAR [CLASS] ARGS or
 * spark:SPARK_HOME ARGS), run in TFIDF's place by {@link AnalyticsJobWorkload}.
 *
 * @param kind a hadoop jar job or a Spark application
 * @param program the jar, or the Spark installation's bin/spark-submit
 * @param args the words after the jar or the Spark home as written, placeholders and all
 * @param label the name the report gives the job ({@link MixKeys#ANALYTICS_NAME}, else {@link #defaultLabel})
 * @param scale the value of {@code {scale}} ({@link MixKeys#ANALYTICS_SCALE})
 */
public record AnalyticsJob(Kind kind, Path program, List<String> args, String label, int scale) {

  /** How the job is run. */
  public enum Kind {
    /** {@code hadoop jar JAR [CLASS] ARGS} (Hadoop's RunJar) on the mix's runner. */
    JAR,
    /** {@code SPARK_HOME/bin/spark-submit ARGS}. */
    SPARK;

    String prefix() {
      return name().toLowerCase(Locale.ROOT) + ":";
    }
  }

  static final String DIR = "dir";
  static final String OUT = "out";
  static final String SCALE = "scale";
  private static final List<String> PLACEHOLDERS = List.of(DIR, OUT, SCALE);
  /** The label of the analytics side when it is the TFIDF classifier. */
  static final String TFIDF_LABEL = "TFIDF";
  /** spark-submit's options that take no value: every other option's next word is its value. */
  private static final Set<String> SPARK_FLAGS = Set.of("--verbose", "-v", "--supervise");
  /** Keys the mix sets for Spark itself: the shim and tracing on the driver's and executors' class path. */
  static final List<String> SPARK_CLASS_PATH_KEYS = List.of("spark.driver.extraClassPath",
      "spark.executor.extraClassPath");
  private static final String EXAMPLE = " (e.g. jar:hadoop-mapreduce-examples.jar wordcount {dir}/input {out}, or"
      + " spark:/opt/spark --master local[2] app.py {dir}/input {out})";

  /**
   * Reads and checks a job definition before anything runs; every problem names its key.
   *
   * @param keys the keys that define it ({@link WorkloadKeys#ANALYTICS}, or a further workload's)
   * @param value the definition's value, starting with jar: or spark:
   * @param name its label, or null for the default label
   * @param scale its {scale}, or null when not given
   */
  static AnalyticsJob parse(WorkloadKeys keys, String value, String name, Integer scale) {
    Kind kind = value.startsWith(Kind.JAR.prefix()) ? Kind.JAR : Kind.SPARK;
    String rest = value.substring(kind.prefix().length()).trim();
    if (rest.isEmpty()) {
      throw new MixConfigException(keys.run(), "names no " + (kind == Kind.JAR ? "jar" : "Spark installation")
          + EXAMPLE);
    }
    List<String> words = List.of(rest.split("\\s+"));
    Path first = Path.of(words.get(0)).toAbsolutePath().normalize();
    List<String> args = words.subList(1, words.size());
    Placeholders.check(String.join(" ", args), PLACEHOLDERS, keys.run());
    Path program = kind == Kind.JAR ? checkJar(first, args, keys.run()) : checkSpark(first, args, keys.run());
    if (scale != null && args.stream().noneMatch(a -> Placeholders.has(a, SCALE))) {
      throw new MixConfigException(keys.scale(), "sets {scale}, which the job's arguments do not take");
    }
    if (name != null && name.isBlank()) {
      throw new MixConfigException(keys.name(), "is empty");
    }
    return new AnalyticsJob(kind, program, List.copyOf(args), name != null ? name.trim()
        : defaultLabel(kind, first, args), scale != null ? scale : MixKeys.ANALYTICS_SCALE_DEFAULT);
  }

  /** The jar must be a readable jar; without a Main-Class in its manifest the class to run must follow, in the jar. */
  private static Path checkJar(Path jar, List<String> args, String setting) {
    if (!Files.isRegularFile(jar)) {
      throw MixConfigException.unavailable(setting, jar + (Files.exists(jar) ? " is not a regular file"
          : " does not exist"));
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      boolean main = file.getManifest() != null
          && file.getManifest().getMainAttributes().getValue("Main-Class") != null;
      if (!main) {
        if (args.isEmpty()) {
          throw MixConfigException.unavailable(setting, jar + " names no Main-Class in its manifest, so the class to"
              + " run must follow it (jar:JAR CLASS ARGS)");
        }
        String entry = args.get(0).replace('.', '/') + ".class";
        if (file.getEntry(entry) == null) {
          throw MixConfigException.unavailable(setting, jar + " has no Main-Class, and no class " + args.get(0)
              + " to run in its place");
        }
      }
    } catch (IOException e) {
      throw MixConfigException.unavailable(setting, jar + " is not a readable jar: " + e.getMessage());
    }
    return jar;
  }

  /** The Spark home must hold an executable bin/spark-submit, and the arguments an application. */
  private static Path checkSpark(Path home, List<String> args, String setting) {
    Path submit = home.resolve("bin/spark-submit");
    if (!Files.isRegularFile(submit) || !Files.isExecutable(submit)) {
      throw MixConfigException.unavailable(setting, home + " is no Spark installation: " + submit
          + (Files.exists(submit) ? " is not an executable file" : " does not exist") + " (pip's pyspark: SPARK_HOME is"
          + " its package directory, .../site-packages/pyspark)");
    }
    if (application(args) == null) {
      throw new MixConfigException(setting, "names no application after spark-submit's options"
          + " (spark:SPARK_HOME [OPTIONS] APP [ARGS], e.g. spark:" + home + " --master local[2] app.py {dir}/input"
          + " {out})");
    }
    for (String arg : args) {
      for (String key : SPARK_CLASS_PATH_KEYS) {
        if (arg.startsWith(key + "=")) {
          throw new MixConfigException(setting, arg + " is set by the mix itself (the shim and tracing on"
              + " the class path); put your jars in --jars");
        }
      }
    }
    return submit;
  }

  /**
   * Whether the job's applications run on YARN, where they outlive a stopped client: a jar job when the phase's
   * configuration says so ({@code mapreduce.framework.name}), a Spark application when its {@code --master} is yarn.
   */
  boolean runsOnYarn(Configuration conf) {
    if (kind == Kind.JAR) {
      return MRConfig.YARN_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME));
    }
    for (int i = 0; i < args.size() && args.get(i).startsWith("-"); i++) {
      String w = args.get(i);
      if (w.startsWith("--master=")) {
        return w.substring("--master=".length()).startsWith("yarn");
      }
      if (w.equals("--master")) {
        return i + 1 < args.size() && args.get(i + 1).startsWith("yarn");
      }
      if (!SPARK_FLAGS.contains(w) && !w.contains("=")) {
        i++;
      }
    }
    return false;
  }

  /** spark-submit's application: the first word that is neither an option nor an option's value; null when none. */
  private static String application(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String w = args.get(i);
      if (!w.startsWith("-")) {
        return w;
      }
      if (!SPARK_FLAGS.contains(w) && !w.contains("=")) {
        i++;
      }
    }
    return null;
  }

  /** The jar's or the Spark application's file name without its extension. */
  static String defaultLabel(Kind kind, Path first, List<String> args) {
    String file = kind == Kind.JAR ? first.getFileName().toString() : basename(application(args));
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }

  private static String basename(String word) {
    String w = word.replaceAll("/+$", "");
    return w.substring(w.lastIndexOf('/') + 1);
  }

  /** The analytics side's label in a mix's settings as written: the job's, or {@link #TFIDF_LABEL}. */
  public static String labelOf(Map<String, String> settings) {
    String analytics = settings.getOrDefault(MixKeys.ANALYTICS, MixKeys.ANALYTICS_DEFAULT).trim();
    String name = settings.get(MixKeys.ANALYTICS_NAME);
    if (analytics.equals(MixKeys.ANALYTICS_DEFAULT)) {
      return TFIDF_LABEL;
    }
    if (name != null && !name.isBlank()) {
      return name.trim();
    }
    Kind kind = analytics.startsWith(Kind.JAR.prefix()) ? Kind.JAR : Kind.SPARK;
    List<String> words = List.of(analytics.substring(kind.prefix().length()).trim().split("\\s+"));
    return defaultLabel(kind, Path.of(words.get(0)), words.subList(1, words.size()));
  }

  /** Whether the job's arguments take {@code {scale}}, so that balancing can resize it. */
  boolean scalable() {
    return args.stream().anyMatch(a -> Placeholders.has(a, SCALE));
  }

  /** The job's arguments of one phase: each word with its placeholders replaced, as one argument. */
  List<String> args(String dir, String out, int scaleValue) {
    Map<String, String> values = Map.of(DIR, dir, OUT, out, SCALE, Integer.toString(scaleValue));
    List<String> filled = new ArrayList<>();
    for (String arg : args) {
      filled.add(Placeholders.fill(arg, values, v -> v));
    }
    return filled;
  }
}
