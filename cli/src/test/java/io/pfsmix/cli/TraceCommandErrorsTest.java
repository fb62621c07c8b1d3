package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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

/** `pfsmix trace` given what is not a trace, or told to write where it must not. */
class TraceCommandErrorsTest {

  @TempDir
  Path dir;

  /** A small, complete trace of {@code count} writes. */
  static Path trace(Path file, int count) throws IOException {
    return trace(file, count, 10);
  }

  /** A small, complete trace of {@code count} writes by process {@code pid}, which tells traces apart. */
  static Path trace(Path file, int count, int pid) throws IOException {
    EventContext rank = new EventContext("n1", pid, "", "", 0);
    try (TraceWriter writer = TraceWriter.create(file, TraceHeader.current(1_700_000_000_000_000_000L, 0, "n1", pid,
        "test"))) {
      for (int i = 0; i < count; i++) {
        writer.write(new TraceRecord(1_700_000_000_000_000_000L + i, 5, TraceOp.POSIX_PWRITE, TracePoint.POSIX,
            "/ckpt", i * 4096L, 4096, 4096, TraceRecord.OK, 1, rank));
      }
    }
    return file;
  }

  /**
   * A FIFO with a process waiting to write a valid trace into it: a tool that opens the FIFO reads the trace (and
   * succeeds); one that refuses it leaves the writer waiting, which the test ends.
   */
  private Process fifoFedWith(Path fifo, Path trace) throws Exception {
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    return new ProcessBuilder("sh", "-c", "cat \"$0\" > \"$1\"", trace.toString(), fifo.toString()).start();
  }

  @Test
  void summarizeDumpAndMergeRefuseAFifo() throws Exception {
    Path trace = trace(dir.resolve("t.ptrace"), 10);
    Path fifo = dir.resolve("pipe.ptrace");
    Process writer = fifoFedWith(fifo, trace);
    try {
      String line = fifo + " is not a regular file (a FIFO, socket or device); a trace is a .ptrace file";
      for (List<String> command : List.of(List.of("trace", "summarize", fifo.toString()),
          List.of("trace", "dump", fifo.toString()),
          List.of("trace", "merge", "-o", dir.resolve("m.ptrace").toString(), fifo.toString()))) {
        Cli.Run run = Cli.run(command.toArray(new String[0]));
        assertThat(run.exitCode()).as(command.toString()).isEqualTo(1);
        assertThat(run.errLines()).as(command.toString()).containsExactly(command.get(1) + ": " + line);
        assertThat(run.stdout()).isEmpty();
      }
      // and inside a directory of traces
      Cli.Run run = Cli.run("trace", "summarize", dir.toString());
      assertThat(run.errLines()).containsExactly("summarize: " + line);
      assertThat(dir.resolve("m.ptrace")).doesNotExist();
    } finally {
      writer.destroyForcibly();
    }
  }

  @Test
  void mergeIntoAnUnwritablePlaceSaysWhy() throws Exception {
    Path trace = trace(dir.resolve("t.ptrace"), 10);
    Cli.Run run = Cli.run("trace", "merge", "-o", "/proc/x.ptrace", trace.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.errLines().get(0)).startsWith(
        "merge: cannot write --output /proc/x.ptrace: no such file or directory (/proc/.x.ptrace.partial-");
  }

  @Test
  void dumpWithoutHeadersStillSaysATraceWasCutShortOnStderr() throws Exception {
    Path trace = trace(dir.resolve("t.ptrace"), 10);
    byte[] whole = java.nio.file.Files.readAllBytes(trace);
    // the END block lost, as a killed writer leaves a trace
    java.nio.file.Files.write(trace, java.util.Arrays.copyOf(whole, whole.length - 16));
    Cli.Run run = Cli.run("trace", "dump", "--no-header", trace.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.stdout()).doesNotContain("#");
    // the '#' line was the only notice, and --no-header dropped it
    assertThat(run.stderr()).startsWith("dump: " + trace).contains("was cut short");
  }

