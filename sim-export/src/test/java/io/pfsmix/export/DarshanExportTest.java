package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.pfsmix.export.darshan.DarshanHash;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Darshan logs read back by the real PyDarshan 3.5, summarized by `python -m darshan summary`, analysed by Drishti. */
class DarshanExportTest {
  static final String IOR_FILE = "/mnt/pfs/ior/testFile";
  static final String TASK_FILE = "pfs:///user/data/part-00000";
  /** The same file as Hadoop prints a path without authority. */
  static final String TASK_FILE_SHORT = "pfs:/user/data/part-00000";
  static final String OUTPUT_FILE = "pfs:/user/out/part-m-00001";
  /** Ranks: IOR ranks keep their numbers, the tasks come after them in order of attempt id. */
  static final Map<String, Integer> RANKS = Map.of("rank 0@node1", 0, "rank 1@node2", 1,
      "attempt_1700000000000_0007_m_000000_0@node2", 2, "attempt_1700000000000_0007_m_000001_0@node2", 3);
  static final long BLOCK = TestTraces.MIB;
  static final long READ_SIZE = 64 * 1024;

  @TempDir
  static Path dir;
  static Path python;
  static TestTraces traces;
  static Path log;

  @BeforeAll
  static void export() throws Exception {
    python = ThirdPartyTools.pythonWithDarshan();
    traces = fixture();
    List<Path> files = traces.write(dir);
    log = dir.resolve("out.darshan");
    ExportRun.Result result = new ExportRun(ExportFormat.DARSHAN, new ExportOptions()).run(files, log);
    assertThat(result.warnings().total()).as(result.warnings().report()).isZero();
    assertThat(result.skippedByPoint()).isEqualTo(1);
  }

  /**
   * Two IOR ranks on two hosts sharing one file, two Hadoop tasks reading one input (spelled two ways), one of them also
   * making, listing and stat'ing directories, failing a stat and an open, and writing an output; one storage-point read.
   */
  static TestTraces fixture() {
    return new TestTraces()
        .iorRank("node1", 0, 2, IOR_FILE, 3, BLOCK, TestTraces.T0 + 1_000_000)
        .iorRank("node2", 1, 2, IOR_FILE, 3, BLOCK, TestTraces.T0 + 1_500_000)
        .hadoopTask("node2", "attempt_1700000000000_0007_m_000000_0", TASK_FILE, 5, READ_SIZE, TestTraces.T0)
        .hadoopNamespaceTask("node2", "attempt_1700000000000_0007_m_000001_0", TASK_FILE_SHORT, OUTPUT_FILE, 3,
            READ_SIZE, TestTraces.T0 + 2_000_000);
  }

  @Test
  void pydarshanReadsCountersAndDxtSegmentsEqualToTheTrace() throws Exception {
    // what Darshan's runtime would have recorded: successful calls (and closes) at the exported points
    List<TraceRecord> exported = traces.records.stream().filter(r -> r.point() != TracePoint.STORAGE)
        .filter(r -> r.succeeded() || r.op().name().contains("CLOSE")).toList();
    long start = traces.records.stream().filter(r -> r.point() != TracePoint.STORAGE)
        .mapToLong(TraceRecord::startNs).min().orElseThrow();
    long end = traces.records.stream().filter(r -> r.point() != TracePoint.STORAGE)
        .mapToLong(TraceRecord::endNs).max().orElseThrow();
    // regular files: the paths some call opened, read or wrote
    List<String> files = exported.stream().filter(r -> isOpen(r) || r.op().isRead() || r.op().isWrite())
        .map(r -> name(r.path())).distinct().toList();
    assertThat(files).containsExactlyInAnyOrder(IOR_FILE, "/user/data/part-00000", "/user/out/part-m-00001");
    Map<String, Map<Integer, List<TraceRecord>>> byFile = new LinkedHashMap<>();
    for (TraceRecord r : exported) {
      if (files.contains(name(r.path()))) {
        byFile.computeIfAbsent(name(r.path()), k -> new java.util.TreeMap<>())
            .computeIfAbsent(RANKS.get(r.context().label()), k -> new ArrayList<>()).add(r);
      }
    }
    List<String> recs = new ArrayList<>();
    List<String> dxt = new ArrayList<>();
    for (Map.Entry<String, Map<Integer, List<TraceRecord>>> file : byFile.entrySet()) {
      List<Map<String, Object>[]> perRank = new ArrayList<>();
      for (Map.Entry<Integer, List<TraceRecord>> rank : file.getValue().entrySet()) {
        perRank.add(expectedCounters(rank.getValue(), start));
        dxt.add(expectedDxt(file.getKey(), rank.getKey(), rank.getValue(), start));
      }
      // a file two ranks used is one record of rank -1 that reduces theirs
      int rank = perRank.size() == 1 ? file.getValue().keySet().iterator().next() : -1;
      Map<String, Object>[] c = perRank.size() == 1 ? perRank.get(0)
          : reduced(perRank, List.copyOf(file.getValue().keySet()));
      recs.add("{\"name\":\"" + file.getKey() + "\",\"rank\":" + rank + ",\"counters\":" + obj(c[0])
          + ",\"fcounters\":" + obj(c[1]) + "}");
    }
    assertThat(recs).as("IOR's file and the input both tasks read are shared").hasSize(3);
    String json = "{\"nprocs\":4,\"start_ns\":" + start + ",\"end_ns\":" + end + ",\"partial\":false,\"records\":["
        + String.join(",", recs) + "],\"dxt\":[" + String.join(",", dxt) + "]}";
    Path expected = dir.resolve("expected.json");
    Files.writeString(expected, json);
    ThirdPartyTools.Result check = ThirdPartyTools.run(List.of(python.toString(),
        ThirdPartyTools.resource("darshan_check.py", dir).toString(), log.toString(), expected.toString()), dir, 120);
    assertThat(check.output()).contains("ok 3 records");
    assertThat(check.exit()).as(check.output()).isZero();
  }

