package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pfsmix predict` refuses what it cannot predict from, naming the flag (a usage error) or the file (a failure). */
class PredictCommandErrorsTest {

  @TempDir
  Path dir;

  @Test
  void countsAndSizesMustBePositive() {
    String[][] cases = {
        {"--targets=0", "--targets must be at least 1, got 0"},
        {"--cores=0", "--cores must be at least 1, got 0"},
        {"--stripe=0", "--stripe must be positive"},
        {"--stripe=1e", "--stripe: '1e' is not a size (a number with an optional suffix k, m, g, t or p, powers of "
            + "1024: 4096, 64k, 7.2g)"},
        {"--link-latency=-1", "--link-latency must be a finite number of seconds >= 0, got -1.0"},
        {"--io-cpu=1.5", "--io-cpu must be a fraction from 0 to 1, got 1.5"},
        {"--io-cpu=-0.1", "--io-cpu must be a fraction from 0 to 1, got -0.1"},
        {"--io-cpu=NaN", "--io-cpu must be a fraction from 0 to 1, got NaN"},
        {"--client-disk=maybe", "--client-disk must be shared or separate, got 'maybe'"},
        {"--busy-slowdown=0.5", "--busy-slowdown must be a finite number >= 1, got 0.5"},
        {"--busy-slowdown=Infinity", "--busy-slowdown must be a finite number >= 1, got Infinity"},
    };
    for (String[] c : cases) {
      Cli.Run run = Cli.run("predict", c[0], dir.toString());
      // a usage error, as picocli's own refusals: the line, then the usage
      assertThat(run.exitCode()).as(c[0]).isEqualTo(2);
      assertThat(run.errLines().get(0)).as(c[0]).isEqualTo(c[1]);
      assertThat(run.stderr()).as(c[0]).contains("Usage: pfsmix predict ");
    }
  }

  @Test
  void aDirectoryWithoutResultsIsNamed() throws Exception {
    Path simulator = dir.resolve("sim");
    Files.writeString(simulator, "#!/bin/sh\n");
    simulator.toFile().setExecutable(true);
    Cli.Run run = Cli.run("predict", "--simulator", simulator.toString(), dir.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.errLines()).containsExactly("predict: " + dir.resolve("results.json")
        + ": no such results file (RESULTS_DIR must be a results directory of pfsmix mix)");
    assertThat(Cli.run("predict", "--simulator", dir.resolve("none").toString(), dir.toString()).errLines())
        .containsExactly("predict: --simulator: " + dir.resolve("none") + " is not an executable; install Debian's "
            + "libsimgrid-dev and rebuild (the build compiles it), or name one");
  }
}
