package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.PositionedWrites;
import io.pfsmix.fs.SharedWriterProcess;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.IorRunner;

/**
 * N-to-1 on OrangeFS: many writers at disjoint offsets of one file at once, from the threads of one process (IOR's
 * ranks, its write and read checks on) and from two processes; every byte is where it belongs.
 */
class OrangefsSharedWriteTest {

  private static Configuration conf;
  private static FileSystem fs;

  @BeforeAll
  static void connect() throws IOException {
    conf = OrangefsTestCluster.get().configuration("/shared-test");
    fs = FileSystem.newInstance(URI.create("ofs:///"), conf);
  }

  @AfterAll
  static void close() throws IOException {
    if (fs != null) {
      fs.delete(new Path("/"), true);
      fs.close();
    }
  }

  @Test
  void iorRanksAsThreadsWriteOneFileAndReadEveryByteBack() throws IOException {
    assertThat(PositionedWrites.supported(fs, new Path("/ior/n-to-1"))).isTrue();
    fs.mkdirs(new Path("/ior"));
    // -W and -R: each rank checks what it wrote, and what another rank wrote (-C over 4 declared nodes)
    IorResult result = IorRunner.run(conf, IorOptions.parse("-a", "HADOOP", "-w", "-r", "-W", "-R", "-C", "-O", "numNodes=4", "-k",
        "-N", "4", "-s", "3", "-b", "1m", "-t", "256k", "-o", "ofs:///ior/n-to-1"));
    assertThat(result.dataErrors()).isEmpty();
    assertThat(fs.getFileStatus(new Path("/ior/n-to-1")).getLen()).isEqualTo(4L * 3 * (1 << 20));
  }

  @Test
  void twoProcessesWriteOneFileByteForByte() throws Exception {
    int ranks = 2;
    int block = 256 << 10;
    int blocksPerRank = 24;
    SharedWriterProcess.runAll(URI.create("ofs:///"), "/n-to-1.bin", ranks, block, blocksPerRank,
        Map.of(OrangefsConfigKeys.SERVER, conf.get(OrangefsConfigKeys.SERVER), OrangefsConfigKeys.ROOT,
            conf.get(OrangefsConfigKeys.ROOT)));
    Path file = new Path("/n-to-1.bin");
    assertThat(fs.getFileStatus(file).getLen()).isEqualTo((long) ranks * blocksPerRank * block);
    try (FSDataInputStream in = fs.open(file)) {
      byte[] read = new byte[block];
      for (int index = 0; index < ranks * blocksPerRank; index++) {
        in.readFully((long) index * block, read);
        assertThat(read).as("block %d", index).isEqualTo(SharedWriterProcess.block(index, block));
      }
    }
  }
}
