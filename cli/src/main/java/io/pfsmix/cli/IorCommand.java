package io.pfsmix.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.ior.IorBenchmark;
import io.pfsmix.ior.IorConfigKeys;
import io.pfsmix.ior.IorOptionHelp;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.IorRunner;
import io.pfsmix.ior.NativeComparison;
import io.pfsmix.ior.NativeIor;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;

/**
 * {@code ./pfsmix ior}: IOR's checkpoint workloads through the Hadoop FileSystem API, with IOR's own flags (passed
 * unparsed to the IOR option parser), the real IOR under mpirun with tracing ({@code --native}), or the benchmark
 * ({@code bench}).
 */
@Command(
    name = "ior",
    header = "Run IOR checkpoint workloads through any Hadoop file system, or the real IOR traced.",
    description = {
        "IOR 4.x through the Hadoop FileSystem API (IOR's flags and output; -h lists them):",
        "  ior [IOR flags]                                 e.g. ior -a HADOOP -w -r -b 64m -t 1m -N 4 -o pfs:///ckpt/file",
        "  ior --native PATH_TO_IOR [mpirun options] -- [IOR flags] [--no-trace]",
        "                                                  run the real IOR traced (LD_PRELOAD) and parse its output",
        "  ior bench [-N ranks] [-b size] [-t size] [-s segments] [--rounds n] [--dir DIR]",
        "                                                  the driver on pfs:// vs java.nio, N-to-1 and N-to-N",
        "  ior bench --native PATH_TO_IOR [-N ranks] [--rounds n] [--dir DIR] [--mpirun-args \"...\"] [-- IOR flags]",
        "                                                  the real IOR vs the Java driver (-a POSIX), a process per run,",
        "                                                  alternating; per-phase ratios. Without IOR flags: N-to-1 and",
        "                                                  N-to-N, -t 1m (-b 64m) and 4k (-b 16m), -w -r -e -s 4",
    },
    modelTransformer = IorCommand.PassThrough.class)
final class IorCommand implements java.util.concurrent.Callable<Integer> {

