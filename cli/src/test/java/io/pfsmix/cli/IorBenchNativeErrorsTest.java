package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pfsmix ior bench`: bad input is refused, its first line naming the flag, before either IOR runs; --help is true. */
class IorBenchNativeErrorsTest {

  @TempDir
  Path dir;

  @Test
  void badInputIsOneLineAndNothingRuns() throws Exception {
    Path script = Files.writeString(dir.resolve("ior"), "#!/bin/sh\ntouch " + dir.resolve("ran") + "\n");
    assertThat(script.toFile().setExecutable(true)).isTrue();
    Path text = Files.writeString(dir.resolve("ior.txt"), "");
    Map<String, List<String>> cases = Map.ofEntries(
        Map.entry("Missing required parameter for option '--native' (PATH_TO_IOR)",
            List.of("--native")),
        Map.entry("--native: " + text + " is not an executable file",
            List.of("--native", text.toString())),
        Map.entry("--rounds must be a whole number above 0, not 0",
            List.of("--native", script.toString(), "--rounds", "0")),
        Map.entry("--pause must be a whole number of seconds, 0 or more, not -1",
            List.of("--native", script.toString(), "--pause", "-1")),
        Map.entry("--pause applies only with --native",
            List.of("--pause", "3")),
        Map.entry("Unknown option: '-q'",
            List.of("--native", script.toString(), "-q", "1")),
        Map.entry("-o is set by the benchmark (--dir, -N, and -a POSIX, the API both share)",
            List.of("--native", script.toString(), "--", "-w", "-o", "/tmp/x")),
        Map.entry("ERROR: block size must be a multiple of transfer size",
            List.of("--native", script.toString(), "--", "-w", "-b", "1m", "-t", "3k")),
        Map.entry("-b applies without --native; with --native, give IOR's flags after --",
            List.of("--native", script.toString(), "-b", "64m")),
        Map.entry("IOR flags (-w -r) apply only with --native",
            List.of("--", "-w", "-r")),
        Map.entry("ERROR: -b: '3x' is not a size",
            List.of("-b", "3x")));
    for (Map.Entry<String, List<String>> c : cases.entrySet()) {
      List<String> args = new java.util.ArrayList<>(List.of("ior", "bench"));
      args.addAll(c.getValue());
      Cli.Run run = Cli.run(args.toArray(new String[0]));
      assertThat(run.exitCode()).as(c.getKey()).isNotZero();
      assertThat(run.stderr().lines().findFirst().orElse("")).as(c.getKey()).contains(c.getKey());
    }
    assertThat(dir.resolve("ran")).doesNotExist();
  }

  @Test
  void helpNamesEveryOptionAndRunsNothing() {
    Cli.Run run = Cli.run("ior", "bench", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.stdout()).contains("Usage: pfsmix ior bench").contains("--native=PATH_TO_IOR")
        .contains("--mpirun-args=ARGS").contains("--rounds=N")
        .contains("--pause=SECONDS").contains("-b=SIZE").contains("[IOR_FLAGS...]");
  }
}
