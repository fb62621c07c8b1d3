package io.pfsmix.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import io.pfsmix.mix.MixConfigException;
import io.pfsmix.mix.MixKeys;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.MixRunner;
import io.pfsmix.mix.MixSettings;
import io.pfsmix.mix.Progress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ./pfsmix mix}: the mixed-workload experiment of the study, on any file system the project supports. */
@Command(name = "mix", mixinStandardHelpOptions = true, sortOptions = false,
    header = "IOR checkpoints and the TFIDF classifier alone and at once on one file system, measured and reported.",
    description = {
        "Run the IOR checkpoint and the TFIDF classifier alone and both at once on one file system, repeated, and report",
        "each workload's throughput alone vs mixed and the runtime serial vs mixed, with charts and a merged trace.",
        "With --hpc command:CMD your own program (an MPI checkpoint, any shell command) takes IOR's place.",
        "With --analytics jar:... or spark:... your own Hadoop job or Spark application takes TFIDF's place.",
        "More workloads join those two through mix.workloads in the settings file (or --set; see docs/mix.md).",
        "Settings come from --config (a properties file, see docs/mix.md) with the flags below on top; a bad setting is",
        "refused before anything runs. Progress goes to stderr; the tables and the report's path to stdout.",
        "Exit code 0: complete; 2: a bad setting (its value, key or combination); 1: a setting naming what cannot be",
        "used here (a missing file or program, a results directory in use), or stopped by a failed phase; 130 after",
        "Ctrl-C, 143 after SIGTERM (the report says what was measured)."})
