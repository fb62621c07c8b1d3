package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

/** When each workload's I/O began and ended in a phase, as the report's start-up table reads it. */
class TraceAnalysisTest {

  private static final long T0 = 1_700_000_000_000_000_000L;
  private static final long MS = 1_000_000L;

  @TempDir
  Path tmp;

  private static void call(TraceWriter writer, long atMs, long forMs, TraceOp op, String path, long bytes)
      throws Exception {
    writer.write(new TraceRecord(T0 + atMs * MS, forMs * MS, op, TracePoint.POSIX, path, 0, Math.max(bytes, 0),
        bytes, TraceRecord.OK, 1, EventContext.ofProcess("n1", 7)));
  }

  @Test
  void aCheckpointsIoRunsFromItsFirstWriteToTheEndOfItsLastSyncOrClose() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("traces/p1"));
    Path trace = dir.resolve("rank0.ptrace");
    String checkpoint = "/mix/ior/p1/checkpoint";
    try (TraceWriter w = TraceWriter.create(trace, TraceHeader.current(T0, 0, "n1", 7, "pfsmix-preload"))) {
      // start-up: MPI's own reads and an open of the checkpoint are not I/O yet
      call(w, 0, 300, TraceOp.POSIX_READ, "/usr/share/hwloc/hwloc.dtd", 4096);
      call(w, 400, 1, TraceOp.POSIX_OPENAT, checkpoint, 0);
      call(w, 1000, 500, TraceOp.POSIX_PWRITE, checkpoint, 1 << 20);
      call(w, 1500, 500, TraceOp.POSIX_PWRITE, checkpoint, 1 << 20);
      // IOR -e: the fsync is the checkpoint's I/O, and so is its close
      call(w, 2000, 3000, TraceOp.POSIX_FSYNC, checkpoint, 0);
      call(w, 5200, 100, TraceOp.POSIX_CLOSE, checkpoint, 0);
      // neither a file of the checkpoint's nor data: after its I/O
      call(w, 6000, 100, TraceOp.POSIX_CLOSE, "/tmp/ompi-session/out", 0);
    }
    TraceAnalysis analysis = new TraceAnalysis(new PathRoles("/mix/ior", List.of(), "/mix/tfidf/requests",
        "/mix/tfidf", "/mix/tfidf/model", List.of("/mix/workloads")), T0, T0 + 10_000 * MS, 10);
    analysis.addPhase("p1", dir, List.of(trace));

    TraceTotals.IoSpan io = analysis.totals("trace.ptrace").ioByPhase().get("p1").get(Workload.IOR);
    assertThat(io).isEqualTo(new TraceTotals.IoSpan(T0 + 1000 * MS, T0 + 5300 * MS));
    assertThat(io.seconds()).isEqualTo(4.3);
  }
}
