package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PFSsim, HECIOS (SHTF), DiskSim and CSV outputs, read back with parsers that follow each format's documented grammar
 * (the simulators themselves cannot be installed here).
 */
class TextFormatsTest {
  static final String IOR_FILE = "/pfs/ior/testFile";
  static final String TASK_FILE = "pfs:///in/part-0";

  @TempDir
  Path dir;
  TestTraces t;
  List<Path> traces;
  List<TraceRecord> data;

  @BeforeEach
  void traces() throws Exception {
    t = new TestTraces()
        .iorRank("node1", 0, 2, IOR_FILE, 3, 1 << 20, TestTraces.T0 + 1000)
        .iorRank("node1", 1, 2, IOR_FILE, 3, 1 << 20, TestTraces.T0 + 2000)
        .hadoopTask("node2", "attempt_1700000000000_0007_m_000000_0", TASK_FILE, 4, 1000, TestTraces.T0);
    traces = t.write(dir);
    data = t.records.stream().filter(r -> r.point() != TracePoint.STORAGE && (r.op().isRead() || r.op().isWrite()))
        .toList();
  }

  private ExportRun.Result export(ExportFormat f, Path out) throws Exception {
    return new ExportRun(f, new ExportOptions()).run(traces, out);
  }

  @Test
  void pfssimLinesAreTimeFileOffsetSizeReadAppSync() throws Exception {
    Path out = dir.resolve("pfssim");
    ExportRun.Result r = export(ExportFormat.PFSSIM, out);
    // the task's stat cannot be expressed: one counted warning naming it
    assertThat(r.warnings().total()).isEqualTo(1);
    assertThat(r.warnings().report()).contains("record 1 (GET_FILE_STATUS");
    Map<String, String> files = table(out.resolve("files.txt"));
    assertThat(files.values()).containsExactlyInAnyOrder("/in/part-0", IOR_FILE);
    long lines = 0;
    long bytes = 0;
    for (String actor : List.of("rank-0", "rank-1", "attempt_1700000000000_0007_m_000000_0")) {
      double last = -1;
      for (String line : Files.readAllLines(out.resolve(actor + ".trace"))) {
        String[] f = line.split(" ");
        assertThat(f).hasSize(7);
        double time = Double.parseDouble(f[0]);
        assertThat(time).isGreaterThanOrEqualTo(last);
        last = time;
        assertThat(files).containsKey(f[1]);
        assertThat(f[4]).isIn("0", "1");
        assertThat(f[6]).isEqualTo("1");
        bytes += Long.parseLong(f[3]);
        lines++;
      }
    }
    assertThat(lines).isEqualTo(data.size());
    assertThat(bytes).isEqualTo(data.stream().mapToLong(TraceRecord::bytes).sum());
    // the first IOR write of rank 1: at its block offset, a write (0), application "ior"
    String first = Files.readAllLines(out.resolve("rank-1.trace")).get(0);
    Map<String, String> apps = table(out.resolve("apps.txt"));
    String ior = apps.entrySet().stream().filter(e -> e.getValue().equals("ior")).findFirst().orElseThrow().getKey();
    String iorFile = files.entrySet().stream().filter(e -> e.getValue().equals(IOR_FILE)).findFirst().orElseThrow()
        .getKey();
    assertThat(first).endsWith(" " + iorFile + " 1048576 1048576 0 " + ior + " 1");
  }

  @Test
  void heciosShtfHasHeaderFileTableAndRecordsAsItsReaderExpects() throws Exception {
    Path out = dir.resolve("hecios");
    export(ExportFormat.HECIOS, out);
    Path shtf = out.resolve("rank-0.shtf");
    try (BufferedReader in = Files.newBufferedReader(shtf, StandardCharsets.UTF_8)) {
      assertThat(in.readLine()).isNotBlank(); // the format line
      String[] counts = in.readLine().split(" ");
      int numFiles = Integer.parseInt(counts[0]);
      long numRecords = Long.parseLong(counts[1]);
      Map<String, Long> sizes = new HashMap<>();
      for (int i = 0; i < numFiles; i++) {
        String[] f = in.readLine().split(" ");
        sizes.put(f[0], Long.parseLong(f[1]));
      }
      assertThat(sizes).containsExactly(Map.entry(IOR_FILE, 5L << 20));
      List<String[]> records = new ArrayList<>();
      String line;
      while ((line = in.readLine()) != null) {
        records.add(line.split(" "));
      }
      assertThat(records).hasSize((int) numRecords);
      // open, 3 writes, 3 reads, close; the seek is implied by the offsets
      assertThat(records.stream().map(f -> f[2]).toList())
          .containsExactly("OPEN", "WRITE", "WRITE", "WRITE", "READ", "READ", "READ", "CLOSE");
      String fd = records.get(0)[5];
      assertThat(records.get(0)).containsExactly(records.get(0)[0], records.get(0)[1], "OPEN", IOR_FILE, "r", fd);
      assertThat(records.get(2)).endsWith("WRITE", fd, String.valueOf(2L << 20), String.valueOf(1L << 20));
      assertThat(records.get(7)).endsWith("CLOSE", fd, "0");
      assertThat(Double.parseDouble(records.get(1)[1])).isEqualTo(0.002); // duration of a 2 ms write
    }
    assertThat(out.resolve(".spool")).doesNotExist();
  }

