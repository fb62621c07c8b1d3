package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Where the kernel cannot resolve beneath a directory (no openat2: Linux before 5.6, or a seccomp profile that
 * refuses it), pfs refuses to start instead of checking paths in a way that can be raced. The kernel's refusal is
 * real: the JVM runs under a seccomp filter (src/test/c/without_openat2.c) that fails openat2 with ENOSYS.
 */
class PfsWithoutOpenat2Test {

  @Test
  void pfsRefusesToStartAndWritesNothing() throws Exception {
    java.nio.file.Path root = PfsTestFileSystems.newRoot("no-openat2");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process shell = new ProcessBuilder(List.of(
        Paths.get("target/native-test/without_openat2").toAbsolutePath().toString(), java,
        "-cp", System.getProperty("java.class.path"), Touch.class.getName(), root.toString()))
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    shell.getOutputStream().close();
    shell.getInputStream().readAllBytes(); // the log
    String err = new String(shell.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(shell.waitFor(120, TimeUnit.SECONDS)).isTrue();

    assertThat(shell.exitValue()).as(err).isNotZero();
    assertThat(err).contains("cannot confine paths to its root " + root.toRealPath())
        .contains("refuses openat2(2) (Function not implemented)").contains("Linux 5.6");
    try (var entries = Files.list(root)) {
      assertThat(entries).isEmpty();
    }
  }

  /** Creates pfs:///planted on the root given; the error's message goes to stderr. */
  public static final class Touch {
    public static void main(String[] args) {
      Configuration conf = PfsTestFileSystems.posixConfiguration(Paths.get(args[0]));
      try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
        fs.create(new Path("/planted")).close();
      } catch (IOException e) {
        System.err.println(e.getMessage());
        System.exit(1);
      }
    }
  }
}
