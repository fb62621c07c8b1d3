package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pfsmix predict` refuses what it cannot predict from, naming the flag or the file. */
class PredictCommandErrorsTest {

  @TempDir
  Path dir;

  @Test
  void countsAndSizesMustBePositive() {
    String[][] cases = {
        {"--targets=0", "predict: --targets must be at least 1, got 0"},
        {"--cores=0", "predict: --cores must be at least 1, got 0"},
        {"--stripe=0", "predict: --stripe must be positive"},
        {"--link-latency=-1", "predict: --link-latency must be a finite number of seconds >= 0, got -1.0"},
        {"--io-cpu=1.5", "predict: --io-cpu must be a fraction from 0 to 1, got 1.5"},
        {"--io-cpu=-0.1", "predict: --io-cpu must be a fraction from 0 to 1, got -0.1"},
        {"--io-cpu=NaN", "predict: --io-cpu must be a fraction from 0 to 1, got NaN"},
        {"--client-disk=maybe", "predict: --client-disk must be shared or separate, got 'maybe'"},
    };
    for (String[] c : cases) {
      Cli.Run run = Cli.run("predict", c[0], dir.toString());
      assertThat(run.exitCode()).as(c[0]).isEqualTo(1);
      assertThat(run.errLines()).as(c[0]).containsExactly(c[1]);
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
