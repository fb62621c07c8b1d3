package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.export.ExportFormat;
import io.pfsmix.trace.format.TraceFormat;

/** `pfsmix export` with numbers that mean nothing, traces that hold nothing, and outputs it must not replace. */
class ExportCommandErrorsTest {

  @TempDir
  Path dir;

  @Test
  void linkLatencyMustBeAFiniteNumberOfSeconds() throws Exception {
    Path trace = TraceCommandErrorsTest.trace(dir.resolve("t.ptrace"), 10);
    Path out = dir.resolve("bundle");
    for (String value : List.of("NaN", "Infinity", "-Infinity", "-1e-6")) {
      Cli.Run run = Cli.run("export", "-f", "simgrid", "--link-latency=" + value, "-o", out.toString(),
          trace.toString());
      assertThat(run.exitCode()).as(value).isEqualTo(2);
      assertThat(run.errLines().get(0)).as(value).isEqualTo("--link-latency must be a finite number of seconds, 0 or "
          + "more, got " + Double.parseDouble(value));
      assertThat(run.stderr()).as(value).contains("Usage: pfsmix export ");
      assertThat(out).doesNotExist();
    }
    assertThat(Cli.run("export", "-f", "simgrid", "--link-latency=0", "-o", out.toString(), trace.toString())
        .exitCode()).isZero();
  }

  @Test
  void bandwidthsSizesAndCountsMustBePositive() throws Exception {
    Path trace = TraceCommandErrorsTest.trace(dir.resolve("t.ptrace"), 10);
    Path out = dir.resolve("out");
    String[][] cases = {
        {"simgrid", "--link-bw=0", "--link-bw must be a positive number of bytes per second, got 0.0"},
        {"simgrid", "--disk-read-bw=0", "--disk-read-bw must be a positive number of bytes per second, got 0.0"},
        {"simgrid", "--disk-write-bw=1e", "--disk-write-bw: '1e' is not a size (a number with an optional suffix k, "
            + "m, g, t or p, powers of 1024: 4096, 64k, 7.2g)"},
        {"darshan", "--file-alignment=0", "--file-alignment must be > 0, got 0"},
        {"darshan", "--dxt-max-segments=-1", "--dxt-max-segments must be >= 0, got -1"},
        {"disksim", "--disksim-devices=0", "--disksim-devices must be > 0, got 0"},
        {"disksim", "--disksim-file-span=-4", "--disksim-file-span must be > 0 blocks, got -4"},
        {"csv", "--trace-points=disk", "--trace-points: unknown trace point 'disk'; known: application, storage, "
            + "posix"},
    };
    for (String[] c : cases) {
      Cli.Run run = Cli.run("export", "-f", c[0], c[1], "-o", out.toString(), trace.toString());
      assertThat(run.exitCode()).as(c[1]).isEqualTo(2);
      assertThat(run.errLines().get(0)).as(c[1]).isEqualTo(c[2]);
      assertThat(run.stderr()).as(c[1]).contains("Usage: pfsmix export ");
      assertThat(out).doesNotExist();
    }
    Cli.Run run = Cli.run("export", "-f", "otf2", "-o", out.toString(), trace.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("Invalid value for option '--format': unknown export format 'otf2'; "
        + "known formats: darshan, simgrid, chrome, pfssim, hecios, disksim, csv");
  }

  @Test
  void forceNeverReplacesADirectorysContents() throws Exception {
    Path trace = TraceCommandErrorsTest.trace(dir.resolve("t.ptrace"), 10);
    Path results = Files.createDirectories(dir.resolve("results"));
    Files.writeString(results.resolve("report.md"), "a week of measurements");
    for (String format : List.of("csv", "simgrid")) {
      Cli.Run run = Cli.run("export", "-f", format, "--force", "-o", results.toString(), trace.toString());
      assertThat(run.exitCode()).as(format).isEqualTo(1);
      assertThat(run.errLines()).as(format).containsExactly("export: --output " + results + " is a directory that "
          + "is not empty; --force replaces files, never a directory's contents: remove it or choose another --output");
      assertThat(results.resolve("report.md")).hasContent("a week of measurements");
    }
    // an empty directory, or a file, is replaced
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertThat(Cli.run("export", "-f", "csv", "--force", "-o", empty.toString(), trace.toString()).exitCode())
        .isZero();
    assertThat(Files.readAllLines(empty)).hasSize(11);
    Path bundle = Files.writeString(dir.resolve("bundle"), "old");
    assertThat(Cli.run("export", "-f", "simgrid", "--force", "-o", bundle.toString(), trace.toString()).exitCode())
        .isZero();
    assertThat(bundle).isDirectory();
  }

  @Test
  void theOutputIsNeverOneOfTheTraces() throws Exception {
    Path trace = TraceCommandErrorsTest.trace(dir.resolve("t.ptrace"), 10);
    byte[] before = Files.readAllBytes(trace);
    Path link = Files.createSymbolicLink(dir.resolve("link.csv"), trace);
    for (String output : List.of(trace.toString(), dir + "/./t.ptrace", link.toString())) {
      Cli.Run run = Cli.run("export", "-f", "csv", "--force", "-o", output, trace.toString());
      assertThat(run.exitCode()).as(output).isEqualTo(1);
      assertThat(run.errLines()).as(output).containsExactly("export: --output " + output + " is one of the inputs ("
          + trace + "); an output never replaces its input: choose another --output");
    }
    assertThat(Files.readAllBytes(trace)).isEqualTo(before);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactlyInAnyOrder("t.ptrace",
          "link.csv");
    }
  }

