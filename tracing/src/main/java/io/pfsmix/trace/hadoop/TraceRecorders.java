package io.pfsmix.trace.hadoop;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ShutdownHookManager;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.trace.CallTracer;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.TraceContext;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.recorder.BinaryTraceDestination;
import io.pfsmix.trace.recorder.Log4jTraceDestination;
import io.pfsmix.trace.recorder.TraceDestination;
import io.pfsmix.trace.recorder.TraceRecorder;

/**
 * The recorders of this JVM, one per destination: every tracing file system instance and storage decorator with the
 * same destination shares one recorder, so a process writes one trace file. Recorders are closed at JVM exit, before
 * Hadoop closes its cached file systems (a trace on HDFS needs its file system to finish).
 */
public final class TraceRecorders {

  /** Runs before FileSystem's own shutdown hook (higher priority runs first). */
  static final int SHUTDOWN_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;

  private static final Map<String, TraceRecorder> RECORDERS = new ConcurrentHashMap<>();
  private static volatile boolean hookInstalled;

  private TraceRecorders() {
  }

  /** The recorder for the destination {@code conf} names, created on first use. */
  public static TraceRecorder forConfiguration(Configuration conf) {
    String destination = conf.getTrimmed(TraceConfigKeys.DESTINATION, TraceConfigKeys.destinationDefault());
    if (destination.isEmpty()) {
      throw new IllegalArgumentException(TraceConfigKeys.DESTINATION + " is empty: name a directory or \"log4j\"");
    }
    TraceRecorder.Settings settings = settings(conf);
    String logger = conf.getTrimmed(TraceConfigKeys.LOG4J_LOGGER, TraceConfigKeys.LOG4J_LOGGER_DEFAULT);
    String key = destination + "|" + settings + "|" + logger;
    installShutdownHook();
    return RECORDERS.computeIfAbsent(key,
        k -> new TraceRecorder(destination(destination, logger, conf), settings, producer()));
  }

  /** The tracer of a wrapper at {@code point}: the configuration's recorder, and its task as the records' context. */
  public static CallTracer tracer(Configuration conf, TracePoint point) {
    return new CallTracer(forConfiguration(conf), point, TraceContext.forTask(
        conf.getTrimmed(TraceConfigKeys.HADOOP_JOB_ID, ""), conf.getTrimmed(TraceConfigKeys.HADOOP_TASK_ATTEMPT_ID, "")));
  }

  /** The recorder settings {@code conf} gives, each key read strictly: a bad value is an error naming it. */
  static TraceRecorder.Settings settings(Configuration conf) {
    PfsConfigValues values = PfsConfigValues.of(conf);
    int records = (int) values.number(TraceConfigKeys.BUFFER_RECORDS,
        TraceConfigKeys.BUFFER_RECORDS_DEFAULT, 1, Integer.MAX_VALUE / TraceFormat.RECORD_SIZE);
    long bufferBytes = (long) records * TraceFormat.RECORD_SIZE;
    long maxBytes = values.bytes(TraceConfigKeys.BUFFER_MAX_BYTES,
        TraceConfigKeys.BUFFER_MAX_BYTES_DEFAULT, 1, Long.MAX_VALUE);
    if (maxBytes < bufferBytes) {
      throw new IllegalArgumentException(TraceConfigKeys.BUFFER_MAX_BYTES + " = '" + conf.get(
          TraceConfigKeys.BUFFER_MAX_BYTES, Long.toString(maxBytes)) + "' cannot hold one buffer of "
          + TraceConfigKeys.BUFFER_RECORDS + " = " + records + " records (" + bufferBytes + " bytes)");
    }
    long flushMillis = values.duration(TraceConfigKeys.FLUSH_INTERVAL_MS,
        TraceConfigKeys.FLUSH_INTERVAL_MS_DEFAULT, TimeUnit.MILLISECONDS, 1, Long.MAX_VALUE / 1_000_000L);
    return new TraceRecorder.Settings(records, maxBytes, flushMillis);
  }

  /** Closes every recorder (ending its trace file); later traced calls start new recorders and files. */
  public static void closeAll() {
    List<TraceRecorder> open = new ArrayList<>(RECORDERS.values());
    RECORDERS.clear();
    for (TraceRecorder recorder : open) {
      recorder.close();
    }
  }

  /** Hands everything recorded so far to the destinations. */
  public static void flushAll() {
    for (TraceRecorder recorder : RECORDERS.values()) {
      recorder.flush();
    }
  }

  static String producer() {
    String version = TraceRecorders.class.getPackage().getImplementationVersion();
    return "pfsmix-java " + (version == null ? "dev" : version);
  }

  private static void installShutdownHook() {
    if (!hookInstalled) {
      synchronized (TraceRecorders.class) {
        if (!hookInstalled) {
          ShutdownHookManager.get().addShutdownHook(TraceRecorders::closeAll, SHUTDOWN_PRIORITY);
          hookInstalled = true;
        }
      }
    }
  }

  static TraceDestination destination(String destination, String logger, Configuration conf) {
    if (destination.equals(TraceConfigKeys.DESTINATION_LOG4J)) {
      return new Log4jTraceDestination(logger);
    }
    URI uri = new Path(destination).toUri();
    if (uri.getScheme() == null || uri.getScheme().equals("file")) {
      return BinaryTraceDestination.inLocalDirectory(Paths.get(uri.getPath()));
    }
    Path directory = new Path(destination);
    Configuration untraced = untracedConfiguration(conf);
    return new BinaryTraceDestination(fileName -> {
      FileSystem fs = FileSystem.newInstance(directory.toUri(), untraced);
      try {
        fs.mkdirs(directory);
        return new FilterOutputStream(fs.create(new Path(directory, fileName), false)) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            try (fs) {
              super.close();
            }
          }
        };
      } catch (IOException | RuntimeException e) {
        fs.close();
        throw e;
      }
    }, directory.toString());
  }

  /** A copy of {@code conf} in which a tracing file system passes calls through, so trace writes are not traced. */
  static Configuration untracedConfiguration(Configuration conf) {
    Configuration copy = new Configuration(conf);
    copy.setBoolean(TraceConfigKeys.ENABLED, false);
    return copy;
  }
}
