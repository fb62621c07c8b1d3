package io.pfsmix.fs;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.FileSystem;

/**
 * One of the project's cluster scripts (scripts/NAME-cluster.sh) driving a test run's file system in
 * target/NAME-cluster, as the native backends' tests use it.
 */
public final class TestClusterScript {

  private final String name;
  private final Path script;
  private final Path dir;
  private final Duration timeout;

  public TestClusterScript(String name, Duration timeout) {
    Path home = Path.of(System.getProperty("pfsmix.home", "..")).toAbsolutePath().normalize();
    this.name = name;
    this.script = home.resolve("scripts/" + name + "-cluster.sh");
    this.dir = target().resolve(name + "-cluster");
    this.timeout = timeout;
  }

  /** The build's output directory, where the file system and anything beside it (a FUSE mount) live. */
  public static Path target() {
    return Path.of(System.getProperty("pfsmix.test.dir", "target")).toAbsolutePath();
  }

  public Path dir() {
    return dir;
  }

  /** Runs the script with this file system's directory; returns stdout, fails with its stderr. */
  public String run(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of(script.toString()));
    command.addAll(List.of(arguments));
    command.addAll(List.of("--dir", dir.toString()));
    return TestProcesses.run(command, timeout);
  }

  /**
   * Stops what a killed run may have left, then runs {@code up} with the arguments; returns the "key value" lines it
   * printed, failing when one of the required keys is missing.
   */
  public Map<String, String> up(List<String> arguments, String... required) throws IOException {
    run("down");
    List<String> up = new ArrayList<>(List.of("up"));
    up.addAll(arguments);
    String output = run(up.toArray(new String[0]));
    Map<String, String> lines = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      String[] field = line.trim().split(" ", 2);
      if (field.length == 2) {
        lines.put(field[0], field[1].trim());
      }
    }
    for (String key : required) {
      if (!lines.containsKey(key)) {
        throw new IOException(name + "-cluster.sh up printed no '" + key + "' line: " + output);
      }
    }
    return lines;
  }

  /**
   * Closes the cached file systems first (their clients would otherwise close from Hadoop's shutdown hook, against
   * stopped servers, and hang), then runs {@code down}; failures are reported, not thrown, as this runs at the end.
   */
  public void down() {
    try {
      FileSystem.closeAll();
    } catch (IOException e) {
      System.err.println(name + " test cluster: closing cached file systems failed: " + e);
    }
    try {
      run("down");
    } catch (IOException e) {
      System.err.println(name + " test cluster: stopping it failed: " + e.getMessage());
    }
  }
}