  private static boolean isOpen(TraceRecord r) {
    return r.op().name().contains("OPEN") || r.op().name().contains("CREATE");
  }

  /** The file as Darshan names it: Hadoop's "pfs:/x", "pfs:///x" and "pfs://authority/x" are all "/x". */
  private static String name(String path) {
    return path.replaceFirst("^pfs:(//[^/]*)?", "");
  }

  /** Counters and fcounters of one file and rank, computed from its records alone. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object>[] expectedCounters(List<TraceRecord> rs, long startNs) {
    List<TraceRecord> reads = rs.stream().filter(r -> r.op().isRead()).toList();
    List<TraceRecord> writes = rs.stream().filter(r -> r.op().isWrite()).toList();
    List<TraceRecord> meta = rs.stream().filter(r -> !r.op().isRead() && !r.op().isWrite()).toList();
    // stream calls carry no offset: they follow one another from 0
    List<long[]> readSegs = segments(reads);
    List<long[]> writeSegs = segments(writes);
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("POSIX_OPENS", rs.stream().filter(DarshanExportTest::isOpen).count());
    c.put("POSIX_SEEKS", rs.stream().filter(r -> r.op().name().contains("SEEK")).count());
    c.put("POSIX_STATS", rs.stream().filter(r -> r.op().name().contains("STATUS")).count());
    c.put("POSIX_READS", (long) reads.size());
    c.put("POSIX_WRITES", (long) writes.size());
    c.put("POSIX_BYTES_READ", readSegs.stream().mapToLong(s -> s[1]).sum());
    c.put("POSIX_BYTES_WRITTEN", writeSegs.stream().mapToLong(s -> s[1]).sum());
    c.put("POSIX_MAX_BYTE_READ", readSegs.stream().mapToLong(s -> s[0] + s[1] - 1).max().orElse(0));
    c.put("POSIX_MAX_BYTE_WRITTEN", writeSegs.stream().mapToLong(s -> s[0] + s[1] - 1).max().orElse(0));
    c.put("POSIX_RW_SWITCHES", !reads.isEmpty() && !writes.isEmpty() ? 1L : 0L);
    c.put("POSIX_SIZE_READ_10K_100K", readSegs.stream().filter(s -> s[1] > 10240 && s[1] <= 102400).count());
    c.put("POSIX_SIZE_READ_100K_1M", readSegs.stream().filter(s -> s[1] > 102400 && s[1] <= 1048576).count());
    c.put("POSIX_SIZE_WRITE_10K_100K", writeSegs.stream().filter(s -> s[1] > 10240 && s[1] <= 102400).count());
    c.put("POSIX_SIZE_WRITE_100K_1M", writeSegs.stream().filter(s -> s[1] > 102400 && s[1] <= 1048576).count());
    c.put("POSIX_CONSEC_READS", consecutive(readSegs));
    c.put("POSIX_CONSEC_WRITES", consecutive(writeSegs));
    c.put("POSIX_SEQ_READS", sequential(readSegs));
    c.put("POSIX_SEQ_WRITES", sequential(writeSegs));
    // every rank of these traces uses one access size
    c.put("POSIX_ACCESS1_ACCESS", rs.stream().filter(r -> r.op().isRead() || r.op().isWrite())
        .mapToLong(TraceRecord::bytes).max().orElse(0));
    c.put("POSIX_ACCESS1_COUNT", (long) (reads.size() + writes.size()));
    c.put("POSIX_FILE_ALIGNMENT", 4096L);
    Map<String, Object> f = new LinkedHashMap<>();
    TraceRecord firstOpen = rs.stream().filter(DarshanExportTest::isOpen).findFirst().orElseThrow();
    TraceRecord close = rs.stream().filter(r -> r.op().name().contains("CLOSE")).reduce((a, b) -> b).orElseThrow();
    f.put("POSIX_F_OPEN_START_TIMESTAMP", sec(firstOpen.startNs() - startNs));
    f.put("POSIX_F_CLOSE_END_TIMESTAMP", sec(close.endNs() - startNs));
    f.put("POSIX_F_READ_TIME", sec(reads.stream().mapToLong(TraceRecord::durationNs).sum()));
    f.put("POSIX_F_WRITE_TIME", sec(writes.stream().mapToLong(TraceRecord::durationNs).sum()));
    // the calls of one rank follow one another: no overlap to leave out
    f.put("POSIX_F_META_TIME", sec(meta.stream().mapToLong(TraceRecord::durationNs).sum()));
    if (!reads.isEmpty()) {
      f.put("POSIX_F_READ_START_TIMESTAMP", sec(reads.get(0).startNs() - startNs));
      f.put("POSIX_F_READ_END_TIMESTAMP", sec(reads.get(reads.size() - 1).endNs() - startNs));
    }
    if (!writes.isEmpty()) {
      f.put("POSIX_F_WRITE_END_TIMESTAMP", sec(writes.get(writes.size() - 1).endNs() - startNs));
    }
    return new Map[] {c, f};
  }

  /**
   * The rank -1 record Darshan's runtime reduces from the ranks' records: sums, the highest offsets, the earliest start
   * and latest end, and the fastest and slowest rank by read + write + metadata time with their bytes.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object>[] reduced(List<Map<String, Object>[]> ranks, List<Integer> rankNumbers) {
    Map<String, Object> c = new LinkedHashMap<>();
    Map<String, Object> f = new LinkedHashMap<>();
    double fastest = Double.MAX_VALUE;
    double slowest = -1;
    for (int i = 0; i < ranks.size(); i++) {
      Map<String, Object>[] r = ranks.get(i);
      r[0].forEach((k, v) -> c.merge(k, v, (a, b) -> k.startsWith("POSIX_MAX_BYTE") || k.equals("POSIX_ACCESS1_ACCESS")
          || k.equals("POSIX_FILE_ALIGNMENT") ? Math.max((Long) a, (Long) b) : (Long) a + (Long) b));
      r[1].forEach((k, v) -> f.merge(k, v, (a, b) -> {
        double x = Double.parseDouble((String) a);
        double y = Double.parseDouble((String) b);
        return String.format(Locale.ROOT, "%.9f",
            k.endsWith("_TIME") ? x + y : k.contains("START") ? Math.min(x, y) : Math.max(x, y));
      }));
      double time = Double.parseDouble((String) r[1].get("POSIX_F_READ_TIME"))
          + Double.parseDouble((String) r[1].get("POSIX_F_WRITE_TIME"))
          + Double.parseDouble((String) r[1].get("POSIX_F_META_TIME"));
      long bytes = (Long) r[0].get("POSIX_BYTES_READ") + (Long) r[0].get("POSIX_BYTES_WRITTEN");
      if (time < fastest) {
        fastest = time;
        c.put("POSIX_FASTEST_RANK", (long) rankNumbers.get(i));
        c.put("POSIX_FASTEST_RANK_BYTES", bytes);
        f.put("POSIX_F_FASTEST_RANK_TIME", String.format(Locale.ROOT, "%.9f", time));
      }
      if (time > slowest) {
        slowest = time;
        c.put("POSIX_SLOWEST_RANK", (long) rankNumbers.get(i));
        c.put("POSIX_SLOWEST_RANK_BYTES", bytes);
        f.put("POSIX_F_SLOWEST_RANK_TIME", String.format(Locale.ROOT, "%.9f", time));
      }
    }
    return new Map[] {c, f};
  }

  private static String expectedDxt(String name, int rank, List<TraceRecord> rs, long startNs) {
    List<TraceRecord> reads = rs.stream().filter(r -> r.op().isRead()).toList();
    List<TraceRecord> writes = rs.stream().filter(r -> r.op().isWrite()).toList();
    return "{\"name\":\"" + name + "\",\"rank\":" + rank + ",\"write\":" + dxt(writes, segments(writes), startNs)
        + ",\"read\":" + dxt(reads, segments(reads), startNs) + "}";
  }

  private static List<long[]> segments(List<TraceRecord> rs) {
    List<long[]> out = new ArrayList<>();
    long next = 0;
    for (TraceRecord r : rs) {
      long off = r.offset() == TraceRecord.NONE ? next : r.offset();
      out.add(new long[] {off, r.bytes()});
      next = off + r.bytes();
    }
    return out;
  }

  /** Darshan counts an access consecutive when it starts right after the last byte of the previous one. */
  private static long consecutive(List<long[]> segs) {
    long n = 0;
    for (int i = 1; i < segs.size(); i++) {
      long[] prev = segs.get(i - 1);
      n += segs.get(i)[0] == prev[0] + prev[1] ? 1 : 0;
    }
    return n;
  }

