package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A traced copy whose trace destination fills up. The disk is a file size limit (ulimit -f), which the kernel enforces
 * as a full file system is: the trace file cannot grow, while the copy (smaller than the limit) goes on. (Under the
 * limit lz4-java cannot unpack its native library, larger than the limit, and packs with its Java codec instead.)
 */
class TraceFullDiskTest {

  @TempDir
  Path dir;

  @Test
  void summarizeShowsTheRecordsLostToAFullDisk() throws Exception {
    Path in = dir.resolve("in.txt");
    StringBuilder text = new StringBuilder();
    for (int i = 0; text.length() < 60_000; i++) {
      text.append(i).append('\n');
    }
    Files.writeString(in, text);
    Path traces = dir.resolve("traces");
    Path out = dir.resolve("out.txt");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = Path.of("..", "conf").toAbsolutePath().normalize() + File.pathSeparator
        + System.getProperty("java.class.path");
    Cli.Run copy = Cli.start(new ProcessBuilder("bash", "-c", "ulimit -f 64 && exec \"$0\" \"$@\"", java, "-cp",
        classpath, Main.class.getName(), "hadoop", "fs",
        "-Dfs.file.impl=io.pfsmix.trace.hadoop.TracingLocalFileSystem", "-Dpfsmix.trace.destination=" + traces,
        "-Dio.file.buffer.size=1", // one traced read per byte: far more trace than the 64 KiB limit
        "-put", "file://" + in, "file://" + out), Map.of());
    assertThat(copy.exitCode()).as(copy.stderr()).isZero();
    assertThat(out).hasSameContentAs(in);
    // one WARN line for the failure, no stack trace
    assertThat(copy.errLines()).hasSize(1);
    assertThat(copy.errLines().get(0)).matches(".* WARN TraceRecorder: pfsmix trace destination " + traces
        + "/.*\\.ptrace failed \\(java.io.IOException: File too large\\); the traced program goes on and further "
        + "records are counted as lost");

    Cli.Run summary = Cli.run("trace", "summarize", traces.toString());
    assertThat(summary.exitCode()).as(summary.stderr()).isZero();
    List<String> lines = summary.stdout().lines().toList();
    Matcher counts = Pattern.compile("(\\d+) records in 1 trace file\\(s\\), (\\d+) lost").matcher(lines.get(0));
    assertThat(counts.matches()).as(lines.get(0)).isTrue();
    long written = Long.parseLong(counts.group(1));
    long lost = Long.parseLong(counts.group(2));
    assertThat(written).isPositive();
    assertThat(lost).isGreaterThan(written); // 60,000 single-byte reads and writes against a 64 KiB limit
    assertThat(summary.stdout()).doesNotContain("cut short");
  }
}
