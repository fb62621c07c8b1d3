package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.pfsmix.cli.Cli;
import io.pfsmix.fs.LocalPorts;

/** `./pfsmix CLUSTER up|down` of the cluster commands (orangefs, qfs) as their tests drive them, and the programs of the built install. */
final class ClusterCli {

  private ClusterCli() {
  }

  /** The "key value" lines `up` and `status` print. */
  record Lines(String text) {
    String get(String key) {
      return text.lines().filter(line -> line.startsWith(key + " ")).map(line -> line.substring(key.length() + 1))
          .findFirst().orElseThrow(() -> new AssertionError("no '" + key + "' line in: " + text));
    }
  }

  /** `./pfsmix CLUSTER up --dir DIR --port PORT MORE...`; skips the test when the build found no source tarball. */
  static Lines up(String cluster, Path dir, int port, String... more) {
    List<String> args = new ArrayList<>(List.of(cluster, "up", "--dir", dir.toString(), "--port",
        Integer.toString(port)));
    args.addAll(Arrays.asList(more));
    Cli.Run up = MixCli.run(args.toArray(new String[0]));
    // exit 3: the build script found no source tarball, and said where to put one
    assumeTrue(up.exitCode() != 3, up.stderr());
    if (up.exitCode() != 0) {
      down(cluster, dir);
    }
    assertThat(up.exitCode()).as(up.stderr()).isZero();
    return new Lines(up.stdout());
  }

  /** `up` again on the running cluster of {@code dir}: it says so and prints the lines of the first `up`. */
  static void upAgain(String cluster, Path dir, int port, Lines up) {
    Cli.Run again = MixCli.run(cluster, "up", "--dir", dir.toString(), "--port", Integer.toString(port));
    assertThat(again.exitCode()).as(again.stderr()).isZero();
    assertThat(again.stderr()).contains("already up in " + dir);
    assertThat(again.stdout()).isEqualTo(up.text());
  }

  /** Writes {@code mib} MiB of seeded random bytes to {@code file} (to copy into a cluster); returns them. */
  static byte[] randomFile(Path file, int mib, long seed) throws IOException {
    byte[] data = new byte[mib << 20];
    new Random(seed).nextBytes(data);
    Files.write(file, data);
    return data;
  }

  static void down(String cluster, Path dir) {
    Cli.Run down = MixCli.run(cluster, "down", "--dir", dir.toString());
    assertThat(down.exitCode()).as(down.stderr()).isZero();
  }

  /** Runs a program of the install with {@code environment}, asserting that it succeeds; returns its output. */
  static String program(Path program, Map<String, String> environment, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(program.toString()));
    command.addAll(Arrays.asList(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(environment);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(program + " finished").isTrue();
    assertThat(process.exitValue()).as(program + ": " + output).isZero();
    return output;
  }

  /** The live processes with {@code argument} among their arguments. */
  static List<Long> processesWithArgument(String argument) {
    return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> Arrays.asList(a).contains(argument))
        .orElse(false)).map(ProcessHandle::pid).toList();
  }

  static int freePort() throws IOException {
    return LocalPorts.free(1);
  }
}
