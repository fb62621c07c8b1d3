package io.pfsmix.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pfsmix help [COMMAND...]}: the help of any command of the tree, however deep ({@code help trace summarize});
 * picocli's own help command looks one level down only.
 */
@Command(name = "help", mixinStandardHelpOptions = true, header = "Display help information about the specified command.",
    synopsisHeading = "%nUsage: ", description = "%nWhen no COMMAND is given, the usage help for the main command is"
        + " displayed; a command's subcommand is named after it (help trace summarize).")
final class HelpCommand implements Callable<Integer> {

  @Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "the command, and its subcommands, to show")
  List<String> path = new ArrayList<>();

  @Override
  public Integer call() {
    CommandLine command = spec.root().commandLine();
    for (String name : path) {
      CommandLine next = command.getSubcommands().get(name);
      if (next == null) {
        System.err.println("pfsmix help: unknown command '" + name + "' under '" + command.getCommandSpec()
            .qualifiedName() + "' (known: " + String.join(", ", command.getSubcommands().keySet()) + ")");
        return CommandLine.ExitCode.USAGE;
      }
      command = next;
    }
    command.usage(System.out);
    return CommandLine.ExitCode.OK;
  }
}
