package io.pfsmix.trace.tools;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Consumer;

import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

/**
 * Merges traces (Hadoop tasks, IOR ranks, several hosts) into one trace ordered by start time, streaming.
 *
 * <p>A producer writes a record when its call ends, from per-thread buffers, so a file is only roughly in start order
 * and nothing bounds how far: a call that lasted minutes lands after every call that started meanwhile, and the preload
 * library writes an idle thread's buffer at that thread's next call or at exit. So each input is read twice. The first
 * pass collects the input's stragglers — records starting more than the reorder window before a record ahead of them in
 * the file (few: one per long call, a buffer per idle thread) — and sorts them; the second streams the other records
 * through a window as wide as the latest of the other records came (at most the reorder window), each held until the
 * input has moved a window past it, and merges them with the stragglers. Memory: per input, the records of that width
 * (about a flush interval's for a recorder's file) plus its stragglers, whatever the order of the file.
 */
public final class TraceMerge {

  /** Outcome of a merge. */
  public record Result(long records, long lostRecords, List<String> notes) {
  }

  /**
   * Default reorder window: the recorder writes every thread's buffer each flush interval (a second by default), so five
   * seconds place the records of a healthy process while streaming and leave only calls longer than that, and buffers
   * written later, to the first pass. A minute, as before, made a window hold a whole classifier phase.
   */
  public static final long DEFAULT_REORDER_WINDOW_NS = 5_000_000_000L;

  private TraceMerge() {
  }

  static int compare(TraceRecord a, TraceRecord b) {
    int byStart = Long.compare(a.startNs(), b.startNs());
    return byStart != 0 ? byStart : Long.compare(a.threadId(), b.threadId());
  }

  /**
   * The records of {@code sources} as one time-ordered stream, read lazily: what exporters and {@link #merge} consume.
   * Reads each source once in full here (the first pass); the caller closes the stream.
   */
  public static Records stream(List<TraceSource> sources, long reorderWindowNs) throws IOException {
    return new Records(sources, reorderWindowNs);
  }

  /** A streaming k-way merge; {@link #next} returns null at the end of every input. */
  public static final class Records implements Closeable {
    private final List<TraceReader> scanned = new ArrayList<>();
    private final List<TraceReader> open = new ArrayList<>();
    private final PriorityQueue<Input> heads = new PriorityQueue<>((a, b) -> compare(a.peek(), b.peek()));

    private Records(List<TraceSource> sources, long reorderWindowNs) throws IOException {
      try {
        List<ArrayDeque<TraceRecord>> stragglers = new ArrayList<>();
        List<Long> windows = new ArrayList<>();
        for (TraceSource source : sources) {
          Stragglers filter = new Stragglers(reorderWindowNs);
          stragglers.add(firstPass(source, filter));
          windows.add(filter.maxLatenessNs);
        }
        for (int i = 0; i < sources.size(); i++) {
          TraceReader reader = sources.get(i).open();
          open.add(reader);
          Input input = new Input(reader, scanned.get(i).recordsRead(), stragglers.get(i), windows.get(i));
          input.fill();
          if (input.peek() != null) {
            heads.add(input);
          }
        }
      } catch (IOException | RuntimeException e) {
        close();
        throw e;
      }
    }

    /**
     * The inputs as the first pass read them, in full (closed): headers, lost counts, and whether each was cut short.
     */
    public List<TraceReader> readers() {
      return List.copyOf(scanned);
    }

    public TraceRecord next() throws IOException {
      Input input = heads.poll();
      if (input == null) {
        return null;
      }
      TraceRecord record = input.poll();
      if (input.peek() != null) {
        heads.add(input);
      }
      return record;
    }

    @Override
    public void close() throws IOException {
      TraceInputs.closeAll(open);
    }

    /** Reads a source in full through {@code filter}; returns its stragglers in time order. */
    private ArrayDeque<TraceRecord> firstPass(TraceSource source, Stragglers filter) throws IOException {
      List<TraceRecord> stragglers = new ArrayList<>();
      try (TraceReader reader = source.open()) {
        scanned.add(reader);
        for (TraceRecord record = reader.next(); record != null; record = reader.next()) {
          if (filter.isStraggler(record)) {
            stragglers.add(record);
          }
        }
      }
      stragglers.sort(TraceMerge::compare);
      return new ArrayDeque<>(stragglers);
    }
  }

