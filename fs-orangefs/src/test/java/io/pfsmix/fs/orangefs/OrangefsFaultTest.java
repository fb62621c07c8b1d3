package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * Servers that are down: at first use a clear error naming the file system; killed mid-write an IOException, never a
 * hang (the @Timeout only guards the run, nothing is timed); restarted, the server serves the files closed before it
 * died.
 */
class OrangefsFaultTest {

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void aFileSystemDownAtFirstUseIsNamedWithTheCommandThatStartsOne() throws IOException {
    OrangefsTestCluster.get();
    String server = "tcp://127.0.0.2:" + TestProcesses.freePort() + "/orangefs";
    Configuration conf = new Configuration(false);
    conf.set(OrangefsConfigKeys.SERVER, server);
    conf.setInt(OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS, 15);
    assertThatThrownBy(() -> {
      try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), conf)) {
        fs.getFileStatus(new Path("/"));
      }
    }).isInstanceOf(IOException.class).hasMessageContaining(server).hasMessageContaining("./pfsmix orangefs up");
  }

  /**
   * The timeouts are durations now: "2s" was refused as no whole number before, a plain number is still seconds, and a
   * bad value fails naming key and value before any contact with a server.
   */
  @Test
  @Timeout(value = 1, unit = TimeUnit.MINUTES)
  void timeoutsAreDurationsAndABadOneIsNamedBeforeAnyContact() throws IOException {
    String server = "tcp://127.0.0.2:" + TestProcesses.freePort() + "/orangefs";
    Configuration conf = new Configuration(false);
    conf.set(OrangefsConfigKeys.SERVER, server);
    conf.set(OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS, "soon");
    assertThatThrownBy(() -> FileSystem.newInstance(URI.create("ofs:///"), conf))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS + " = 'soon' is not a duration");
    conf.set(OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS, "2s");
    assertThatThrownBy(() -> {
      try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), conf)) {
        fs.getFileStatus(new Path("/"));
      }
    }).isInstanceOf(IOException.class).hasMessageContaining(server);
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void aServerKilledMidWriteFailsTheWriteAndServesClosedFilesOnceRestarted() throws Exception {
    OrangefsTestCluster cluster = OrangefsTestCluster.get();
    Configuration conf = cluster.configuration("/fault-test");
    conf.setInt(OrangefsConfigKeys.IO_TIMEOUT_SECONDS, 20);
    conf.set(OrangefsConfigKeys.STRIP_SIZE, "64k");
    byte[] closed = TestProcesses.randomBytes(3 << 20, 7);
    String victim = cluster.aliases().get(2);
    try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), conf)) {
      try (FSDataOutputStream out = fs.create(new Path("/closed.bin"))) {
        out.write(closed);
      }
      // every strip of 64 KiB goes to the next server: each 1 MiB after the kill reaches the dead one
      FaultedWrite write = FaultedWrite.across(fs, new Path("/open.bin"), TestProcesses.randomBytes(1 << 20, 8), 4,
          () -> cluster.kill(victim), 1000);
      assertThat(write.failure()).as("writing with %s dead", victim).isNotNull();
      assertThat(write.failure()).hasMessageContaining("/open.bin");
    } finally {
      cluster.start(victim);
    }
    try (FileSystem fs = FileSystem.newInstance(URI.create("ofs:///"), cluster.configuration("/fault-test"))) {
      byte[] read = new byte[closed.length];
      IOException last = null;
      // the restarted server answers once it has opened its storage
      for (int attempt = 0; attempt < 60; attempt++) {
        try (FSDataInputStream in = fs.open(new Path("/closed.bin"))) {
          in.readFully(0, read);
          last = null;
          break;
        } catch (IOException notYet) {
          last = notYet;
          TestProcesses.sleep(500);
        }
      }
      if (last != null) {
        throw last;
      }
      assertThat(read).isEqualTo(closed);
      fs.delete(new Path("/"), true);
    }
  }
}
