package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.pfsmix.cli.Main;

/** {@code pfsmix <args>} in a JVM of its own, as ./pfsmix starts it, its output collected as it comes. */
final class PfsmixChild {

  final Process process;
  private final Path home;
  private final StringBuffer stdout = new StringBuffer();
  private final StringBuffer stderr = new StringBuffer();
  private final List<Thread> readers = new ArrayList<>();

  private PfsmixChild(Process process, Path home) {
    this.process = process;
    this.home = home;
    readers.add(copy(process.getInputStream(), stdout, System.out));
    readers.add(copy(process.getErrorStream(), stderr, System.err));
  }

  static PfsmixChild start(Path home, List<String> args) throws IOException {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // cli's classes and every module's jar as the tests see them; not conf/: the commands name their file systems
    // (the mix runner sets their keys itself)
    String classpath = System.getProperty("java.class.path");
    String cli = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
    assertThat(classpath.split(File.pathSeparator)).as("the test classpath holds the cli").contains(cli);
    List<String> command = new ArrayList<>(List.of(
        // a terminal's foreground job takes SIGINT; a test run in the background would pass on an ignored one
        "env", "--default-signal=INT", java, "-Xmx1g", "-Dpfsmix.home=" + home, "-cp", classpath,
        Main.class.getName()));
    command.addAll(args);
    Files.createDirectories(home);
    // in the home: the local runner links job files into the working directory
    return new PfsmixChild(new ProcessBuilder(command).directory(home.toFile()).start(), home);
  }

  private static Thread copy(InputStream from, StringBuffer to, PrintStream echo) {
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          to.append(line).append('\n');
          echo.println(line);
        }
      } catch (IOException e) {
        to.append("(reading the child's output failed: ").append(e.getMessage()).append(")\n");
      }
    }, "child-output");
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** The embedded pfs root under the child's pfsmix.home (PosixBackendFactory.embeddedRoot), as /proc names it. */
  Path root() throws IOException {
    return home.resolve("var/pfs-root").toRealPath();
  }

  String stdout() {
    return stdout.toString();
  }

  String stderr() {
    return stderr.toString();
  }

  Matcher awaitStderr(Pattern pattern, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      Matcher m = pattern.matcher(stderr);
      if (m.find()) {
        return m;
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(20);
    }
    return fail("no line matching '" + pattern + "' within " + seconds + " s (exit "
        + (process.isAlive() ? "none yet" : process.exitValue()) + ")\n" + stderr);
  }

  /** Sends a signal as a terminal or kill(1) would. */
  void signal(String name) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
    assertThat(kill.waitFor()).as("kill -" + name).isZero();
  }

  /** Waits for the exit and the end of its output; on a hang, fails with the child's threads. */
  void awaitExit(long seconds) throws IOException, InterruptedException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
          Long.toString(process.pid()), "Thread.print").redirectErrorStream(true).start();
      String threads = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      jcmd.waitFor(30, TimeUnit.SECONDS);
      fail("pfsmix still runs " + seconds + " s after the signal\n" + stderr + "\n" + threads);
    }
    for (Thread t : readers) {
      t.join(TimeUnit.SECONDS.toMillis(10));
    }
  }

  void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
