package io.pfsmix.mix;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.PfsFileSystem;
import io.pfsmix.ior.StoppableProcess;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.Tracing;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.hadoop.TracingFileSystem;
import io.pfsmix.trace.tools.OutputTarget;

/**
 * The user's job as the analytics side of one phase ({@link MixKeys#ANALYTICS} = jar: or spark:), or as a further
 * workload ({@link MixKeys#WORKLOADS}): a hadoop jar job run by Hadoop's RunJar in a JVM of its own with the runner's
 * class path (the shim and tracing on it) and the phase's configuration as its site files, so it runs on the local
 * runner or YARN as {@link MixKeys#JOBS} says; or spark-submit with the shim and tracing on the driver's and executors'
 * class path and the configuration's own keys as spark.hadoop.*. The job is traced at the application point in every phase ({@link UserWorkloadTrace}), because its
 * throughput is the bytes its trace shows it read and wrote under {dir}, over its runtime. Cancelling ends its
 * process and the processes under it.
 */
final class AnalyticsJobWorkload implements Workload {

  /** Directory of the mix's directory that is the job's {dir}. */
  static final String DIR_NAME = "analytics";
  /**
   * The analytics side's output and traces in the results: analytics-output/PHASE.txt, traces/PHASE/analytics/,
   * untraced-analytics-traces/.
   */
  static UserWorkloadTrace.Slot analyticsSide(MixSettings settings) {
    return new UserWorkloadTrace.Slot(TFIDF, settings.analyticsLabel(), "analytics-output", "analytics",
        "untraced-analytics-traces");
  }

  private static final String RUN_JAR = "org.apache.hadoop.util.RunJar";
  private static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml",
      "yarn-site.xml");

  private final Configuration conf;
  private final MixSettings settings;
  private final UserWorkloadTrace.Slot slot;
  private final AnalyticsJob job;
  private final String dir;
  private final String outputDir;
  private final int scale;
  private final StoppableProcess process = new StoppableProcess();

  /**
   * @param slot the analytics side's ({@link #analyticsSide}) or a further workload's
   * @param dir the job's {dir} on the mix's file system, kept from phase to phase
   * @param outputDir the phase's {out}
   */
  AnalyticsJobWorkload(Configuration conf, MixSettings settings, UserWorkloadTrace.Slot slot, AnalyticsJob job,
      String dir, String outputDir, int scale) {
    this.conf = conf;
    this.settings = settings;
    this.slot = slot;
    this.job = job;
    this.dir = dir;
    this.outputDir = outputDir;
    this.scale = scale;
  }

  /** The analytics job's {dir} on the mix's file system: DIR/analytics, kept from phase to phase (its input lives there). */
  static String directory(MixSettings settings) {
    return settings.dir().replaceAll("/+$", "") + "/" + DIR_NAME;
  }

  /** Makes the parent of a job's phases' {out} (under its {dir}) before any phase runs. */
  static void prepare(Configuration conf, String label, String dir, String outputParent, Progress progress)
      throws IOException {
    FileSystem fs = FileSystem.get(conf);
    fs.mkdirs(new org.apache.hadoop.fs.Path(outputParent));
    progress.say("  " + label + "'s {dir}: " + qualified(fs, dir));
  }

  private static String qualified(FileSystem fs, String path) {
    return fs.makeQualified(new org.apache.hadoop.fs.Path(path)).toString();
  }

  @Override
  public String name() {
    return slot.name();
  }

  @Override
  public String label() {
    return slot.label();
  }

  @Override
  public WorkloadResult run() throws Exception {
    long start = WallClock.nowNs();
    FileSystem fs = FileSystem.get(conf);
    String dir = qualified(fs, this.dir);
    List<String> args = job.args(dir, qualified(fs, outputDir), scale);
    String phase = new org.apache.hadoop.fs.Path(outputDir).getName();
    Path output = settings.results().resolve(slot.output()).resolve(phase + ".txt");
    Files.createDirectories(output.getParent());
    String kept = settings.results().relativize(output).toString();
    String who = job.kind() == AnalyticsJob.Kind.JAR ? "the jar job" : "the Spark application";
    String shown = job.program() + " " + String.join(" ", args);
    UserWorkloadTrace.IoUnder io;
    String traced;
    double seconds;
    Path confDir = null;
    try (UserWorkloadTrace trace = new UserWorkloadTrace(conf, settings, phase, slot)) {
      Configuration jobConf = new Configuration(conf);
      if (trace.traced()) {
        jobConf.set(TraceConfigKeys.DESTINATION, trace.dir().toString());
      } else {
        // the bytes are counted at the application point: the storage point's cost is spared
        Tracing.enable(jobConf, FileSystem.getDefaultUri(conf).getScheme(), trace.dir().toString(), true, false);
      }
      List<String> command = new ArrayList<>();
      if (job.kind() == AnalyticsJob.Kind.JAR) {
        confDir = Files.createTempDirectory("pfsmix-analytics-conf");
        // each *-site.xml is read after its *-default.xml, which core-site.xml alone would not override
        // (mapred-default.xml's mapreduce.framework.name = local): the whole configuration in each
        for (String site : SITE_FILES) {
          try (OutputStream out = Files.newOutputStream(confDir.resolve(site))) {
            jobConf.writeXml(out);
          }
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
            confDir + File.pathSeparator + System.getProperty("java.class.path"), RUN_JAR, job.program().toString()));
      } else {
        command.add(job.program().toString());
        String classPath = codeSource(PfsFileSystem.class) + File.pathSeparator + codeSource(TracingFileSystem.class);
        for (String key : AnalyticsJob.SPARK_CLASS_PATH_KEYS) {
          command.addAll(List.of("--conf", key + "=" + classPath));
        }
        for (Map.Entry<String, String> e : ownKeys(jobConf).entrySet()) {
          command.addAll(List.of("--conf", "spark.hadoop." + e.getKey() + "=" + e.getValue()));
        }
      }
      command.addAll(args);
      ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new File("/dev/null"))
          .redirectErrorStream(true).redirectOutput(output.toFile());
      seconds = CommandWorkload.runToExit(process, builder, who, shown, kept);
      io = trace.count(TracePoint.APPLICATION, UserWorkloadTrace.IoUnder.hadoopPathsUnder(dir), who, dir + " ({dir})",
          "the job must read and write its files there, on the mix's file system ({out} is a directory under it)");
      traced = trace.kept();
    } finally {
      if (confDir != null) {
        OutputTarget.deleteRecursively(confDir);
      }
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("label", slot.label());
    details.put("command", shown);
    details.put("scale", scale);
    details.put("bytesRead", io.read());
    details.put("bytesWritten", io.written());
    details.put("traced", traced);
    details.put("output", kept);
    return new WorkloadResult(slot.name(), io.read() + io.written(), seconds, start, WallClock.nowNs(), details);
  }

  /**
   * The keys of {@code conf} set by the mix, its settings and the cluster's site files, but not Hadoop's own defaults,
   * which Spark's bundled Hadoop client has already.
   */
  static Map<String, String> ownKeys(Configuration conf) {
    Map<String, String> keys = new java.util.TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      String[] sources = conf.getPropertySources(e.getKey());
      boolean byDefault = sources != null && sources.length > 0
          && sources[sources.length - 1].endsWith("-default.xml");
      if (!byDefault) {
        keys.put(e.getKey(), conf.get(e.getKey()));
      }
    }
    return keys;
  }

  private static String codeSource(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  @Override
  public void cancel() {
    process.stop();
  }
}
