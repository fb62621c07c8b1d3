package io.pfsmix.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.ior.IorBenchmark;
import io.pfsmix.ior.IorConfigKeys;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.NativeComparison;
import io.pfsmix.ior.NativeIor;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ./pfsmix ior bench}: the Java IOR driver measured against java.nio, or against the real IOR. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    header = "The Java IOR driver measured: against java.nio, or against the real IOR (--native).",
    description = {"Without --native: the driver on pfs:// (POSIX backend) against java.nio on the same files, N-to-1 "
        + "and N-to-N, writing then reading -s segments of -b bytes per rank in -t transfers, --rounds times.",
        "With --native PATH_TO_IOR: the real IOR under mpirun and the Java driver (pfsmix ior -a POSIX), each in a fresh "
        + "process per run, on the same flags and files, alternating which goes first; prints each round's "
        + "bandwidths on stderr as it ends, then each phase's median bandwidths, their ratio java/real, the median of "
        + "the rounds' own ratios (paired: a round's two runs follow each other, so a drift of the machine between "
        + "rounds cancels) with the range it would fall in nine times in ten (bootstrap), and every round's ratio, "
        + "with the load average. Every run starts after --pause seconds "
        + "idle (docs/ior.md says why); page-cache phases last a tenth of a second or less, so single rounds spread "
        + "by 10-40%% and more: runs of 7 to 21 rounds put one case's paired median anywhere from 0.85 to 1.02 on "
        + "one machine within six hours; pool the rounds of several runs to compare within 5%%. Without IOR flags "
        + "after --: N-to-1 and N-to-N, -t 1m (-b 64m) and -t 4k (-b 16m), -w -r -e -s 4. docs/benchmarks.md has "
        + "the figures and the command that produced them."})
final class IorBenchCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--native", paramLabel = "PATH_TO_IOR",
      description = "the real IOR's binary (scripts/ior-build.sh builds one) to compare the driver with")
  Path nativeIor;

  @Option(names = "-N", paramLabel = "RANKS", defaultValue = "4", description = "ranks. Default: ${DEFAULT-VALUE}")
  int ranks;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
      description = "runs of each program or method. Default: ${DEFAULT-VALUE}")
  int rounds;

  @Option(names = "--pause", paramLabel = "SECONDS", defaultValue = "" + NativeComparison.DEFAULT_PAUSE_SECONDS,
      description = "with --native: idle time before every run, so that both programs write onto memory in the same "
          + "state (a virtual machine hands freed memory back to its host over several seconds). Default: "
          + "${DEFAULT-VALUE}")
  int pause;

  @Option(names = "--dir", paramLabel = "DIR", description = "local directory for the test files. Default: a new "
      + "temporary directory")
  Path dir;

  @Option(names = "-b", paramLabel = "SIZE", description = "without --native: block size per rank and segment, in "
      + "IOR's size grammar. Default: 32m")
  String blockSize;

  @Option(names = "-t", paramLabel = "SIZE", description = "without --native: transfer size. Default: 1m")
  String transferSize;

  @Option(names = "-s", paramLabel = "N", description = "without --native: segments. Default: 4")
  Long segments;

  @Option(names = "--mpirun-args", paramLabel = "ARGS",
      description = "with --native: mpirun's options, one string (e.g. \"--allow-run-as-root --oversubscribe\")")
  String mpirunArgs;

  @Parameters(paramLabel = "IOR_FLAGS", description = "with --native, after --: the IOR flags of the one case to "
      + "compare (not -o, -N or -a: the benchmark sets them)")
  List<String> iorFlags = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    positive("-N", ranks);
    positive("--rounds", rounds);
    if (pause < 0) {
      throw new ParameterException(spec.commandLine(), "--pause must be a whole number of seconds, 0 or more, not "
          + pause);
    }
    return nativeIor == null ? againstNio() : againstRealIor();
  }

  private int againstNio() throws Exception {
    if (mpirunArgs != null || !iorFlags.isEmpty()) {
      throw new ParameterException(spec.commandLine(), (mpirunArgs != null ? "--mpirun-args" : "IOR flags ("
          + String.join(" ", iorFlags) + ")") + " apply only with --native");
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--pause")) {
      throw new ParameterException(spec.commandLine(), "--pause applies only with --native");
    }
    long block = blockSize == null ? 32L << 20 : IorOptions.parse("-b", blockSize).blockSize();
    long transfer = transferSize == null ? 1L << 20 : IorOptions.parse("-t", transferSize).transferSize();
    long segmentCount = segments == null ? 4 : segments;
    positive("-s", segmentCount);
    new IorBenchmark(ranks, block, transfer, segmentCount, rounds, directory()).run(new Configuration(), System.out);
    return 0;
  }

  private int againstRealIor() throws Exception {
    for (Object[] flag : new Object[][] {{"-b", blockSize}, {"-t", transferSize}, {"-s", segments}}) {
      if (flag[1] != null) {
        throw new ParameterException(spec.commandLine(), flag[0] + " applies without --native; with --native, give "
            + "IOR's flags after --, e.g. -- -w -r -b 64m -t 1m");
      }
    }
    if (!Files.isRegularFile(nativeIor) || !Files.isExecutable(nativeIor)) {
      throw new ParameterException(spec.commandLine(), "--native: " + nativeIor + " is not an executable file");
    }
    List<NativeComparison.Case> cases = NativeComparison.defaultCases();
    if (!iorFlags.isEmpty()) {
      for (String set : List.of("-o", "-N", "-a")) {
        if (iorFlags.contains(set)) {
          throw new ParameterException(spec.commandLine(), set + " is set by the benchmark (--dir, -N, and -a POSIX, "
              + "the API both share)");
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
      throw new IllegalArgumentException("no mpirun on PATH (or " + IorConfigKeys.NATIVE_MPIRUN + "): the real IOR's "
          + "ranks need it");
    }
    List<String> mpirun = mpirunArgs == null || mpirunArgs.isBlank() ? List.of()
        : List.of(mpirunArgs.trim().split("\\s+"));
    new NativeComparison(conf, nativeIor, mpirun, javaDriverCommand(), ranks, rounds, directory(), pause).run(cases,
        System.out, System.err);
    return 0;
  }

  private Path directory() throws java.io.IOException {
    return dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("pfsmix-ior-bench");
  }

  private void positive(String flag, long value) {
    if (value <= 0) {
      throw new ParameterException(spec.commandLine(), flag + " must be a whole number above 0, not " + value);
    }
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
}