  @Test
  void valuesOfTheWrongShapeAreNamedInWords() {
    Cli.Run run = Cli.run("trace", "dump", "-n", "abc", "x.ptrace");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.stderr()).contains("'abc' is not a whole number").doesNotContain("long");
    assertThat(Cli.run("trace", "dump", "-n", "4k", "x.ptrace").stderr())
        .contains("'4k' is not a whole number (this flag takes no size suffix)");
    // picocli's own wording for a map option said "option" twice
    Cli.Run set = Cli.run("mix", "--set", "x");
    assertThat(set.exitCode()).isEqualTo(2);
    assertThat(set.errLines().get(0)).isEqualTo("Value for option '--set' (KEY=VALUE) should be in KEY=VALUE format but"
        + " was x");
  }

  @Test
  void dumpRefusesANegativeLimit() throws Exception {
    Path trace = trace(dir.resolve("t.ptrace"), 10);
    Cli.Run run = Cli.run("trace", "dump", "-n", "-5", trace.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("--limit must be 0 or more, or -1 for all, is -5");
    assertThat(run.stdout()).isEmpty();
    // the documented values still work
    assertThat(Cli.run("trace", "dump", "--no-header", "-n", "3", trace.toString()).stdout().lines()).hasSize(3);
    assertThat(Cli.run("trace", "dump", "--no-header", "-n", "-1", trace.toString()).stdout().lines()).hasSize(10);
  }

  @Test
  void mergeNeverReplacesOneOfItsInputsHoweverItIsNamed() throws Exception {
    Path traces = Files.createDirectories(dir.resolve("traces"));
    Path trace = trace(traces.resolve("a.ptrace"), 10);
    trace(traces.resolve("b.ptrace"), 5);
    byte[] before = Files.readAllBytes(trace);
    Path link = Files.createSymbolicLink(dir.resolve("link.ptrace"), trace);
    Path hard = Files.createLink(dir.resolve("hard.ptrace"), trace);
    for (String output : List.of(trace.toString(), traces + "/../traces/a.ptrace", link.toString(), hard.toString())) {
      Cli.Run run = Cli.run("trace", "merge", "--force", "-o", output, traces.toString());
      assertThat(run.exitCode()).as(output).isEqualTo(1);
      assertThat(run.errLines()).as(output).containsExactly("merge: --output " + output + " is one of the inputs ("
          + trace + "); an output never replaces its input: choose another --output");
    }
    assertThat(Files.readAllBytes(trace)).isEqualTo(before);
    try (var files = Files.list(dir)) {
      assertThat(files.filter(p -> p.getFileName().toString().contains("partial")).toList()).isEmpty();
    }
  }

  @Test
  void mergeForceReplacesAFileButNeverADirectorysContents() throws Exception {
    Path trace = trace(dir.resolve("t.ptrace"), 10);
    Path full = Files.createDirectories(dir.resolve("full"));
    Files.writeString(full.resolve("keep.txt"), "precious");
    Cli.Run run = Cli.run("trace", "merge", "--force", "-o", full.toString(), trace.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("merge: --output " + full + " is a directory that is not empty; "
        + "--force replaces files, never a directory's contents: remove it or choose another --output");
    assertThat(full.resolve("keep.txt")).hasContent("precious");

    Path old = Files.writeString(dir.resolve("old.ptrace"), "an older merge");
    run = Cli.run("trace", "merge", "-o", old.toString(), trace.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("merge: " + old + ": --output exists; remove it or pass --force to "
        + "replace it");
    run = Cli.run("trace", "merge", "--force", "-o", old.toString(), trace.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("merged 10 records from 1 trace file(s) into " + old);
  }

  @Test
  void aMixsTraceDirectoryIsReadWholeAndAFileNamedTwiceOnce() throws Exception {
    // as pfsmix mix --tracing on writes them: traces/PHASE/*.ptrace
    Path traces = dir.resolve("traces");
    Path a = trace(Files.createDirectories(traces.resolve("001-ior-alone")).resolve("a.ptrace"), 10);
    trace(Files.createDirectories(traces.resolve("002-mixed")).resolve("b.ptrace"), 5);
    Cli.Run run = Cli.run("trace", "merge", "-o", dir.resolve("m.ptrace").toString(), traces.toString(), a.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("merged 15 records from 2 trace file(s) into ");

    Path empty = Files.createDirectories(dir.resolve("empty/001-ior-alone"));
    run = Cli.run("trace", "summarize", empty.getParent().toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("summarize: " + empty.getParent() + " holds no .ptrace file, neither in "
        + "it nor in its sub-directories");
  }

  @Test
  void aMergedTraceBesideTheTracesItWasMadeFromCountsEachRecordOnce() throws Exception {
    // a mix's results directory: the phases' traces, and the merged trace made from them
    Path results = dir.resolve("results");
    Path a = trace(Files.createDirectories(results.resolve("traces/001-ior-alone")).resolve("a.ptrace"), 10, 10);
    Path b = trace(Files.createDirectories(results.resolve("traces/002-mixed")).resolve("b.ptrace"), 5, 11);
    Path merged = results.resolve("trace.ptrace");
    assertThat(Cli.run("trace", "merge", "-o", merged.toString(), results.resolve("traces").toString()).exitCode())
        .isZero();

    // each was counted twice: "30 records in 3 trace file(s)"
    Cli.Run run = Cli.run("trace", "summarize", results.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("15 records in 1 trace file(s), 0 lost\n");
    assertThat(run.errLines()).containsExactly("summarize: left out 2 traces that " + merged + " was merged from and "
        + "holds already: " + a + ", " + b);

    // export reads its TRACEs the same way
    Path csv = dir.resolve("all.csv");
    run = Cli.run("export", "-f", "csv", "-o", csv.toString(), results.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).startsWith("csv: 15 records read, 15 exported");
    assertThat(run.errLines()).containsExactly("export: left out 2 traces that " + merged + " was merged from and "
        + "holds already: " + a + ", " + b);
    assertThat(Files.readAllLines(csv)).hasSize(1 + 15);

    // a trace the merge did not take is still read
    trace(results.resolve("traces/002-mixed/c.ptrace"), 4, 12);
    run = Cli.run("trace", "summarize", results.toString());
    assertThat(run.stdout()).startsWith("19 records in 2 trace file(s), 0 lost\n");
  }
}
