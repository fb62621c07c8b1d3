package io.pfsmix.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.pfsmix.fs.PfsmixHome;

/**
 * One run of a cluster script under scripts/ (ceph-cluster.sh, orangefs-cluster.sh) with the options a command was
 * given, each passed on under its own name, only when set. The script's output goes to this process's stdout and
 * stderr as it comes, so that callers in this JVM see the lines it prints for them.
 */
final class ClusterScript {

  /** What a script does; the commands' ACTION, which picocli refuses as a usage error when it is none of these. */
  enum Action {
    // spelled as the scripts and users spell them, which picocli's error lists
    up, down, status
  }

  private final List<String> command = new ArrayList<>();

  /** The script scripts/{@code name} under pfsmix's home, to run with {@code action}. */
  ClusterScript(String name, Action action) throws IOException {
    Path script = PfsmixHome.path().resolve("scripts").resolve(name);
    if (!Files.isExecutable(script)) {
      throw new IOException("cluster script not found or not executable: " + script);
    }
    command.add(script.toString());
    command.add(action.name());
  }

  /** Passes {@code --option value} when the value is set. */
  ClusterScript option(String option, Object value) {
    if (value != null) {
      command.add(option);
      command.add(value.toString());
    }
    return this;
  }

  /** Passes {@code --option} when set. */
  ClusterScript flag(String option, boolean set) {
    if (set) {
      command.add(option);
    }
    return this;
  }

  /** Runs the script; returns its exit code. */
  int run() throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT).start();
    Thread out = copy(process.getInputStream(), System.out);
    Thread err = copy(process.getErrorStream(), System.err);
    int code = process.waitFor();
    // a daemon the script started and that kept the script's output open must not hold the command up
    out.join(5_000);
    err.join(5_000);
    return code;
  }

  private static Thread copy(InputStream from, PrintStream to) {
    Thread thread = new Thread(() -> {
      try (from) {
        from.transferTo(to);
      } catch (IOException e) {
        to.println("(reading the cluster script's output failed: " + e.getMessage() + ")");
      }
      to.flush();
    }, "cluster-script-output");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
