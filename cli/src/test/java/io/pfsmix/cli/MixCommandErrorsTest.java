package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pfsmix mix` refusing a setting: named as the user gave it, with the exit code of what was wrong. */
class MixCommandErrorsTest {

  @TempDir
  Path dir;

  @Test
  void aBadValueGivenByAFlagNamesTheFlagAndIsAUsageError() {
    Path results = dir.resolve("results");
    String[][] cases = {
        {"-N/--ranks (mix.ior.ranks) = 'abc' is not a whole number", "-N", "abc"},
        {"-N/--ranks (mix.ior.ranks) = '0' is out of range: must be between 1 and 2147483647", "--ranks", "0"},
        {"--tfidf-size (mix.tfidf.size): '1e' is not a size (a number with an optional suffix k, m, g, t or p, powers"
            + " of 1024: 4096, 64k, 7.2g)", "--tfidf-size", "1e"},
        {"--tracing (mix.tracing): unknown value 'maybe': expected off, on or overhead", "--tracing", "maybe"},
        // a combination: named by the flag that set the value at fault
        {"-t/--transfer (mix.ior.transfer): transfer size 3145728 does not divide the block size 1048576"
            + " (mix.ior.block)", "-b", "1m", "-t", "3m"},
    };
    for (String[] c : cases) {
      String[] args = new String[c.length + 2];
      args[0] = "mix";
      System.arraycopy(c, 1, args, 1, c.length - 1);
      args[c.length] = "-o";
      args[c.length + 1] = results.toString();
      Cli.Run run = Cli.run(args);
      assertThat(run.exitCode()).as(c[0]).isEqualTo(2);
      assertThat(run.errLines().get(0)).as(c[0]).isEqualTo(c[0]);
      assertThat(run.stderr()).as(c[0]).contains("Usage: pfsmix mix ");
      assertThat(run.stdout()).as(c[0]).isEmpty();
      assertThat(results).as(c[0]).doesNotExist();
    }
  }

  @Test
  void aBadValueGivenByItsKeyNamesTheKey() throws Exception {
    Path results = dir.resolve("results");
    Path config = Files.writeString(dir.resolve("mix.properties"), "mix.ior.ranks = abc\n");
    for (String[] args : new String[][] {
        {"mix", "--config", config.toString(), "-o", results.toString()},
        {"mix", "--set", "mix.ior.ranks=abc", "-o", results.toString()},
        // --set comes after the flags and wins: its key is named
        {"mix", "-N", "4", "--set", "mix.ior.ranks=abc", "-o", results.toString()}}) {
      Cli.Run run = Cli.run(args);
      assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(run.errLines().get(0)).as(String.join(" ", args))
          .isEqualTo("mix.ior.ranks = 'abc' is not a whole number");
    }
    // a flag on top of the file: the flag's value is the one refused
    Cli.Run run = Cli.run("mix", "--config", config.toString(), "-N", "x", "-o", results.toString());
    assertThat(run.errLines().get(0)).isEqualTo("-N/--ranks (mix.ior.ranks) = 'x' is not a whole number");
    assertThat(results).doesNotExist();
  }

  @Test
  void whatAWellFormedValueNamesBeingUnusableIsAFailureNamedAsGiven() throws Exception {
    Path results = Files.createDirectories(dir.resolve("results"));
    Files.writeString(results.resolve("report.md"), "an earlier run");
    Cli.Run run = Cli.run("mix", "-o", results.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("mix: -o/--results (mix.results): " + results + " exists and is not"
        + " empty; name a new directory");
    run = Cli.run("mix", "--set", "mix.results=" + results);
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("mix: mix.results: " + results + " exists and is not empty; name a new"
        + " directory");
    run = Cli.run("mix", "--config", dir.resolve("none.properties").toString(), "-o", dir.resolve("r2").toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("mix: --config: no such file: " + dir.resolve("none.properties"));
    assertThat(results.resolve("report.md")).hasContent("an earlier run");
  }
}
