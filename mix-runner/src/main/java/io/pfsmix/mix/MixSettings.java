package io.pfsmix.mix;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.PfsStreamSettings;
import io.pfsmix.fs.Sizes;
import io.pfsmix.ior.IorConfigKeys;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorUsageException;
import io.pfsmix.ior.NativeIor;
import io.pfsmix.trace.TraceConfigKeys;

/**
 * The validated settings of one mix: a configuration file's properties with flags layered on top. Every problem is
 * found here, before anything runs, and reported naming the setting.
 */
public record MixSettings(
    List<FileSystemSpec> fileSystems,
    String dir,
    JobsSpec jobs,
    List<IorPattern> patterns,
    int iorRanks,
    long iorBlock,
    long iorTransfer,
    int iorSegments,
    List<String> iorFlags,
    IorPlacement iorPlacement,
    int iorRanksPerTask,
    Path iorNative,
    List<String> iorMpirunArgs,
    HpcCommand hpc,
    AnalyticsJob analytics,
    List<ExtraWorkload> workloads,
    String tfidfData,
    long tfidfSize,
    String tfidfModel,
    long tfidfTrainSize,
    long tfidfSeed,
    int repetitions,
    boolean warmup,
    boolean balance,
    double balanceTolerance,
    int balanceRounds,
    TracingMode tracing,
    MeasurementMethod method,
    Path results,
    Map<String, String> hadoop,
    Map<String, String> asWritten) {

  private static final Set<String> KNOWN_KEYS = knownKeys();

  /** Reads a configuration file (Java properties); a missing or unreadable file is a configuration error. */
  public static Map<String, String> readFile(Path file) {
    Properties properties = new Properties();
    try (java.io.Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(in);
    } catch (NoSuchFileException e) {
      throw MixConfigException.unavailable("--config", "no such file: " + file);
    } catch (java.nio.charset.CharacterCodingException e) {
      // the decoder's own words are "Input length = 1"
      throw MixConfigException.unavailable("--config", file + " is not a settings file: it is not UTF-8 text (a Java"
          + " properties file, key = value)");
    } catch (IOException | IllegalArgumentException e) {
      throw MixConfigException.unavailable("--config", "cannot read " + file + ": " + e.getMessage());
    }
    Map<String, String> values = new LinkedHashMap<>();
    properties.stringPropertyNames().stream().sorted().forEach(k -> values.put(k, properties.getProperty(k).trim()));
    return values;
  }

  /** Validates {@code values} (file settings with flag overrides already applied) into settings. */
  public static MixSettings parse(Map<String, String> values) {
    Map<String, String> hadoop = new TreeMap<>();
    for (Map.Entry<String, String> e : values.entrySet()) {
      if (e.getKey().startsWith(MixKeys.WORKLOAD_PREFIX)) {
        // a further workload's keys are checked with its definition (extraWorkloads)
        continue;
      }
      if (e.getKey().startsWith(MixKeys.HADOOP_PREFIX)) {
        String key = e.getKey().substring(MixKeys.HADOOP_PREFIX.length());
        if (key.isEmpty()) {
          throw new MixConfigException(e.getKey(), "names no Hadoop key (hadoop.KEY = VALUE in a settings file, -D"
              + " KEY=VALUE on the command line)");
        }
        if (key.equals(TraceConfigKeys.ENABLED)) {
          // the mix turns tracing on and off phase by phase
          throw new MixConfigException(e.getKey(), "the mix decides which phases are traced: set " + MixKeys.TRACING
              + " (--tracing) instead");
        }
        hadoop.put(key, e.getValue());
      } else if (!KNOWN_KEYS.contains(e.getKey())) {
        throw new MixConfigException(e.getKey(), "unknown setting (known: " + String.join(", ", KNOWN_KEYS)
            + ", " + MixKeys.WORKLOAD_PREFIX + "NAME.* for the workloads of " + MixKeys.WORKLOADS
            + ", and hadoop.* for Hadoop keys)");
      }
    }
    checkStreamSettings(hadoop);
    PfsConfigValues r = PfsConfigValues.of(values, MixConfigException::new);
    List<FileSystemSpec> fileSystems = new ArrayList<>();
    for (String fs : list(r, MixKeys.FS, MixKeys.FS_DEFAULT)) {
      fileSystems.add(FileSystemSpec.parse(fs));
    }
    boolean balance = r.bool(MixKeys.BALANCE, MixKeys.BALANCE_DEFAULT);
    HpcCommand hpc = hpcCommand(r, values, balance, fileSystems, hadoop);
    AnalyticsJob analytics = analyticsJob(r, values);
    List<ExtraWorkload> workloads = extraWorkloads(r, values, balance, fileSystems, hadoop);
    String dir = r.string(MixKeys.DIR, MixKeys.DIR_DEFAULT);
    if (!dir.startsWith("/")) {
      throw new MixConfigException(MixKeys.DIR, "'" + dir + "' must be an absolute path on the file system under test");
    }
    JobsSpec jobs = JobsSpec.parse(r.string(MixKeys.JOBS, MixKeys.JOBS_DEFAULT));
    LinkedHashSet<IorPattern> patterns = new LinkedHashSet<>();
    for (String p : list(r, MixKeys.PATTERNS, MixKeys.PATTERNS_DEFAULT)) {
      patterns.add(IorPattern.parse(p));
    }
    if (hpc != null) {
      patterns.clear();
      patterns.add(IorPattern.COMMAND);
    }
    for (FileSystemSpec fs : fileSystems) {
      if (patterns.contains(IorPattern.N_TO_1) && !fs.sharedFileWrites()) {
        throw new MixConfigException(MixKeys.PATTERNS, "n-to-1 needs one file written by many writers at independent"
            + " offsets, which " + fs.label() + " cannot do; use n-to-n there (IOR -F)");
      }
    }
    int ranks = r.integer(MixKeys.IOR_RANKS, MixKeys.IOR_RANKS_DEFAULT, 1, Integer.MAX_VALUE);
    long block = size(r, MixKeys.IOR_BLOCK, MixKeys.IOR_BLOCK_DEFAULT, 1);
    long transfer = size(r, MixKeys.IOR_TRANSFER, MixKeys.IOR_TRANSFER_DEFAULT, 1);
    if (block % transfer != 0) {
      throw new MixConfigException(MixKeys.IOR_TRANSFER, "transfer size " + transfer + " does not divide the block size "
          + block + " (" + MixKeys.IOR_BLOCK + ")");
    }
    int segments = r.integer(MixKeys.IOR_SEGMENTS, MixKeys.IOR_SEGMENTS_DEFAULT, 1, Integer.MAX_VALUE);
    if ((double) ranks * block * segments > Long.MAX_VALUE / 2.0) {
      throw new MixConfigException(MixKeys.IOR_SEGMENTS, "checkpoint size ranks x block x segments overflows");
    }
    List<String> iorFlags = words(r.string(MixKeys.IOR_FLAGS, MixKeys.IOR_FLAGS_DEFAULT));
    Path iorNative = nativeIor(r.string(MixKeys.IOR_DRIVER, MixKeys.IOR_DRIVER_DEFAULT));
    for (String flag : iorFlags) {
      // the real IOR takes any API it was built with; the Java driver's is the mix's choice
      if (List.of("-b", "-t", "-s", "-F", "-o", "-i", "-N", "-w", "-r").contains(flag)
          || flag.equals("-a") && iorNative == null) {
        throw new MixConfigException(MixKeys.IOR_FLAGS, "flag " + flag + " is set by the mix itself (see "
            + MixKeys.IOR_BLOCK + ", " + MixKeys.PATTERNS + ", " + MixKeys.REPETITIONS + ")");
      }
      if (List.of("--yarn", "--ranks-per-task").contains(flag.split("=", 2)[0])) {
        throw new MixConfigException(MixKeys.IOR_FLAGS, "flag " + flag + " is set by the mix itself (see "
            + MixKeys.IOR_PLACEMENT + ", " + MixKeys.IOR_RANKS_PER_TASK + ")");
      }
      if (List.of("-h", "--help").contains(flag)) {
        throw new MixConfigException(MixKeys.IOR_FLAGS, "flag " + flag + " asks for IOR's help, which ./pfsmix ior "
            + flag + " prints");
      }
    }
    IorPlacement placement = values.containsKey(MixKeys.IOR_PLACEMENT)
        ? IorPlacement.parse(r.string(MixKeys.IOR_PLACEMENT, "")) : IorPlacement.defaultFor(jobs);
    List<String> mpirunArgs = words(r.string(MixKeys.IOR_MPIRUN_ARGS, MixKeys.IOR_MPIRUN_ARGS_DEFAULT));
    TracingMode tracing = TracingMode.parse(r.string(MixKeys.TRACING, MixKeys.TRACING_DEFAULT));
    if (iorNative != null) {
      if (values.containsKey(MixKeys.IOR_PLACEMENT)) {
        throw new MixConfigException(MixKeys.IOR_PLACEMENT, "places the Java driver's ranks; the real IOR's ranks are"
            + " mpirun's to place (" + MixKeys.IOR_MPIRUN_ARGS + ", e.g. --hostfile FILE)");
      }
      placement = IorPlacement.THREADS;
      checkNativeIor(iorNative, mpirunArgs, fileSystems, tracing, hadoop);
    } else if (!mpirunArgs.isEmpty()) {
      throw new MixConfigException(MixKeys.IOR_MPIRUN_ARGS, "applies to the real IOR only (" + MixKeys.IOR_DRIVER
          + " = native:PATH); the Java driver runs without mpirun");
    }
    if (hpc != null) {
      // the command places its own processes (its mpirun's options)
      placement = IorPlacement.THREADS;
    }
    if (placement == IorPlacement.YARN && jobs.kind() == JobsSpec.Kind.LOCAL) {
      throw new MixConfigException(MixKeys.IOR_PLACEMENT, "yarn runs IOR's ranks as tasks of a YARN job, but "
          + MixKeys.JOBS + " is local: use --jobs yarn-mini or cluster:CONF_DIR, or " + MixKeys.IOR_PLACEMENT
          + " = threads");
    }
    int ranksPerTask = r.integer(MixKeys.IOR_RANKS_PER_TASK, MixKeys.IOR_RANKS_PER_TASK_DEFAULT, 1, Integer.MAX_VALUE);
    String data = r.string(MixKeys.TFIDF_DATA, dir.replaceAll("/+$", "") + "/tfidf/requests");
    String model = r.string(MixKeys.TFIDF_MODEL, dir.replaceAll("/+$", "") + "/tfidf/model");
    long tfidfSize = size(r, MixKeys.TFIDF_SIZE, MixKeys.TFIDF_SIZE_DEFAULT, 1);
    long trainSize = size(r, MixKeys.TFIDF_TRAIN_SIZE, MixKeys.TFIDF_TRAIN_SIZE_DEFAULT, 1);
    long seed = r.number(MixKeys.TFIDF_SEED, MixKeys.TFIDF_SEED_DEFAULT, Long.MIN_VALUE, Long.MAX_VALUE);
    int repetitions = r.integer(MixKeys.REPETITIONS, MixKeys.REPETITIONS_DEFAULT, 1, Integer.MAX_VALUE);
    boolean warmup = r.bool(MixKeys.WARMUP, MixKeys.WARMUP_DEFAULT);
    double tolerance = r.decimalAbove(MixKeys.BALANCE_TOLERANCE, MixKeys.BALANCE_TOLERANCE_DEFAULT, 0, 1);
    int rounds = r.integer(MixKeys.BALANCE_ROUNDS, MixKeys.BALANCE_ROUNDS_DEFAULT, 1, Integer.MAX_VALUE);
    Set<String> settle = MeasurementMethod.parseSettle(list(r, MixKeys.SETTLE, MixKeys.SETTLE_DEFAULT));
    MeasurementMethod method = new MeasurementMethod(
        MeasurementMethod.parseOrder(r.string(MixKeys.PHASE_ORDER, MixKeys.PHASE_ORDER_DEFAULT)),
        settle.contains(MeasurementMethod.SYNC), settle.contains(MeasurementMethod.DROP_CACHES),
        size(r, MixKeys.PROBE_SIZE, MixKeys.PROBE_SIZE_DEFAULT, 0));
    Path results = values.containsKey(MixKeys.RESULTS)
        ? Path.of(r.string(MixKeys.RESULTS, "")).toAbsolutePath().normalize() : null;
    if (results != null && Files.exists(results)) {
      if (!Files.isDirectory(results)) {
        throw MixConfigException.unavailable(MixKeys.RESULTS, results
            + " is a file, not a directory; name a new directory");
      }
      if (!isEmptyDirectory(results)) {
        throw MixConfigException.unavailable(MixKeys.RESULTS, results
            + " exists and is not empty; name a new directory");
      }
    }
    Map<String, String> asWritten = new TreeMap<>(values);
    checkSchemes(fileSystems, data, model, hadoop);
    MixSettings settings = new MixSettings(List.copyOf(fileSystems), dir, jobs, List.copyOf(patterns), ranks, block,
        transfer, segments, iorFlags, placement, ranksPerTask, iorNative, mpirunArgs, hpc, analytics, workloads, data,
        tfidfSize,
        model, trainSize, seed, repetitions, warmup, balance, tolerance, rounds, tracing, method, results,
        Map.copyOf(hadoop), asWritten);
    settings.checkIorCommands();
    // the default is made last, once every setting is known to be good: only a mix that will run gets one
    return results != null ? settings : settings.withResults(ResultsFiles.createNew(Path.of("results"), "mix"));
  }

  private MixSettings withResults(Path dir) {
    return new MixSettings(fileSystems, this.dir, jobs, patterns, iorRanks, iorBlock, iorTransfer, iorSegments, iorFlags,
        iorPlacement, iorRanksPerTask, iorNative, iorMpirunArgs, hpc, analytics, workloads, tfidfData, tfidfSize, tfidfModel,
        tfidfTrainSize, tfidfSeed, repetitions, warmup, balance, balanceTolerance, balanceRounds, tracing, method, dir,
        hadoop, asWritten);
  }

  /**
   * IOR's own checks of every IOR command line the mix will run (as IorRunner applies them at the start of each IOR
   * phase): a flag IOR refuses would otherwise stop the mix only at its first IOR phase, after TFIDF phases ran.
   */
  private void checkIorCommands() {
    if (hpc != null) {
      return;
    }
    if (iorNative != null) {
      // the real IOR is its own judge of its flags (and knows APIs and flags the Java driver does not run): a flag it
      // refuses stops the mix at the first IOR phase, with IOR's message
      return;
    }
    for (IorPattern pattern : patterns) {
      List<String> command = IorWorkload.flags(this, pattern, iorSegments, dir.replaceAll("/+$", "") + "/ior/check");
      // the mix's own flags first (they end before the further flags), so that a problem is blamed on the right key
      List<String> own = command.subList(0, command.size() - iorFlags.size());
      checkIor(own, MixKeys.IOR_BLOCK, "the checkpoint's sizes (" + String.join(" ", own) + ")");
      checkIor(command, MixKeys.IOR_FLAGS, "'" + String.join(" ", iorFlags) + "'");
    }
  }

  private static void checkIor(List<String> command, String key, String what) {
    try {
      IorOptions.parse(command.toArray(new String[0])).validate();
    } catch (IorUsageException e) {
      throw new MixConfigException(key, "IOR refuses " + what + ": " + e.getMessage().replaceFirst("^ERROR: ", ""));
    }
  }

  /** The real IOR's binary of {@link MixKeys#IOR_DRIVER}, or null for the Java driver. */
  private static Path nativeIor(String driver) {
    if (driver.equals(MixKeys.IOR_DRIVER_DEFAULT)) {
      return null;
    }
    if (!driver.startsWith("native:") || driver.length() == "native:".length()) {
      throw new MixConfigException(MixKeys.IOR_DRIVER, "'" + driver + "' is neither java nor native:PATH (the real IOR"
          + " binary, e.g. native:/opt/ior/bin/ior)");
    }
    Path binary = Path.of(driver.substring("native:".length())).toAbsolutePath().normalize();
    if (!Files.isRegularFile(binary)) {
      throw MixConfigException.unavailable(MixKeys.IOR_DRIVER, binary + " "
          + (Files.exists(binary) ? "is not a regular file"
          : "does not exist") + " (scripts/ior-build.sh builds the real IOR into"
          + " ~/.cache/pfsmix/ior/current/install/bin/ior)");
    }
    if (!Files.isExecutable(binary)) {
      throw MixConfigException.unavailable(MixKeys.IOR_DRIVER, binary + " is not executable");
    }
    return binary;
  }

  /**
   * The shim's buffer and block keys among the Hadoop ones, read as every pfs:// file system reads them when it starts,
   * so that a bad one is refused now rather than in the first phase.
   */
  private static void checkStreamSettings(Map<String, String> hadoop) {
    Configuration conf = new Configuration(false);
    hadoop.forEach(conf::set);
    PfsStreamSettings.of(conf, (key, problem) -> new MixConfigException(MixKeys.HADOOP_PREFIX + key, problem));
  }

  /** What the real IOR needs before anything runs: mpirun, the trace library when traced, local paths, its own -np. */
  private static void checkNativeIor(Path binary, List<String> mpirunArgs, List<FileSystemSpec> fileSystems,
      TracingMode tracing, Map<String, String> hadoop) {
    Configuration conf = new Configuration(false);
    hadoop.forEach(conf::set);
    NativeIor ior = new NativeIor(conf);
    if (ior.mpirun() == null) {
      throw MixConfigException.unavailable(MixKeys.IOR_DRIVER, "native:" + binary + " runs under mpirun, and "
          + (conf.get(IorConfigKeys.NATIVE_MPIRUN) != null ? conf.get(IorConfigKeys.NATIVE_MPIRUN) + " ("
          + MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_MPIRUN + ") is not an executable" : "there is no mpirun on PATH"
          + " (Debian's openmpi-bin; or set " + MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_MPIRUN + ")"));
    }
    if (tracing != TracingMode.OFF && !Files.isRegularFile(ior.preloadLibrary())) {
      throw MixConfigException.unavailable(MixKeys.TRACING, "the real IOR is traced by " + ior.preloadLibrary()
          + ", which is"
          + " not built (./mvnw -pl tracing install; or set " + MixKeys.HADOOP_PREFIX + IorConfigKeys.NATIVE_PRELOAD
          + ", or " + MixKeys.TRACING + " = off)");
    }
    for (FileSystemSpec fs : fileSystems) {
      if (!fs.localPaths()) {
        throw new MixConfigException(MixKeys.FS, "the real IOR writes through a local path, and " + fs.label()
            + " has none here: use pfs, pfs@DIR or file:/// with " + MixKeys.IOR_DRIVER + " = native:PATH");
      }
    }
    for (String arg : mpirunArgs) {
      if (List.of("-np", "-n", "--np", "--n", "-c").contains(arg.split("=", 2)[0])) {
        throw new MixConfigException(MixKeys.IOR_MPIRUN_ARGS, arg + " is set by the mix itself (" + MixKeys.IOR_RANKS
            + ")");
      }
    }
  }

  /**
   * The command of {@link MixKeys#HPC} = command:CMD, checked with what it needs before anything runs (local paths,
   * the preload library that counts its bytes, no IOR-only setting beside it); null when the HPC side is IOR.
   */
  private static HpcCommand hpcCommand(PfsConfigValues r, Map<String, String> values, boolean balance,
      List<FileSystemSpec> fileSystems, Map<String, String> hadoop) {
    String hpc = r.string(MixKeys.HPC, MixKeys.HPC_DEFAULT);
    if (hpc.equals(MixKeys.HPC_DEFAULT)) {
      for (String key : List.of(MixKeys.HPC_NAME, MixKeys.HPC_SCALE)) {
        if (values.containsKey(key)) {
          throw new MixConfigException(key, "applies to a command (" + MixKeys.HPC + " = command:CMD), and "
              + MixKeys.HPC + " is ior");
        }
      }
      return null;
    }
    if (!hpc.startsWith(HpcCommand.PREFIX)) {
      throw new MixConfigException(MixKeys.HPC, "'" + hpc + "' is neither ior nor command:CMD (e.g. command:mpirun -np"
          + " {ranks} ./ckpt --out {dir}/ckpt --size {scale}m)");
    }
    for (String key : List.of(MixKeys.IOR_BLOCK, MixKeys.IOR_TRANSFER, MixKeys.IOR_SEGMENTS, MixKeys.IOR_FLAGS,
        MixKeys.IOR_DRIVER, MixKeys.IOR_MPIRUN_ARGS, MixKeys.IOR_PLACEMENT, MixKeys.IOR_RANKS_PER_TASK,
        MixKeys.PATTERNS)) {
      if (values.containsKey(key)) {
        throw new MixConfigException(key, "applies to IOR, and " + MixKeys.HPC + " runs a command in its place (its"
            + " size is " + MixKeys.HPC_SCALE + ", its ranks " + MixKeys.IOR_RANKS + ")");
      }
    }
    HpcCommand command = HpcCommand.parse(WorkloadKeys.HPC, hpc, values.get(MixKeys.HPC_NAME),
        r.integer(MixKeys.HPC_SCALE, MixKeys.HPC_SCALE_DEFAULT, 1, Integer.MAX_VALUE), balance);
    checkCommandNeeds(MixKeys.HPC, fileSystems, hadoop);
    return command;
  }

  /** What a command defined by {@code key} needs: local paths to run in, the preload library that counts its bytes. */
  private static void checkCommandNeeds(String key, List<FileSystemSpec> fileSystems, Map<String, String> hadoop) {
    for (FileSystemSpec fs : fileSystems) {
      if (!fs.localPaths()) {
        throw new MixConfigException(MixKeys.FS, "a command does its I/O through local paths, and " + fs.label()
            + " has none here: use pfs, pfs@DIR or file:/// with " + key + " = command:CMD");
      }
    }
    Configuration conf = new Configuration(false);
    hadoop.forEach(conf::set);
    Path preload = new NativeIor(conf).preloadLibrary();
    if (!Files.isRegularFile(preload)) {
      throw MixConfigException.unavailable(key, "a command's bytes are counted from its trace by the preload library "
          + preload + ", which is not built (./mvnw -pl tracing package; or set " + MixKeys.HADOOP_PREFIX
          + IorConfigKeys.NATIVE_PRELOAD + ")");
    }
  }

  /**
   * The further workloads of {@link MixKeys#WORKLOADS}, each defined by its mix.workload.NAME.* keys and checked as
   * the sides' commands and jobs are, before anything runs.
   *
   * @param balance whether balancing runs ({@link MixKeys#BALANCE}): a workload marked for it needs it on
   */
  private static List<ExtraWorkload> extraWorkloads(PfsConfigValues r, Map<String, String> values, boolean balance,
      List<FileSystemSpec> fileSystems, Map<String, String> hadoop) {
    List<String> names = ExtraWorkload.names(r.string(MixKeys.WORKLOADS, MixKeys.WORKLOADS_DEFAULT));
    for (String key : values.keySet()) {
      if (key.startsWith(MixKeys.WORKLOAD_PREFIX)) {
        ExtraWorkload.owner(key, names);
      }
    }
    List<ExtraWorkload> workloads = new ArrayList<>();
    for (String name : names) {
      WorkloadKeys keys = WorkloadKeys.of(name);
      String run = r.string(keys.run(), "");
      boolean resized = r.bool(keys.balance(), false);
      if (resized && !balance) {
        throw new MixConfigException(keys.balance(), "resizes the workload when balancing runs, and " + MixKeys.BALANCE
            + " is false");
      }
      if (run.startsWith(HpcCommand.PREFIX)) {
        HpcCommand command = HpcCommand.parse(keys, run, values.getOrDefault(keys.name(), name),
            r.integer(keys.scale(), MixKeys.HPC_SCALE_DEFAULT, 1, Integer.MAX_VALUE), resized);
        checkCommandNeeds(keys.run(), fileSystems, hadoop);
        workloads.add(new ExtraWorkload(name, command, null, resized));
      } else if (run.startsWith(AnalyticsJob.Kind.JAR.prefix()) || run.startsWith(AnalyticsJob.Kind.SPARK.prefix())) {
        Integer scale = values.containsKey(keys.scale())
            ? r.integer(keys.scale(), MixKeys.ANALYTICS_SCALE_DEFAULT, 1, Integer.MAX_VALUE) : null;
        AnalyticsJob job = AnalyticsJob.parse(keys, run, values.getOrDefault(keys.name(), name), scale);
        if (resized && !job.scalable()) {
          throw new MixConfigException(keys.run(), "has no {scale}, which balancing (" + keys.balance() + ") resizes:"
              + " put {scale} where the job takes its size, or balance off");
        }
        workloads.add(new ExtraWorkload(name, null, job, resized));
      } else {
        throw new MixConfigException(keys.run(), run.isEmpty() ? "is missing: every workload of " + MixKeys.WORKLOADS
            + " is defined by command:CMD, jar:JAR [CLASS] ARGS or spark:SPARK_HOME ARGS" : "'" + run + "' is neither"
            + " command:CMD, jar:JAR [CLASS] ARGS nor spark:SPARK_HOME ARGS");
      }
    }
    return List.copyOf(workloads);
  }

  /**
   * The job of {@link MixKeys#ANALYTICS} = jar:... or spark:..., checked before anything runs, with no TFIDF setting
   * beside it; null when the analytics side is TFIDF.
   */
  private static AnalyticsJob analyticsJob(PfsConfigValues r, Map<String, String> values) {
    String analytics = r.string(MixKeys.ANALYTICS, MixKeys.ANALYTICS_DEFAULT);
    if (analytics.equals(MixKeys.ANALYTICS_DEFAULT)) {
      for (String key : List.of(MixKeys.ANALYTICS_NAME, MixKeys.ANALYTICS_SCALE)) {
        if (values.containsKey(key)) {
          throw new MixConfigException(key, "applies to a job (" + MixKeys.ANALYTICS + " = jar:... or spark:...), and "
              + MixKeys.ANALYTICS + " is tfidf");
        }
      }
      return null;
    }
    if (!analytics.startsWith(AnalyticsJob.Kind.JAR.prefix())
        && !analytics.startsWith(AnalyticsJob.Kind.SPARK.prefix())) {
      throw new MixConfigException(MixKeys.ANALYTICS, "'" + analytics + "' is neither tfidf, jar:JAR [CLASS] ARGS nor"
          + " spark:SPARK_HOME ARGS (e.g. jar:hadoop-mapreduce-examples.jar wordcount {dir}/input {out})");
    }
    for (String key : List.of(MixKeys.TFIDF_DATA, MixKeys.TFIDF_SIZE, MixKeys.TFIDF_MODEL, MixKeys.TFIDF_TRAIN_SIZE,
        MixKeys.TFIDF_SEED)) {
      if (values.containsKey(key)) {
        throw new MixConfigException(key, "applies to TFIDF, and " + MixKeys.ANALYTICS + " runs a job in its place (its"
            + " input under {dir}, its size " + MixKeys.ANALYTICS_SCALE + ")");
      }
    }
    Integer scale = values.containsKey(MixKeys.ANALYTICS_SCALE)
        ? r.integer(MixKeys.ANALYTICS_SCALE, MixKeys.ANALYTICS_SCALE_DEFAULT, 1, Integer.MAX_VALUE) : null;
    return AnalyticsJob.parse(WorkloadKeys.ANALYTICS, analytics, values.get(MixKeys.ANALYTICS_NAME), scale);
  }

  /** What tables and charts call the analytics side: TFIDF, or the job's label. */
  public String analyticsLabel() {
    return analytics != null ? analytics.label() : AnalyticsJob.TFIDF_LABEL;
  }

  /** The HPC side's size: IOR's segments, or the command's {scale}; balancing resizes it. */
  public int hpcSize() {
    return hpc != null ? hpc.scale() : iorSegments;
  }

  /** What tables and charts call the HPC side: IOR, or the command's label. */
  public String hpcLabel() {
    return hpc != null ? hpc.label() : HpcCommand.IOR_LABEL;
  }

  /** Every URI scheme named must have a Hadoop file system here, or the mix would stop only when it reaches it. */
  private static void checkSchemes(List<FileSystemSpec> fileSystems, String data, String model,
      Map<String, String> hadoop) {
    List<Map.Entry<String, String>> schemes = new ArrayList<>();
    for (FileSystemSpec fs : fileSystems) {
      if (fs.kind() == FileSystemSpec.Kind.URI) {
        schemes.add(Map.entry(MixKeys.FS, fs.uri().getScheme()));
      }
    }
    for (Map.Entry<String, String> path : List.of(Map.entry(MixKeys.TFIDF_DATA, data),
        Map.entry(MixKeys.TFIDF_MODEL, model))) {
      String scheme = new org.apache.hadoop.fs.Path(path.getValue()).toUri().getScheme();
      if (scheme != null) {
        schemes.add(Map.entry(path.getKey(), scheme));
      }
    }
    if (schemes.isEmpty()) {
      return;
    }
    Configuration conf = new Configuration();
    hadoop.forEach(conf::set);
    for (Map.Entry<String, String> e : schemes) {
      try {
        FileSystem.getFileSystemClass(e.getValue(), conf);
      } catch (IOException | RuntimeException problem) {
        throw MixConfigException.unavailable(e.getKey(), "no Hadoop file system for the scheme '" + e.getValue() + "' ("
            + problem.getMessage() + ")");
      }
    }
  }

  /** Tasks of an IOR phase's YARN job (all must run at once), or 0 when its ranks are threads of the runner. */
  public int iorYarnTasks() {
    return iorPlacement == IorPlacement.YARN ? (iorRanks + iorRanksPerTask - 1) / iorRanksPerTask : 0;
  }

  /** Bytes one IOR phase writes with {@code segments}. */
  public long checkpointBytes(int segments) {
    return (long) iorRanks * iorBlock * segments;
  }

  private static boolean isEmptyDirectory(Path dir) {
    try (var entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  private static Set<String> knownKeys() {
    Set<String> keys = new java.util.TreeSet<>();
    for (Field f : MixKeys.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class && !f.getName().endsWith("_DEFAULT")
          && !f.getName().endsWith("_PREFIX")) {
        try {
          keys.add((String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return keys;
  }

  /** A comma-separated list of at least one item. */
  private static List<String> list(PfsConfigValues r, String key, String defaultValue) {
    String text = r.string(key, defaultValue);
    List<String> items = new ArrayList<>();
    for (String item : text.split(",")) {
      if (!item.isBlank()) {
        items.add(item.trim());
      }
    }
    if (items.isEmpty()) {
      throw new MixConfigException(key, "'" + text + "' names nothing");
    }
    return items;
  }

  /** Words separated by white space; none when blank. */
  private static List<String> words(String text) {
    return text.isBlank() ? List.of() : List.of(text.trim().split("\\s+"));
  }

  private static long size(PfsConfigValues r, String key, String defaultValue, long min) {
    return r.bytes(key, Sizes.parse(key, defaultValue), min, Long.MAX_VALUE);
  }
}
