package io.pfsmix.ior;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real IOR as scripts/ior-build.sh builds it (~/.cache/pfsmix/ior/current/install/bin/ior), run under Open MPI's
 * mpirun; tests that need it are skipped, with the reason, where it is not built.
 */
final class RealIor {

  static final Path BINARY = Path.of(System.getProperty("user.home"), ".cache/pfsmix/ior/current/install/bin/ior");

  /** The preload trace library as the tracing module's build leaves it (tests run in the module's directory). */
  static final Path PRELOAD = Path.of("../tracing/target/native/libpfsmix-trace.so").toAbsolutePath().normalize();

  private RealIor() {
  }

  /** Skips the calling test unless the real IOR and mpirun are there. */
  static void assumeBuilt() {
    assumeTrue(Files.isExecutable(BINARY), "the real IOR is not built (scripts/ior-build.sh builds it from its source"
        + " tarball; ./run-tests runs it)");
    assumeTrue(mpirun() != null, "no mpirun on PATH (Debian's openmpi-bin; scripts/ior-build.sh installs it as root)");
  }

  static String mpirun() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File candidate = new File(dir, "mpirun");
      if (candidate.canExecute()) {
        return candidate.getPath();
      }
    }
    return null;
  }

  /** The mpirun options the tests use: 4 ranks on this host, also as root. */
  static List<String> mpirunOptions(int ranks) {
    return List.of("--allow-run-as-root", "--oversubscribe", "-np", Integer.toString(ranks));
  }

  /** Runs the real IOR with {@code ranks} ranks in {@code dir}; returns its standard output, failing on a non-zero exit. */
  static String run(Path dir, int ranks, List<String> flags) throws IOException, InterruptedException {
    return run(dir, ranks, flags, 0);
  }

  /** The real IOR's output where it is to exit with {@code exit} (its data-check errors counted twice, say). */
  static String run(Path dir, int ranks, List<String> flags, int exit) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(mpirun());
    command.addAll(mpirunOptions(ranks));
    command.add(BINARY.toString());
    command.addAll(flags);
    Path err = Files.createTempFile(dir, "ior", ".err");
    Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IOException(command + " did not finish in 5 minutes");
    }
    String stderr = Files.readString(err);
    Files.delete(err);
    if (process.exitValue() != exit) {
      throw new IOException(command + " exited with " + process.exitValue() + ": " + stderr + out);
    }
    return out;
  }
}