final class MixCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--config", paramLabel = "FILE", description = "settings file (Java properties, keys as in docs/mix.md)")
  Path config;

  @Option(names = "--fs", paramLabel = "LIST", description = "file systems, comma-separated: pfs (embedded), pfs@DIR (pfs over a"
      + " mounted directory), ceph (starts the local Ceph cluster), orangefs (starts a local OrangeFS), qfs (starts a local QFS), hdfs-mini (in-process HDFS), or a URI (hdfs://nn:8020/)."
      + " Default: " + MixKeys.FS_DEFAULT)
  String fileSystems;

  @Option(names = "--jobs", paramLabel = "WHERE", description = "where jobs run: local, yarn-mini, or cluster:CONF_DIR. Default: "
      + MixKeys.JOBS_DEFAULT)
  String jobs;

  @Option(names = "--dir", paramLabel = "PATH", description = "directory on the file system for the workloads' data. Default: "
      + MixKeys.DIR_DEFAULT)
  String dir;

  @Option(names = "--patterns", paramLabel = "LIST", description = "IOR patterns: n-to-1, n-to-n or both. Default: "
      + MixKeys.PATTERNS_DEFAULT)
  String patterns;

  @Option(names = {"-N", "--ranks"}, paramLabel = "N", description = "IOR ranks. Default: " + MixKeys.IOR_RANKS_DEFAULT)
  String ranks;

  @Option(names = {"-b", "--block"}, paramLabel = "SIZE", description = "IOR block size. Default: " + MixKeys.IOR_BLOCK_DEFAULT)
  String block;

  @Option(names = {"-t", "--transfer"}, paramLabel = "SIZE", description = "IOR transfer size. Default: "
      + MixKeys.IOR_TRANSFER_DEFAULT)
  String transfer;

  @Option(names = {"-s", "--segments"}, paramLabel = "N", description = "IOR segments (checkpoint = ranks x block x segments)."
      + " Default: " + MixKeys.IOR_SEGMENTS_DEFAULT)
  String segments;

  @Option(names = "--ior-flags", paramLabel = "FLAGS", description = "further IOR flags for every IOR phase, e.g. \"-e\"")
  String iorFlags;

  @Option(names = "--ior-placement", paramLabel = "threads|yarn", description = "where IOR's ranks run: threads of this JVM,"
      + " or the tasks of a YARN job beside TFIDF's (needs --jobs yarn-mini or cluster:CONF_DIR). Default: yarn with"
      + " cluster:CONF_DIR, else threads")
  String iorPlacement;

  @Option(names = "--ranks-per-task", paramLabel = "N", description = "IOR ranks per YARN task with --ior-placement yarn."
      + " Default: " + MixKeys.IOR_RANKS_PER_TASK_DEFAULT)
  String ranksPerTask;

  @Option(names = "--ior", paramLabel = "java|native:PATH", description = "the IOR that writes the checkpoints: java"
      + " (the Java driver, through the Hadoop FileSystem API) or native:PATH (the real IOR binary at PATH, run under"
      + " mpirun with -np N, -a POSIX unless --ior-flags names an API, traced by the LD_PRELOAD library; on pfs, pfs@DIR"
      + " or file:///). Default: " + MixKeys.IOR_DRIVER_DEFAULT)
  String ior;

  @Option(names = "--mpirun-args", paramLabel = "ARGS", description = "further mpirun options for --ior native:PATH,"
      + " e.g. \"--hostfile hosts\" or \"--allow-run-as-root --oversubscribe\" (-np is -N)")
  String mpirunArgs;

  @Option(names = "--hpc", paramLabel = "ior|command:CMD", description = "the HPC side: ior (IOR, as the flags above"
      + " say) or command:CMD, any shell command in IOR's place (an MPI program under your own mpirun, say), run by"
      + " sh -c and traced by the LD_PRELOAD library in every phase; {dir} (its phase directory, a local path), {scale} (its"
      + " size, which --balance resizes) and {ranks} (-N) are filled in. Its throughput: the bytes it read and wrote"
      + " under {dir} by its trace, over its runtime. On pfs, pfs@DIR or file:///. Default: " + MixKeys.HPC_DEFAULT)
  String hpc;

  @Option(names = "--hpc-name", paramLabel = "NAME", description = "the command's name in tables and charts. Default:"
      + " its program's basename")
  String hpcName;

  @Option(names = "--hpc-scale", paramLabel = "N", description = "the command's first {scale}. Default: "
      + MixKeys.HPC_SCALE_DEFAULT)
  String hpcScale;

  @Option(names = "--analytics", paramLabel = "tfidf|jar:JAR [CLASS] ARGS|spark:SPARK_HOME ARGS", description = "the"
      + " analytics side: tfidf (the classifier, as the --tfidf flags say), jar:JAR [CLASS] ARGS (a hadoop jar job on"
      + " the runner --jobs names) or spark:SPARK_HOME ARGS (spark-submit's options, the application and its"
      + " arguments),"
      + " with the shim and tracing on its class path; {dir} (its directory on the mix's file system, DIR/analytics),"
      + " {out} (its phase's output directory under {dir}) and {scale} are filled in. Its throughput: the bytes it read"
      + " and wrote under {dir} by its trace at the application point, over its runtime. Default: "
      + MixKeys.ANALYTICS_DEFAULT)
  String analytics;

  @Option(names = "--analytics-name", paramLabel = "NAME", description = "the job's name in tables and charts. Default:"
      + " its jar's or application's file name without extension")
  String analyticsName;

  @Option(names = "--analytics-scale", paramLabel = "N", description = "the job's {scale}. Default: "
      + MixKeys.ANALYTICS_SCALE_DEFAULT)
  String analyticsScale;

  @Option(names = "--tfidf-data", paramLabel = "PATH", description = "request data (generated when absent). Default: DIR/tfidf/requests")
  String tfidfData;

  @Option(names = "--tfidf-size", paramLabel = "SIZE", description = "size of request data to generate; the mix's own"
      + " data of another size is generated again. Default: " + MixKeys.TFIDF_SIZE_DEFAULT)
  String tfidfSize;

  @Option(names = "--model", paramLabel = "PATH", description = "attack model (trained when absent). Default: DIR/tfidf/model")
  String model;

  @Option(names = {"-r", "--repetitions"}, paramLabel = "N", description = "repetitions. Default: " + MixKeys.REPETITIONS_DEFAULT)
  String repetitions;

  @Option(names = "--balance", paramLabel = "true|false", arity = "0..1", fallbackValue = "true",
      description = "size the checkpoint so IOR alone takes as long as TFIDF alone")
  String balance;

  @Option(names = "--tolerance", paramLabel = "FRACTION", description = "balancing tolerance. Default: "
      + MixKeys.BALANCE_TOLERANCE_DEFAULT)
  String tolerance;

  @Option(names = "--tracing", paramLabel = "off|on|overhead", description = "trace the phases; overhead runs each untraced"
      + " and traced. Default: " + MixKeys.TRACING_DEFAULT)
  String tracing;

  @Option(names = {"-o", "--results"}, paramLabel = "DIR", description = "local results directory (new or empty). Default:"
      + " results/mix-TIMESTAMP")
  String results;

  @Option(names = "--set", paramLabel = "KEY=VALUE", description = "any mix setting, as in the settings file (repeatable)")
  Map<String, String> set = new LinkedHashMap<>();

  @Option(names = "-D", paramLabel = "KEY=VALUE", description = "a Hadoop configuration key for every phase (repeatable)")
  Map<String, String> hadoop = new LinkedHashMap<>();

  @Override
  public Integer call() throws Exception {
    Map<String, String> flags = new HashMap<>();
    try {
      MixResults outcome = MixRunner.of(MixSettings.parse(values(flags)), new Progress(System.err), System.out)
          .withReportTables(new PredictionTables()).run();
      return outcome.complete() ? 0 : UserErrorHandler.EXIT_USER_ERROR;
    } catch (MixConfigException e) {
      throw refusal(e, flags.get(e.key()));
    }
  }

  /**
   * A refused setting as the user gave it: by its flag (and the key it sets, which other messages name) when a flag
   * gave its value, else by its key; a bad value is a usage error, as picocli's own refusals are.
   */
  private RuntimeException refusal(MixConfigException e, String flag) {
    String message = flag == null ? e.getMessage()
        : e.messageNaming(String.join("/", spec.findOption(flag).names()) + " (" + e.key() + ")");
    if (e.usageError()) {
      return new ParameterException(spec.commandLine(), message, e);
    }
    return flag == null ? e : new IllegalArgumentException(message, e);
  }

  /**
   * The settings file's values with every given flag on top; {@code flags} gets the flag (its long name) that gave
   * each key its value.
   */
  Map<String, String> values(Map<String, String> flags) {
    Map<String, String> values = new LinkedHashMap<>();
    if (config != null) {
      values.putAll(MixSettings.readFile(config));
    }
    put(values, flags, MixKeys.FS, fileSystems, "--fs");
    put(values, flags, MixKeys.JOBS, jobs, "--jobs");
    put(values, flags, MixKeys.DIR, dir, "--dir");
    put(values, flags, MixKeys.PATTERNS, patterns, "--patterns");
    put(values, flags, MixKeys.IOR_RANKS, ranks, "--ranks");
    put(values, flags, MixKeys.IOR_BLOCK, block, "--block");
    put(values, flags, MixKeys.IOR_TRANSFER, transfer, "--transfer");
    put(values, flags, MixKeys.IOR_SEGMENTS, segments, "--segments");
    put(values, flags, MixKeys.IOR_FLAGS, iorFlags, "--ior-flags");
    put(values, flags, MixKeys.IOR_PLACEMENT, iorPlacement, "--ior-placement");
    put(values, flags, MixKeys.IOR_RANKS_PER_TASK, ranksPerTask, "--ranks-per-task");
    put(values, flags, MixKeys.IOR_DRIVER, ior, "--ior");
    put(values, flags, MixKeys.IOR_MPIRUN_ARGS, mpirunArgs, "--mpirun-args");
    put(values, flags, MixKeys.HPC, hpc, "--hpc");
    put(values, flags, MixKeys.HPC_NAME, hpcName, "--hpc-name");
    put(values, flags, MixKeys.HPC_SCALE, hpcScale, "--hpc-scale");
    put(values, flags, MixKeys.ANALYTICS, analytics, "--analytics");
    put(values, flags, MixKeys.ANALYTICS_NAME, analyticsName, "--analytics-name");
    put(values, flags, MixKeys.ANALYTICS_SCALE, analyticsScale, "--analytics-scale");
    put(values, flags, MixKeys.TFIDF_DATA, tfidfData, "--tfidf-data");
    put(values, flags, MixKeys.TFIDF_SIZE, tfidfSize, "--tfidf-size");
    put(values, flags, MixKeys.TFIDF_MODEL, model, "--model");
    put(values, flags, MixKeys.REPETITIONS, repetitions, "--repetitions");
    put(values, flags, MixKeys.BALANCE, balance, "--balance");
    put(values, flags, MixKeys.BALANCE_TOLERANCE, tolerance, "--tolerance");
    put(values, flags, MixKeys.TRACING, tracing, "--tracing");
    put(values, flags, MixKeys.RESULTS, results, "--results");
    values.putAll(set);
    // --set comes last and wins, and names its key
    flags.keySet().removeAll(set.keySet());
    hadoop.forEach((k, v) -> values.put(MixKeys.HADOOP_PREFIX + k, v));
    return values;
  }

  private static void put(Map<String, String> values, Map<String, String> flags, String key, String value,
      String flag) {
    if (value != null) {
      values.put(key, value);
      flags.put(key, flag);
    }
  }
}
