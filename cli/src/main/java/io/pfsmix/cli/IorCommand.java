package io.pfsmix.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.ior.IorDataError;
import io.pfsmix.ior.IorOptionHelp;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.IorRunner;
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
        "  ior bench [options] [-- IOR flags]             the driver against java.nio, or with --native PATH_TO_IOR",
        "                                                  against the real IOR (ior bench --help)",
    },
    subcommands = IorBenchCommand.class,
    modelTransformer = IorCommand.PassThrough.class)
final class IorCommand implements java.util.concurrent.Callable<Integer> {

  @Parameters(paramLabel = "ARGS", description = "IOR flags, passed unchanged to the IOR option parser")
  List<String> arguments = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    if (!arguments.isEmpty() && arguments.get(0).equals("--native")) {
      return runNative(arguments.subList(1, arguments.size()));
    }
    IorOptions options = IorOptions.parse(arguments.toArray(new String[0]));
    if (options.help()) {
      System.out.print(IorOptionHelp.text());
      return 0;
    }
    IorResult result = IorRunner.run(new Configuration(), options, System.out);
    // where the wrong bytes were, which IOR does not say, beside its output rather than in it
    for (IorDataError error : result.dataErrors()) {
      System.err.println("ior: " + error.describe());
    }
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
