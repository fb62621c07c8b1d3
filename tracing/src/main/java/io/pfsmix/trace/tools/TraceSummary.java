package io.pfsmix.trace.tools;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/**
 * Totals over one or more traces: the program's data files apart from what its launcher and runtime touched
 * ({@link LauncherFiles}); per operation (and trace point) counts, bytes and time; a size histogram of data calls; per
 * file; per Hadoop task or IOR rank; the time span; failures; cut-short files and lost records.
 */
public final class TraceSummary {

  /** Counts of one group of records. */
  public static final class Totals {
    long count;
    long bytes;
    long durationNs;
    long failures;

    void add(TraceRecord record) {
      count++;
      if (record.bytes() > 0 && (record.op().isRead() || record.op().isWrite())) {
        bytes += record.bytes();
      }
      durationNs += record.durationNs();
      if (!record.succeeded()) {
        failures++;
      }
    }

    public long count() {
      return count;
    }

    public long bytes() {
      return bytes;
    }

    public long durationNs() {
      return durationNs;
    }

    public long failures() {
      return failures;
    }
  }

  /** Reads and writes of one file. */
  public static class FileTotals {
    final Totals reads = new Totals();
    final Totals writes = new Totals();
    long calls;

    public Totals reads() {
      return reads;
    }

    public Totals writes() {
      return writes;
    }

    public long calls() {
      return calls;
    }
  }

  /** Files of one kind: the program's data files, or one group of launcher and system files. */
  public static final class KindTotals extends FileTotals {
    long failures;
    long files;

    /** Calls of any operation that failed (a failed open counts here, not in reads or writes). */
    public long failures() {
      return failures;
    }

    public long files() {
      return files;
    }
  }

  /** The kind of the program's own files in {@link #byKind()}. */
  public static final String DATA = "data files";

  /** Size buckets: bucket i holds sizes in [2^(i-1), 2^i), bucket 0 holds 0. */
  private static final int BUCKETS = 64;

  private final Map<TracePoint, Map<TraceOp, Totals>> byOperation = new EnumMap<>(TracePoint.class);
  private final Map<String, long[]> histograms = new TreeMap<>();
  private final Map<String, FileTotals> byFile = new LinkedHashMap<>();
  /** The keys of {@link #byFile} that are launcher or system files. */
  private final java.util.Set<String> launcherFiles = new java.util.HashSet<>();
  private final Map<String, KindTotals> byKind = new TreeMap<>();
  private final Map<String, Totals> byContext = new TreeMap<>();
  private final Map<String, Long> failuresByResult = new TreeMap<>();
  private final List<String> notes = new ArrayList<>();
  private long records;
  private long lostRecords;
  private long firstStartNs = Long.MAX_VALUE;
  private long lastEndNs = Long.MIN_VALUE;
  private int files;

  /** Adds every record of a reader, and its cut-short and lost-record facts. */
  public void addAll(TraceReader reader) throws java.io.IOException {
    files++;
    for (TraceRecord record = reader.next(); record != null; record = reader.next()) {
      add(record);
    }
    if (reader.cutShort()) {
      notes.add(reader.cutShortMessage());
    }
    lostRecords += reader.lostRecords();
    if (reader.lostRecords() > 0) {
      notes.add(reader.name() + ": the producer lost " + reader.lostRecords() + " records");
    }
  }

  public void add(TraceRecord record) {
    records++;
    byOperation.computeIfAbsent(record.point(), p -> new EnumMap<>(TraceOp.class))
        .computeIfAbsent(record.op(), o -> new Totals()).add(record);
    if (record.op().isRead() || record.op().isWrite()) {
      String key = record.point() + " " + (record.op().isRead() ? "read" : "write");
      long size = record.length() == TraceRecord.NONE ? Math.max(0, record.bytes()) : record.length();
      histograms.computeIfAbsent(key, k -> new long[BUCKETS])[bucket(size)]++;
    }
    if (record.path() != null) {
      String group = LauncherFiles.groupOf(record);
      KindTotals kind = byKind.computeIfAbsent(group == null ? DATA : group, k -> new KindTotals());
      FileTotals file = byFile.computeIfAbsent(record.point() + " " + record.path(), key -> {
        kind.files++;
        if (group != null) {
          launcherFiles.add(key);
        }
        return new FileTotals();
      });
      file.calls++;
      kind.calls++;
      if (!record.succeeded()) {
        kind.failures++;
      }
      if (record.op().isRead()) {
        file.reads.add(record);
        kind.reads.add(record);
      } else if (record.op().isWrite()) {
        file.writes.add(record);
        kind.writes.add(record);
      }
    }
    byContext.computeIfAbsent(record.context().label(), c -> new Totals()).add(record);
    if (!record.succeeded()) {
      failuresByResult.merge(record.result(), 1L, Long::sum);
    }
    firstStartNs = Math.min(firstStartNs, record.startNs());
    lastEndNs = Math.max(lastEndNs, record.endNs());
  }

