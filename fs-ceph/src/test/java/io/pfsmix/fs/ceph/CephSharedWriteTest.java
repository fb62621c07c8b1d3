package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.SharedWriterProcess;
import io.pfsmix.fs.api.PositionedWrites;
import io.pfsmix.fs.backend.ReadHandle;

/** N-to-1: two processes write interleaved blocks of one CephFS file at once; every byte is where it belongs. */
class CephSharedWriteTest {

  private static final int RANKS = 2;
  private static final int BLOCK = 256 << 10;
  private static final int BLOCKS_PER_RANK = 24;

  @Test
  void twoProcessesWriteOneFileByteForByte() throws Exception {
    CephTestCluster cluster = CephTestCluster.get();
    Configuration conf = cluster.configuration("/shared");
    try (FileSystem fs = FileSystem.newInstance(URI.create("ceph:///"), conf)) {
      assertThat(PositionedWrites.supported(fs, new org.apache.hadoop.fs.Path("/n-to-1.bin"))).isTrue();
    }
    SharedWriterProcess.runAll(URI.create("ceph:///"), "/n-to-1.bin", RANKS, BLOCK, BLOCKS_PER_RANK,
        Map.of(CephConfigKeys.CONF_FILE, cluster.confFile().toString(), CephConfigKeys.ROOT_DIR, "/shared"));

    try (CephFsBackend backend = CephFsBackend.mount(conf); ReadHandle in = backend.openForRead("/n-to-1.bin")) {
      int blocks = RANKS * BLOCKS_PER_RANK;
      assertThat(in.length()).isEqualTo((long) blocks * BLOCK);
      ByteBuffer buffer = backend.allocateBuffer(BLOCK);
      for (int index = 0; index < blocks; index++) {
        buffer.clear();
        while (buffer.hasRemaining() && in.read((long) index * BLOCK + buffer.position(), buffer) > 0) {
          // the handle advances the buffer
        }
        assertThat(CephFsBackendTest.bytes(buffer)).as("block %d", index).isEqualTo(SharedWriterProcess.block(index, BLOCK));
      }
    } catch (IOException e) {
      throw new AssertionError("reading the shared file back failed", e);
    }
  }
}
