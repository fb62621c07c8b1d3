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

/** What a command's bytes are (UserWorkloadTrace.IoUnder): POSIX reads and writes under {dir}, however named. */
class CommandIoCountTest {

  private static final long T0 = 1_700_000_000_000_000_000L;

  @TempDir
  Path tmp;

  private void call(TraceWriter writer, TraceOp op, TracePoint point, String path, long bytes, String result)
      throws Exception {
    writer.write(new TraceRecord(T0, 1000, op, point, path, 0, Math.max(bytes, 100), bytes, result, 1,
        EventContext.ofProcess("n1", 7)));
  }

  @Test
  void readsAndWritesUnderTheDirectoryCountHoweverTheProgramNamedThem() throws Exception {
    Path real = Files.createDirectories(tmp.resolve("root/mix/ior/phase"));
    // the mix names {dir} through a link; a program that changes into it sees the real path from getcwd
    Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("root"));
    Path dir = link.resolve("mix/ior/phase");
    Path trace = tmp.resolve("rank0.ptrace");
    try (TraceWriter w = TraceWriter.create(trace, TraceHeader.current(T0, 0, "n1", 7, "pfsmix-preload"))) {
      call(w, TraceOp.POSIX_WRITE, TracePoint.POSIX, dir + "/ckpt.0", 4096, TraceRecord.OK);
      call(w, TraceOp.POSIX_PWRITE, TracePoint.POSIX, real + "/sub/ckpt.1", 1000, TraceRecord.OK);
      call(w, TraceOp.POSIX_READ, TracePoint.POSIX, dir + "/sub/../ckpt.0", 300, TraceRecord.OK);
      // not the command's checkpoint: a failed write, another directory, a sibling's prefix, another trace point
      call(w, TraceOp.POSIX_WRITE, TracePoint.POSIX, dir + "/ckpt.0", -1, "ENOSPC");
      call(w, TraceOp.POSIX_WRITE, TracePoint.POSIX, tmp + "/elsewhere", 50, TraceRecord.OK);
      call(w, TraceOp.POSIX_WRITE, TracePoint.POSIX, real + "-2/ckpt", 60, TraceRecord.OK);
      call(w, TraceOp.WRITE, TracePoint.APPLICATION, "pfs:///mix/ior/phase/ckpt.0", 70, TraceRecord.OK);
      call(w, TraceOp.POSIX_READ, TracePoint.POSIX, dir + "/../phase/../phase-x/f", 80, TraceRecord.OK);
      w.addLostRecords(3);
    }

    UserWorkloadTrace.IoUnder io = UserWorkloadTrace.IoUnder.count(List.of(trace), TracePoint.POSIX,
        UserWorkloadTrace.IoUnder.localPathsUnder(dir));

    assertThat(io).isEqualTo(new UserWorkloadTrace.IoUnder(300, 4096 + 1000, 3));
  }
}
