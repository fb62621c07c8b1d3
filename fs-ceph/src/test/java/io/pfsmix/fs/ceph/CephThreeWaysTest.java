package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.PfsTestFileSystems;
import io.pfsmix.fs.TestProcesses;
import io.pfsmix.fs.layout.XattrReader;

/**
 * One file seen three ways — ceph:// (libcephfs), pfs:// with the POSIX backend on a ceph-fuse mount (layout from the
 * ceph.file.layout xattrs), and file:// on that mount — gives the same bytes, stripe layout and block hosts.
 */
class CephThreeWaysTest {

  private static final long BLOCK = 1L << 20;
  private static final int LENGTH = (3 << 20) + 4097;

  private static Path mountPoint;
  private static FileSystem ceph;
  private static FileSystem pfsOnFuse;

  @BeforeAll
  static void mountThreeWays() throws IOException {
    CephTestCluster cluster = CephTestCluster.get();
    assumeTrue(Files.isWritable(Path.of("/dev/fuse")) && Files.isExecutable(Path.of("/usr/bin/ceph-fuse"))
        && Files.isExecutable(Path.of("/usr/bin/getfattr")),
        "ceph-fuse and getfattr (Debian packages ceph-fuse, attr) and a writable /dev/fuse are needed");
    Configuration cephConf = cluster.configuration("/three-ways");
    ceph = FileSystem.newInstance(URI.create("ceph:///"), cephConf);
    ceph.mkdirs(new org.apache.hadoop.fs.Path("/"));
    mountPoint = cluster.dir().resolveSibling("ceph-fuse-mount");
    Files.createDirectories(mountPoint);
    TestProcesses.run(List.of("ceph-fuse", "--conf", cluster.confFile().toString(), "-r", "/three-ways",
        mountPoint.toString()), Duration.ofSeconds(60));
    CephTestCluster.closeBeforeStop(CephThreeWaysTest::unmountFuse);
    pfsOnFuse = PfsTestFileSystems.newPosixFileSystem(mountPoint);
  }

  @AfterAll
  static void close() throws IOException {
    if (pfsOnFuse != null) {
      pfsOnFuse.close();
    }
    if (ceph != null) {
      ceph.close();
    }
    unmountFuse();
  }

  private static synchronized void unmountFuse() throws IOException {
    if (mountPoint != null) {
      TestProcesses.run(List.of("umount", mountPoint.toString()), Duration.ofSeconds(60));
      mountPoint = null;
    }
  }

  @Test
  void nativeAndFuseAgreeOnBytesLayoutAndHosts() throws IOException {
    byte[] data = new byte[LENGTH];
    new Random(31).nextBytes(data);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/agree.bin");
    try (FSDataOutputStream out = ceph.create(file, true, 4096, (short) 1, BLOCK)) {
      out.write(data);
    }

    // bytes
    assertThat(readAll(ceph, file)).isEqualTo(data);
    assertThat(readAll(pfsOnFuse, file)).isEqualTo(data);
    assertThat(Files.readAllBytes(mountPoint.resolve("agree.bin"))).isEqualTo(data);

    // layout: what libcephfs created is what the mount's xattrs say
    FileStatus nativeStatus = ceph.getFileStatus(file);
    assertThat(nativeStatus.getBlockSize()).isEqualTo(BLOCK);
    Map<String, byte[]> xattrs = XattrReader.readLayoutXattrs(getfattr(mountPoint.resolve("agree.bin")),
        getfattr(mountPoint));
    String layout = xattrs.entrySet().stream().filter(e -> e.getKey().startsWith("ceph.file.layout"))
        .map(e -> e.getKey() + "=" + new String(e.getValue(), StandardCharsets.UTF_8)).reduce("", String::concat);
    assertThat(layout).contains("stripe_unit=" + BLOCK, "object_size=" + BLOCK, "pool=pfsmix_data");

    // block locations: same stripes, same hosts
    BlockLocation[] viaNative = ceph.getFileBlockLocations(nativeStatus, 0, LENGTH);
    BlockLocation[] viaFuse = pfsOnFuse.getFileBlockLocations(pfsOnFuse.getFileStatus(file), 0, LENGTH);
    assertThat(viaNative).hasSize(4);
    assertThat(viaFuse).hasSameSizeAs(viaNative);
    for (int i = 0; i < viaNative.length; i++) {
      assertThat(viaFuse[i].getOffset()).as("offset of stripe %d", i).isEqualTo(viaNative[i].getOffset());
      assertThat(viaFuse[i].getLength()).as("length of stripe %d", i).isEqualTo(viaNative[i].getLength());
      assertThat(viaFuse[i].getHosts()).as("hosts of stripe %d", i).containsExactly(viaNative[i].getHosts());
    }
  }

  /** A file's attributes on the mount as getfattr (Debian package attr) reads them, every namespace included. */
  private static XattrReader.Source getfattr(Path file) {
    return new XattrReader.Source() {
      @Override
      public byte[] get(String name) throws IOException {
        Process process = new ProcessBuilder("getfattr", "--only-values", "-n", name, file.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] value = process.getInputStream().readAllBytes();
        return waitFor(process) == 0 ? value : null;
      }

      @Override
      public List<String> names() throws IOException {
        Process process = new ProcessBuilder("getfattr", "--absolute-names", "-m", "-", file.toString())
            .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String listing = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        waitFor(process);
        return listing.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
      }
    };
  }

  private static int waitFor(Process process) throws IOException {
    try {
      return process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for getfattr", e);
    }
  }

  private static byte[] readAll(FileSystem fs, org.apache.hadoop.fs.Path file) throws IOException {
    byte[] bytes = new byte[(int) fs.getFileStatus(file).getLen()];
    try (FSDataInputStream in = fs.open(file)) {
      IOUtils.readFully(in, bytes, 0, bytes.length);
    }
    return bytes;
  }
}
