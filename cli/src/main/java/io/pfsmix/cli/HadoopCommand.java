package io.pfsmix.cli;

import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FsShell;
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
        return ToolRunner.run(new Configuration(), new FsShell(), rest);
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

  /** Hadoop's tools take their own options (-ls, -libjars, -D): everything after TOOL passes through unparsed. */
  static void configure(picocli.CommandLine hadoop) {
    hadoop.setStopAtPositional(true).setUnmatchedOptionsArePositionalParams(true);
  }
}
