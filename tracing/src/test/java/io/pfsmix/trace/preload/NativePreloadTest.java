package io.pfsmix.trace.preload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.TraceFiles;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/** Runs src/test/c/trace_target.c under the preload library and checks every record it must produce. */
class NativePreloadTest {

  private static final long N = TraceRecord.NONE;
  /**
   * The program's own output, untraced; after its writer threads have exited it has two threads: its own and the
   * library's packer, which packs and writes the buffers its threads filled.
   */
  private static final String EXPECTED_OUTPUT = "untraced output on stdout\nthreads: 2\n";

  @TempDir
  Path tmp;

  private static Path nativeFile(String property, String name) {
    Path file = Paths.get(System.getProperty(property, "target/" + (property.endsWith("test.dir") ? "native-test"
        : "native"))).resolve(name);
    assertThat(file).as("built by the Maven build (make)").isRegularFile();
    return file;
  }

  private Path run(Map<String, String> environment) throws IOException, InterruptedException {
    Path data = Files.createDirectories(tmp.resolve("data"));
    Path traces = tmp.resolve("traces");
    ProcessBuilder builder = new ProcessBuilder(
        nativeFile("pfsmix.trace.native.test.dir", "trace_target").toString(), data.toString());
    builder.environment().keySet().removeIf(k -> k.matches("PMI_RANK|OMPI_COMM_WORLD_RANK|PMIX_RANK|SLURM_.*"));
    builder.environment().put("LD_PRELOAD", nativeFile("pfsmix.trace.native.dir", "libpfsmix-trace.so").toString());
    builder.environment().put("PFSMIX_TRACE_DIR", traces.toString());
    builder.environment().putAll(environment);
    builder.redirectErrorStream(true);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).isEqualTo(EXPECTED_OUTPUT);
    return traces;
  }

  @Test
  void everyPosixCallOfTheProgramIsRecorded() throws Exception {
    Path traces = run(Map.of("PMI_RANK", "5"));
    List<Path> files = TraceFiles.list(traces);
    assertThat(files).hasSize(1);
    List<TraceRecord> records = new ArrayList<>();
    try (TraceReader reader = TraceReader.open(files.get(0))) {
      assertThat(reader.header().producer()).startsWith("pfsmix-preload");
      // format 2.1: the records come back from the library's LZ4-packed blocks
      assertThat(reader.header().versionMajor()).isEqualTo(TraceFormat.VERSION_MAJOR);
      assertThat(reader.header().versionMinor()).isEqualTo(TraceFormat.VERSION_MINOR);
      for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
        records.add(r);
      }
      assertThat(reader.complete()).isTrue();
      assertThat(reader.lostRecords()).isZero();
      assertThat(reader.header().pid()).isEqualTo(records.get(0).context().pid());
    }
    assertThat(records).allSatisfy(r -> {
      assertThat(r.point()).isEqualTo(TracePoint.POSIX);
      assertThat(r.context().rank()).isEqualTo(5);
      assertThat(r.startNs()).isPositive();
      assertThat(r.durationNs()).isNotNegative();
    });
    String dir = tmp.resolve("data").toString();

    // a.dat: written, then read back; every call with its offset, length and result.
    assertThat(records.stream().filter(r -> (dir + "/a.dat").equals(r.path())).toList())
        .extracting(TraceRecord::op, TraceRecord::offset, TraceRecord::length, TraceRecord::bytes,
            TraceRecord::result)
        .containsExactly(
            tuple(TraceOp.POSIX_OPEN, N, N, 3L, "ok"),
            tuple(TraceOp.POSIX_WRITE, 0L, 4096L, 4096L, "ok"),
            tuple(TraceOp.POSIX_WRITE, 4096L, 4096L, 4096L, "ok"),
            tuple(TraceOp.POSIX_WRITE, 8192L, 4096L, 4096L, "ok"),
            tuple(TraceOp.POSIX_PWRITE, 100000L, 1000L, 1000L, "ok"),
            tuple(TraceOp.POSIX_WRITEV, 12288L, 300L, 300L, "ok"),
            tuple(TraceOp.POSIX_LSEEK, 12588L, 0L, 0L, "ok"),
            tuple(TraceOp.POSIX_FSYNC, N, N, 0L, "ok"),
            tuple(TraceOp.POSIX_FDATASYNC, N, N, 0L, "ok"),
            tuple(TraceOp.POSIX_CLOSE, N, N, 0L, "ok"),
            tuple(TraceOp.POSIX_OPEN, N, N, 3L, "ok"),
            tuple(TraceOp.POSIX_READ, 0L, 5000L, 5000L, "ok"),
            tuple(TraceOp.POSIX_PREAD, 8192L, 2000L, 2000L, "ok"),
            tuple(TraceOp.POSIX_READV, 5000L, 200L, 200L, "ok"),
            tuple(TraceOp.POSIX_LSEEK, 5200L, 99000L, 99000L, "ok"),
            tuple(TraceOp.POSIX_READ, 99000L, 4096L, 2000L, "ok"),
            tuple(TraceOp.POSIX_READ, 101000L, 4096L, 0L, "ok"),
            tuple(TraceOp.POSIX_CLOSE, N, N, 0L, "ok"));
    assertThat(records.stream().filter(r -> (dir + "/missing.dat").equals(r.path())).toList())
        .extracting(TraceRecord::op, TraceRecord::bytes, TraceRecord::result)
        .containsExactly(tuple(TraceOp.POSIX_OPENAT, -1L, "ENOENT"));
    assertThat(records.stream().filter(r -> (dir + "/b.dat").equals(r.path())).toList())
        .extracting(TraceRecord::op, TraceRecord::offset, TraceRecord::bytes)
        .containsExactly(tuple(TraceOp.POSIX_CREAT, N, 3L), tuple(TraceOp.POSIX_WRITE, 0L, 10L),
            tuple(TraceOp.POSIX_CLOSE, N, 0L));
    // e.dat: its writes through dup2, fcntl F_DUPFD, dup and dup3 copies, at the offsets the copies share
    assertThat(records.stream().filter(r -> (dir + "/e.dat").equals(r.path())).toList())
        .extracting(TraceRecord::op, TraceRecord::offset, TraceRecord::bytes)
        .containsExactly(tuple(TraceOp.POSIX_OPEN, N, 3L), tuple(TraceOp.POSIX_CLOSE, N, 0L),
            tuple(TraceOp.POSIX_WRITE, 0L, 7L), tuple(TraceOp.POSIX_CLOSE, N, 0L),
            tuple(TraceOp.POSIX_WRITE, 7L, 5L), tuple(TraceOp.POSIX_CLOSE, N, 0L),
            tuple(TraceOp.POSIX_WRITE, 12L, 3L), tuple(TraceOp.POSIX_CLOSE, N, 0L),
            tuple(TraceOp.POSIX_WRITE, 15L, 2L), tuple(TraceOp.POSIX_CLOSE, N, 0L));
    // stdout is not a file the program opened: untraced.
    assertThat(records).extracting(TraceRecord::path).doesNotContainNull();

    // c.dat: four threads, 1000 positioned 8-byte writes each, at known offsets, none lost.
    List<TraceRecord> threaded = records.stream()
        .filter(r -> (dir + "/c.dat").equals(r.path()) && r.op() == TraceOp.POSIX_PWRITE).toList();
    assertThat(threaded).hasSize(4000);
    Map<Long, List<Long>> offsetsByThread = threaded.stream().collect(
        Collectors.groupingBy(TraceRecord::threadId, Collectors.mapping(TraceRecord::offset, Collectors.toList())));
    assertThat(offsetsByThread).hasSize(4);
    for (List<Long> offsets : offsetsByThread.values()) {
      long first = offsets.get(0);
      assertThat(first % 8000).isZero();
      for (int i = 0; i < offsets.size(); i++) {
        assertThat(offsets.get(i)).isEqualTo(first + 8L * i);
      }
    }
    assertThat(offsetsByThread.values().stream().map(o -> o.get(0)).toList())
        .containsExactlyInAnyOrder(0L, 8000L, 16000L, 24000L);
  }

  @Test
  void withoutALauncherThereIsNoRankAndAnUnwritableDirectoryOnlyCostsTheTrace() throws Exception {
    Path traces = run(Map.of());
    try (TraceReader reader = TraceReader.open(TraceFiles.list(traces).get(0))) {
      TraceRecord first = reader.next();
      assertThat(first.context().hasRank()).isFalse();
    }
    Path blocker = Files.writeString(tmp.resolve("blocker"), "x");
    // The program still runs to completion with identical output; the library reports the loss on stderr.
    ProcessBuilder builder = new ProcessBuilder(
        nativeFile("pfsmix.trace.native.test.dir", "trace_target").toString(), tmp.resolve("data").toString());
    builder.environment().put("LD_PRELOAD", nativeFile("pfsmix.trace.native.dir", "libpfsmix-trace.so").toString());
    builder.environment().put("PFSMIX_TRACE_DIR", blocker.resolve("traces").toString());
    Process process = builder.start();
    String stdout = new String(process.getInputStream().readAllBytes());
    String stderr = new String(process.getErrorStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isZero();
    assertThat(stdout).isEqualTo(EXPECTED_OUTPUT);
    assertThat(stderr).contains("pfsmix-trace: 4042 records lost").contains(blocker.toString());
  }

  /**
   * A full disk (a file size limit: the kernel refuses to extend the trace file, as on a full file system; SIGXFSZ
   * ignored so that the write fails instead of killing the program) costs records, but the file keeps its whole blocks
   * and an END block with the lost count, in room reserved for it, as the Java writer does.
   */
  /** Enough writes at scattered offsets for the packed trace to outgrow the 128 KiB its data files stay under. */
  private static final int SCATTERED_WRITES = 100_000;

  @Test
  void aFullDiskKeepsTheLostCountInTheEndBlock() throws Exception {
    Path data = Files.createDirectories(tmp.resolve("data"));
    Path traces = tmp.resolve("traces");
    ProcessBuilder builder = new ProcessBuilder("bash", "-c", "trap '' XFSZ && ulimit -f 128 && exec \"$0\" \"$@\"",
        nativeFile("pfsmix.trace.native.test.dir", "trace_target").toString(), data.toString(),
        String.valueOf(SCATTERED_WRITES));
    builder.environment().put("LD_PRELOAD", nativeFile("pfsmix.trace.native.dir", "libpfsmix-trace.so").toString());
    builder.environment().put("PFSMIX_TRACE_DIR", traces.toString());
    Process process = builder.start();
    String stdout = new String(process.getInputStream().readAllBytes());
    String stderr = new String(process.getErrorStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(stderr).isZero();
    assertThat(stdout).isEqualTo(EXPECTED_OUTPUT);

    List<Path> files = TraceFiles.list(traces);
    assertThat(files).hasSize(1);
    assertThat(Files.size(files.get(0))).isLessThanOrEqualTo(128 << 10);
    long read = 0;
    long lost;
    try (TraceReader reader = TraceReader.open(files.get(0))) {
      while (reader.next() != null) {
        read++;
      }
      assertThat(reader.complete()).as("END block written in the reserved room").isTrue();
      lost = reader.lostRecords();
    }
    assertThat(read).isPositive();
    // every call of trace_target, as in the unwritable-directory case, and its scattered writes with their open and close
    assertThat(read + lost).isEqualTo(4042 + SCATTERED_WRITES + 2);
    assertThat(stderr).isEqualTo("pfsmix-trace: " + lost + " records lost (" + files.get(0) + ": File too large)\n");
  }
}
