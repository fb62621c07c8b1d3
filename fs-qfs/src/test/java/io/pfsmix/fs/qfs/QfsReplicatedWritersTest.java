package io.pfsmix.fs.qfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.pfsmix.fs.ClusterDirectory;
import io.pfsmix.fs.TestProcesses;

/**
 * Many writers of 2-replica files at once, as the mix's N-to-N checkpoint beside the classifier: each write goes to one
 * chunkserver, which forwards it to the other and keeps its buffers until the other has written it; the forwarded copy
 * needs buffers there too. With chunkservers whose per-disk buffer quota was smaller than the writes in flight (4.5
 * MiB, of a 32 MiB pool), each filled its quota with writes whose forwards waited for the other's: both stalled until
 * the clients gave up after their 30 s operation timeout (docs/qfs.md). No retries here, so such a stall fails the
 * write instead of only slowing it; the @Timeout only guards the run, nothing is timed.
 */
class QfsReplicatedWritersTest {

  private static final int WRITERS = 8;
  private static final int MIB_EACH = 24;

  @RegisterExtension
  static final ClusterDirectory DIR = new ClusterDirectory(URI.create("pfs:///"), () -> {
    Configuration conf = QfsTestCluster.get().configuration("/replicated-writers-test");
    conf.set(QfsConfigKeys.MAX_RETRIES, "0");
    return conf;
  });

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void eightWritersOfTwoReplicaFilesAtOnceFinishWithoutARetryAndEveryByteInPlace() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(WRITERS);
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (int writer = 0; writer < WRITERS; writer++) {
        int w = writer;
        writes.add(threads.submit(() -> write(w)));
      }
      for (Future<?> write : writes) {
        try {
          write.get();
        } catch (ExecutionException e) {
          throw new AssertionError("a writer failed (a write that waited out QFS's operation timeout?): "
              + e.getCause(), e.getCause());
        }
      }
    } finally {
      threads.shutdownNow();
    }
    byte[] back = new byte[MIB_EACH << 20];
    for (int writer = 0; writer < WRITERS; writer++) {
      Path file = file(writer);
      assertThat(DIR.fs().getFileStatus(file).getReplication()).as("%s's replicas", file).isEqualTo((short) 2);
      try (FSDataInputStream in = DIR.fs().open(file)) {
        in.readFully(back);
      }
      for (int mib = 0; mib < MIB_EACH; mib++) {
        // Arrays.mismatch, not AssertJ's array equality: that took seconds a file
        assertThat(Arrays.mismatch(back, mib << 20, (mib + 1) << 20, data(writer, mib), 0, 1 << 20))
            .as("the first wrong byte in MiB %d of %s (-1: none)", mib, file).isEqualTo(-1);
      }
      assertThat(DIR.fs().getFileStatus(file).getLen()).isEqualTo((long) MIB_EACH << 20);
    }
  }

  private static Void write(int writer) throws IOException {
    try (FSDataOutputStream out = DIR.fs().create(file(writer))) {
      for (int mib = 0; mib < MIB_EACH; mib++) {
        out.write(data(writer, mib));
      }
    }
    return null;
  }

  private static Path file(int writer) {
    return new Path("/writer-" + writer + ".bin");
  }

  private static byte[] data(int writer, int mib) {
    return TestProcesses.randomBytes(1 << 20, writer * 1000L + mib);
  }
}
