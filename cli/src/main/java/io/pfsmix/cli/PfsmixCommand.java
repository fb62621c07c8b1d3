package io.pfsmix.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** The root of the command tree; each module's commands hang under it. */
@Command(
    name = "pfsmix",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Hadoop and HPC checkpoint workloads on parallel file systems: run, trace, measure, export.",
    subcommands = {
        HelpCommand.class,
        DemoCommand.class,
        MixCommand.class,
        HadoopCommand.class,
        IorCommand.class,
        ExportCommand.class,
        TraceCommand.class,
        BenchCommand.class,
        TfidfCommand.class,
        CephCommand.class,
    })
public final class PfsmixCommand implements Runnable {

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.err);
  }
}
