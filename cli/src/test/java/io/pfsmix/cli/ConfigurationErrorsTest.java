package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad configuration: a broken configuration file, a wrong HADOOP_CONF_DIR, bad values given to Hadoop's shell. */
class ConfigurationErrorsTest {

  @TempDir
  Path dir;

  @Test
  void aTruncatedCoreSiteXmlIsOneLineNamingTheFile() throws Exception {
    Path conf = Files.createDirectories(dir.resolve("conf"));
    // cut short as by a full disk or an interrupted copy
    Path coreSite = Files.writeString(conf.resolve("core-site.xml"),
        "<?xml version=\"1.0\"?>\n<configuration>\n  <property>\n    <name>fs.defaultFS</name>\n    <value>pfs:");
    // hadoop fs read the file in a constructor (RuntimeException), ior in FileSystem's static initializer
    // (ExceptionInInitializerError): both were some 60 lines of stack
    for (String[] command : new String[][] {{"hadoop", "fs", "-ls", "file:///"},
        {"ior", "-w", "-b", "1m", "-t", "1m", "-o", "file://" + dir.resolve("ior.dat")}}) {
      Cli.Run run = Cli.process(conf, Map.of(), command);
      assertThat(run.exitCode()).as(command[0]).isEqualTo(1);
      assertThat(run.stderr()).as(command[0]).isEqualTo("pfsmix: configuration file " + coreSite + " is not "
          + "well-formed XML at line 5, column 15: Unexpected EOF; was expecting a close tag for element <value>; fix "
          + "it, or point "
          + "HADOOP_CONF_DIR at another directory\n");
    }
    assertThat(dir.resolve("ior.dat")).doesNotExist();
  }

  @Test
  void aHadoopConfDirThatIsNotADirectoryIsRefused() throws Exception {
    Path launcher = Path.of("..", "pfsmix").toAbsolutePath().normalize();
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    for (Path confDir : new Path[] {dir.resolve("missing"), file}) {
      Cli.Run run = Cli.start(new ProcessBuilder(launcher.toString(), "--version"),
          Map.of("HADOOP_CONF_DIR", confDir.toString()));
      assertThat(run.exitCode()).as(confDir.toString()).isEqualTo(1);
      assertThat(run.stderr()).isEqualTo("pfsmix: HADOOP_CONF_DIR=" + confDir + " is not a directory; it must name an "
          + "existing configuration directory (unset it to use " + launcher.getParent().resolve("conf") + ")\n");
      assertThat(run.stdout()).isEmpty();
    }
  }

  @Test
  void aFileSystemRefusingAValueGivenToHadoopFsIsOneErrorLineWithoutTheUsage() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Cli.Run run = Cli.run("hadoop", "fs", "-Dfs.pfs.posix.root=" + root, "-Dfs.pfs.readahead.size=abc", "-ls",
        "pfs:///");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).contains("ls: fs.pfs.readahead.size: 'abc' is not a size")
        .doesNotContain("Usage:").doesNotContain("\tat ");

    run = Cli.run("hadoop", "fs", "-Dfs.file.impl=io.pfsmix.trace.hadoop.TracingLocalFileSystem",
        "-Dfs.file.impl.disable.cache=true", "-Dpfsmix.trace.enabled=flase", "-ls", "file://" + root);
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).contains("ls: pfsmix.trace.enabled = 'flase' is not a boolean (true or false)")
        .doesNotContain("Usage:");

    // the shell's own argument errors keep its usage text
    run = Cli.run("hadoop", "fs", "-ls", "-Q", "file://" + root);
    assertThat(run.exitCode()).isNotZero();
    assertThat(run.stderr()).contains("Illegal option -Q").contains("Usage: hadoop fs");
    // and it still works
    run = Cli.run("hadoop", "fs", "-Dfs.pfs.posix.root=" + root, "-mkdir", "pfs:///made");
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(root.resolve("made")).isDirectory();
  }
}
