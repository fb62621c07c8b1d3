package io.pfsmix.trace.tools;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

/**
 * Merges traces (Hadoop tasks, IOR ranks, several hosts) into one time-ordered trace with a streaming k-way merge.
 *
 * <p>Within one file, records are ordered per thread but threads' buffers interleave, so each input passes through a
 * reorder window: records are held until the input has moved {@code reorderWindowNs} past them. A record older than
 * what the window allows is an error naming the file (raise the window), never a silently misordered output.
 */
public final class TraceMerge {

  /** Outcome of a merge. */
  public record Result(long records, long lostRecords, List<String> notes) {
  }

  private static final class Input {
    final TraceReader reader;
    final PriorityQueue<TraceRecord> window = new PriorityQueue<>(TraceMerge::compare);
    long newestStartNs = Long.MIN_VALUE;
    boolean exhausted;

    Input(TraceReader reader) {
      this.reader = reader;
    }
  }

  /**
   * Default reorder window: records within one file are ordered per thread, and the recorder flushes thread buffers
   * every second, so a minute leaves ample margin for a slow or stalled flusher.
   */
  public static final long DEFAULT_REORDER_WINDOW_NS = 60_000_000_000L;

  private TraceMerge() {
  }

  static int compare(TraceRecord a, TraceRecord b) {
    int byStart = Long.compare(a.startNs(), b.startNs());
    return byStart != 0 ? byStart : Long.compare(a.threadId(), b.threadId());
  }

  /**
   * The records of {@code readers} as one time-ordered stream, read lazily: what exporters and the merge below consume.
   * The caller closes the readers.
   */
  public static Records stream(List<TraceReader> readers, long reorderWindowNs) throws IOException {
    return new Records(readers, reorderWindowNs);
  }

  /** A streaming k-way merge; {@link #next} returns null at the end of every input. */
  public static final class Records {
    private final long reorderWindowNs;
    private final PriorityQueue<Input> heads = new PriorityQueue<>((a, b) -> compare(a.window.peek(), b.window.peek()));
    private long lastStart = Long.MIN_VALUE;
    private String lastFile;

    private Records(List<TraceReader> readers, long reorderWindowNs) throws IOException {
      this.reorderWindowNs = reorderWindowNs;
      for (TraceReader reader : readers) {
        Input input = new Input(reader);
        if (fill(input, reorderWindowNs)) {
          heads.add(input);
        }
      }
    }

    public TraceRecord next() throws IOException {
      Input input = heads.poll();
      if (input == null) {
        return null;
      }
      TraceRecord record = input.window.poll();
      if (record.startNs() < lastStart) {
        throw new IOException(input.reader.name() + ": a record starting at " + record.startNs()
            + " ns arrived after one starting at " + lastStart + " ns from " + lastFile
            + "; the file is more out of order than the reorder window of " + reorderWindowNs / 1_000_000
            + " ms: merge again with a larger window");
      }
      lastStart = record.startNs();
      lastFile = input.reader.name();
      if (fill(input, reorderWindowNs)) {
        heads.add(input);
      }
      return record;
    }
  }

  /**
   * Merges {@code readers} into {@code writer} (which the caller closes). {@code progress} gets the record count every
   * million records.
   */
  public static Result merge(List<TraceReader> readers, TraceWriter writer, long reorderWindowNs,
      Consumer<Long> progress) throws IOException {
    Records merged = stream(readers, reorderWindowNs);
    long written = 0;
    for (TraceRecord record = merged.next(); record != null; record = merged.next()) {
      writer.write(record);
      written++;
      if (progress != null && written % 1_000_000 == 0) {
        progress.accept(written);
      }
    }
    long lost = 0;
    List<String> notes = new ArrayList<>();
    for (TraceReader reader : readers) {
      lost += reader.lostRecords();
      if (reader.cutShort()) {
        notes.add(reader.cutShortMessage());
      }
    }
    writer.addLostRecords(lost);
    return new Result(written, lost, notes);
  }

  /** Reads until the input's window spans the reorder window (or the input ends); true when it holds records. */
  private static boolean fill(Input input, long reorderWindowNs) throws IOException {
    while (!input.exhausted && (input.window.isEmpty()
        || input.newestStartNs - input.window.peek().startNs() < reorderWindowNs)) {
      TraceRecord next = input.reader.next();
      if (next == null) {
        input.exhausted = true;
      } else {
        input.window.add(next);
        input.newestStartNs = Math.max(input.newestStartNs, next.startNs());
      }
    }
    return !input.window.isEmpty();
  }

  /** The header of a merged trace: anchored at the earliest input's wall anchor, on the wall clock itself. */
  public static TraceHeader mergedHeader(List<TraceReader> readers, String host, int pid, String producer) {
    long anchor = Long.MAX_VALUE;
    for (TraceReader reader : readers) {
      anchor = Math.min(anchor, reader.header().wallAnchorNs());
    }
    if (anchor == Long.MAX_VALUE) {
      anchor = System.currentTimeMillis() * 1_000_000L;
    }
    return TraceHeader.current(anchor, anchor, host, pid, producer);
  }
}
