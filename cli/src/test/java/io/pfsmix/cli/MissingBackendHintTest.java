package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A URI of an optional backend this build lacks: Hadoop's "No FileSystem for scheme" and a line on what to install. */
class MissingBackendHintTest {

  private static final String OFS_HINT = "ofs:// needs the OrangeFS backend (fs-orangefs), built only where OrangeFS is "
      + "built (~/.cache/pfsmix/orangefs/current/install/include/pvfs2-sysint.h): run scripts/orangefs-build.sh or "
      + "./pfsmix orangefs up (docs/orangefs.md); ./pfsmix then rebuilds on its next start";

  @TempDir
  Path dir;

  @Test
  void hadoopFsAndOtherCommandsNameWhatToBuildForOfs() {
    assumeTrue(missing("ofs"), "this build has the OrangeFS backend");
    Cli.Run shell = Cli.run("hadoop", "fs", "-ls", "ofs:///");
    assertThat(shell.exitCode()).isEqualTo(1);
    assertThat(shell.errLines()).containsExactly("ls: No FileSystem for scheme \"ofs\"", OFS_HINT);

    Cli.Run ior = Cli.run("ior", "-a", "HADOOP", "-w", "-b", "1m", "-t", "1m", "-o", "ofs:///ckpt");
    assertThat(ior.exitCode()).isEqualTo(1);
    assertThat(ior.errLines()).containsExactly("ior: No FileSystem for scheme \"ofs\"", "ior: " + OFS_HINT);
  }

  @Test
  void otherSchemesAndSuccessGetNoHint() {
    Cli.Run unknown = Cli.run("hadoop", "fs", "-ls", "nosuchfs:///");
    assertThat(unknown.errLines()).containsExactly("ls: No FileSystem for scheme \"nosuchfs\"");
    Cli.Run ok = Cli.run("hadoop", "fs", "-ls", dir.toUri().toString());
    assertThat(ok.exitCode()).isZero();
    assertThat(ok.stderr()).isEmpty();
  }

  private static boolean missing(String scheme) {
    try {
      FileSystem.getFileSystemClass(scheme, new Configuration());
      return false;
    } catch (IOException e) {
      return true;
    }
  }
}