  @Parameters(paramLabel = "ARGS", description = "IOR flags, passed unchanged to the IOR option parser")
  List<String> arguments = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    if (!arguments.isEmpty() && arguments.get(0).equals("--native")) {
      return runNative(arguments.subList(1, arguments.size()));
    }
    if (!arguments.isEmpty() && arguments.get(0).equals("bench")) {
      return bench(arguments.subList(1, arguments.size()));
    }
    IorOptions options = IorOptions.parse(arguments.toArray(new String[0]));
    if (options.help()) {
      System.out.print(IorOptionHelp.text());
      return 0;
    }
    IorResult result = IorRunner.run(new Configuration(), options, System.out);
    // IOR's exit status is its data-check error count
    return result.dataErrors().isEmpty() ? 0 : 1;
  }

  private static int runNative(List<String> rest) throws Exception {
    if (rest.isEmpty()) {
      throw new IllegalArgumentException("ior --native: missing PATH_TO_IOR");
    }
    Path ior = Path.of(rest.get(0));
    List<String> mpirun = new ArrayList<>();
    List<String> flags = new ArrayList<>();
    boolean trace = true;
    boolean inFlags = false;
    for (String arg : rest.subList(1, rest.size())) {
      if (arg.equals("--no-trace")) {
        trace = false;
      } else if (!inFlags && arg.equals("--")) {
        inFlags = true;
      } else if (inFlags) {
        flags.add(arg);
      } else {
        mpirun.add(arg);
      }
    }
    if (!inFlags) {
      throw new IllegalArgumentException("ior --native: put IOR's flags after --, e.g. ior --native /usr/bin/ior -np 4 -- -w -o /mnt/f");
    }
    IorResult result = new NativeIor(new Configuration()).run(ior, mpirun, flags, trace, System.out);
    System.err.printf("pfsmix: parsed %d result rows from %s%n", result.iterations().size(), ior);
    return 0;
  }

  private static int bench(List<String> rest) throws Exception {
    if (!rest.isEmpty() && rest.get(0).equals("--native")) {
      return benchNative(rest.subList(1, rest.size()));
    }
    int ranks = 4;
    long block = 32L << 20;
    long transfer = 1L << 20;
    long segments = 4;
    int rounds = 3;
    Path dir = null;
    for (int i = 0; i < rest.size(); i++) {
      String flag = rest.get(i);
      if (i + 1 >= rest.size()) {
        throw new IllegalArgumentException("ior bench: " + flag + " needs a value");
      }
      String value = rest.get(++i);
      switch (flag) {
        case "-N" -> ranks = Integer.parseInt(value);
        case "-b" -> block = IorOptions.parse("-b", value).blockSize();
        case "-t" -> transfer = IorOptions.parse("-t", value).transferSize();
        case "-s" -> segments = Long.parseLong(value);
        case "--rounds" -> rounds = Integer.parseInt(value);
        case "--dir" -> dir = Path.of(value);
        default -> throw new IllegalArgumentException("ior bench: unknown option " + flag
            + " (expected -N, -b, -t, -s, --rounds, --dir)");
      }
    }
    Path directory = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("pfsmix-ior-bench");
    new IorBenchmark(ranks, block, transfer, segments, rounds, directory).run(new Configuration(), System.out);
    return 0;
  }

  private static int benchNative(List<String> rest) throws Exception {
    if (rest.isEmpty() || rest.get(0).startsWith("-")) {
      throw new IllegalArgumentException("ior bench --native: missing PATH_TO_IOR");
    }
    Path ior = Path.of(rest.get(0));
    if (!Files.isRegularFile(ior) || !Files.isExecutable(ior)) {
      throw new IllegalArgumentException("ior bench --native: " + ior + " is not an executable file");
    }
    int ranks = 4;
    int rounds = 3;
    Path dir = null;
    List<String> mpirunArgs = List.of();
    List<String> iorFlags = null;
    for (int i = 1; i < rest.size(); i++) {
      String flag = rest.get(i);
      if (flag.equals("--")) {
        iorFlags = rest.subList(i + 1, rest.size());
        break;
      }
      if (i + 1 >= rest.size()) {
        throw new IllegalArgumentException("ior bench --native: " + flag + " needs a value");
      }
      String value = rest.get(++i);
      switch (flag) {
        case "-N" -> ranks = positive(flag, value);
        case "--rounds" -> rounds = positive(flag, value);
        case "--dir" -> dir = Path.of(value);
        case "--mpirun-args" -> mpirunArgs = value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
        default -> throw new IllegalArgumentException("ior bench --native: unknown option " + flag
            + " (expected -N, --rounds, --dir, --mpirun-args, or -- and IOR's flags)");
      }
    }
    List<NativeComparison.Case> cases = NativeComparison.defaultCases();
    if (iorFlags != null) {
      for (String set : List.of("-o", "-N", "-a")) {
        if (iorFlags.contains(set)) {
          throw new IllegalArgumentException("ior bench --native: " + set + " is set by the benchmark (--dir, -N, and"
              + " -a POSIX, the API both share)");
        }
      }
      // the driver's parser checks them as IOR would before anything runs (-o is the benchmark's)
      List<String> check = new ArrayList<>(iorFlags);
      check.addAll(List.of("-o", "ior-bench-file"));
      IorOptions.parse(check.toArray(new String[0])).validate();
      cases = List.of(new NativeComparison.Case(String.join(" ", iorFlags), iorFlags));
    }
    Configuration conf = new Configuration();
    if (new NativeIor(conf).mpirun() == null) {
      throw new IllegalArgumentException("ior bench --native: no mpirun on PATH (or " + IorConfigKeys.NATIVE_MPIRUN
          + "): the real IOR's ranks need it");
    }
    Path directory = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("pfsmix-ior-bench");
    new NativeComparison(conf, ior, mpirunArgs, javaDriverCommand(), ranks, rounds,
        directory).run(cases, System.out);
    return 0;
  }

  /** The command that runs {@code pfsmix ior} in a JVM of its own like this one: same java, options and classpath. */
  private static List<String> javaDriverCommand() {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString()));
    command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "ior"));
    return command;
  }

  private static int positive(String flag, String value) {
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new IllegalArgumentException("ior bench --native: " + flag + " must be a whole number above 0, not '" + value
        + "'");
  }

  /** IOR's flags are getopt-style: everything after "ior" reaches IOR's parser unparsed, "--" included. */
  static final class PassThrough implements picocli.CommandLine.IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      spec.parser().stopAtPositional(true).unmatchedOptionsArePositionalParams(true)
          .endOfOptionsDelimiter("--pfsmix-ior-never-ends-options");
      return spec;
    }
  }
}
