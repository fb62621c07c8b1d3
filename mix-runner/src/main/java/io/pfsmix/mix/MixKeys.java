package io.pfsmix.mix;

/**
 * Every setting of a mix, as written in a mix configuration file (Java properties) and as the keys the
 * {@code ./pfsmix mix} flags override, with its default. Documented in docs/mix.md and docs/configuration.md.
 */
public final class MixKeys {

  private MixKeys() {
  }

  /** Comma-separated file systems to run on: pfs, pfs@DIR, ceph, orangefs, qfs, hdfs-mini, or any file system URI. */
  public static final String FS = "mix.fs";
  public static final String FS_DEFAULT = "pfs";

  /** Directory on the file system under test that holds the workloads' data. */
  public static final String DIR = "mix.dir";
  public static final String DIR_DEFAULT = "/pfsmix-mix";

  /** Where jobs run: local, yarn-mini, or cluster:CONF_DIR. */
  public static final String JOBS = "mix.jobs";
  public static final String JOBS_DEFAULT = "local";

  /** Comma-separated IOR patterns: n-to-1 (one shared file, strided) and n-to-n (a file per rank, IOR -F). */
  public static final String PATTERNS = "mix.patterns";
  public static final String PATTERNS_DEFAULT = "n-to-1,n-to-n";

  /** IOR ranks (tasks). */
  public static final String IOR_RANKS = "mix.ior.ranks";
  public static final int IOR_RANKS_DEFAULT = 4;

  /** IOR block size per rank and segment (-b). */
  public static final String IOR_BLOCK = "mix.ior.block";
  public static final String IOR_BLOCK_DEFAULT = "4m";

  /** IOR transfer size (-t); divides the block size. */
  public static final String IOR_TRANSFER = "mix.ior.transfer";
  public static final String IOR_TRANSFER_DEFAULT = "1m";

  /** IOR segments (-s): the checkpoint size is ranks x block x segments; balancing adjusts it. */
  public static final String IOR_SEGMENTS = "mix.ior.segments";
  public static final int IOR_SEGMENTS_DEFAULT = 16;

  /** Further IOR flags for every IOR phase, e.g. "-e" (fsync at close). */
  public static final String IOR_FLAGS = "mix.ior.flags";
  public static final String IOR_FLAGS_DEFAULT = "";

  /**
   * Where IOR's ranks run: threads (of the runner's JVM) or yarn (map tasks of a YARN job beside the TFIDF job; needs
   * jobs on YARN). Default: yarn with cluster:CONF_DIR, threads with local and yarn-mini.
   */
  public static final String IOR_PLACEMENT = "mix.ior.placement";

  /** IOR ranks per YARN task (threads of one task) with placement yarn; all tasks must run at once. */
  public static final String IOR_RANKS_PER_TASK = "mix.ior.ranks-per-task";
  public static final int IOR_RANKS_PER_TASK_DEFAULT = 1;

  /**
   * The IOR that writes the checkpoints: java (the ior-adapter's driver, through the Hadoop FileSystem API) or
   * native:PATH (the real IOR binary at PATH, under mpirun, traced by the LD_PRELOAD library).
   */
  public static final String IOR_DRIVER = "mix.ior.driver";
  public static final String IOR_DRIVER_DEFAULT = "java";

  /** Further mpirun options for the real IOR (mix.ior.driver = native:PATH); -np is mix.ior.ranks. */
  public static final String IOR_MPIRUN_ARGS = "mix.ior.mpirun-args";
  public static final String IOR_MPIRUN_ARGS_DEFAULT = "";

  /**
   * The HPC side of the mix: ior (IOR, as the mix.ior.* keys say) or command:CMD (any shell command, an MPI program
   * under the user's own mpirun, say, run by sh -c and traced by the LD_PRELOAD library; see docs/mix.md).
   */
  public static final String HPC = "mix.hpc";
  public static final String HPC_DEFAULT = "ior";

  /** The name tables and charts give the command (mix.hpc = command:CMD). Default: its program's basename. */
  public static final String HPC_NAME = "mix.hpc.name";

  /** The first value of the command's {scale} placeholder, which balancing resizes as it does IOR's segments. */
  public static final String HPC_SCALE = "mix.hpc.scale";
  public static final int HPC_SCALE_DEFAULT = 16;

  /**
   * The analytics side of the mix: tfidf (the TFIDF classifier, as the mix.tfidf.* keys say), jar:JAR [CLASS] ARGS (a
   * hadoop jar job on the mix's runner, mix.jobs) or spark:SPARK_HOME ARGS (spark-submit's options, the application
   * and its arguments); the shim and tracing on its class path, see docs/mix.md.
   */
  public static final String ANALYTICS = "mix.analytics";
  public static final String ANALYTICS_DEFAULT = "tfidf";

