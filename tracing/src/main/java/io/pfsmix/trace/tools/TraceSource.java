package io.pfsmix.trace.tools;

import java.io.IOException;
import java.nio.file.Path;

import io.pfsmix.trace.format.TraceReader;

/** A trace that can be opened more than once: {@link TraceMerge} reads each of its inputs twice. */
public interface TraceSource {

  /** Opens a new reader at the start of the trace; the caller closes it. */
  TraceReader open() throws IOException;

  /** The local file the trace is, or null for a trace on another file system. */
  Path localFile();

  /** A local trace file. */
  static TraceSource of(Path file) {
    return new TraceSource() {
      @Override
      public TraceReader open() throws IOException {
        return TraceReader.open(file);
      }

      @Override
      public Path localFile() {
        return file;
      }
    };
  }
}
