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
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

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
 * class path and the configuration's own keys as spark.hadoop.*. The job is traced at the application point in every
 * phase ({@link UserWorkloadTrace}), because its throughput is the bytes its trace shows it read and wrote under
 * {dir}, over its runtime. Cancelling ends its process and the processes under it, and, on YARN, the applications it
 * submitted: each carries a tag of this workload's, and those its client leaves unfinished (stopped, or exited with
 * an error) are killed.
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
  /** Spark's key for the tags of the applications it submits to YARN. */
  private static final String SPARK_YARN_TAGS = "spark.yarn.tags";
  private static final long KILL_CONNECT_WAIT_MS = 30_000;
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
  /** The YARN application tag of this run's job (YARN keeps tags in lower case). */
  private final String yarnTag = "pfsmix-" + UUID.randomUUID();

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

  /** The analytics job's {dir} on the mix's file system: DIR/analytics, kept from phase to phase (its input there). */
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
        String tags = jobConf.getTrimmed(MRJobConfig.JOB_TAGS, "");
        jobConf.set(MRJobConfig.JOB_TAGS, tags.isEmpty() ? yarnTag : tags + "," + yarnTag);
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
        command.addAll(List.of("--conf", SPARK_YARN_TAGS + "=" + yarnTag));
        for (Map.Entry<String, String> e : ownKeys(jobConf).entrySet()) {
          command.addAll(List.of("--conf", "spark.hadoop." + e.getKey() + "=" + e.getValue()));
        }
      }
      command.addAll(args);
      ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new File("/dev/null"))
          .redirectErrorStream(true).redirectOutput(output.toFile());
      try {
        seconds = CommandWorkload.runToExit(process, builder, who, shown, kept);
      } catch (IOException e) {
        String killed = job.runsOnYarn(jobConf) ? killUnfinished(jobConf) : "";
        throw killed.isEmpty() ? e : new IOException(e.getMessage() + "; " + killed, e);
      }
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

  /**
   * Kills the applications carrying this run's tag that YARN has not finished; says which, or why they could not be,
   * or nothing when there were none.
   */
  private String killUnfinished(Configuration jobConf) {
    // on a thread of its own: a cancelled phase interrupts this one, at any moment, and Hadoop's RPC gives up when
    // interrupted; this one waits for it regardless, and keeps the interrupt for its caller
    FutureTask<String> kill = new FutureTask<>(() -> killTagged(jobConf));
    Thread killer = new Thread(kill, "kill YARN applications " + yarnTag);
    killer.setDaemon(true);
    killer.start();
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return kill.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          return "its YARN applications tagged " + yarnTag + " may still run (kill them with yarn application"
              + " -kill): " + PhaseExecutor.describe(e.getCause());
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private String killTagged(Configuration jobConf) throws IOException, YarnException {
    Configuration conf = new Configuration(jobConf);
    // a resource manager that is gone must not hold the phase's end for YARN's default 15 minutes
    conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, KILL_CONNECT_WAIT_MS);
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      List<String> killed = new ArrayList<>();
      for (ApplicationReport app : yarn.getApplications(null, EnumSet.of(YarnApplicationState.NEW,
          YarnApplicationState.NEW_SAVING, YarnApplicationState.SUBMITTED, YarnApplicationState.ACCEPTED,
          YarnApplicationState.RUNNING), Set.of(yarnTag))) {
        yarn.killApplication(app.getApplicationId());
        killed.add(app.getApplicationId().toString());
      }
      return killed.isEmpty() ? "" : "its unfinished YARN applications were killed: " + String.join(", ", killed);
    }
  }

  private static String codeSource(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }

  @Override
  public void cancel() {
    process.stop();
  }
}
