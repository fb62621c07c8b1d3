package io.pfsmix.cli;

import java.util.List;

import org.apache.log4j.Level;
import org.apache.log4j.Logger;

import io.pfsmix.export.ExportFormat;

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
    quietRepeatedHadoopWarnings();
    System.exit(commandLine().execute(args));
  }

  /**
   * Hadoop warns about the same harmless things at every job a command submits in this JVM (the local runner's metrics
   * system started again; job arguments not parsed by ToolRunner, where picocli parsed them): the mix, the demo and the
   * classifier's report and bench run dozens of jobs, and these lines would bury their progress and tables. Set here
   * rather than in conf/log4j.properties so that a HADOOP_CONF_DIR of the user's own keeps it.
   */
  private static void quietRepeatedHadoopWarnings() {
    for (String logger : List.of("org.apache.hadoop.metrics2.impl.MetricsSystemImpl",
        "org.apache.hadoop.mapreduce.JobResourceUploader")) {
      Logger.getLogger(logger).setLevel(Level.ERROR);
    }
  }

  /** The full command tree, shared by {@link #main} and tests that run commands in-process. */
  public static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new PfsmixCommand())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(new UserErrorHandler());
    // numbers in words rather than Java's types ("'abc' is not a long")
    commandLine.registerConverter(Long.class, value -> number(value, Long::parseLong, true))
        .registerConverter(Long.TYPE, value -> number(value, Long::parseLong, true))
        .registerConverter(Integer.class, value -> number(value, Integer::parseInt, true))
        .registerConverter(Integer.TYPE, value -> number(value, Integer::parseInt, true))
        .registerConverter(Double.class, value -> number(value, Double::parseDouble, false))
        .registerConverter(Double.TYPE, value -> number(value, Double::parseDouble, false))
        .registerConverter(ExportFormat.class, Main::exportFormat);
    // picocli names a map option's value "option option '--set'"
    CommandLine.IParameterExceptionHandler parameters = commandLine.getParameterExceptionHandler();
    commandLine.setParameterExceptionHandler((e, args) -> parameters.handleParseException(
        e.getMessage() == null || !e.getMessage().contains("option option '") ? e
            : new CommandLine.ParameterException(e.getCommandLine(), e.getMessage().replace("option option '",
                "option '"), e.getCause(), e.getArgSpec(), e.getValue()), args));
    HadoopCommand.configure(commandLine.getSubcommands().get("hadoop"));
    // every command has -V (mixinStandardHelpOptions), and each prints the one version rather than nothing
    withVersion(commandLine, new VersionProvider());
    return commandLine;
  }

  private static <T> T number(String value, java.util.function.Function<String, T> parse, boolean whole) {
    try {
      return parse.apply(value.trim());
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + value + "' is not " + (whole ? "a whole number" : "a number")
          + (whole && value.matches("\\s*[0-9]+[kKmMgGtTpP]\\s*") ? " (this flag takes no size suffix)" : ""));
    }
  }

  /** picocli names the flag before the message ("Invalid value for option '--format': unknown export format ..."). */
  private static ExportFormat exportFormat(String value) {
    try {
      return ExportFormat.parse(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }

  private static void withVersion(CommandLine command, VersionProvider version) {
    command.getCommandSpec().versionProvider(version);
    command.getSubcommands().values().forEach(sub -> withVersion(sub, version));
  }
}
