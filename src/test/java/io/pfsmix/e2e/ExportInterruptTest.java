package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;

/**
 * Stopping {@code pfsmix export} and {@code pfsmix trace merge} as a user does, in a JVM of their own: the hidden
 * staging output beside OUT (a file, or a directory for a SimGrid bundle) goes with the process, as it does when the
 * command fails.
 */
class ExportInterruptTest {

  /** Several seconds of exporting (about a million records per CPU-second), so the signal comes mid-way. */
  private static final int RECORDS = 6_000_000;
  private static final long EXIT_BOUND_SECONDS = 60;
  private static final int EXIT_SIGINT = 128 + 2;
  private static final int EXIT_SIGTERM = 128 + 15;

  @TempDir
  static Path shared;

  @TempDir
  Path out;

  private static Path trace;

  @BeforeAll
  static void writeTrace() throws IOException {
    trace = shared.resolve("big.ptrace");
    EventContext rank = new EventContext("n1", 10, "", "", 0);
    long t0 = 1_700_000_000_000_000_000L;
    try (TraceWriter writer = TraceWriter.create(trace, TraceHeader.current(t0, 0, "n1", 10, "test"))) {
      for (int i = 0; i < RECORDS; i++) {
        writer.write(new TraceRecord(t0 + i * 1000L, 500, TraceOp.POSIX_PWRITE, TracePoint.POSIX, "/ckpt",
            i * 4096L, 4096, 4096, TraceRecord.OK, 1, rank));
      }
    }
  }

  @Test
  void sigtermDuringACsvExportLeavesNothingBesideOut() throws Exception {
    stopMidWay(List.of("export", "-f", "csv", "-o", out.resolve("x.csv").toString(), trace.toString()),
        "export: [0-9,]+ records read", "TERM", EXIT_SIGTERM);
  }

  @Test
  void ctrlCDuringASimgridExportLeavesNoStagingDirectory() throws Exception {
    stopMidWay(List.of("export", "-f", "simgrid", "-o", out.resolve("bundle").toString(), trace.toString()),
        "export: [0-9,]+ records read", "INT", EXIT_SIGINT);
  }

  @Test
  void sigtermDuringAMergeLeavesNothingBesideOut() throws Exception {
    stopMidWay(List.of("trace", "merge", "-o", out.resolve("merged.ptrace").toString(), trace.toString()),
        "merged [0-9,]+ records", "TERM", EXIT_SIGTERM);
  }

  /** Runs the command, signals it once its progress shows, and checks it left nothing in OUT's directory. */
  private void stopMidWay(List<String> command, String progress, String signal, int exitCode) throws Exception {
    PfsmixChild child = PfsmixChild.start(out.resolve("home"), command);
    try {
      child.awaitStderr(Pattern.compile(progress), 120);
      assertThat(entries()).as("the staging output while it is written").hasSize(2)
          .anyMatch(name -> name.matches("\\..+\\.partial-" + child.process.pid()));
      child.signal(signal);
      child.awaitExit(EXIT_BOUND_SECONDS);

      assertThat(child.process.exitValue()).as(child.stderr()).isEqualTo(exitCode);
      assertThat(child.stderr()).doesNotContain("\tat ");
      assertThat(entries()).containsExactly("home");
    } finally {
      child.kill();
    }
  }

  private List<String> entries() throws IOException {
    try (Stream<Path> files = Files.list(out)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }
}
