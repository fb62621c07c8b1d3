package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TraceFormatException;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;
import java.io.RandomAccessFile;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input never yields a silently wrong file: errors name the problem, cut traces and lost data are counted. */
class ExportErrorsTest {
  @TempDir
  Path dir;

  @Test
  void unknownFormatNamesTheKnownOnes() {
    assertThatThrownBy(() -> ExportFormat.parse("otf3")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown export format 'otf3'; known formats: darshan, simgrid, chrome, pfssim, hecios, disksim, csv");
  }

  @Test
  void corruptTraceFailsNamingFileAndOffsetAndLeavesNoOutput() throws Exception {
    Path trace = dir.resolve("bad.ptrace");
    Files.write(trace, "NOTATRACE-just-some-bytes-that-are-not-a-pfsmix-trace".getBytes());
    Path out = dir.resolve("out.csv");
    assertThatThrownBy(() -> new ExportRun(ExportFormat.CSV, new ExportOptions()).run(List.of(trace), out))
        .isInstanceOf(TraceFormatException.class).hasMessageContaining(trace.toString())
        .hasMessageContaining("byte offset");
    assertThat(out).doesNotExist();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).noneMatch(p -> p.getFileName().toString().contains("partial"));
    }
  }

  @Test
  void traceCutShortExportsItsWholeBlocksWithAWarningNamingIt() throws Exception {
    Path trace = dir.resolve("cut.ptrace");
    EventContext c = new EventContext("n1", 1, "", "", 0);
    try (TraceWriter w = TraceWriter.create(trace, TraceHeader.current(TestTraces.T0, 0, "n1", 1, "test"))) {
      for (int block = 0; block < 3; block++) {
        for (int i = 0; i < 10; i++) {
          long t = TestTraces.T0 + (block * 10L + i) * 1000;
          w.write(new TraceRecord(t, 100, TraceOp.POSIX_PWRITE, TracePoint.POSIX, "/f", (block * 10L + i) * 4096, 4096,
              4096, TraceRecord.OK, 1, c));
        }
        w.flush();
      }
    }
    long size = Files.size(trace);
    Path cut = dir.resolve("cut-copy.ptrace");
    Files.copy(trace, cut);
    // a killed writer: the END block and the last byte of the last data block are missing
    try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
      f.setLength(size - TraceFormat.COUNTS_BLOCK_SIZE - 1);
    }
    Path out = dir.resolve("cut.csv");
    ExportRun.Result r = new ExportRun(ExportFormat.CSV, new ExportOptions()).run(List.of(cut), out);
    assertThat(r.recordsRead()).isEqualTo(20);
    assertThat(Files.readAllLines(out)).hasSize(21);
    // a trace's problem, not counted as a record's
    assertThat(r.warnings().total()).isZero();
    List<String> lines = r.warnings().report().lines().toList();
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).startsWith("warning: trace cut short, records after its last whole block are missing: "
        + cut + " was cut short at byte offset ").endsWith("; 20 records read up to its last whole block");
  }

  @Test
  void recordProblemsReadInTheSingularAndThePlural() throws Exception {
    // DiskSim requests are block reads and writes: two fsyncs, and one write of no bytes, are skipped
    List<Path> traces = new TestTraces().rankAccesses("n1", 0, "/f", new long[][] {{1, 0, 4096}, {2, 0, 0},
        {2, 0, 0}, {1, 4096, 0}}, TestTraces.T0).write(dir);
    ExportRun.Result r = new ExportRun(ExportFormat.DISKSIM, new ExportOptions()).run(traces, dir.resolve("t.disksim"));
    assertThat(r.warnings().report().lines()).containsExactly(
        "warning: 2 records: DiskSim traces hold block reads and writes only; FSYNC calls skipped; first: record 3 "
            + "(POSIX_FSYNC by rank-0 on /f)",
        "warning: 1 record: read or write that moved no bytes skipped (DiskSim requests need at least one block); "
            + "record 5 (POSIX_PWRITE by rank-0 on /f)");
  }

  @Test
  void tracePointsSelectingNoRecordFailAlikeInEveryFormatAndLeaveNothing() throws Exception {
    List<Path> traces = new TestTraces().rankAccesses("n1", 0, "/f", new long[][] {{1, 0, 4096}}, TestTraces.T0)
        .write(dir);
    for (ExportFormat format : ExportFormat.values()) {
      Path out = dir.resolve("out-" + format.cliName());
      assertThatThrownBy(() -> new ExportRun(format, new ExportOptions().points(java.util.EnumSet.of(
          TracePoint.APPLICATION, TracePoint.STORAGE))).run(traces, out)).as(format.cliName())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("--trace-points application,storage selects none of the 3 records read; the traces hold "
              + "records at posix: choose those with --trace-points");
      assertThat(out).doesNotExist();
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).noneMatch(p -> p.getFileName().toString().contains("partial"));
    }
  }

  @Test
  void existingOutputIsKeptUnlessReplacingIsAsked() throws Exception {
    List<Path> traces = new TestTraces().rankAccesses("n1", 0, "/f", new long[][] {{1, 0, 10}}, TestTraces.T0)
        .write(dir);
    Path out = dir.resolve("keep.csv");
    Files.writeString(out, "precious");
    assertThatThrownBy(() -> new ExportRun(ExportFormat.CSV, new ExportOptions()).run(traces, out))
        .isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining("--force");
    assertThat(out).hasContent("precious");
    new ExportRun(ExportFormat.CSV, new ExportOptions()).replaceExisting(true).run(traces, out);
    assertThat(Files.readAllLines(out)).hasSize(4).first().asString().startsWith("seq,");
  }

  @Test
  void missingTraceFileIsNamed() {
    Path missing = dir.resolve("nope.ptrace");
    assertThatThrownBy(() -> new ExportRun(ExportFormat.DARSHAN, new ExportOptions()).run(List.of(missing),
        dir.resolve("x.darshan"))).isInstanceOf(java.io.FileNotFoundException.class).hasMessage(missing.toString());
  }

  @Test
  void darshanDxtBeyondItsCapIsCountedAndFlaggedPartial() throws Exception {
    List<Path> traces = new TestTraces().rankAccesses("n1", 0, "/f", new long[][] {{1, 0, 10}, {1, 10, 10},
        {1, 20, 10}, {0, 0, 30}}, TestTraces.T0).write(dir);
    Path log = dir.resolve("capped.darshan");
    ExportRun.Result r = new ExportRun(ExportFormat.DARSHAN, new ExportOptions().dxtMaxSegments(2)).run(traces, log);
    assertThat(r.warnings().total()).isEqualTo(2);
    assertThat(r.warnings().report()).contains("--dxt-max-segments=2").contains("record 4 (POSIX_PWRITE by rank-0");
    // the header's partial flags: bit 10 (DXT_POSIX) set; counters stay complete (read back by PyDarshan elsewhere)
    try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
      f.seek(24);
      assertThat(Long.reverseBytes(f.readLong())).isEqualTo(1L << 10);
    }
  }

  @Test
  void optionsRejectBadValuesNamingTheFlag() {
    assertThatThrownBy(() -> new ExportOptions().diskBandwidth(0, 1)).hasMessageContaining("--disk-read-bw");
    assertThatThrownBy(() -> new ExportOptions().disksim(0, 1)).hasMessageContaining("--disksim-file-span");
    assertThatThrownBy(() -> new ExportOptions().points(java.util.EnumSet.noneOf(TracePoint.class)))
        .hasMessageContaining("--trace-points");
  }
}