  static int bucket(long size) {
    return size <= 0 ? 0 : Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(size));
  }

  public long records() {
    return records;
  }

  public long lostRecords() {
    return lostRecords;
  }

  public Totals totals(TracePoint point, TraceOp op) {
    Map<TraceOp, Totals> ops = byOperation.get(point);
    return ops == null || !ops.containsKey(op) ? new Totals() : ops.get(op);
  }

  public Map<String, FileTotals> byFile() {
    return byFile;
  }

  /**
   * Per kind of file: {@link #DATA} for the program's data files (its totals are what the program itself moved), else
   * the launcher or system group ({@link LauncherFiles#groupOf}).
   */
  public Map<String, KindTotals> byKind() {
    return byKind;
  }

  /** The program's data files' totals (empty when the trace holds none). */
  public KindTotals data() {
    return byKind.getOrDefault(DATA, new KindTotals());
  }

  public Map<String, Totals> byContext() {
    return byContext;
  }

  public List<String> notes() {
    return notes;
  }

  /** Start of the first record and end of the last, ns since the epoch; both 0 when there are no records. */
  public long firstStartNs() {
    return records == 0 ? 0 : firstStartNs;
  }

  public long lastEndNs() {
    return records == 0 ? 0 : lastEndNs;
  }

  /** Writes the report; {@code topFiles} limits the per-file table (0 = all). */
  public void print(PrintStream out, int topFiles) {
    out.printf("%d records in %d trace file(s), %d lost%n", records, files, lostRecords);
    if (records > 0) {
      out.printf("time span: %s .. %s (%.6f s)%n", instant(firstStartNs), instant(lastEndNs),
          (lastEndNs - firstStartNs) / 1e9);
    }
    for (String note : notes) {
      out.println("note: " + note);
    }
    if (!byKind.isEmpty()) {
      out.println();
      out.println("files by kind (the program's data files; then what its launcher and runtime touched, by tree):");
      out.printf("  %-24s %8s %10s %8s %16s %8s %16s %9s%n", "kind", "files", "calls", "reads", "bytes read", "writes",
          "bytes written", "failures");
      List<Map.Entry<String, KindTotals>> kinds = new ArrayList<>(byKind.entrySet());
      kinds.sort(Comparator.comparing((Map.Entry<String, KindTotals> e) -> !e.getKey().equals(DATA))
          .thenComparing(e -> -(e.getValue().reads.bytes + e.getValue().writes.bytes)));
      for (Map.Entry<String, KindTotals> kind : kinds) {
        KindTotals k = kind.getValue();
        out.printf("  %-24s %8d %10d %8d %16d %8d %16d %9d%n", kind.getKey(), k.files, k.calls, k.reads.count,
            k.reads.bytes, k.writes.count, k.writes.bytes, k.failures);
      }
    }
    out.println();
    out.printf("%-11s %-26s %12s %16s %14s %10s %9s%n", "point", "operation", "calls", "bytes", "total time s",
        "mean us", "failures");
    for (Map.Entry<TracePoint, Map<TraceOp, Totals>> point : byOperation.entrySet()) {
      for (Map.Entry<TraceOp, Totals> op : point.getValue().entrySet()) {
        Totals t = op.getValue();
        out.printf("%-11s %-26s %12d %16d %14.6f %10.2f %9d%n", point.getKey(), op.getKey(), t.count, t.bytes,
            t.durationNs / 1e9, t.durationNs / 1e3 / t.count, t.failures);
      }
    }
    if (!histograms.isEmpty()) {
      out.println();
      out.println("request sizes (bytes asked; bucket [low, high)):");
      for (Map.Entry<String, long[]> histogram : histograms.entrySet()) {
        out.println("  " + histogram.getKey() + ":");
        long[] counts = histogram.getValue();
        for (int i = 0; i < counts.length; i++) {
          if (counts[i] > 0) {
            String range = i == 0 ? "0" : "[" + size(1L << (i - 1)) + ", " + (i == 63 ? "inf" : size(1L << i)) + ")";
            out.printf("    %-24s %12d%n", range, counts[i]);
          }
        }
      }
    }
    out.println();
    out.printf("%-44s %12s %16s %16s %12s%n", "task / rank", "calls", "bytes", "time s", "failures");
    for (Map.Entry<String, Totals> context : byContext.entrySet()) {
      Totals t = context.getValue();
      out.printf("%-44s %12d %16d %16.6f %12d%n", context.getKey(), t.count, t.bytes, t.durationNs / 1e9, t.failures);
    }
    out.println();
    List<Map.Entry<String, FileTotals>> files = new ArrayList<>(byFile.entrySet());
    // data files first: the launcher's reads (a 10 MB PCI table) would push a small checkpoint off the list
    files.sort(Comparator.comparing((Map.Entry<String, FileTotals> e) -> launcherFiles.contains(e.getKey()))
        .thenComparing(e -> -(e.getValue().reads.bytes + e.getValue().writes.bytes)));
    int shown = topFiles <= 0 ? files.size() : Math.min(topFiles, files.size());
    out.printf("files (%d, %s by bytes moved, data files first):%n", files.size(),
        shown == files.size() ? "all" : "top " + shown);
    out.printf("  %10s %8s %16s %8s %16s  %s%n", "calls", "reads", "bytes read", "writes", "bytes written", "point path");
    for (Map.Entry<String, FileTotals> file : files.subList(0, shown)) {
      FileTotals f = file.getValue();
      out.printf("  %10d %8d %16d %8d %16d  %s%n", f.calls, f.reads.count, f.reads.bytes, f.writes.count,
          f.writes.bytes, file.getKey());
    }
    if (!failuresByResult.isEmpty()) {
      out.println();
      out.println("failures by result:");
      failuresByResult.forEach((result, count) -> out.printf("  %-50s %10d%n", result, count));
    }
  }

  private static String instant(long ns) {
    return Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L)).toString();
  }

  private static String size(long bytes) {
    if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
      return (bytes >> 30) + " GiB";
    }
    if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
      return (bytes >> 20) + " MiB";
    }
    if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
      return (bytes >> 10) + " KiB";
    }
    return Long.toString(bytes);
  }
}
