package io.pfsmix.trace.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

class TraceFormatBenchmarkTest {

  @TempDir
  Path dir;

  @Test
  void everyVersionIsWrittenReadAndExportedAndTheirSizesPrinted() throws IOException {
    Path trace = dir.resolve("in.ptrace");
    EventContext rank = new EventContext("n1", 7, "", "", 3);
    try (TraceWriter writer = TraceWriter.create(trace, TraceHeader.current(1_700_000_000_000_000_000L, 0, "n1", 7,
        "test"))) {
      for (int i = 0; i < 5000; i++) {
        writer.write(new TraceRecord(1_700_000_000_000_000_000L + i * 1500L, 200 + i % 50, TraceOp.POSIX_PWRITE,
            TracePoint.POSIX, "/ckpt", i * 65536L, 65536, 65536, TraceRecord.OK, 1 + i % 2, rank));
      }
    }
    List<Path> exported = new ArrayList<>();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    Path work = Files.createDirectories(dir.resolve("work"));
    List<TraceFormatBenchmark.Figures> figures = new TraceFormatBenchmark(work, 1, (in, out) -> {
      exported.add(in);
      Files.writeString(out, "exported");
    }, "csv", new PrintStream(printed, true, StandardCharsets.UTF_8)).measure(trace);

    assertThat(figures).extracting(TraceFormatBenchmark.Figures::version).containsExactly("1.1", "2.0", "2.1");
    assertThat(figures).allSatisfy(f -> assertThat(f.records()).isEqualTo(5000));
    // 64-byte records plus the frames, against packed ones
    assertThat(figures.get(0).bytesPerRecord()).isGreaterThan(64);
    assertThat(figures.get(1).bytesPerRecord()).isLessThan(6);
    assertThat(figures.get(2).bytesPerRecord()).isLessThan(6);
    assertThat(exported).hasSize(6); // a warm-up and a counted run of each version
    assertThat(printed.toString(StandardCharsets.UTF_8)).contains(trace + ": 5,000 records (format 2.1)")
        .contains("bytes/record").containsPattern("\\n  2\\.0 +\\d+\\.\\d\\d ")
        .containsPattern("\\n  2\\.1 +\\d+\\.\\d\\d ")
        .containsPattern("read/CPU-s against 1\\.1:  2\\.0 \\d+\\.\\d\\d  2\\.1 \\d+\\.\\d\\d")
        .contains("load average");
    try (var left = Files.list(work)) {
      assertThat(left).as("rewritten traces removed").isEmpty();
    }
  }

  @Test
  void aTraceWithoutRecordsIsRefusedByName() throws IOException {
    Path trace = dir.resolve("empty.ptrace");
    new TraceWriter(Files.newOutputStream(trace), TraceHeader.current(1, 0, "n1", 7, "test")).close();
    TraceFormatBenchmark bench = new TraceFormatBenchmark(dir, 1, null, "csv", new PrintStream(
        new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertThatThrownBy(() -> bench.measure(trace)).hasMessage(trace + " holds no records to measure");
  }
}
