package io.pfsmix.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Programs the native backends' tests run (cluster scripts, daemons, mounts), and the processes they watch. */
public final class TestProcesses {

  private TestProcesses() {
  }

  /** Runs a command; returns its stdout, fails with its stderr (or when it outlives the timeout). */
  public static String run(List<String> command, Duration timeout) throws IOException {
    Path stdout = Files.createTempFile("pfsmix-test", ".out");
    Path stderr = Files.createTempFile("pfsmix-test", ".err");
    try {
      Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
          .start();
      if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException(String.join(" ", command) + " timed out after " + timeout.toSeconds() + " s");
      }
      if (process.exitValue() != 0) {
        throw new IOException(String.join(" ", command) + " failed (" + process.exitValue() + "): "
            + Files.readString(stderr).trim());
      }
      return Files.readString(stdout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + command, e);
    } finally {
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }

  /** Whether a process lives (a zombie counts as gone). */
  public static boolean alive(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return !state.equals("Z") && !state.equals("X");
    } catch (IOException gone) {
      return false;
    }
  }

  /** Kills a process with SIGKILL and waits until it is gone. */
  public static void kill(long pid, String what) throws IOException {
    run(List.of("kill", "-KILL", Long.toString(pid)), Duration.ofSeconds(10));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (alive(pid)) {
      if (System.nanoTime() > deadline) {
        throw new IOException(what + " (pid " + pid + ") survived SIGKILL");
      }
      sleep(100);
    }
  }

  /** A TCP port nothing listens on now, outside the ephemeral range ({@link LocalPorts}). */
  public static int freePort() throws IOException {
    return LocalPorts.free(1);
  }

  /** {@code length} bytes that a seed determines, for data a test writes and checks back. */
  public static byte[] randomBytes(int length, long seed) {
    byte[] bytes = new byte[length];
    new java.util.Random(seed).nextBytes(bytes);
    return bytes;
  }

  public static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
