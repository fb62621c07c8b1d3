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
    traces = new TestTraces()
        .iorRank("node1", 0, 2, IOR_FILE, 3, BLOCK, TestTraces.T0 + 1_000_000)
        .iorRank("node2", 1, 2, IOR_FILE, 3, BLOCK, TestTraces.T0 + 1_500_000)
        .hadoopTask("node2", "attempt_1700000000000_0007_m_000000_0", TASK_FILE, 5, READ_SIZE, TestTraces.T0);
    List<Path> files = traces.write(dir);
    log = dir.resolve("out.darshan");
    ExportRun.Result result = new ExportRun(ExportFormat.DARSHAN, new ExportOptions()).run(files, log);
    assertThat(result.warnings().total()).as(result.warnings().report()).isZero();
    assertThat(result.skippedByPoint()).isEqualTo(1);
  }

  @Test
  void pydarshanReadsCountersAndDxtSegmentsEqualToTheTrace() throws Exception {
    List<TraceRecord> exported = traces.records.stream().filter(r -> r.point() != TracePoint.STORAGE).toList();
    long start = exported.stream().mapToLong(TraceRecord::startNs).min().orElseThrow();
    long end = exported.stream().mapToLong(TraceRecord::endNs).max().orElseThrow();
    // ranks: IOR ranks keep their numbers, the task comes after them
    Map<String, Integer> rankOf = Map.of("rank 0@node1", 0, "rank 1@node2", 1,
        "attempt_1700000000000_0007_m_000000_0@node2", 2);
    StringBuilder json = new StringBuilder();
    json.append("{\"nprocs\":3,\"start_ns\":").append(start).append(",\"end_ns\":").append(end)
        .append(",\"partial\":false,\"records\":[");
    Map<String, List<TraceRecord>> byRecord = new LinkedHashMap<>();
    for (TraceRecord r : exported) {
      String path = r.path().startsWith("pfs://") ? r.path().substring("pfs://".length()) : r.path();
      byRecord.computeIfAbsent(path + "\t" + rankOf.get(r.context().label()), k -> new ArrayList<>()).add(r);
    }
    List<String> recs = new ArrayList<>();
    for (Map.Entry<String, List<TraceRecord>> en : byRecord.entrySet()) {
      String[] key = en.getKey().split("\t");
      recs.add(expectedRecord(key[0], Integer.parseInt(key[1]), en.getValue(), start));
    }
    json.append(String.join(",", recs)).append("]}");
    Path expected = dir.resolve("expected.json");
    Files.writeString(expected, json);
    ThirdPartyTools.Result check = ThirdPartyTools.run(List.of(python.toString(),
        ThirdPartyTools.resource("darshan_check.py", dir).toString(), log.toString(), expected.toString()), dir, 120);
    assertThat(check.output()).contains("ok 3 records");
    assertThat(check.exit()).as(check.output()).isZero();
  }

  /** What the trace says about one file and rank, computed from its records alone. */
  private static String expectedRecord(String path, int rank, List<TraceRecord> rs, long startNs) {
    List<TraceRecord> reads = rs.stream().filter(r -> r.op().isRead()).toList();
    List<TraceRecord> writes = rs.stream().filter(r -> r.op().isWrite()).toList();
    long opens = rs.stream().filter(r -> r.op().name().contains("OPEN")).count();
    long seeks = rs.stream().filter(r -> r.op().name().contains("SEEK")).count();
    long stats = rs.stream().filter(r -> r.op().name().contains("STATUS")).count();
    // stream reads carry no offset: they follow one another from 0
    List<long[]> readSegs = segments(reads);
    List<long[]> writeSegs = segments(writes);
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("POSIX_OPENS", opens);
    c.put("POSIX_SEEKS", seeks);
    c.put("POSIX_STATS", stats);
    c.put("POSIX_READS", (long) reads.size());
    c.put("POSIX_WRITES", (long) writes.size());
    c.put("POSIX_BYTES_READ", readSegs.stream().mapToLong(s -> s[1]).sum());
    c.put("POSIX_BYTES_WRITTEN", writeSegs.stream().mapToLong(s -> s[1]).sum());
    c.put("POSIX_MAX_BYTE_READ", readSegs.stream().mapToLong(s -> s[0] + s[1] - 1).max().orElse(0));
    c.put("POSIX_MAX_BYTE_WRITTEN", writeSegs.stream().mapToLong(s -> s[0] + s[1] - 1).max().orElse(0));
    c.put("POSIX_RW_SWITCHES", !reads.isEmpty() && !writes.isEmpty() ? 1L : 0L);
    c.put("POSIX_SIZE_READ_10K_100K", readSegs.stream().filter(s -> s[1] > 10240 && s[1] <= 102400).count());
    c.put("POSIX_SIZE_READ_100K_1M", readSegs.stream().filter(s -> s[1] > 102400 && s[1] <= 1048576).count());
    c.put("POSIX_SIZE_WRITE_100K_1M", writeSegs.stream().filter(s -> s[1] > 102400 && s[1] <= 1048576).count());
    c.put("POSIX_CONSEC_READS", consecutive(readSegs));
    c.put("POSIX_CONSEC_WRITES", consecutive(writeSegs));
    c.put("POSIX_SEQ_READS", sequential(readSegs));
    c.put("POSIX_SEQ_WRITES", sequential(writeSegs));
    c.put("POSIX_ACCESS1_ACCESS", rs.stream().filter(r -> r.op().isRead() || r.op().isWrite())
        .mapToLong(TraceRecord::bytes).max().orElse(0));
    c.put("POSIX_ACCESS1_COUNT", (long) (reads.size() + writes.size()));
    c.put("POSIX_FILE_ALIGNMENT", 4096L);
    Map<String, Object> f = new LinkedHashMap<>();
    TraceRecord firstOpen = rs.stream().filter(r -> r.op().name().contains("OPEN")).findFirst().orElseThrow();
    TraceRecord close = rs.stream().filter(r -> r.op().name().contains("CLOSE")).reduce((a, b) -> b).orElseThrow();
    f.put("POSIX_F_OPEN_START_TIMESTAMP", sec(firstOpen.startNs() - startNs));
    f.put("POSIX_F_CLOSE_END_TIMESTAMP", sec(close.endNs() - startNs));
    f.put("POSIX_F_READ_TIME", sec(reads.stream().mapToLong(TraceRecord::durationNs).sum()));
    f.put("POSIX_F_WRITE_TIME", sec(writes.stream().mapToLong(TraceRecord::durationNs).sum()));
    if (!reads.isEmpty()) {
      f.put("POSIX_F_READ_START_TIMESTAMP", sec(reads.get(0).startNs() - startNs));
      f.put("POSIX_F_READ_END_TIMESTAMP", sec(reads.get(reads.size() - 1).endNs() - startNs));
    }
    if (!writes.isEmpty()) {
      f.put("POSIX_F_WRITE_END_TIMESTAMP", sec(writes.get(writes.size() - 1).endNs() - startNs));
    }
    return "{\"name\":\"" + path + "\",\"rank\":" + rank + ",\"counters\":" + obj(c) + ",\"fcounters\":" + obj(f)
        + ",\"dxt_write\":" + dxt(writes, writeSegs, startNs) + ",\"dxt_read\":" + dxt(reads, readSegs, startNs) + "}";
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
        .anyMatch(l -> l.contains("macsio"));
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
    assertThat(text).contains("# Processes 3").contains("Log Format Version 3.41").contains("POSIX (ver=4)")
        .contains("DXT_POSIX (ver=1)");
  }

  @Test
  void drishtiAnalysesTheLog() throws Exception {
    Path drishti = python.resolveSibling("drishti");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(drishti), "drishti-io not installed beside "
        + python);
    ThirdPartyTools.Result out = ThirdPartyTools.run(List.of(drishti.toString(), log.toString()), dir, 180);
    assertThat(out.exit()).as(out.output()).isZero();
    assertThat(out.output()).contains("DRISHTI").containsPattern("PROCESSES\\s+3\\b").contains("2 use POSIX");
  }

  static Comparator<TraceRecord> byStart() {
    return Comparator.comparingLong(TraceRecord::startNs);
  }
}
