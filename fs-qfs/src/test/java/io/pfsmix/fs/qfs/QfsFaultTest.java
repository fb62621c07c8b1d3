package io.pfsmix.fs.qfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.pfsmix.fs.FaultedWrite;
import io.pfsmix.fs.TestProcesses;

/**
 * A chunkserver killed mid-write: the write either finishes with every byte in place (QFS goes on with the replica
 * left) or fails with an IOException naming the file, never hangs (the @Timeout only guards the run, nothing is
 * timed); a file closed before, replicated on both chunkservers (fs.pfs.qfs.replicas' default: 2; with the create
 * call's replication, 1, it failed to read about half the time), reads back whole from the one left.
 */
class QfsFaultTest {

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aChunkserverKilledMidWriteLeavesClosedFilesReadableAndTheOpenOneWholeOrFailed() throws Exception {
    QfsTestCluster cluster = QfsTestCluster.get();
    Configuration conf = cluster.configuration("/fault-test");
    conf.set(QfsConfigKeys.RETRY_DELAY_SECONDS, "1");
    byte[] closed = TestProcesses.randomBytes(3 << 20, 7);
    byte[] chunk = TestProcesses.randomBytes(1 << 20, 8);
    FaultedWrite write;
    try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
      try (FSDataOutputStream out = fs.create(new Path("/closed.bin"))) {
        out.write(closed);
      }
      write = FaultedWrite.across(fs, new Path("/open.bin"), chunk, 4, () -> cluster.killChunkserver(2), 20);
      if (write.failure() != null) {
        assertThat(write.failure()).hasMessageContaining("/open.bin");
      } else {
        byte[] back = new byte[chunk.length];
        try (FSDataInputStream in = fs.open(new Path("/open.bin"))) {
          for (int i = 0; i < write.chunks(); i++) {
            in.readFully((long) i * chunk.length, back);
            assertThat(back).as("MiB %d of the file written across the kill", i).isEqualTo(chunk);
          }
        }
        assertThat(fs.getFileStatus(new Path("/open.bin")).getLen()).isEqualTo((long) write.chunks() * chunk.length);
      }
      byte[] read = new byte[closed.length];
      try (FSDataInputStream in = fs.open(new Path("/closed.bin"))) {
        in.readFully(0, read);
      }
      assertThat(read).as("the file closed before the kill, from the chunkserver left").isEqualTo(closed);
    } finally {
      cluster.startChunkserver(2);
    }
    System.out.println("QfsFaultTest: " + (write.failure() == null ? write.chunks() + " MiB written across the kill"
        : "the write failed after " + write.chunks() + " MiB: " + write.failure().getMessage()));
    // once both chunkservers serve again: a stat needs the last chunk's size from a chunkserver holding it, and after
    // a write that failed across the kill QFS answers EIO until its metaserver has recovered that chunk
    try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
      long start = System.nanoTime();
      long deadline = start + TimeUnit.SECONDS.toNanos(120);
      while (true) {
        try {
          fs.delete(new Path("/"), true);
          System.out.printf("QfsFaultTest: removable %.1f s after the chunkserver came back%n",
              (System.nanoTime() - start) / 1e9);
          break;
        } catch (IOException e) {
          if (System.nanoTime() > deadline || !String.valueOf(e.getMessage()).contains("Input/output error")) {
            throw new IOException("the files written across the kill are still not removable 120 s after the "
                + "chunkserver came back", e);
          }
          TestProcesses.sleep(1000);
        }
      }
    }
  }
}
