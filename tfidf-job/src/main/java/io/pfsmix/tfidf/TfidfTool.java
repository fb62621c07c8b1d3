package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Main-Class of the job jar, for {@code hadoop jar pfsmix-tfidf-job-*.jar generate|train|classify ...} on a cluster that
 * supplies Hadoop: the commands of {@code pfsmix tfidf} ({@link TfidfCommands}), with Hadoop's generic options (-D, -conf,
 * -fs) first. Errors are one line on stderr, as {@code pfsmix} prints them.
 */
public final class TfidfTool {

  static final String NAME = "hadoop jar pfsmix-tfidf-job.jar";

  private TfidfTool() {
  }

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command; returns the exit code (0 ok, 1 bad input or failed job, 2 usage). */
  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    GenericOptionsParser parser = new GenericOptionsParser(new Configuration(), args);
    return commandLine(parser.getConfiguration(), out, err).execute(parser.getRemainingArgs());
  }

  /** The command tree, its jobs configured by {@code conf}. */
  public static CommandLine commandLine(Configuration conf, PrintStream out, PrintStream err) {
    CommandLine commandLine = new CommandLine(new Root())
        .addSubcommand(new TfidfCommands.Generate(conf, out, err))
        .addSubcommand(new TfidfCommands.Train(conf, out, err))
        .addSubcommand(new TfidfCommands.Classify(conf, out, err))
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true))
        .setParameterExceptionHandler(TfidfTool::badArguments)
        .setExecutionExceptionHandler((e, cmd, parsed) -> {
          if (e instanceof IllegalArgumentException || e instanceof IOException) {
            cmd.getErr().println(cmd.getCommandName() + ": " + e.getMessage());
            return 1;
          }
          throw e;
        });
    commandLine.getCommandSpec().usageMessage().synopsisHeading("usage: ");
    return commandLine;
  }

  @Command(name = NAME, mixinStandardHelpOptions = true,
      customSynopsis = NAME + " [generic options] COMMAND [--option value ...]",
      description = "The TF-IDF HTTP attack classifier's jobs on a cluster that supplies Hadoop. Generic options: "
          + "-D key=value, -conf FILE, -fs URI. COMMAND --help shows a command's options.")
  private static final class Root implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
      spec.commandLine().usage(spec.commandLine().getErr());
      return 2;
    }
  }

  /** One line naming the flag for a bad option (exit 1); an unknown command gets the usage (exit 2). */
  private static int badArguments(ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    PrintWriter err = cmd.getErr();
    if (cmd.getParent() == null) {
      err.println(e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
          ? "unknown command '" + u.getUnmatched().get(0) + "'" : e.getMessage());
      cmd.usage(err);
      return 2;
    }
    String message = e.getMessage();
    if (e instanceof MissingParameterException m && m.getMissing().stream().allMatch(a -> a.isOption() && a.required()
        && cmd.getParseResult().matchedOption(((OptionSpec) a).longestName()) == null)) {
      message = "missing required option " + m.getMissing().stream().map(a -> ((OptionSpec) a).longestName())
          .collect(Collectors.joining(", "));
    } else if (e instanceof UnmatchedArgumentException u && u.isUnknownOption()) {
      message = "unknown option " + u.getUnmatched().get(0) + " (see " + cmd.getCommandName() + " --help)";
    } else if (e.getCause() instanceof TypeConversionException t && e.getArgSpec() instanceof OptionSpec o) {
      message = o.longestName() + " " + t.getMessage();
    }
    err.println(cmd.getCommandName() + ": " + message);
    return 1;
  }
}
