package io.pfsmix.trace.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

class TraceToolsTest {

  @TempDir
  Path dir;

  private static final long T0 = 1_700_000_000_000_000_000L;

  /** A trace of {@code count} writes by one context, starting at {@code first} every {@code step} ns. */
  private Path trace(String name, EventContext context, long first, long step, int count, boolean shuffleBlocks)
      throws IOException {
    Path file = dir.resolve(name);
    List<TraceRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TraceRecord(first + i * step, 100, TraceOp.POSIX_PWRITE, TracePoint.POSIX, "/ckpt/" + name,
          i * 65536L, 65536, 65536, TraceRecord.OK, 1 + i % 2, context));
    }
    if (shuffleBlocks) {
      // what per-thread buffers do: neighbouring records swap places within a small time window
      for (int i = 0; i + 1 < records.size(); i += 2) {
        TraceRecord a = records.get(i);
        records.set(i, records.get(i + 1));
        records.set(i + 1, a);
      }
    }
    try (TraceWriter writer = TraceWriter.create(file, TraceHeader.current(T0, 0, context.host(), context.pid(), "t"))) {
      for (TraceRecord record : records) {
        writer.write(record);
      }
    }
    return file;
  }

  @Test
  void mergeInterleavesTracesInTimeOrderKeepingEveryField() throws Exception {
    EventContext rank0 = new EventContext("n1", 10, "", "", 0);
    EventContext rank1 = new EventContext("n2", 20, "", "", 1);
    EventContext task = new EventContext("n1", 30, "job_1_1", "attempt_1_1_m_000000_0", -1);
    List<TraceReader> readers = List.of(
        TraceReader.open(trace("r0", rank0, T0, 30, 5000, true)),
        TraceReader.open(trace("r1", rank1, T0 + 10, 30, 5000, false)),
        TraceReader.open(trace("t0", task, T0 + 20, 30, 5000, true)));
    Path merged = dir.resolve("merged.ptrace");
    TraceMerge.Result result;
    try (TraceWriter writer = TraceWriter.create(merged, TraceMerge.mergedHeader(readers, "merge", 1, "test"))) {
      result = TraceMerge.merge(readers, writer, 1_000_000, null);
    }
    for (TraceReader reader : readers) {
      reader.close();
    }
    assertThat(result.records()).isEqualTo(15000);
    List<TraceRecord> out = new ArrayList<>();
    try (TraceReader reader = TraceReader.open(merged)) {
      for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
        out.add(r);
      }
    }
    assertThat(out).hasSize(15000);
    for (int i = 0; i < out.size(); i++) {
      TraceRecord r = out.get(i);
      assertThat(r.startNs()).isEqualTo(T0 + 10L * i);
      EventContext expected = List.of(rank0, rank1, task).get(i % 3);
      assertThat(r.context()).isEqualTo(expected);
      assertThat(r.offset()).isEqualTo((i / 3) * 65536L);
    }
  }

  @Test
  void mergeRefusesInputsMoreDisorderedThanItsWindowNamingTheFile() throws Exception {
    Path shuffled = trace("disordered", new EventContext("n1", 10, "", "", 0), T0, 1_000_000, 100, true);
    Path other = trace("steady", new EventContext("n2", 11, "", "", 1), T0, 1_000_000, 100, false);
    List<TraceReader> readers = List.of(TraceReader.open(shuffled), TraceReader.open(other));
    try (TraceWriter writer = TraceWriter.create(dir.resolve("m"), TraceMerge.mergedHeader(readers, "m", 1, "t"))) {
      // a window of 0 cannot absorb the swapped neighbours
      assertThatThrownBy(() -> TraceMerge.merge(readers, writer, 0, null)).hasMessageContaining(shuffled.toString())
          .hasMessageContaining("reorder window");
    }
  }

  @Test
  void summaryCountsOperationsBytesSizesFilesAndContexts() throws Exception {
    EventContext rank = new EventContext("n1", 10, "", "", 4);
    Path file = trace("r4", rank, T0, 1000, 1000, false);
    TraceSummary summary = new TraceSummary();
    try (TraceReader reader = TraceReader.open(file)) {
      summary.addAll(reader);
    }
    assertThat(summary.records()).isEqualTo(1000);
    assertThat(summary.totals(TracePoint.POSIX, TraceOp.POSIX_PWRITE).count()).isEqualTo(1000);
    assertThat(summary.totals(TracePoint.POSIX, TraceOp.POSIX_PWRITE).bytes()).isEqualTo(1000L * 65536);
    assertThat(summary.byContext()).containsOnlyKeys("rank 4@n1");
    assertThat(summary.byFile().get("POSIX /ckpt/r4").writes().bytes()).isEqualTo(1000L * 65536);
    assertThat(summary.lastEndNs() - summary.firstStartNs()).isEqualTo(999_000L + 100);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    summary.print(new PrintStream(text, true, StandardCharsets.UTF_8), 10);
    assertThat(text.toString(StandardCharsets.UTF_8))
        .contains("1000 records in 1 trace file(s), 0 lost")
        .containsPattern("POSIX +POSIX_PWRITE +1000 +65536000")
        .containsPattern("\\[64 KiB, 128 KiB\\) +1000")
        .contains("rank 4@n1");
  }

  @Test
  void dumpPrintsOneLinePerRecord() throws Exception {
    Path file = trace("d", new EventContext("n1", 10, "job_2_2", "attempt_2_2_r_000001_0", -1), T0, 5, 3, false);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (TraceReader reader = TraceReader.open(file)) {
      TraceDump.dump(reader, new PrintStream(text, true, StandardCharsets.UTF_8), -1, false);
    }
    List<String> lines = text.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(2).split("\t")).containsExactly(Long.toString(T0 + 10), "100", "POSIX_PWRITE", "POSIX", "/ckpt/d",
        "131072", "65536", "65536", "ok", "1", "10", "n1", "job_2_2", "attempt_2_2_r_000001_0", "-");
  }
}
