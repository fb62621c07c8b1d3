package io.pfsmix.cli;

import picocli.CommandLine;

/** Entry point of {@code ./pfsmix}. */
public final class Main {

  private Main() {
  }

  public static void main(String[] args) {
    String problem = ConfigurationFiles.problem(Thread.currentThread().getContextClassLoader());
    if (problem != null) {
      System.err.println("pfsmix: " + problem);
      System.exit(UserErrorHandler.EXIT_USER_ERROR);
    }
    System.exit(commandLine().execute(args));
  }

  /** The full command tree, shared by {@link #main} and tests that run commands in-process. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new PfsmixCommand())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(new UserErrorHandler());
    HadoopCommand.configure(commandLine.getSubcommands().get("hadoop"));
    return commandLine;
  }
}
