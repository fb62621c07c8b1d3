package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.e2e.ClusterCli.Lines;
import io.pfsmix.fs.LocalPorts;

/**
 * {@code ./pfsmix qfs up|status|down} on a directory and ports of the test's own: a metaserver and two chunkservers
 * that store a file with two replicas, one on each chunkserver, and return it byte for byte through QFS's own tool and
 * through Hadoop's shell on {@code qfs://} (./pfsmix hadoop fs); nothing left running after down. Skipped, with the reason, where QFS cannot be built (no source tarball).
 */
@ExtendWith(RepositoryHome.class)
class QfsClusterTest {

  /** QFS create parameters: 2 replicas, not striped (QFS's default makes 6+3 Reed-Solomon files). */
  private static final String TWO_REPLICAS = "fs.createParams=2";

  @TempDir
  Path temp;

  @Test
  void upStatusCopyInAndOutDown() throws Exception {
    Path dir = temp.resolve("qfs");
    // the metaserver's two ports and the chunkservers' port
    int port = LocalPorts.free(3);
    Lines up = ClusterCli.up("qfs", dir, port, "--chunkservers", "2");
    try {
      assertThat(up.get("meta")).isEqualTo("127.0.0.1:" + port);
      assertThat(up.get("uri")).isEqualTo("qfs://127.0.0.1:" + port + "/");

      Cli.Run status = MixCli.run("qfs", "status", "--dir", dir.toString());
      assertThat(status.exitCode()).as(status.stdout() + status.stderr()).isZero();
      for (String server : List.of("metaserver", "chunk1", "chunk2")) {
        assertThat(status.stdout()).containsPattern(server + " running \\(pid \\d+\\)");
      }
      assertThat(status.stdout()).contains("running: 3 of 3 servers, 2 chunkservers joined the metaserver");

      ClusterCli.upAgain("qfs", dir, port, up);

      Path in = temp.resolve("in.dat");
      Path out = temp.resolve("out.dat");
      byte[] data = ClusterCli.randomFile(in, 20, 17);
      qfs(up, "-D", TWO_REPLICAS, "-put", in.toString(), "/copied.dat");
      qfs(up, "-get", "/copied.dat", out.toString());
      assertThat(Files.readAllBytes(out)).as("the bytes read back").isEqualTo(data);
      // one replica on each chunkserver, each in its own chunk directory
      for (String chunkserver : List.of("chunk1", "chunk2")) {
        assertThat(chunkBytes(dir.resolve(chunkserver).resolve("chunks"))).as(chunkserver + "'s chunk files")
            .isGreaterThanOrEqualTo(data.length);
      }

      // Hadoop's shell through pfsmix's launcher: QFS's own FileSystem, which conf/core-site.xml binds to qfs://,
      // creating replicated files (fs.qfs.createParams = 2)
      Path viaHadoop = temp.resolve("via-hadoop.dat");
      launcher("hadoop", "fs", "-put", in.toString(), up.get("uri") + "hadoop.dat");
      launcher("hadoop", "fs", "-get", up.get("uri") + "hadoop.dat", viaHadoop.toString());
      assertThat(Files.readAllBytes(viaHadoop)).as("the bytes read back through qfs://").isEqualTo(data);
      assertThat(launcher("hadoop", "fs", "-ls", up.get("uri"))).containsPattern(
          " 2 \\S+ \\S+ +" + data.length + " .* qfs://127\\.0\\.0\\.1:" + port + "/hadoop\\.dat");
    } finally {
      ClusterCli.down("qfs", dir);
    }
    assertThat(dir).doesNotExist();
    for (String conf : List.of("metaserver", "chunk1", "chunk2")) {
      assertThat(ClusterCli.processesWithArgument(dir.resolve("conf").resolve(conf + ".prp").toString()))
          .as(conf + " processes after down").isEmpty();
    }
    Cli.Run status = MixCli.run("qfs", "status", "--dir", dir.toString());
    assertThat(status.exitCode()).isEqualTo(3);
    assertThat(status.stdout()).contains("stopped (no file system in " + dir + ")");
  }

  @Test
  void badOptionsAreRefusedNamingThem() {
    Cli.Run run = MixCli.run("qfs", "up", "--dir", temp.resolve("x").toString(), "--chunkservers", "0");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stderr()).contains("qfs-cluster: --chunkservers must be between 1 and 16, got '0'");
    run = MixCli.run("qfs", "start");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("Invalid value for positional parameter at index 0 (ACTION): expected "
        + "one of [up, down, status] (case-insensitive) but was 'start'");
  }

  /** QFS's own command-line tool against the file system {@code up} printed. */
  private static String qfs(Lines up, String... args) throws Exception {
    String[] all = Stream.concat(Stream.of("-fs", up.get("uri")), Stream.of(args)).toArray(String[]::new);
    Path home = Path.of(up.get("home"));
    return ClusterCli.program(home.resolve("bin/tools/qfs"), Map.of("LD_LIBRARY_PATH", home.resolve("lib").toString()),
        all);
  }

  /** ./pfsmix as a user runs it (built already: the test runs after the build). */
  private static String launcher(String... args) throws Exception {
    return ClusterCli.program(Path.of(System.getProperty("pfsmix.home"), "pfsmix"), Map.of("PFSMIX_NO_BUILD", "1"),
        args);
  }

  private static long chunkBytes(Path chunks) throws IOException {
    try (Stream<Path> files = Files.walk(chunks)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
