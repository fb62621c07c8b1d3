package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.WriteHandle;
import io.pfsmix.fs.TestProcesses;

/** The backend's operations against the real test cluster, checked by bytes, layouts and OSD placement. */
class CephFsBackendTest {

  private static final FsPermission FILE_MODE = new FsPermission((short) 0644);

  private static CephTestCluster cluster;
  private static CephFsBackend backend;

  @BeforeAll
  static void mount() throws IOException {
    cluster = CephTestCluster.get();
    backend = CephFsBackend.mount(cluster.configuration("/backend-test"));
  }

  @AfterAll
  static void unmount() throws IOException {
    if (backend != null) {
      backend.close();
    }
  }

  private static CreateOptions options(short replication, long blockSize) {
    return new CreateOptions(false, FILE_MODE, replication, blockSize);
  }

  private static void write(String path, CreateOptions options, byte[] data) throws IOException {
    try (WriteHandle out = backend.create(path, options)) {
      ByteBuffer buffer = backend.allocateBuffer(data.length);
      buffer.put(data).flip();
      out.write(0, buffer);
    }
  }

  private static byte[] readAll(String path) throws IOException {
    try (ReadHandle in = backend.openForRead(path)) {
      ByteBuffer buffer = backend.allocateBuffer((int) in.length());
      while (buffer.hasRemaining() && in.read(buffer.position(), buffer) > 0) {
        // the handle advances the buffer
      }
      return bytes(buffer);
    }
  }

