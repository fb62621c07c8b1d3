package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;

/** `hadoop fs` (FsShell, as ./pfsmix hadoop fs runs it) against pfs:// on a temporary root. */
class PfsFsShellTest {

  @Test
  void mkdirPutCatAndLsWork() throws Exception {
    java.nio.file.Path root = PfsTestFileSystems.newRoot("shell");
    java.nio.file.Path local = PfsTestFileSystems.newRoot("shell-local").resolve("access.log");
    Files.writeString(local, "GET /index.html\nGET /../../etc/passwd\n");
    Configuration conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "pfs:///");

    assertThat(shell(conf, "-mkdir", "-p", "pfs:///logs/2009").exitCode()).isZero();
    assertThat(shell(conf, "-put", local.toString(), "/logs/2009/").exitCode()).isZero();
    assertThat(Files.readString(root.resolve("logs/2009/access.log"))).startsWith("GET /index.html");

    Result cat = shell(conf, "-cat", "pfs:///logs/2009/access.log");
    assertThat(cat.exitCode()).isZero();
    assertThat(cat.out()).isEqualTo("GET /index.html\nGET /../../etc/passwd\n");

    Result ls = shell(conf, "-ls", "pfs:///logs/2009");
    assertThat(ls.exitCode()).isZero();
    assertThat(ls.out()).contains("Found 1 items").contains(" 38 ").contains("pfs:///logs/2009/access.log");

    Result lsRoot = shell(conf, "-ls", "pfs:///");
    assertThat(lsRoot.out()).contains("pfs:///logs");

    Result missing = shell(conf, "-cat", "pfs:///logs/none");
    assertThat(missing.exitCode()).isNotZero();
    assertThat(missing.err()).contains("/logs/none");
  }

  private record Result(int exitCode, String out, String err) {
  }

  private static Result shell(Configuration conf, String... args) throws Exception {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    FsShell shell = new FsShell(conf);
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      exit = ToolRunner.run(conf, shell, args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
      shell.close();
    }
    return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
