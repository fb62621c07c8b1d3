package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.e2e.ClusterCli.Lines;
import io.pfsmix.fs.PfsConfigKeys;

/**
 * {@code ./pfsmix orangefs up|status|down} on a directory and port of the test's own: four servers that store and
 * return a file byte for byte through OrangeFS's own client, nothing left running after down; and the POSIX backend's
 * mmap read-ahead over a pvfs2fuse mount, which refuses mmap. Skipped, with the reason, where OrangeFS cannot be built
 * (no source tarball) or, for the mount, without root or /dev/fuse.
 */
@ExtendWith(RepositoryHome.class)
class OrangefsClusterTest {

  private static final int MIB = 1 << 20;

  @TempDir
  Path temp;

  @Test
  void upStatusCopyInAndOutDown() throws Exception {
    Path dir = temp.resolve("ofs");
    int port = ClusterCli.freePort();
    Lines up = ClusterCli.up("orangefs", dir, port, "--servers", "4");
    try {
      assertThat(up.get("server")).isEqualTo("tcp://127.0.0.2:" + port + "/orangefs");
      assertThat(up.get("tab")).isEqualTo(dir.resolve("pvfs2tab").toString());
      assertThat(up.get("uri")).isEqualTo("ofs:///");
      assertThat(Files.readString(dir.resolve("pvfs2tab")))
          .isEqualTo("tcp://127.0.0.2:" + port + "/orangefs /pfsmix-orangefs pvfs2 defaults,noauto 0 0\n");

      Cli.Run status = MixCli.run("orangefs", "status", "--dir", dir.toString());
      assertThat(status.exitCode()).isZero();
      for (int server = 2; server <= 5; server++) {
        assertThat(status.stdout()).containsPattern("server tcp://127\\.0\\.0\\." + server + ":" + port
            + " running \\(pid \\d+\\)");
      }
      assertThat(status.stdout()).contains("running: 4 of 4 servers");

      ClusterCli.upAgain("orangefs", dir, port, up);

      Path in = temp.resolve("in.dat");
      Path out = temp.resolve("out.dat");
      byte[] data = ClusterCli.randomFile(in, 20, 13);
      Path home = Path.of(up.get("home"));
      ofs(home, dir, "pvfs2-cp", in.toString(), "/pfsmix-orangefs/copied.dat");
      ofs(home, dir, "pvfs2-cp", "/pfsmix-orangefs/copied.dat", out.toString());
      assertThat(Files.readAllBytes(out)).as("the bytes read back").isEqualTo(data);
      // striped over all four servers, each on its own address
      String dist = ofs(home, dir, "pvfs2-viewdist", "-f", "/pfsmix-orangefs/copied.dat");
      assertThat(dist).contains("Number of datafiles/servers = 4");
      for (int server = 2; server <= 5; server++) {
        assertThat(dist).contains("tcp://127.0.0." + server + ":" + port);
      }
    } finally {
      ClusterCli.down("orangefs", dir);
    }
    assertThat(dir).doesNotExist();
    assertThat(serversNaming(dir)).as("pvfs2-server processes of " + dir + " after down").isEmpty();
    Cli.Run status = MixCli.run("orangefs", "status", "--dir", dir.toString());
    assertThat(status.exitCode()).isEqualTo(3);
    assertThat(status.stdout()).contains("stopped (no file system in " + dir + ")");
  }

  @Test
  void mmapReadAheadReadsOnAPvfs2fuseMountThatRefusesMmap() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "mounting pvfs2fuse needs root");
    assumeTrue(Files.isReadable(Path.of("/dev/fuse")) && Files.isWritable(Path.of("/dev/fuse")),
        "mounting pvfs2fuse needs /dev/fuse");
    Path dir = temp.resolve("ofs-fuse");
    Path mount = temp.resolve("mnt");
    Lines up = ClusterCli.up("orangefs", dir, ClusterCli.freePort(), "--servers", "2", "--fuse", mount.toString());
    try {
      assertThat(up.get("fuse")).isEqualTo(mount.toString());
      Configuration conf = new Configuration();
      conf.set(PfsConfigKeys.BACKEND, "posix");
      conf.set(PfsConfigKeys.POSIX_ROOT, mount.toString());
      conf.setBoolean(PfsConfigKeys.READAHEAD_MMAP, true);
      conf.set(PfsConfigKeys.READAHEAD_SIZE, "1m");
      // not a whole number of read-ahead chunks, so the last chunk is a short one
      byte[] data = new byte[9 * MIB + 12345];
      new Random(2009).nextBytes(data);
      try (FileSystem pfs = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
        for (String name : List.of("/a.dat", "/b.dat")) {
          try (OutputStream out = pfs.create(new org.apache.hadoop.fs.Path(name))) {
            out.write(data);
          }
          // the second file is read after mapping was turned off for this file system by the first
          try (InputStream in = pfs.open(new org.apache.hadoop.fs.Path(name))) {
            assertThat(readIn4KiB(in)).as("bytes read back from " + name).isEqualTo(data);
          }
        }
      }
      assertThat(Files.readAllBytes(mount.resolve("a.dat"))).as("the bytes on the mount").isEqualTo(data);

      Cli.Run bench = MixCli.run("bench", "read", "--dir", mount.resolve("bench").toString(), "--size", "8m", "-r",
          "1");
      assertThat(bench.exitCode()).as(bench.stderr()).isZero();
      assertThat(bench.stdout()).contains("refuses mmap").contains("ratio pfs-mmap/nio");

      if (MixCli.classPresent("io.pfsmix.fs.orangefs.OrangefsFileSystem")) {
        // native vs pvfs2fuse: a mount of its own, the same bytes both ways (a short read back fails the command)
        Cli.Run compared = MixCli.run("bench", "orangefs", "--server", up.get("server"), "--size", "8m", "-r", "1",
            "--ior=-N 2 -b 1m -t 256k");
        assertThat(compared.exitCode()).as(compared.stderr()).isZero();
        assertThat(compared.stdout()).contains("run 1  ofs:// (client library)").contains("run 1  pfs:// posix on "
            + "pvfs2fuse").containsPattern("ratio native / pfs:// posix on pvfs2fuse +write [0-9.]+  read 4M [0-9.]+  "
            + "read 4K [0-9.]+  IOR wr [0-9.]+  IOR rd [0-9.]+");
      }
    } finally {
      ClusterCli.down("orangefs", dir);
    }
    assertThat(Files.readString(Path.of("/proc/mounts"))).doesNotContain(" " + mount + " ");
  }

  /** Reads a stream to its end with 4 KiB reads, as Hadoop's record readers do. */
  private static byte[] readIn4KiB(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
      all.write(buffer, 0, n);
    }
    return all.toByteArray();
  }

  /** Runs one of OrangeFS's own client programs against the file system of {@code dir}; returns its output. */
  private static String ofs(Path home, Path dir, String program, String... args) throws Exception {
    return ClusterCli.program(home.resolve("bin").resolve(program), Map.of("PVFS2TAB_FILE",
        dir.resolve("pvfs2tab").toString(), "LD_LIBRARY_PATH", home.resolve("lib").toString()), args);
  }

  /** Live processes whose command line names the file system's configuration file. */
  private static List<Long> serversNaming(Path dir) {
    return ClusterCli.processesWithArgument(dir.resolve("orangefs.conf").toString());
  }
}
