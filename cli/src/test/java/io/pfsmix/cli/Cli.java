package io.pfsmix.cli;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs pfsmix commands as a user would: in this JVM through {@link Main#commandLine()}, or as a real process. */
public final class Cli {

  /** Exit code and what the command printed. */
  public record Run(int exitCode, String stdout, String stderr) {
    public List<String> errLines() {
      return stderr.lines().toList();
    }
  }

  private Cli() {
  }

  /** Runs a command in this JVM, capturing stdout and stderr. */
  public static synchronized Run run(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
      code = Main.commandLine().execute(args);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return new Run(code, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
  }

  /**
   * Runs {@code Main.main} in a new JVM on this test's classpath, with {@code confDir} first on it (as the launcher puts
   * conf/ or HADOOP_CONF_DIR) when not null.
   */
  static Run process(Path confDir, Map<String, String> environment, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", (confDir == null ? "" : confDir + File.pathSeparator) + System.getProperty("java.class.path"),
        Main.class.getName()));
    command.addAll(List.of(args));
    return start(new ProcessBuilder(command), environment);
  }

  /** Runs a command line (the launcher script, say) as a process. */
  static Run start(ProcessBuilder builder, Map<String, String> environment) throws IOException, InterruptedException {
    builder.environment().remove("PFSMIX_DEBUG");
    builder.environment().putAll(environment);
    Path err = java.nio.file.Files.createTempFile("pfsmix-cli-test", ".err");
    try {
      Process process = builder.redirectError(err.toFile()).start();
      process.getOutputStream().close();
      String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(300, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("still running after 300 s: " + builder.command());
      }
      return new Run(process.exitValue(), stdout, java.nio.file.Files.readString(err));
    } finally {
      java.nio.file.Files.deleteIfExists(err);
    }
  }
}