  /** ...and sequential when it starts beyond the last byte of the previous one (the first never is: that is 0). */
  private static long sequential(List<long[]> segs) {
    long n = 0;
    long lastByte = 0;
    for (long[] s : segs) {
      n += s[0] > lastByte ? 1 : 0;
      lastByte = s[0] + s[1] - 1;
    }
    return n;
  }

  private static String dxt(List<TraceRecord> rs, List<long[]> segs, long startNs) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < rs.size(); i++) {
      out.add("[" + segs.get(i)[0] + "," + segs.get(i)[1] + "," + sec(rs.get(i).startNs() - startNs) + ","
          + sec(rs.get(i).endNs() - startNs) + "]");
    }
    return "[" + String.join(",", out) + "]";
  }

  private static String sec(long ns) {
    return String.format(Locale.ROOT, "%.9f", ns / 1e9);
  }

  private static String obj(Map<String, Object> m) {
    return m.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
        .collect(Collectors.joining(",", "{", "}"));
  }

  @Test
  void recordIdsAreTheIdsTheDarshanRuntimeGivesTheSameNames() throws Exception {
    // the logs shipped with PyDarshan were written by the real Darshan runtime: our hash must give their ids
    Path script = dir.resolve("ids.py");
    Files.writeString(script, String.join("\n",
        "import darshan, glob, os, sys",
        "logs = sorted(glob.glob(os.path.join(os.path.dirname(darshan.__file__), 'examples', 'example_logs',",
        "                                     'shane_macsio_*.darshan')))",
        "for log in logs + [sys.argv[1]]:",
        "    report = darshan.DarshanReport(log, read_all=False)",
        "    report.read_name_records()",
        "    for i, n in report.name_records.items():",
        "        print(i, n, sep='\\t')", ""));
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(python.toString(), script.toString(), log.toString()),
        dir, 60);
    assertThat(out.exit()).as(out.output()).isZero();
    List<String> lines = out.output().lines().filter(l -> l.contains("\t")).toList();
    assertThat(lines).as("names from the Darshan runtime's example log and ours").hasSizeGreaterThan(4)
        .anyMatch(l -> l.endsWith("\t" + IOR_FILE)).anyMatch(l -> l.endsWith("\t/user/data/part-00000"))
        .anyMatch(l -> l.endsWith("\t/user/out/part-m-00001")).anyMatch(l -> l.contains("macsio"))
        // only regular files are named: not the directory made, listed or stat'ed, nor names that failed
        .noneMatch(l -> l.endsWith("\t/user/out") || l.endsWith("\t/") || l.endsWith("\t/out") || l.endsWith("\t/in")
            || l.contains("_missing") || l.contains("absent") || l.contains("pfs:"));
    for (String line : lines) {
      String[] f = line.split("\t", 2);
      assertThat(Long.toUnsignedString(DarshanHash.recordId(f[1]))).as(f[1]).isEqualTo(f[0]);
    }
  }

  @Test
  void darshanSummaryProducesItsReport() throws Exception {
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(python.toString(), "-m", "darshan", "summary",
        log.toString(), "--output", dir.resolve("summary.html").toString()), dir, 180);
    assertThat(out.exit()).as(out.output()).isZero();
    String text = Files.readString(dir.resolve("summary.html")).replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ");
    assertThat(text).contains("# Processes 4").contains("Log Format Version 3.41").contains("POSIX (ver=4)")
        .contains("DXT_POSIX (ver=1)");
  }

  @Test
  void drishtiAnalysesTheLog() throws Exception {
    Path drishti = python.resolveSibling("drishti");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(drishti), "drishti-io not installed beside "
        + python);
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(drishti.toString(), log.toString()), dir, 180);
    assertThat(out.exit()).as(out.output()).isZero();
    assertThat(out.output()).contains("DRISHTI").containsPattern("PROCESSES\\s+4\\b").contains("3 use POSIX");
  }

  static Comparator<TraceRecord> byStart() {
    return Comparator.comparingLong(TraceRecord::startNs);
  }
}
