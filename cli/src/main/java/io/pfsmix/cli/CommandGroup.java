package io.pfsmix.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Spec;

/** A command that only groups others: given none of them, its usage on stderr and the status of a usage error. */
abstract class CommandGroup implements Callable<Integer> {

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(System.err);
    return CommandLine.ExitCode.USAGE;
  }
}