  /** The name tables and charts give the job (mix.analytics = jar: or spark:). Default: its jar's or app's name. */
  public static final String ANALYTICS_NAME = "mix.analytics.name";

  /** The value of the job's {scale} placeholder. */
  public static final String ANALYTICS_SCALE = "mix.analytics.scale";
  public static final int ANALYTICS_SCALE_DEFAULT = 1;

  /**
   * Further workloads, comma-separated names (letters, digits, '-'), that join the study's two sides: each runs alone
   * once per repetition and in every mixed phase, defined by the mix.workload.NAME.* keys (see docs/mix.md).
   */
  public static final String WORKLOADS = "mix.workloads";
  public static final String WORKLOADS_DEFAULT = "";

  /**
   * Prefix of a further workload's keys: mix.workload.NAME.run (command:CMD, jar:JAR [CLASS] ARGS or spark:SPARK_HOME
   * ARGS), .name (its label), .scale (its {scale}) and .balance (whether balancing resizes its {scale}).
   */
  public static final String WORKLOAD_PREFIX = "mix.workload.";

  /** HTTP request data the classifier reads; generated there when absent. Default: DIR/tfidf/requests. */
  public static final String TFIDF_DATA = "mix.tfidf.data";

  /** Size of the request data to generate when absent. */
  public static final String TFIDF_SIZE = "mix.tfidf.size";
  public static final String TFIDF_SIZE_DEFAULT = "64m";

  /** The attack model; trained there when absent. Default: DIR/tfidf/model. */
  public static final String TFIDF_MODEL = "mix.tfidf.model";

  /** Size of the training data generated to train a missing model. */
  public static final String TFIDF_TRAIN_SIZE = "mix.tfidf.train-size";
  public static final String TFIDF_TRAIN_SIZE_DEFAULT = "8m";

  /** Seed of generated request data (the training data uses seed + 1). */
  public static final String TFIDF_SEED = "mix.tfidf.seed";
  public static final long TFIDF_SEED_DEFAULT = 2009;

  /** Repetitions of the phase set (TFIDF alone, IOR alone, both together) per file system and pattern. */
  public static final String REPETITIONS = "mix.repetitions";
  public static final int REPETITIONS_DEFAULT = 3;

  /** Run both workloads once, unmeasured, before the first measured phase on each file system (true/false). */
  public static final String WARMUP = "mix.warmup";
  public static final boolean WARMUP_DEFAULT = true;

  /** Adjust IOR segments until IOR alone takes as long as TFIDF alone (true/false). */
  public static final String BALANCE = "mix.balance";
  public static final boolean BALANCE_DEFAULT = false;

  /** Balancing stops when |IOR alone - TFIDF alone| / TFIDF alone is at most this. */
  public static final String BALANCE_TOLERANCE = "mix.balance.tolerance";
  public static final double BALANCE_TOLERANCE_DEFAULT = 0.15;

  /** Most IOR runs balancing makes per file system and pattern. */
  public static final String BALANCE_ROUNDS = "mix.balance.rounds";
  public static final int BALANCE_ROUNDS_DEFAULT = 5;

  /**
   * Order of the phases within a repetition: alternate (TFIDF alone, then per pattern IOR alone and mixed; reversed in
   * every even repetition, the traced and untraced passes too) or fixed (the first order every time).
   */
  public static final String PHASE_ORDER = "mix.phase-order";
  public static final String PHASE_ORDER_DEFAULT = "alternate";

  /**
   * What is done before every phase so that none inherits the last one's state: sync (the machine's dirty data written
   * out), drop-caches (the kernel's page, dentry and inode caches dropped; needs root, on this machine only), or none.
   */
  public static final String SETTLE = "mix.settle";
  public static final String SETTLE_DEFAULT = "sync,drop-caches";

  /**
   * Size of the storage probe before the measured phases on each file system (a file written and synced, settled, read
   * back) whose bandwidth the report compares every phase with; 0 skips it.
   */
  public static final String PROBE_SIZE = "mix.probe.size";
  public static final String PROBE_SIZE_DEFAULT = "256m";

  /** Tracing: off, on (every phase traced), or overhead (every phase untraced, then traced). */
  public static final String TRACING = "mix.tracing";
  public static final String TRACING_DEFAULT = "on";

  /** Local directory for the results; default results/mix-TIMESTAMP under the working directory. */
  public static final String RESULTS = "mix.results";

  /** Prefix of Hadoop configuration keys passed through, e.g. hadoop.fs.pfs.readahead.size = 8m. */
  public static final String HADOOP_PREFIX = "hadoop.";
}