  @Test
  void disksimRequestsAreBlockAlignedReadFlaggedAndTimeOrdered() throws Exception {
    Path out = dir.resolve("trace.disksim");
    export(ExportFormat.DISKSIM, out);
    List<String> lines = Files.readAllLines(out);
    assertThat(lines).hasSize(data.size());
    double last = -1;
    long blocks = 0;
    long reads = 0;
    for (String line : lines) {
      String[] f = line.split(" ");
      assertThat(f).hasSize(5);
      double ms = Double.parseDouble(f[0]);
      assertThat(ms).isGreaterThanOrEqualTo(last);
      last = ms;
      assertThat(f[1]).isEqualTo("0");
      blocks += Long.parseLong(f[3]);
      reads += f[4].equals("1") ? 1 : 0;
    }
    long expectedBlocks = 0;
    long next = 0;
    for (TraceRecord r : data) {
      // the task's stream reads follow one another from offset 0
      long off = r.offset() == TraceRecord.NONE ? next : r.offset();
      expectedBlocks += (off % 512 + r.bytes() + 511) / 512;
      next = r.offset() == TraceRecord.NONE ? off + r.bytes() : next;
    }
    assertThat(blocks).isEqualTo(expectedBlocks);
    assertThat(reads).isEqualTo(data.stream().filter(r -> r.op().isRead()).count());
    // the IOR file's first write comes first, so it owns blocks from 0: rank 1's first 1 MiB write is at block 2048;
    // the task's file is the second file used and starts one file span (2^32 blocks) in: 1000 bytes are 2 blocks
    assertThat(lines).anyMatch(l -> l.endsWith(" 0 2048 2048 0"));
    assertThat(lines).anyMatch(l -> l.endsWith(" 0 " + (1L << 32) + " 2 1"));
  }

  @Test
  void csvHasOneRowPerRecordWithEveryField() throws Exception {
    Path out = dir.resolve("trace.csv");
    export(ExportFormat.CSV, out);
    List<String> lines = Files.readAllLines(out);
    List<TraceRecord> exported = t.records.stream().filter(r -> r.point() != TracePoint.STORAGE).toList();
    assertThat(lines).hasSize(exported.size() + 1);
    List<String> header = List.of(lines.get(0).split(","));
    assertThat(header).contains("start_ns", "duration_ns", "op", "path", "offset", "bytes", "host", "rank", "actor");
    long bytes = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      assertThat(f).hasSize(header.size());
      String b = f[header.indexOf("bytes")];
      String op = f[header.indexOf("op")];
      if (!b.isEmpty() && (op.contains("READ") || op.contains("WRITE"))) {
        bytes += Long.parseLong(b);
      }
    }
    assertThat(bytes).isEqualTo(data.stream().mapToLong(TraceRecord::bytes).sum());
    String firstIorWrite = lines.stream().filter(l -> l.contains("POSIX_PWRITE")).findFirst().orElseThrow();
    TraceRecord w = exported.stream().filter(r -> r.op().isWrite()).min(
        java.util.Comparator.comparingLong(TraceRecord::startNs)).orElseThrow();
    assertThat(firstIorWrite).contains("," + w.startNs() + "," + w.durationNs() + ",POSIX_PWRITE,WRITE,POSIX,"
        + IOR_FILE + "," + w.offset() + "," + w.offset() + "," + w.length() + "," + w.bytes() + ",ok,");
  }

  private static Map<String, String> table(Path file) throws Exception {
    Map<String, String> m = new HashMap<>();
    for (String line : Files.readAllLines(file)) {
      int sp = line.indexOf(' ');
      m.put(line.substring(0, sp), line.substring(sp + 1));
    }
    return m;
  }
}
