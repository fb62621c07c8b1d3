package io.pfsmix.ior;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsmixHome;

/**
 * Runs an installed IOR binary — under mpirun when one is on PATH, else directly as one rank — with pfsmix's LD_PRELOAD
 * trace library, shows its output as it comes, and parses it into an {@link IorResult}.
 */
public final class NativeIor {

  /** The preload library's variable naming the directory its trace files go to. */
  static final String TRACE_DIR_VARIABLE = "PFSMIX_TRACE_DIR";

  private final Configuration conf;
  private Path traceDirectory;
  private final StoppableProcess process = new StoppableProcess();

  public NativeIor(Configuration conf) {
    this.conf = conf;
  }

  /**
   * Traces into {@code dir} (one file per rank) rather than where the preload library puts them by default
   * ($TMPDIR/pfsmix-traces).
   */
  public NativeIor traceDirectory(Path dir) {
    this.traceDirectory = dir.toAbsolutePath();
    return this;
  }

  /** The mpirun this configuration names ({@value IorConfigKeys#NATIVE_MPIRUN}, else from PATH), or null when none. */
  public String mpirun() {
    return findOnPath(conf.get(IorConfigKeys.NATIVE_MPIRUN, IorConfigKeys.NATIVE_MPIRUN_DEFAULT));
  }

  /** Stops a {@link #run} in progress from another thread: mpirun and the ranks it started are ended. */
  public void cancel() {
    process.stop();
  }

  /**
   * @param ior the IOR executable
   * @param mpirunOptions options for mpirun (before the binary), e.g. -np 4
   * @param iorFlags IOR's own flags
   * @param trace whether to LD_PRELOAD the trace library
   * @param out where IOR's output is echoed
   */
  public IorResult run(Path ior, List<String> mpirunOptions, List<String> iorFlags, boolean trace, OutputStream out)
      throws IOException {
    if (!Files.isExecutable(ior)) {
      throw new IOException("IOR binary " + ior + " does not exist or is not executable");
    }
    String preload = null;
    if (trace) {
      preload = preloadLibrary().toString();
      if (!new File(preload).isFile()) {
        throw new IOException("trace library " + preload + " not found: build it (./mvnw -pl tracing install), set "
            + IorConfigKeys.NATIVE_PRELOAD + ", or run untraced with --no-trace");
      }
    }
    String mpirun = mpirun();
    List<String> command = new ArrayList<>();
    if (mpirun != null) {
      command.add(mpirun);
      if (preload != null) {
        boolean openMpi = runQuiet(List.of(mpirun, "--version")).contains("Open MPI");
        command.addAll(openMpi ? List.of("-x", "LD_PRELOAD=" + preload) : List.of("-genv", "LD_PRELOAD", preload));
        if (traceDirectory != null) {
          command.addAll(openMpi ? List.of("-x", TRACE_DIR_VARIABLE + "=" + traceDirectory)
              : List.of("-genv", TRACE_DIR_VARIABLE, traceDirectory.toString()));
        }
      }
      command.addAll(mpirunOptions);
    } else if (!mpirunOptions.isEmpty()) {
      throw new IOException("no mpirun on PATH (or " + IorConfigKeys.NATIVE_MPIRUN + "), so the mpirun options "
          + mpirunOptions + " cannot be applied; drop them to run IOR as one rank");
    }
    command.add(ior.toString());
    command.addAll(iorFlags);
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
    if (preload != null && mpirun == null) {
      builder.environment().put("LD_PRELOAD", preload);
      if (traceDirectory != null) {
        builder.environment().put(TRACE_DIR_VARIABLE, traceDirectory.toString());
      }
    }
    if (traceDirectory != null) {
      Files.createDirectories(traceDirectory);
    }
    Process started = process.start(builder);
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    try (InputStream in = started.getInputStream()) {
      byte[] chunk = new byte[8192];
      for (int n; (n = in.read(chunk)) > 0; ) {
        captured.write(chunk, 0, n);
        out.write(chunk, 0, n);
      }
      out.flush();
    }
    int exit = process.waitFor("IOR");
    if (process.stopped()) {
      throw new IOException("IOR was stopped (" + String.join(" ", command) + ")");
    }
    if (exit != 0) {
      throw new IOException(String.join(" ", command) + " exited with status " + exit);
    }
    String summaryFile = summaryFile(iorFlags);
    String output = summaryFile != null ? Files.readString(Path.of(summaryFile))
        : captured.toString(StandardCharsets.UTF_8);
    return IorOutputParser.parse(output, lenientOptions(iorFlags));
  }

  /** The flags this driver also understands, for what IOR's CSV leaves out; null when they are not all ours. */
  private static IorOptions lenientOptions(List<String> flags) {
    try {
      return IorOptions.parse(flags.toArray(new String[0]));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** IOR's -O summaryFile=FILE, if given. */
  static String summaryFile(List<String> flags) {
    String found = null;
    for (int i = 0; i < flags.size(); i++) {
      String flag = flags.get(i);
      String directives = null;
      if (flag.equals("-O") && i + 1 < flags.size()) {
        directives = flags.get(++i);
      } else if (flag.startsWith("-O")) {
        directives = flag.substring(2);
      }
      if (directives != null) {
        for (String directive : directives.split(",")) {
          int eq = directive.indexOf('=');
          if (eq > 0 && directive.substring(0, eq).trim().toLowerCase(Locale.ROOT).equals("summaryfile")) {
            found = directive.substring(eq + 1).trim();
          }
        }
      }
    }
    return found;
  }

  /** The preload trace library: {@value IorConfigKeys#NATIVE_PRELOAD}, else the tracing build in pfsmix's home. */
  public Path preloadLibrary() {
    String configured = conf.get(IorConfigKeys.NATIVE_PRELOAD);
    return configured != null ? Path.of(configured)
        : PfsmixHome.path().resolve("tracing/target/native/libpfsmix-trace.so");
  }

  private static String findOnPath(String program) {
    if (program.contains("/")) {
      return new File(program).canExecute() ? program : null;
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File candidate = new File(dir, program);
      if (candidate.canExecute()) {
        return candidate.getPath();
      }
    }
    return null;
  }

  private static String runQuiet(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      process.waitFor();
      return text;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
