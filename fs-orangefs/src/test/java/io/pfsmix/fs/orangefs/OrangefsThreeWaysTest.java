package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.PfsTestFileSystems;

/**
 * The same bytes seen three ways: ofs:// (OrangeFS's client library, natively), pfs:// with the POSIX backend on the
 * pvfs2fuse mount, and file:// on that mount — whichever of them wrote the file. Skips where the machine allows no
 * FUSE mount.
 */
class OrangefsThreeWaysTest {

  private static final String DIRECTORY = "/three-ways";
  private static final int LENGTH = (3 << 20) + 4097;

  private static Path mounted;
  private static FileSystem ofs;
  private static FileSystem pfsOnFuse;

  @BeforeAll
  static void connectThreeWays() throws IOException {
    OrangefsTestCluster cluster = OrangefsTestCluster.get();
    assumeTrue(cluster.fuseMount() != null, "no pvfs2fuse mount: it needs root and /dev/fuse");
    ofs = FileSystem.newInstance(URI.create("ofs:///"), cluster.configuration(DIRECTORY));
    mounted = cluster.fuseMount().resolve(DIRECTORY.substring(1));
    pfsOnFuse = PfsTestFileSystems.newPosixFileSystem(mounted);
  }

  @AfterAll
  static void close() throws IOException {
    if (pfsOnFuse != null) {
      pfsOnFuse.close();
    }
    if (ofs != null) {
      ofs.delete(new org.apache.hadoop.fs.Path("/"), true);
      ofs.close();
    }
  }

  private static byte[] random(long seed) {
    byte[] data = new byte[LENGTH];
    new Random(seed).nextBytes(data);
    return data;
  }

  @Test
  void whatOfsWritesTheMountReadsTheSame() throws IOException {
    byte[] data = random(41);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/native.bin");
    try (FSDataOutputStream out = ofs.create(file, true, 4096, (short) 1, 1L << 20)) {
      out.write(data);
    }
    assertThat(readAll(ofs, file)).isEqualTo(data);
    assertThat(readAll(pfsOnFuse, file)).isEqualTo(data);
    assertThat(Files.readAllBytes(mounted.resolve("native.bin"))).isEqualTo(data);
  }

  @Test
  void whatTheMountWritesOfsReadsTheSame() throws IOException {
    byte[] data = random(42);
    try (FSDataOutputStream out = pfsOnFuse.create(new org.apache.hadoop.fs.Path("/fuse.bin"))) {
      out.write(data);
    }
    Files.write(mounted.resolve("local.bin"), data);
    for (String name : new String[] {"/fuse.bin", "/local.bin"}) {
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(name);
      assertThat(readAll(ofs, file)).as(name).isEqualTo(data);
      FileStatus status = ofs.getFileStatus(file);
      assertThat(status.getLen()).as(name).isEqualTo(LENGTH);
    }
    assertThat(Arrays.stream(ofs.listStatus(new org.apache.hadoop.fs.Path("/"))).map(s -> s.getPath().getName()))
        .contains("fuse.bin", "local.bin");
  }

  private static byte[] readAll(FileSystem fs, org.apache.hadoop.fs.Path file) throws IOException {
    try (FSDataInputStream in = fs.open(file)) {
      byte[] bytes = new byte[(int) fs.getFileStatus(file).getLen()];
      in.readFully(0, bytes);
      return bytes;
    }
  }
}
