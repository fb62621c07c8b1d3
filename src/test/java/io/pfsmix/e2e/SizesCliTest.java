package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;

/**
 * Sizes, free space, memory and the paths the commands write, tried as a careless user would: every refusal names the
 * flag (or key), the value or path and the reason before anything is written; a size that is no size is a usage error
 * (its line, then the usage, exit code 2) except for ior, which keeps IOR's exit code 1; what the machine cannot give
 * (free space, a directory) is one line with exit code 1.
 */
class SizesCliTest {

  @TempDir
  Path tmp;

  /** Every command with a size flag, the size given as {@code size}. */
  private List<List<String>> commandsWithSize(String size) {
    String out = tmp.resolve("out").toString();
    return List.of(
        List.of("bench", "read", "--size", size, "--dir", out),
        List.of("bench", "trace", "--write-size", size, "--dir", out),
        List.of("tfidf", "generate", "--size", size, "--out", "file://" + out),
        List.of("tfidf", "bench", "--data-size", size, "--work", "file://" + out),
        List.of("ior", "-w", "-b", size, "-o", "file://" + out),
        List.of("mix", "--tfidf-size", size, "-o", out),
        List.of("export", "-f", "simgrid", "--disk-read-bw", size, "-o", out, tmp.resolve("t.ptrace").toString()));
  }

  @Test
  void oneGrammarAndOneOverflowErrorForEveryCommand() throws Exception {
    // 1e was 1 EiB for mix, export and bench, an error for ior and generate; 99999999999g overflowed only in ior and mix
    for (String size : List.of("1e", "99999999999g")) {
      String error = size.equals("1e") ? "'1e' is not a size (a "
          : "'99999999999g' overflows 64 bits (sizes end at 2^63-1 bytes, just under 8 EiB)";
      for (List<String> command : commandsWithSize(size)) {
        Cli.Run run = MixCli.run(command.toArray(new String[0]));
        boolean ior = command.get(0).equals("ior");
        assertThat(run.exitCode()).as(String.join(" ", command)).isEqualTo(ior ? 1 : 2);
        assertThat(run.errLines().get(0)).as(String.join(" ", command)).contains(error);
        assertThat(run.stderr()).as(String.join(" ", command)).doesNotContain("\tat ");
        if (ior) {
          assertThat(run.stderr()).hasLineCount(1);
        } else {
          assertThat(run.stderr()).as(String.join(" ", command)).contains("Usage: pfsmix ");
        }
        assertThat(tmp.resolve("out")).as(String.join(" ", command)).doesNotExist();
      }
    }
  }

  @Test
  void benchReadRefusesAFileAsItsDirectoryAndASizeBeyondTheFreeSpace() throws Exception {
    Path file = Files.writeString(tmp.resolve("passwd"), "root:x:0:0");
    Cli.Run run = MixCli.run("bench", "read", "--size", "1m", "--dir", file.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    // it printed "read: <path>" without a reason
    assertThat(run.stderr()).isEqualTo("read: --dir " + file + ": not a directory\n");
    run = MixCli.run("bench", "read", "--size", "1m", "--dir", file.resolve("sub").toString());
    assertThat(run.stderr()).isEqualTo("read: --dir " + file.resolve("sub") + ": " + file + " is not a directory\n");

    // 1p on a disk of gigabytes: refused before the file is written
    Path dir = tmp.resolve("bench");
    run = MixCli.run("bench", "read", "--size", "1p", "--dir", dir.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).startsWith("read: --size 1p writes 1.00 PiB, more than the ")
        .endsWith(" free on " + dir + "\n").hasLineCount(1);
    assertThat(run.stdout()).isEmpty();
    assertThat(dir).doesNotExist();
  }

  @Test
  void generateRefusesADataSetBeyondTheFreeSpaceAndWritesNothing() throws Exception {
    Cli.Run run = MixCli.run("tfidf", "generate", "--size", "1p", "--out", "file://" + tmp.resolve("data"));
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).startsWith("generate: --size: the data set is 1.00 PiB, more than the ")
        .endsWith(" free on file:" + tmp.resolve("data") + "\n");
    try (Stream<Path> left = Files.list(tmp)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void iorReportsAMissingFileBeforeAllocatingItsBuffers() {
    // 8 GiB of transfer buffers were allocated first: OutOfMemoryError and a stack trace
    Path missing = tmp.resolve("missing");
    Cli.Run run = MixCli.run("ior", "-r", "-b", "1g", "-t", "1g", "-N", "8", "-o", "file://" + missing);
    assertThat(run.exitCode()).isEqualTo(1);
    // named as -o gave it
    assertThat(run.stderr()).isEqualTo("ior: ERROR: cannot read file://" + missing + ": it does not exist (without -w,"
        + " -r reads the file(s) an earlier run wrote and kept with -k)\n");
  }

  @Test
  void classifyAndTrainBelowARegularFileFailInOneLineNamingThePaths() throws Exception {
    Path file = Files.writeString(tmp.resolve("somefile"), "x");
    Cli.Run run = MixCli.run("tfidf", "classify", "--input", "file://" + tmp, "--model", MixCli.sharedModel(),
        "--output", "file://" + file + "/out");
    assertThat(run.exitCode()).isEqualTo(1);
    // the local runner's stack trace, then "failed: NA"
    assertThat(run.stderr()).isEqualTo("classify: output file:" + file + "/out cannot be created: file:" + file
        + " is a file, not a directory\n");
    run = MixCli.run("tfidf", "train", "--input", "file://" + tmp, "--model", "file://" + file + "/model");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).isEqualTo("train: model file:" + file + "/model cannot be created: file:" + file
        + " is a file, not a directory\n");
  }
}
