package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pfsmix ior bench --native`: bad input is refused in one line, before either IOR runs. */
class IorBenchNativeErrorsTest {

  @TempDir
  Path dir;

  @Test
  void badInputIsOneLineAndNothingRuns() throws Exception {
    Path script = Files.writeString(dir.resolve("ior"), "#!/bin/sh\ntouch " + dir.resolve("ran") + "\n");
    assertThat(script.toFile().setExecutable(true)).isTrue();
    Path text = Files.writeString(dir.resolve("ior.txt"), "");
    Map<String, List<String>> cases = Map.of(
        "ior bench --native: missing PATH_TO_IOR", List.of("--native"),
        "ior bench --native: " + text + " is not an executable file", List.of("--native", text.toString()),
        "ior bench --native: --rounds must be a whole number above 0, not '0'",
        List.of("--native", script.toString(), "--rounds", "0"),
        "ior bench --native: unknown option -q (expected -N, --rounds, --dir, --mpirun-args, or -- and IOR's flags)",
        List.of("--native", script.toString(), "-q", "1"),
        "ior bench --native: -o is set by the benchmark (--dir, -N, and -a POSIX, the API both share)",
        List.of("--native", script.toString(), "--", "-w", "-o", "/tmp/x"),
        "ERROR: block size must be a multiple of transfer size",
        List.of("--native", script.toString(), "--", "-w", "-b", "1m", "-t", "3k"));
    for (Map.Entry<String, List<String>> c : cases.entrySet()) {
      String[] args = new String[c.getValue().size() + 2];
      args[0] = "ior";
      args[1] = "bench";
      for (int i = 0; i < c.getValue().size(); i++) {
        args[i + 2] = c.getValue().get(i);
      }
      Cli.Run run = Cli.run(args);
      assertThat(run.exitCode()).as(c.getKey()).isEqualTo(1);
      assertThat(run.stderr()).as(c.getKey()).contains(c.getKey()).hasLineCount(1);
    }
    assertThat(dir.resolve("ran")).doesNotExist();
  }
}
