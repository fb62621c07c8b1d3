package io.pfsmix.cli;

import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.shell.CommandFactory;
import org.apache.hadoop.fs.shell.FsCommand;
import org.apache.hadoop.util.RunJar;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.util.VersionInfo;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * Stands in for a Hadoop installation's {@code hadoop} script (none is installable here): the same entry classes, on
 * pfsmix's classpath and configuration directory (conf/, or HADOOP_CONF_DIR when set).
 */
@Command(
    name = "hadoop",
    header = "Run Hadoop's own tools (fs, jar, version, classpath) on pfsmix's classpath and conf/.",
    description = {
        "Run Hadoop's own tools on pfsmix's classpath and configuration:",
        "  fs ARGS...          the file system shell, e.g. hadoop fs -ls pfs:///",
        "  jar JAR [CLASS] ... run a job jar, as `hadoop jar`",
        "  version             the Hadoop version",
        "  classpath           the classpath the tools run with",
    },
    mixinStandardHelpOptions = true)
final class HadoopCommand implements java.util.concurrent.Callable<Integer> {

  @Parameters(index = "0", paramLabel = "TOOL", description = "fs, jar, version or classpath")
  String tool;

  @Parameters(index = "1..*", paramLabel = "ARGS", description = "arguments for the tool, passed unchanged")
  List<String> arguments = new ArrayList<>();

  @picocli.CommandLine.Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    String[] rest = arguments.toArray(new String[0]);
    switch (tool) {
      case "fs":
        return ToolRunner.run(new Configuration(), new Shell(), rest);
      case "jar":
        if (rest.length == 0) {
          throw new picocli.CommandLine.ParameterException(spec.commandLine(), "hadoop jar: missing JAR argument");
        }
        runJar(rest);
        return 0;
      case "version":
        VersionInfo.main(rest);
        return 0;
      case "classpath":
        System.out.println(System.getProperty("java.class.path"));
        return 0;
      default:
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
            "unknown hadoop tool '" + tool + "': expected fs, jar, version or classpath");
    }
  }

  private static void runJar(String[] arguments) throws Exception {
    try {
      RunJar.main(arguments);
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /**
   * Hadoop's file system shell, except that a file system refusing to start (a bad configuration value such as
   * fs.pfs.readahead.size=abc) is reported in the shell's one error line naming the key: Hadoop's own shell prints its
   * whole usage (55 lines) after every IllegalArgumentException, as if the command line were wrong.
   */
  static final class Shell extends FsShell {
    @Override
    protected void registerCommands(CommandFactory factory) {
      factory.registerCommands(FsCommand.class); // FsShell registers them only for its own class, not a subclass
    }

    @Override
    protected void init() {
      super.init();
      if (!(commandFactory instanceof OneLineFileSystemErrors)) {
        commandFactory = new OneLineFileSystemErrors(commandFactory);
      }
    }
  }

  /** The shell's commands, each wrapped by {@link FileSystemErrorInOneLine}. */
  private static final class OneLineFileSystemErrors extends CommandFactory {
    private final CommandFactory commands;

    OneLineFileSystemErrors(CommandFactory commands) {
      super(commands.getConf());
      this.commands = commands;
    }

    @Override
    public void registerCommands(Class<?> registrarClass) {
      commands.registerCommands(registrarClass);
    }

    @Override
    public void addClass(Class<? extends org.apache.hadoop.fs.shell.Command> commandClass, String... names) {
      commands.addClass(commandClass, names);
    }

    @Override
    public void addObject(org.apache.hadoop.fs.shell.Command command, String... names) {
      commands.addObject(command, names);
    }

    @Override
    public org.apache.hadoop.fs.shell.Command getInstance(String cmd) {
      return wrap(commands.getInstance(cmd));
    }

    @Override
    public org.apache.hadoop.fs.shell.Command getInstance(String cmd, Configuration conf) {
      return wrap(commands.getInstance(cmd, conf));
    }

    @Override
    public String[] getNames() {
      return commands.getNames();
    }

    private static org.apache.hadoop.fs.shell.Command wrap(org.apache.hadoop.fs.shell.Command command) {
      return command == null ? null : new FileSystemErrorInOneLine(command);
    }
  }

  /**
   * Runs one shell command; an IllegalArgumentException raised while a file system starts is its error line, and a
   * scheme whose optional backend this build lacks gets a line saying what to install.
   */
  private static final class FileSystemErrorInOneLine extends org.apache.hadoop.fs.shell.Command {
    private final org.apache.hadoop.fs.shell.Command command;

    FileSystemErrorInOneLine(org.apache.hadoop.fs.shell.Command command) {
      super(command.getConf());
      this.command = command;
      setName(command.getName());
    }

    @Override
    public int run(String... argv) {
      try {
        int code = command.run(argv);
        String hint = code == 0 ? null : MissingBackends.forArguments(argv, getConf());
        if (hint != null) {
          command.err.println(hint);
        }
        return code;
      } catch (IllegalArgumentException e) {
        if (!raisedStartingAFileSystem(e)) {
          throw e; // the shell's own argument errors keep its usage text
        }
        command.displayError(e);
        if ("1".equals(System.getenv("PFSMIX_DEBUG"))) {
          e.printStackTrace(command.err);
        }
        return 1;
      }
    }

    private static boolean raisedStartingAFileSystem(Throwable e) {
      for (StackTraceElement frame : e.getStackTrace()) {
        if (frame.getClassName().equals(FileSystem.class.getName())
            && frame.getMethodName().equals("createFileSystem")) {
          return true;
        }
      }
      return false;
    }

    @Override
    public String getCommandName() {
      return command.getCommandName();
    }

    @Override
    public String getUsage() {
      return command.getUsage();
    }

    @Override
    public String getDescription() {
      return command.getDescription();
    }

    @Override
    public String getReplacementCommand() {
      return command.getReplacementCommand();
    }

    @Override
    protected void run(Path path) {
      throw new UnsupportedOperationException("runs through run(String...)");
    }
  }

  /** Hadoop's tools take their own options (-ls, -libjars, -D): everything after TOOL passes through unparsed. */
  static void configure(picocli.CommandLine hadoop) {
    hadoop.setStopAtPositional(true).setUnmatchedOptionsArePositionalParams(true);
  }
}
