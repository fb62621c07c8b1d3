package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

class TraceSupportTest {

  private static final long T0 = 1_700_000_000_000_000_000L;
  private static final long SECOND = 1_000_000_000L;

  @TempDir
  Path dir;

  /** A phase's trace in the order the recorder writes: by the end of each call, {@code starts} with their durations. */
  private Path trace(String name, long[][] startsAndDurations) throws Exception {
    Path file = dir.resolve(name + ".ptrace");
    EventContext process = EventContext.ofProcess("n1", name.hashCode());
    try (TraceWriter writer = TraceWriter.create(file, TraceHeader.current(T0, 0, "n1", 1, "t"))) {
      for (long[] call : startsAndDurations) {
        writer.write(new TraceRecord(T0 + call[0], call[1], TraceOp.OPEN, TracePoint.APPLICATION, "pfs:/mix/x", 0,
            TraceRecord.NONE, TraceRecord.NONE, TraceRecord.OK, 1, process));
      }
    }
    return file;
  }

  @Test
  void theMergedTraceHoldsACallThatOutlastedTheReorderWindowInItsPlace() throws Exception {
    // the TFIDF phase on Ceph: an open that waited 68 s for the file system, written after what followed it
    Path phase = trace("tfidf", new long[][] {{0, 1000}, {2000, 68 * SECOND - 3000}, {68 * SECOND, 1000},
        {1000, 68 * SECOND}, {68 * SECOND + 5000, 1000}});
    Path merged = dir.resolve("trace.ptrace");

    assertThat(new TraceSupport().merge(List.of(phase), merged)).isEmpty();

    try (TraceReader reader = TraceReader.open(merged)) {
      assertThat(reader.stream().map(r -> r.startNs() - T0).toList()).containsExactly(0L, 1000L, 2000L, 68 * SECOND,
          68 * SECOND + 5000);
    }
  }

  @Test
  void aMergeThatFailsLeavesNoTraceBehind() throws Exception {
    Path good = trace("good", new long[][] {{0, 1000}, {2000, 1000}});
    Path damaged = trace("damaged", new long[][] {{0, 1000}});
    byte[] bytes = Files.readAllBytes(damaged);
    bytes[bytes.length - 10] ^= 0x55; // in the END block's payload: its checksum no longer matches
    Files.write(damaged, bytes);
    Path merged = dir.resolve("trace.ptrace");

    assertThatThrownBy(() -> new TraceSupport().merge(List.of(good, damaged), merged))
        .hasMessageContaining(damaged.toString());

    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("good.ptrace",
          "damaged.ptrace");
    }
  }
}
