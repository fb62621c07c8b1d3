package io.pfsmix.ior;

/** Configuration keys of the IOR adapter (all listed in docs/configuration.md). */
public final class IorConfigKeys {

  /** The LD_PRELOAD trace library for --native runs; default: {@code <pfsmix home>/tracing/target/native/libpfsmix-trace.so}. */
  public static final String NATIVE_PRELOAD = "pfsmix.ior.native.preload";
  /** The MPI launcher for --native runs; default {@code mpirun} from PATH, run without it when absent. */
  public static final String NATIVE_MPIRUN = "pfsmix.ior.native.mpirun";
  public static final String NATIVE_MPIRUN_DEFAULT = "mpirun";

  /**
   * Whether the ranks run as threads first warm the JVM up, unmeasured, on a small test in a temporary local directory
   * (as the real IOR's start-up is outside its timing). The mix turns it off: it has a warm-up phase of its own.
   */
  public static final String WARMUP = "pfsmix.ior.warmup";
  public static final boolean WARMUP_DEFAULT = true;

  /** Milliseconds a YARN-mode rank waits at a barrier before giving up on missing ranks. */
  public static final String YARN_BARRIER_TIMEOUT = "pfsmix.ior.yarn.barrier.timeout.ms";
  public static final long YARN_BARRIER_TIMEOUT_DEFAULT = 600_000;

  /**
   * Set by the --yarn job for its tasks, never by a user: IOR's flags, the directory the ranks meet in, and with -f the
   * script's text and which of its tests the job runs.
   */
  static final String YARN_ARGS = "pfsmix.ior.args";
  static final String YARN_SCRIPT = "pfsmix.ior.script";
  static final String YARN_TEST = "pfsmix.ior.test";
  static final String YARN_COORDINATION_DIR = "pfsmix.ior.coordination.dir";

  private IorConfigKeys() {
  }
}
