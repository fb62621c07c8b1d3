package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.hadoop.TraceRecorders;
import io.pfsmix.trace.hadoop.TracingFileSystem;

/** Switches the tracing module on for a phase's configuration, ends its trace files, and merges them. */
class TraceSupport {

  /**
   * Traces every call on the default file system's scheme at the application point (and, on pfs, behind the read-ahead
   * buffer at the storage point) into {@code dir}, one file per process.
   */
  void enable(Configuration conf, Path dir) {
    String scheme = FileSystem.getDefaultUri(conf).getScheme();
    String bound = conf.get("fs." + scheme + ".impl");
    if (bound != null && !bound.equals(TracingFileSystem.class.getName())) {
      conf.set(TraceConfigKeys.wrappedImplKey(scheme), bound);
    }
    conf.set("fs." + scheme + ".impl", TracingFileSystem.class.getName());
    conf.setBoolean(TraceConfigKeys.ENABLED, true);
    conf.set(TraceConfigKeys.DESTINATION, dir.toAbsolutePath().toString());
  }

  /** Ends the trace files of this JVM's recorders (the phase is over; its file system instances are closed). */
  void closeRecorders() {
    TraceRecorders.closeAll();
  }

  /** Merges trace files into one time-ordered trace. */
  void merge(List<Path> files, Path merged) throws IOException {
    throw new UnsupportedOperationException("merge not wired yet");
  }
}
