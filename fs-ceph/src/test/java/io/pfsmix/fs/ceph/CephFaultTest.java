package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.TestProcesses;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.WriteHandle;

/**
 * What users see when the cluster fails under them: a dead cluster at mount, an OSD killed during a write, an MDS
 * restarted during reads. Each test leaves the cluster healthy again for the tests after it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CephFaultTest {

  private static final String SECRET = "AQDn8XRmAAAAABAAsEcReTkEyD0n0tLeAkQ4tA==";
  private static final CreateOptions ONE_MIB_BLOCKS = new CreateOptions(false, new FsPermission((short) 0644),
      (short) 1, 1L << 20);

  private static void write(CephFsBackend backend, String path, byte[] data) throws IOException {
    try (WriteHandle out = backend.create(path, ONE_MIB_BLOCKS)) {
      out.write(0, ByteBuffer.wrap(data));
    }
  }

  private static byte[] read(CephFsBackend backend, String path) throws IOException {
    try (ReadHandle in = backend.openForRead(path)) {
      ByteBuffer buffer = backend.allocateBuffer((int) in.length());
      while (buffer.hasRemaining() && in.read(buffer.position(), buffer) > 0) {
        // the handle advances the buffer
      }
      return CephFsBackendTest.bytes(buffer);
    }
  }

  @Test
  @Order(0)
  void noClusterConfiguredNorStartedNamesTheKeysToSetAndTheCommand(@TempDir java.nio.file.Path emptyHome) {
    assumeTrue(System.getenv("PFSMIX_CEPH_DIR") == null, "PFSMIX_CEPH_DIR is set: it names a started cluster");
    Configuration conf = new Configuration(false);
    CephLocalClusterTest.withPfsmixHome(emptyHome, () -> assertThatThrownBy(() -> CephFsBackend.mount(conf))
        .isInstanceOf(IOException.class)
        .hasMessage("no Ceph cluster is configured: set " + CephConfigKeys.CONF_FILE + " (or "
            + CephConfigKeys.MON_ADDRESS + "), or start one with ./pfsmix ceph up, whose ceph.conf ("
            + emptyHome.resolve("var/ceph/ceph.conf") + ") is then used"));
  }

  @Test
  @Order(1)
  void deadClusterAtMountFailsClearlyWithinTheMountTimeoutWithoutTheKey() throws IOException {
    int deadPort = TestProcesses.freePort();
    Configuration conf = new Configuration(false);
    conf.set(CephConfigKeys.MON_ADDRESS, "v2:127.0.0.1:" + deadPort);
    conf.set(CephConfigKeys.MOUNT_TIMEOUT_SECONDS, "3");
    conf.set(CephConfigKeys.KEY, SECRET);
    StringWriter log = new StringWriter();
    WriterAppender appender = new WriterAppender(new PatternLayout("%p %c %m%n"), log);
    Logger root = Logger.getRootLogger();
    Level level = root.getLevel();
    root.addAppender(appender);
    root.setLevel(Level.DEBUG);
    try {
      IOException failure = assertTimeoutPreemptively(Duration.ofSeconds(60),
          () -> org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> CephFsBackend.mount(conf)));
      assertThat(failure.getMessage()).contains("cannot mount CephFS", "127.0.0.1:" + deadPort, "timed out",
          CephConfigKeys.MOUNT_TIMEOUT_SECONDS).doesNotContain(SECRET);
      for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
        assertThat(String.valueOf(cause.getMessage())).doesNotContain(SECRET);
      }
    } finally {
      root.removeAppender(appender);
      root.setLevel(level);
    }
    assertThat(log.toString()).doesNotContain(SECRET);
  }

  @Test
  @Order(2)
  void keySetOnAWorkingClusterStaysOutOfLogsAndErrors() throws IOException {
    Configuration conf = CephTestCluster.get().configuration("/faults");
    conf.set(CephConfigKeys.KEY, SECRET);
    try (CephFsBackend backend = CephFsBackend.mount(conf)) {
      assertThat(backend.toString()).doesNotContain(SECRET);
      assertThatThrownBy(() -> backend.stat("/missing")).satisfies(e -> assertThat(e.getMessage())
          .contains("/missing").doesNotContain(SECRET));
    }
  }

  @Test
  @Order(3)
  void osdKilledDuringAWriteFailsTheWriteAndEarlierFilesSurviveTheRestart() throws Exception {
    CephTestCluster cluster = CephTestCluster.get();
    Configuration conf = cluster.configuration("/faults");
    // libcephfs waits for a dead OSD until it is back; the backend gives up on a call after this many seconds
    conf.set(CephConfigKeys.IO_TIMEOUT_SECONDS, "10");
    byte[] before = TestProcesses.randomBytes(6 << 20, 11);
    CephFsBackend backend = CephFsBackend.mount(conf);
    try {
      write(backend, "/before-osd-fault.bin", before);
      byte[] chunk = TestProcesses.randomBytes(1 << 20, 12);
      IOException failure = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
        try (WriteHandle out = backend.create("/during-osd-fault.bin", ONE_MIB_BLOCKS)) {
          for (int i = 0; i < 16; i++) {
            if (i == 4) {
              cluster.kill("osd.1");
            }
            out.write((long) i << 20, ByteBuffer.wrap(chunk));
          }
        } catch (IOException expected) {
          return expected;
        }
        return null;
      });
      assertThat(failure).as("writing with osd.1 dead must fail, not succeed silently").isNotNull();
      System.err.println("osd fault: " + failure.getMessage());
      assertThat(failure.getMessage()).contains("/during-osd-fault.bin");
    } finally {
      cluster.start("osd.1");
      cluster.await(CephTestCluster.OSDS + " up", Duration.ofSeconds(90), "osd", "stat");
    }
    // the read waits while osd.1's placement groups peer again (no manager runs to report them)
    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
      assertThat(read(backend, "/before-osd-fault.bin")).isEqualTo(before);
    });
    CephTestCluster.closeBeforeStop(backend);
  }

  @Test
  @Order(4)
  void mdsRestartDuringReadsResumesOrFailsClearly() throws Exception {
    CephTestCluster cluster = CephTestCluster.get();
    List<byte[]> contents = new ArrayList<>();
    try (CephFsBackend writer = CephFsBackend.mount(cluster.configuration("/faults"))) {
      for (int i = 0; i < 4; i++) {
        contents.add(TestProcesses.randomBytes(1 << 20, 20 + i));
        write(writer, "/mds-" + i + ".bin", contents.get(i));
      }
    }
    CephFsBackend reader = CephFsBackend.mount(cluster.configuration("/faults"));
    CephTestCluster.closeBeforeStop(reader);
    AtomicBoolean stop = new AtomicBoolean();
    List<String> failures = new ArrayList<>();
    int[] goodReads = new int[2];
    boolean[] restarted = new boolean[1];
    Thread readers = new Thread(() -> {
      for (int round = 0; !stop.get(); round++) {
        int i = round % contents.size();
        try {
          byte[] read = read(reader, "/mds-" + i + ".bin");
          if (!java.util.Arrays.equals(read, contents.get(i))) {
            failures.add("WRONG BYTES in /mds-" + i + ".bin");
          }
          goodReads[restarted[0] ? 1 : 0]++;
        } catch (IOException e) {
          failures.add(e.getMessage());
        }
      }
    }, "mds-fault-reader");
    readers.start();
    assertTimeoutPreemptively(Duration.ofSeconds(150), () -> {
      TestProcesses.sleep(500);
      cluster.kill("mds.a");
      cluster.start("mds.a");
      cluster.await("up:active", Duration.ofSeconds(90), "mds", "stat");
      restarted[0] = true;
      long resumeDeadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (goodReads[1] < 8 && System.nanoTime() < resumeDeadline) {
        TestProcesses.sleep(100);
      }
      stop.set(true);
      readers.join();
    });
    System.err.printf("mds restart: %d good reads before, %d after, %d failed: %s%n", goodReads[0], goodReads[1],
        failures.size(), failures.stream().distinct().limit(3).toList());
    assertThat(goodReads[0]).as("reads before the restart").isPositive();
    assertThat(goodReads[1]).as("reads resumed after the MDS came back").isGreaterThanOrEqualTo(8);
    assertThat(failures).as("reads that failed must say which file, and no read may return wrong bytes")
        .allSatisfy(message -> assertThat(message).contains("/mds-").doesNotContain("WRONG BYTES"));
  }
}
