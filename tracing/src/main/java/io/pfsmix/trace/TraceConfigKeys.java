package io.pfsmix.trace;

/** Every configuration key of the tracing module, with its default. docs/configuration.md lists them. */
public final class TraceConfigKeys {

  private TraceConfigKeys() {
  }

  /** Master switch: false makes the tracing file system and the storage decorator pass calls through untraced. */
  public static final String ENABLED = "pfsmix.trace.enabled";
  public static final boolean ENABLED_DEFAULT = true;

  /** The APPLICATION trace point: calls as the application made them, recorded by the TracingFileSystem wrapper. */
  public static final String APPLICATION_ENABLED = "pfsmix.trace.application.enabled";
  public static final boolean APPLICATION_ENABLED_DEFAULT = true;

  /** The STORAGE trace point: calls that reached the pfs storage backend, behind the read-ahead buffer. */
  public static final String STORAGE_ENABLED = "pfsmix.trace.storage.enabled";
  public static final boolean STORAGE_ENABLED_DEFAULT = true;

  /**
   * Prefix of the key naming the FileSystem class the tracer wraps for a scheme: {@code pfsmix.trace.wrapped.<scheme>.impl}.
   * When absent, the tracer wraps the class Hadoop finds for the scheme through its service loader
   * (LocalFileSystem for file, DistributedFileSystem for hdfs, ...).
   */
  public static final String WRAPPED_IMPL_PREFIX = "pfsmix.trace.wrapped.";
  public static final String WRAPPED_IMPL_SUFFIX = ".impl";

  public static String wrappedImplKey(String scheme) {
    return WRAPPED_IMPL_PREFIX + scheme + WRAPPED_IMPL_SUFFIX;
  }

  /**
   * Where traces go: {@code log4j} (one line per record into the process log), a local directory (a plain path or a
   * {@code file:} URI), or a directory on any Hadoop file system ({@code hdfs://nn/traces}, {@code pfs:///traces}).
   * Each process writes one file there.
   */
  public static final String DESTINATION = "pfsmix.trace.destination";
  public static final String DESTINATION_LOG4J = "log4j";
  /** Default: a local directory {@code pfsmix-traces} under {@code java.io.tmpdir}. */
  public static String destinationDefault() {
    return System.getProperty("java.io.tmpdir") + "/pfsmix-traces";
  }

  /** Logger the log4j destination writes to. */
  public static final String LOG4J_LOGGER = "pfsmix.trace.log4j.logger";
  public static final String LOG4J_LOGGER_DEFAULT = "io.pfsmix.trace.records";

  /** Records per per-thread buffer. */
  public static final String BUFFER_RECORDS = "pfsmix.trace.buffer.records";
  public static final int BUFFER_RECORDS_DEFAULT = 1024;

  /** Memory all buffers of a process may take, a size; beyond it records are dropped and counted as lost. */
  public static final String BUFFER_MAX_BYTES = "pfsmix.trace.buffer.max.bytes";
  public static final long BUFFER_MAX_BYTES_DEFAULT = 64L << 20;

  /** How often partly filled buffers are written out, bounding what a killed process loses. */
  public static final String FLUSH_INTERVAL_MS = "pfsmix.trace.flush.interval.ms";
  public static final long FLUSH_INTERVAL_MS_DEFAULT = 1000;

  /** Hadoop's own keys the tracer reads a task's identity from. */
  public static final String HADOOP_JOB_ID = "mapreduce.job.id";
  public static final String HADOOP_TASK_ATTEMPT_ID = "mapreduce.task.attempt.id";
}
