package io.pfsmix.mix;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.trace.Tracing;
import io.pfsmix.trace.format.TraceWriter;
import io.pfsmix.trace.hadoop.TraceRecorders;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceMerge;
import io.pfsmix.trace.tools.TraceSource;

/** Switches the tracing module on for a phase's configuration, ends its trace files, and merges them. */
class TraceSupport {

  /**
   * Traces every call on the default file system's scheme at the application point and, on pfs (any backend), behind
   * the read-ahead buffer at the storage point, into {@code dir}: one file per process.
   */
  void enable(Configuration conf, Path dir) {
    Tracing.enable(conf, FileSystem.getDefaultUri(conf).getScheme(), dir.toAbsolutePath().toString());
  }

  /** Ends the trace files of this JVM's recorders (the phase is over; its file system instances are closed). */
  void closeRecorders() {
    TraceRecorders.closeAll();
  }

  /**
   * Merges trace files into one time-ordered trace at {@code merged}, which appears only when whole; returns notes on
   * inputs cut short.
   */
  List<String> merge(List<Path> files, Path merged) throws IOException {
    String host = InetAddress.getLocalHost().getHostName();
    int pid = (int) ProcessHandle.current().pid();
    try (OutputTarget out = OutputTarget.create(merged, "the merged trace", true, files, false);
        TraceMerge.Records records = TraceMerge.stream(files.stream().map(TraceSource::of).toList(),
            TraceMerge.DEFAULT_REORDER_WINDOW_NS)) {
      List<String> notes;
      try (TraceWriter writer = TraceWriter.create(out.staging(), TraceMerge.mergedHeader(records.readers(), host, pid,
          "pfsmix-mix " + ManagementFactory.getRuntimeMXBean().getVmVersion()))) {
        notes = TraceMerge.merge(records, writer, null).notes();
      }
      out.publish();
      return notes;
    }
  }
}
