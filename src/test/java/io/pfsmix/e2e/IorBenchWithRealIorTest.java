package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;

/** `pfsmix ior bench --native`: the real IOR and the Java driver, alternating, each round shown as it ends. */
@ExtendWith(RepositoryHome.class)
class IorBenchWithRealIorTest {

  private static final Pattern ROUND = Pattern.compile("ior bench: -w -r -b 1m -t 256k -s 2, round (\\d) of 2: write "
      + "([0-9.]+) and ([0-9.]+), read ([0-9.]+) and ([0-9.]+) MiB/s \\(real IOR and java\\)");

  @TempDir
  Path dir;

  @Test
  void eachRoundShowsBothProgramsBandwidthsAndTheTableTheirRatios() {
    assumeTrue(Files.isExecutable(MixWithRealIorTest.REAL_IOR), "the real IOR is not built (scripts/ior-build.sh "
        + "builds it from its source tarball; ./run-tests runs it)");
    assumeTrue(MixCli.onPath("mpirun"), "no mpirun on PATH (Debian's openmpi-bin; scripts/ior-build.sh installs it)");
    Cli.Run run = Cli.run("ior", "bench", "--native", MixWithRealIorTest.REAL_IOR.toString(), "--mpirun-args",
        MixWithRealIorTest.MPIRUN_ARGS, "--rounds", "2", "--pause", "0", "--dir", dir.toString(), "--", "-w", "-r",
        "-b", "1m", "-t", "256k", "-s", "2");

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    List<String> rounds = run.stderr().lines().filter(l -> l.startsWith("ior bench: ")).toList();
    assertThat(rounds).hasSize(2);
    for (int r = 0; r < 2; r++) {
      Matcher m = ROUND.matcher(rounds.get(r));
      assertThat(m.matches()).as(rounds.get(r)).isTrue();
      assertThat(m.group(1)).isEqualTo(Integer.toString(r + 1));
      for (int g = 2; g <= 5; g++) {
        assertThat(Double.parseDouble(m.group(g))).as(rounds.get(r)).isPositive();
      }
    }
    assertThat(run.stdout()).contains("java/real   paired    90% range  ratio per round");
    // the table's rows: both phases, each with its medians, their ratio, the median of the two rounds' ratios (with
    // two rounds, their mean), its range (with two rounds, from one ratio to the other) and those ratios
    List<String[]> rows = run.stdout().lines().filter(l -> l.startsWith("-w -r -b 1m -t 256k -s 2 "))
        .map(l -> l.substring("-w -r -b 1m -t 256k -s 2 ".length()).trim().split("\\s+")).toList();
    assertThat(rows).extracting(row -> row[0]).containsExactly("write", "read");
    for (String[] row : rows) {
      double real = Double.parseDouble(row[1]);
      double java = Double.parseDouble(row[2]);
      assertThat(Double.parseDouble(row[3])).isCloseTo(java / real, within(0.006));
      double first = Double.parseDouble(row[6]);
      double second = Double.parseDouble(row[7]);
      assertThat(Double.parseDouble(row[4])).isCloseTo((first + second) / 2, within(0.011));
      assertThat(row[5]).isEqualTo(String.format(Locale.ROOT, "%.2f..%.2f", Math.min(first, second),
          Math.max(first, second)));
    }
    // both programs remove their files at the end of each run
    assertThat(dir.toFile().list()).isEmpty();
  }
}
