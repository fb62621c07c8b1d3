package io.pfsmix.export;

import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Streams the records of several trace files as one sequence ordered by start time (a k-way merge holding one record per
 * file), so Hadoop task traces and IOR rank traces become one workload without loading any of them whole.
 */
public final class TraceMerge implements Closeable {
  private final List<TraceReader> readers = new ArrayList<>();
  private final PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> {
    int c = Long.compare(a.record.startNs(), b.record.startNs());
    return c != 0 ? c : Integer.compare(a.source, b.source);
  });

  private record Head(TraceRecord record, int source) {
  }

  /** Opens every file; a file that cannot be opened or whose header is bad fails the whole merge, naming the file. */
  public TraceMerge(List<Path> files) throws IOException {
    try {
      for (Path f : files) {
        TraceReader r = TraceReader.open(f);
        readers.add(r);
        TraceRecord first = r.next();
        if (first != null) {
          heads.add(new Head(first, readers.size() - 1));
        }
      }
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /** The next record in start-time order, or null when every file is exhausted. */
  public TraceRecord next() throws IOException {
    Head h = heads.poll();
    if (h == null) {
      return null;
    }
    TraceRecord following = readers.get(h.source).next();
    if (following != null) {
      heads.add(new Head(following, h.source));
    }
    return h.record;
  }

  public List<TraceReader> readers() {
    return readers;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (TraceReader r : readers) {
      try {
        r.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
