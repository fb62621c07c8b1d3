package io.pfsmix.export;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Locates and runs the real third-party tools the export tests check against; skips with the reason when one is absent. */
final class ThirdPartyTools {
  private ThirdPartyTools() {
  }

  /** The Python with PyDarshan: $PFSMIX_TEST_PYTHON, else ./run-tests' venv. */
  static Path pythonWithDarshan() throws Exception {
    String env = System.getenv("PFSMIX_TEST_PYTHON");
    Path python = env != null && !env.isEmpty() ? Paths.get(env)
        : Paths.get(System.getProperty("user.dir")).resolve("../target/test-venv/bin/python").normalize();
    assumeTrue(Files.isExecutable(python), "no Python with PyDarshan at " + python
        + " (set PFSMIX_TEST_PYTHON or run ./run-tests, which creates target/test-venv)");
    Result check = run(List.of(python.toString(), "-c", "import darshan"), null, 60);
    assumeTrue(check.exit == 0, python + " cannot import darshan (pip install darshan==3.5.0): " + check.output);
    return python;
  }

  /**
   * The directory holding darshan-util's C tools (darshan-parser, darshan-dxt-parser): $PFSMIX_DARSHAN_UTIL_BIN, else
   * the build scripts/darshan-util-build.sh (run by ./run-tests) made in ~/.cache/pfsmix/darshan-util/current.
   */
  static Path darshanUtilBin() {
    String env = System.getenv("PFSMIX_DARSHAN_UTIL_BIN");
    Path bin = env != null && !env.isEmpty() ? Paths.get(env)
        : Paths.get(System.getProperty("user.home"), ".cache/pfsmix/darshan-util/current/install/bin");
    assumeTrue(Files.isExecutable(bin.resolve("darshan-parser")) && Files.isExecutable(bin.resolve("darshan-dxt-parser")),
        "darshan-util's C tools not built in " + bin + ": no registry here has their source; name a Darshan release"
            + " tarball with PFSMIX_DARSHAN_TARBALL and run scripts/darshan-util-build.sh (or ./run-tests)");
    return bin;
  }

  /** The SimGrid replayer built by the Maven profile simgrid-replayer. */
  static Path simgridReplayer() {
    String prop = System.getProperty("pfsmix.simgrid.replayer", "target/native/pfsmix-simgrid-replay");
    Path replayer = Paths.get(prop);
    assumeTrue(Files.isExecutable(replayer), "SimGrid replayer not built at " + replayer
        + " (install Debian libsimgrid-dev; the build compiles it when /usr/include/simgrid/s4u.hpp exists)");
    return replayer;
  }

  /** A test resource copied to a file, so an external program can run it. */
  static Path resource(String name, Path dir) throws IOException {
    Path out = dir.resolve(name);
    try (InputStream in = ThirdPartyTools.class.getResourceAsStream("/" + name)) {
      if (in == null) {
        throw new IOException("missing test resource " + name);
      }
      Files.copy(in, out);
    }
    return out;
  }

  record Result(int exit, String output) {
  }

  static Result run(List<String> command, Path workDir, int timeoutSeconds) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true);
    if (workDir != null) {
      pb.directory(workDir.toFile());
    }
    pb.environment().put("MPLBACKEND", "Agg");
    Process p = pb.start();
    byte[] out;
    try (InputStream in = p.getInputStream()) {
      out = in.readAllBytes();
    }
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(command + " did not finish in " + timeoutSeconds + " s");
    }
    return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }
}
