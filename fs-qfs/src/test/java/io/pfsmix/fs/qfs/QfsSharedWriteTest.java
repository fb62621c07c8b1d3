package io.pfsmix.fs.qfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.pfsmix.fs.ClusterDirectory;
import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.SharedWriterProcess;
import io.pfsmix.fs.api.PositionedWrites;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.IorRunner;

/**
 * N-to-1 and N-to-N on QFS through pfs://: IOR's ranks as threads (its write and read checks on) and writers in two
 * processes; every byte is where it belongs. Writers of one file wait for each chunk's write lease in turn; the retry
 * delay is 1 s here (QFS's default 5 s only makes the test slower; docs/qfs.md measures both).
 */
class QfsSharedWriteTest {

  @RegisterExtension
  static final ClusterDirectory DIR = new ClusterDirectory(URI.create("pfs:///"), () -> {
    Configuration conf = QfsTestCluster.get().configuration("/shared-test");
    conf.set(QfsConfigKeys.RETRY_DELAY_SECONDS, "1");
    return conf;
  });

  private IorResult ior(String... arguments) throws IOException {
    return IorRunner.run(DIR.conf(), IorOptions.parse(arguments));
  }

  @Test
  void iorRanksAsThreadsWriteOneFileAndReadEveryByteBack() throws IOException {
    assertThat(PositionedWrites.supported(DIR.fs(), new Path("/ior/n-to-1"))).isTrue();
    DIR.fs().mkdirs(new Path("/ior"));
    // -Y: every write is synced, so each one takes the chunk's write lease from another rank. With QFS's 6 retries
    // for shared writers too, one run of four of this failed with EBUSY (docs/qfs.md).
    // -W and -R: each rank checks what it wrote, and what another rank wrote (-C over 16 declared nodes)
    IorResult result = ior("-a", "HADOOP", "-w", "-r", "-Y", "-W", "-R", "-C", "-O", "numNodes=16", "-k", "-N",
        "16", "-s", "1", "-b", "512k", "-t", "128k", "-o", "pfs:///ior/n-to-1");
    assertThat(result.dataErrors()).isEmpty();
    assertThat(DIR.fs().getFileStatus(new Path("/ior/n-to-1")).getLen()).isEqualTo(16L * 512 * 1024);
  }

  @Test
  void iorRanksAsThreadsWriteAFileEachAndReadEveryByteBack() throws IOException {
    DIR.fs().mkdirs(new Path("/ior-n"));
    IorResult result = ior("-a", "HADOOP", "-F", "-w", "-r", "-W", "-R", "-C", "-O", "numNodes=4", "-k", "-N", "4",
        "-s", "3", "-b", "1m", "-t", "256k", "-o", "pfs:///ior-n/n-to-n");
    assertThat(result.dataErrors()).isEmpty();
    for (int rank = 0; rank < 4; rank++) {
      assertThat(DIR.fs().getFileStatus(new Path(String.format("/ior-n/n-to-n.%08d", rank))).getLen())
          .as("rank %d's file", rank).isEqualTo(3L * (1 << 20));
    }
  }

  @Test
  void twoProcessesWriteOneFileByteForByte() throws Exception {
    SharedWriterProcess.writeAndCheck(DIR.fs(), URI.create("pfs:///"), "/n-to-1.bin", Map.of(PfsConfigKeys.BACKEND,
        QfsConfigKeys.BACKEND_NAME, QfsConfigKeys.METASERVER, DIR.conf().get(QfsConfigKeys.METASERVER),
        QfsConfigKeys.ROOT, DIR.conf().get(QfsConfigKeys.ROOT), QfsConfigKeys.RETRY_DELAY_SECONDS, "1"));
  }
}