  /**
   * Merges {@code records} into {@code writer} (which the caller closes, as it closes {@code records}), after the
   * headers of its inputs and of what they were merged from (a SOURCES block). {@code progress} gets the record count
   * every million records.
   */
  public static Result merge(Records records, TraceWriter writer, Consumer<Long> progress) throws IOException {
    Set<TraceHeader> sources = new LinkedHashSet<>();
    for (TraceReader reader : records.readers()) {
      sources.add(reader.header());
      sources.addAll(reader.mergedFrom());
    }
    writer.writeSources(List.copyOf(sources));
    long written = 0;
    for (TraceRecord record = records.next(); record != null; record = records.next()) {
      writer.write(record);
      written++;
      if (progress != null && written % 1_000_000 == 0) {
        progress.accept(written);
      }
    }
    long lost = 0;
    List<String> notes = new ArrayList<>();
    for (TraceReader reader : records.readers()) {
      lost += reader.lostRecords();
      if (reader.cutShort()) {
        notes.add(reader.cutShortMessage());
      }
    }
    writer.addLostRecords(lost);
    return new Result(written, lost, notes);
  }

  /**
   * Tells the records the reorder window cannot place: those starting more than the window before the newest record
   * placed so far. Both passes ask it about the same records in the same order, so they agree. The first pass also
   * learns how late the placed records came at most: the second pass's window need span no more than that, so a
   * window holds about a flush interval of records rather than the whole reorder window's (a classifier phase makes a
   * million records a second, which a minute's window held all at once per input).
   */
  private static final class Stragglers {
    private final long windowNs;
    /** The newest start among the records placed by the window so far. */
    long newestStartNs = Long.MIN_VALUE;
    /** The most any placed record started before the newest one placed before it; at most the window. */
    long maxLatenessNs;

    Stragglers(long windowNs) {
      this.windowNs = windowNs;
    }

    boolean isStraggler(TraceRecord record) {
      long lateness = gap(newestStartNs, record.startNs());
      if (lateness > windowNs) {
        return true;
      }
      maxLatenessNs = Math.max(maxLatenessNs, lateness);
      newestStartNs = Math.max(newestStartNs, record.startNs());
      return false;
    }
  }

  /** {@code newer - older}, saturated: the start times of a damaged or foreign file may be far apart. */
  static long gap(long newer, long older) {
    try {
      return Math.subtractExact(newer, older);
    } catch (ArithmeticException e) {
      return newer > older ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
  }

  /**
   * One input in its second pass: the records the window places, and the first pass's stragglers. The window is the
   * most any placed record came late in the first pass (the same records are stragglers with it as with the reorder
   * window, which it does not exceed). A record leaves the window once the input has moved a window past it, so no
   * record placed later starts before it (a later record starts at most a window before the newest, or it is a
   * straggler); the stragglers are sorted already.
   */
  private static final class Input {
    final TraceReader reader;
    /** The records the first pass read: the second reads these, so a trace still growing merges as it was. */
    final long records;
    final ArrayDeque<TraceRecord> stragglers;
    final int straggling;
    final Stragglers filter;
    final long windowNs;
    final PriorityQueue<TraceRecord> window = new PriorityQueue<>(TraceMerge::compare);
    long read;
    int stragglersSkipped;

    Input(TraceReader reader, long records, ArrayDeque<TraceRecord> stragglers, long windowNs) {
      this.reader = reader;
      this.records = records;
      this.stragglers = stragglers;
      this.straggling = stragglers.size();
      this.filter = new Stragglers(windowNs);
      this.windowNs = windowNs;
    }

    /** The input's next record in time order, or null at its end. */
    TraceRecord peek() {
      TraceRecord placed = window.peek();
      TraceRecord straggler = stragglers.peek();
      if (placed == null || straggler == null) {
        return placed == null ? straggler : placed;
      }
      return compare(straggler, placed) <= 0 ? straggler : placed;
    }

    TraceRecord poll() throws IOException {
      TraceRecord next = peek();
      if (next == stragglers.peek()) {
        stragglers.poll();
      } else {
        window.poll();
        fill();
      }
      return next;
    }

    /**
     * Reads until the window spans more than its width or the input's records end: strictly more, so that a record
     * read later, at most the width late, starts after the window's first (equal starts would order by thread).
     */
    void fill() throws IOException {
      while (read < records && (window.isEmpty() || gap(filter.newestStartNs, window.peek().startNs()) <= windowNs)) {
        TraceRecord next = reader.next();
        if (next == null) {
          throw changed("it ends after " + read + " of its " + records + " records");
        }
        read++;
        if (filter.isStraggler(next)) {
          stragglersSkipped++;
        } else {
          window.add(next);
        }
      }
      if (read == records && stragglersSkipped != straggling) {
        throw changed("its records are not those read before");
      }
    }

    private IOException changed(String how) {
      return new IOException(reader.name() + " changed while it was being merged (" + how + ")");
    }
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