  @Test
  void takesTracesAsPfsmixTraceDoes() throws Exception {
    Path traces = dir.resolve("traces");
    Path a = TraceCommandErrorsTest.trace(Files.createDirectories(traces.resolve("001-ior-alone")).resolve("a.ptrace"),
        10);
    TraceCommandErrorsTest.trace(Files.createDirectories(traces.resolve("002-mixed")).resolve("b.ptrace"), 5);
    Path out = dir.resolve("a.csv");
    Cli.Run run = Cli.run("export", "-f", "csv", "-o", out.toString(), a.toUri().toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).isEqualTo("csv: 10 records read, 10 exported (0 at trace points not selected), 1 actor -> "
        + out + "\n");

    // a directory of phase directories, with one of its files named again: each record once
    Path all = dir.resolve("all.csv");
    run = Cli.run("export", "-f", "csv", "-o", all.toString(), traces.toString(), a.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(Files.readAllLines(all)).hasSize(1 + 15);
  }

  @Test
  void tracePointsSelectingNoRecordAreAnErrorInEveryFormat() throws Exception {
    Path trace = TraceCommandErrorsTest.trace(dir.resolve("t.ptrace"), 10);
    for (String format : List.of("csv", "darshan", "simgrid")) {
      Path out = dir.resolve("out-" + format);
      Cli.Run run = Cli.run("export", "-f", format, "--trace-points=application", "-o", out.toString(),
          trace.toString());
      assertThat(run.exitCode()).as(format).isEqualTo(1);
      assertThat(run.errLines()).as(format).containsExactly("export: --trace-points application selects none of the "
          + "10 records read; the traces hold records at posix: choose those with --trace-points");
      assertThat(out).doesNotExist();
    }
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("t.ptrace");
    }
  }

  @Test
  void benchWorksInATemporaryDirectoryItRemoves() throws Exception {
    Path base = Files.createDirectories(dir.resolve("scratch"));
    Cli.Run run = Cli.run("export", "bench", "--events", "1000", "--formats", "csv", "--dir", base.toString());
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).contains("to " + base.resolve("pfsmix-export-bench-")).contains("\ncsv ");
    try (var files = Files.list(base)) {
      assertThat(files).isEmpty();
    }
    // by default under the system's temporary directory, never the working directory
    run = Cli.run("export", "bench", "--events", "1000", "--formats", "csv");
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(" to (\\S+)\n").matcher(run.stdout());
    assertThat(m.find()).as(run.stdout()).isTrue();
    assertThat(Path.of(m.group(1))).startsWithRaw(tmp).doesNotExist();
  }

  @Test
  void aTraceWithoutRecordsIsOneErrorInEveryFormat() throws Exception {
    Path empty = TraceCommandErrorsTest.trace(dir.resolve("empty.ptrace"), 0);
    // killed before its first record: the header alone, no END block
    byte[] whole = Files.readAllBytes(TraceCommandErrorsTest.trace(dir.resolve("killed.ptrace"), 0));
    Path killed = Files.write(dir.resolve("killed.ptrace"), Arrays.copyOf(whole, whole.length
        - TraceFormat.COUNTS_BLOCK_SIZE));
    // csv, chrome, pfssim, hecios and disksim wrote a header-only or empty output and exited 0, darshan failed without
    // naming the trace, simgrid wrote a bundle with no actor
    for (ExportFormat format : ExportFormat.values()) {
      Path out = dir.resolve("out-" + format.cliName());
      Cli.Run run = Cli.run("export", "-f", format.cliName(), "-o", out.toString(), empty.toString());
      assertThat(run.exitCode()).as(format.cliName()).isEqualTo(1);
      assertThat(run.errLines()).as(format.cliName()).containsExactly("export: " + empty + " holds no record; nothing"
          + " to export, no output written");
      assertThat(run.stdout()).as(format.cliName()).isEmpty();
      run = Cli.run("export", "-f", format.cliName(), "-o", out.toString(), empty.toString(), killed.toString());
      assertThat(run.exitCode()).as(format.cliName()).isEqualTo(1);
      assertThat(run.errLines()).as(format.cliName()).containsExactly("export: the traces " + empty + ", " + killed
          + " hold no record (" + killed + " was cut short at byte offset " + killed.toFile().length() + " (no end "
          + "block); 0 records read up to its last whole block); nothing to export, no output written");
      assertThat(out).as(format.cliName()).doesNotExist();
    }
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactlyInAnyOrder("empty.ptrace",
          "killed.ptrace");
    }
  }
}
