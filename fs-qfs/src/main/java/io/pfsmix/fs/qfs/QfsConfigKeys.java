package io.pfsmix.fs.qfs;

import java.util.List;

import io.pfsmix.fs.OptionalBackendKeys;

/** Every configuration key of the QFS backend ({@code fs.pfs.backend=qfs}). */
public final class QfsConfigKeys {

  private QfsConfigKeys() {
  }

  /** The backend name for {@code fs.pfs.backend}. */
  public static final String BACKEND_NAME = OptionalBackendKeys.Qfs.BACKEND_NAME;

  public static final String PREFIX = OptionalBackendKeys.Qfs.PREFIX;

  /**
   * The metaserver, {@code HOST:PORT}. Unset: the one {@code ./pfsmix qfs up} started, as its configuration
   * {@code $PFSMIX_QFS_DIR/conf/metaserver.prp} (else {@code <pfsmix home>/var/qfs/conf/metaserver.prp}) names it.
   */
  public static final String METASERVER = OptionalBackendKeys.Qfs.METASERVER;

  /** The directory inside QFS that is this file system's root; created when missing. */
  public static final String ROOT = OptionalBackendKeys.Qfs.ROOT;
  public static final String ROOT_DEFAULT = "/";

  /**
   * Replicas of each chunk of a new file (QFS files are created replicated, never striped); 0: the replication of the
   * create call. 2 by default, as conf/core-site.xml's fs.qfs.createParams for qfs://: pfs:// tells Hadoop its
   * default replication is 1 (replication is the parallel file system's business), so a create call asks for 1.
   */
  public static final String REPLICAS = PREFIX + "replicas";
  public static final int REPLICAS_DEFAULT = 2;

  /**
   * Seconds the client waits before it retries a failed operation: QFS's {@code client.retryDelaySec}. Writers
   * sharing a file retry while the metaserver hands a chunk's write lease from one to the other, so this is the
   * length of each of their stalls (docs/qfs.md).
   */
  public static final String RETRY_DELAY_SECONDS = OptionalBackendKeys.Qfs.RETRY_DELAY_SECONDS;
  public static final int RETRY_DELAY_SECONDS_DEFAULT = 5;

  /**
   * Retries of one failed operation before it fails (QFS's {@code client.maxNumRetriesPerOp}); a read QFS answers with
   * EAGAIN is then retried as many times again by the backend.
   */
  public static final String MAX_RETRIES = PREFIX + "max.retries";
  public static final int MAX_RETRIES_DEFAULT = 6;

  /**
   * Retries of one failed operation of a shared (N-to-1) writer's client before it fails. A writer that allocates a
   * chunk takes its write lease from the writer holding it, so a write fails again ("invalid write id", "lease has
   * expired", EBUSY) as often as the other writers take the lease in between: 8 writers on a busy machine needed up
   * to 10 retries in a row, where QFS's 6 fail the write (docs/qfs.md).
   */
  public static final String SHARED_WRITER_MAX_RETRIES = PREFIX + "shared.max.retries";
  public static final int SHARED_WRITER_MAX_RETRIES_DEFAULT = 100;

  /** Seconds one metaserver or chunkserver operation may take before the client counts it failed and retries. */
  public static final String OP_TIMEOUT_SECONDS = PREFIX + "op.timeout";
  public static final int OP_TIMEOUT_SECONDS_DEFAULT = 30;

  /**
   * What QFS's client logs to stderr: DEBUG, INFO, NOTICE, WARN, ERROR, CRIT, ALERT or FATAL. QFS logs every retry
   * (a shared writer's lease handover is several) and every failed operation, which also reach pfsmix as errors, so
   * the default keeps them out of the terminal. One value per process: the last client connected sets it.
   */
  public static final String CLIENT_LOG_LEVEL = PREFIX + "client.log.level";
  public static final String CLIENT_LOG_LEVEL_DEFAULT = "FATAL";
  static final List<String> CLIENT_LOG_LEVELS = List.of("DEBUG", "INFO", "NOTICE", "WARN",
      "ERROR", "CRIT", "ALERT", "FATAL");
}