  /** The bytes of a buffer from 0 to its capacity (the backend's buffers are direct: they have no array). */
  static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.capacity()];
    buffer.duplicate().clear().get(bytes);
    return bytes;
  }

  @Test
  void writtenBytesReadBackAndStatShowsLayoutFromBlockSize() throws IOException {
    byte[] data = TestProcesses.randomBytes(3 << 20, 1);
    write("/layout.bin", options((short) 1, 1L << 20), data);

    assertThat(readAll("/layout.bin")).isEqualTo(data);
    FileInfo info = backend.stat("/layout.bin");
    assertThat(info.length()).isEqualTo(data.length);
    assertThat(info.blockSize()).isEqualTo(1L << 20);
    assertThat(info.replication()).isEqualTo((short) 1);
    assertThat(info.permission().toShort()).isEqualTo((short) 0644);
    assertThat(backend.preferredBufferSize(info)).isEqualTo(1 << 20);
  }

  /** The test cluster runs no manager, so the monitors know no space usage: unknown, not full. */
  @Test
  void statusOfAClusterWithoutAManagerIsUnknownNotFull() throws IOException {
    FsStatus status = backend.status();
    assertThat(status.getCapacity()).isEqualTo(Long.MAX_VALUE);
    assertThat(status.getRemaining()).isEqualTo(Long.MAX_VALUE);
    assertThat(status.getUsed()).isZero();
  }

  @Test
  void blockSizeIsRoundedToTheStripeUnitGranularity() throws IOException {
    write("/rounded.bin", options((short) 1, 100_000), new byte[10]);
    // 100000 bytes is nearest to 2 * 64 KiB
    assertThat(backend.stat("/rounded.bin").blockSize()).isEqualTo(128L << 10);
  }

  @Test
  void replicationTwoGoesToTheTwoReplicaPool() throws IOException {
    write("/replicated.bin", options((short) 2, 1L << 20), TestProcesses.randomBytes(2 << 20, 2));
    FileInfo info = backend.stat("/replicated.bin");
    // the replica count stat reports is that of the file's pool: only pfsmix_data_r2 has two
    assertThat(info.replication()).isEqualTo((short) 2);
    BlockLocation[] locations = backend.blockLocations("/replicated.bin", info, 0, info.length());
    assertThat(locations).hasSize(2);
    for (BlockLocation location : locations) {
      assertThat(location.getNames()).containsExactly("127.0.0.1", "127.0.0.1");
      assertThat(location.getTopologyPaths()).hasSize(2).doesNotHaveDuplicates();
    }
  }

  @Test
  void blockLocationsNameOneLocationPerStripeWithCrushHostAndOsdAddress() throws IOException {
    write("/located.bin", options((short) 1, 1L << 20), TestProcesses.randomBytes((5 << 20) + 17, 3));
    FileInfo info = backend.stat("/located.bin");

    BlockLocation[] all = backend.blockLocations("/located.bin", info, 0, info.length());
    assertThat(all).hasSize(6);
    String host = InetAddress.getLocalHost().getHostName();
    for (int i = 0; i < all.length; i++) {
      assertThat(all[i].getOffset()).isEqualTo((long) i << 20);
      assertThat(all[i].getLength()).isEqualTo(i < 5 ? 1L << 20 : 17);
      assertThat(all[i].getHosts()).containsExactly(host);
      assertThat(all[i].getNames()).containsExactly("127.0.0.1");
      assertThat(all[i].getTopologyPaths()).hasSize(1);
      assertThat(all[i].getTopologyPaths()[0]).matches("/default/" + host + "/osd\\.[01]");
    }
    BlockLocation[] middle = backend.blockLocations("/located.bin", info, (2 << 20) + 5, 1 << 20);
    assertThat(middle).extracting(BlockLocation::getOffset).containsExactly(2L << 20, 3L << 20);
  }

  @Test
  void heapBuffersAreCopiedAndCounted() throws IOException {
    byte[] data = TestProcesses.randomBytes(1 << 16, 4);
    long copiesBefore = backend.bufferCopies();
    write("/copies.bin", options((short) 1, 1L << 20), data);
    readAll("/copies.bin");
    assertThat(backend.bufferCopies()).isEqualTo(copiesBefore);

    try (ReadHandle in = backend.openForRead("/copies.bin")) {
      ByteBuffer sliced = ByteBuffer.allocate(200).position(100).slice();
      assertThat(in.read(10, sliced)).isEqualTo(100);
      assertThat(sliced.flip().get(0)).isEqualTo(data[10]);
    }
    assertThat(backend.bufferCopies()).isEqualTo(copiesBefore + 1);
  }

  @Test
  void offsetsBeyondTwoGibibytesAreHonoured() throws IOException {
    // 64-bit offsets go to libcephfs as they are (the old Java binding truncated them to int)
    long far = (3L << 30) + 12345;
    byte[] data = TestProcesses.randomBytes(1 << 16, 5);
    try (WriteHandle out = backend.create("/sparse.bin", options((short) 1, 4L << 20))) {
      out.write(far, ByteBuffer.wrap(data));
      out.write(7, ByteBuffer.wrap(data, 0, 100).slice());
    }
    try (ReadHandle in = backend.openForRead("/sparse.bin")) {
      assertThat(in.length()).isEqualTo(far + data.length);
      ByteBuffer back = backend.allocateBuffer(data.length);
      assertThat(in.read(far, back)).isEqualTo(data.length);
      assertThat(bytes(back)).isEqualTo(data);
      ByteBuffer head = backend.allocateBuffer(100);
      in.read(7, head);
      assertThat(bytes(head)).isEqualTo(java.util.Arrays.copyOf(data, 100));
      assertThat(in.read(far + data.length, backend.allocateBuffer(10))).isEqualTo(-1);
    }
  }

  @Test
  void namespaceOperations() throws IOException {
    backend.mkdir("/dir", new FsPermission((short) 0750));
    assertThatThrownBy(() -> backend.mkdir("/dir", FsPermission.getDirDefault()))
        .isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining("/dir");
    write("/dir/a", options((short) 1, 1L << 20), "alpha".getBytes(StandardCharsets.UTF_8));
    write("/dir/b", options((short) 1, 1L << 20), "beta".getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> write("/dir/a", options((short) 1, 1L << 20), new byte[1]))
        .isInstanceOf(FileAlreadyExistsException.class);

    assertThat(backend.list("/dir")).extracting(FileInfo::path).containsExactlyInAnyOrder("/dir/a", "/dir/b");
    assertThat(backend.stat("/dir").isDirectory()).isTrue();
    assertThat(backend.stat("/dir").permission().toShort()).isEqualTo((short) 0750);

    backend.rename("/dir/a", "/dir/c");
    assertThatThrownBy(() -> backend.stat("/dir/a")).isInstanceOf(FileNotFoundException.class)
        .hasMessageContaining("/dir/a");
    assertThat(new String(readAll("/dir/c"), StandardCharsets.UTF_8)).isEqualTo("alpha");

    backend.concat("/dir/c", List.of("/dir/b"));
    assertThat(new String(readAll("/dir/c"), StandardCharsets.UTF_8)).isEqualTo("alphabeta");
    assertThatThrownBy(() -> backend.stat("/dir/b")).isInstanceOf(FileNotFoundException.class);

    try (WriteHandle out = backend.openForAppend("/dir/c")) {
      assertThat(out.initialLength()).isEqualTo(9);
      out.write(9, ByteBuffer.wrap("!".getBytes(StandardCharsets.UTF_8)));
    }
    backend.truncate("/dir/c", 5);
    assertThat(new String(readAll("/dir/c"), StandardCharsets.UTF_8)).isEqualTo("alpha");

    backend.setPermission("/dir/c", new FsPermission((short) 0600));
    backend.setTimes("/dir/c", 1_500_000_000_000L, 1_500_000_001_000L);
    backend.setXAttr("/dir/c", "user.tag", "v1".getBytes(StandardCharsets.UTF_8), true, false);
    assertThatThrownBy(() -> backend.setXAttr("/dir/c", "user.tag", new byte[1], true, false))
        .isInstanceOf(FileAlreadyExistsException.class);
    FileInfo c = backend.stat("/dir/c");
    assertThat(c.permission().toShort()).isEqualTo((short) 0600);
    assertThat(c.modificationTimeMillis()).isEqualTo(1_500_000_000_000L);
    assertThat(c.accessTimeMillis()).isEqualTo(1_500_000_001_000L);
    assertThat(backend.getXAttrs("/dir/c")).containsKey("user.tag");
    assertThat(new String(backend.getXAttrs("/dir/c").get("user.tag"), StandardCharsets.UTF_8)).isEqualTo("v1");
    backend.removeXAttr("/dir/c", "user.tag");
    assertThat(backend.getXAttrs("/dir/c")).doesNotContainKey("user.tag");

    assertThatThrownBy(() -> backend.delete("/dir")).hasMessageContaining("/dir");
    backend.delete("/dir/c");
    backend.delete("/dir");
    assertThatThrownBy(() -> backend.stat("/dir")).isInstanceOf(FileNotFoundException.class);
  }

  @Test
  void overwriteReplacesTheFileWithTheNewLayout() throws IOException {
    write("/over.bin", options((short) 1, 1L << 20), TestProcesses.randomBytes(1000, 6));
    byte[] second = TestProcesses.randomBytes(10, 7);
    write("/over.bin", new CreateOptions(true, FILE_MODE, (short) 1, 2L << 20), second);
    assertThat(readAll("/over.bin")).isEqualTo(second);
    assertThat(backend.stat("/over.bin").blockSize()).isEqualTo(2L << 20);
  }

  @Test
  void aReplicationPoolThatDoesNotExistIsRefusedAtMount() {
    Configuration conf = cluster.configuration("/backend-test");
    conf.set(CephConfigKeys.REPLICATION_POOLS, "3:no_such_pool");
    assertThatThrownBy(() -> CephFsBackend.mount(conf)).isInstanceOf(IOException.class)
        .hasMessageContaining("no_such_pool").hasMessageContaining(CephConfigKeys.REPLICATION_POOLS);
  }

  @Test
  void rootDirectoryIsCreatedAndIsolatesTheBackend() throws IOException {
    Configuration conf = cluster.configuration("/isolated/deeper/");
    try (CephFsBackend isolated = CephFsBackend.mount(conf)) {
      assertThat(isolated.list("/")).isEmpty();
      isolated.mkdir("/inside", FsPermission.getDirDefault());
    }
    try (CephFsBackend top = CephFsBackend.mount(cluster.configuration("/"))) {
      assertThat(top.stat("/isolated/deeper/inside").isDirectory()).isTrue();
    }
  }
}
