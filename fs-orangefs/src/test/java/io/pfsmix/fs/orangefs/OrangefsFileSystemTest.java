package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import org.apache.hadoop.fs.statistics.StreamStatisticNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.TestProcesses;

/**
 * ofs:// as a user meets it: bytes written are the bytes read, names, sizes, permissions and times as set, the errors
 * Hadoop expects, the shim's stream statistics, and the configuration's own errors.
 */
class OrangefsFileSystemTest {

  private static FileSystem fs;

  @BeforeAll
  static void connect() throws IOException {
    Configuration conf = OrangefsTestCluster.get().configuration("/fs-test");
    fs = FileSystem.newInstance(URI.create("ofs:///"), conf);
  }

  @AfterAll
  static void close() throws IOException {
    if (fs != null) {
      fs.delete(new org.apache.hadoop.fs.Path("/"), true);
      fs.close();
    }
  }

  @Test
  void bytesWrittenAreReadBackAtAnyOffset() throws IOException {
    byte[] data = TestProcesses.randomBytes(5_000_123, 1);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/data/bytes.bin");
    try (FSDataOutputStream out = fs.create(file)) {
      out.write(data, 0, 1000);
      out.write(data, 1000, data.length - 1000);
    }
    assertThat(fs.getFileStatus(file).getLen()).isEqualTo(data.length);
    byte[] read = new byte[data.length];
    try (FSDataInputStream in = fs.open(file)) {
      in.readFully(0, read);
      assertThat(read).isEqualTo(data);
      byte[] middle = new byte[4096];
      in.readFully(3_333_333, middle);
      assertThat(middle).isEqualTo(Arrays.copyOfRange(data, 3_333_333, 3_333_333 + 4096));
      in.seek(data.length - 10);
      assertThat(in.read(new byte[100])).isEqualTo(10);
      assertThat(in.read()).isEqualTo(-1);
    }
  }

  @Test
  void namespaceOperationsActAsHadoopSays() throws IOException {
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/ns");
    assertThat(fs.mkdirs(new org.apache.hadoop.fs.Path(dir, "a/b"))).isTrue();
    write(new org.apache.hadoop.fs.Path(dir, "a/one"), "1");
    write(new org.apache.hadoop.fs.Path(dir, "a/two"), "22");
    FileStatus[] listing = fs.listStatus(new org.apache.hadoop.fs.Path(dir, "a"));
    assertThat(Arrays.stream(listing).map(s -> s.getPath().getName() + ":" + (s.isDirectory() ? "d" : s.getLen())))
        .containsExactlyInAnyOrder("b:d", "one:1", "two:2");
    assertThat(fs.rename(new org.apache.hadoop.fs.Path(dir, "a/one"), new org.apache.hadoop.fs.Path(dir, "a/b/uno")))
        .isTrue();
    assertThat(read(new org.apache.hadoop.fs.Path(dir, "a/b/uno"))).isEqualTo("1");
    assertThat(fs.exists(new org.apache.hadoop.fs.Path(dir, "a/one"))).isFalse();
    assertThatThrownBy(() -> fs.create(new org.apache.hadoop.fs.Path(dir, "a/two"), false))
        .isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining("/ns/a/two");
    assertThatThrownBy(() -> fs.open(new org.apache.hadoop.fs.Path(dir, "missing")))
        .isInstanceOf(FileNotFoundException.class).hasMessageContaining("/ns/missing");
    assertThat(fs.delete(new org.apache.hadoop.fs.Path(dir, "a"), true)).isTrue();
    assertThat(fs.listStatus(dir)).isEmpty();
  }

  @Test
  void appendTruncatePermissionsAndTimes() throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/attrs/file");
    write(file, "hello");
    try (FSDataOutputStream out = fs.append(file)) {
      out.write(" world".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(read(file)).isEqualTo("hello world");
    assertThat(fs.truncate(file, 5)).isTrue();
    assertThat(read(file)).isEqualTo("hello");
    fs.setPermission(file, new FsPermission((short) 0640));
    assertThat(fs.getFileStatus(file).getPermission().toShort()).isEqualTo((short) 0640);
    // OrangeFS keeps whole seconds
    fs.setTimes(file, 1_600_000_000_789L, 1_500_000_000_000L);
    FileStatus status = fs.getFileStatus(file);
    assertThat(status.getModificationTime()).isEqualTo(1_600_000_000_000L);
    assertThat(status.getAccessTime()).isEqualTo(1_500_000_000_000L);
  }

  @Test
  void streamStatisticsCountTheBytesReadThroughTheReadAhead() throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/stats/file");
    byte[] data = TestProcesses.randomBytes(300_000, 2);
    try (FSDataOutputStream out = fs.create(file)) {
      out.write(data);
    }
    try (FSDataInputStream in = fs.open(file)) {
      byte[] small = new byte[4096];
      for (int i = 0; i < 10; i++) {
        in.readFully(small);
      }
      IOStatistics statistics = IOStatisticsSupport.retrieveIOStatistics(in);
      assertThat(statistics.counters().get(StreamStatisticNames.STREAM_READ_BYTES)).isEqualTo(40960L);
    }
  }

  @Test
  void aClosedBackendRefusesCallsNamingThePath() throws IOException {
    OrangefsBackend backend = OrangefsBackend.connect(OrangefsTestCluster.get().configuration("/fs-test"));
    backend.close();
    assertThatThrownBy(() -> backend.stat("/")).isInstanceOf(IOException.class).hasMessageContaining("closed");
  }

  @Test
  void anUnsetServerWithoutAStartedFileSystemNamesTheKeyAndTheCommand(@TempDir Path home) {
    String saved = System.getProperty("pfsmix.home");
    System.setProperty("pfsmix.home", home.toString());
    try {
      Configuration conf = new Configuration(false);
      assertThatThrownBy(() -> OrangefsConnection.server(conf)).hasMessageContaining(OrangefsConfigKeys.SERVER)
          .hasMessageContaining("./pfsmix orangefs up");
    } finally {
      System.setProperty("pfsmix.home", saved == null ? ".." : saved);
    }
  }

  @Test
  void anUnsetServerIsTheFileSystemPfsmixStarted(@TempDir Path home) throws IOException {
    Path tab = Files.createDirectories(home.resolve("var/orangefs")).resolve("pvfs2tab");
    Files.writeString(tab, "tcp://127.0.0.2:4444/orangefs /pfsmix-orangefs pvfs2 defaults,noauto 0 0\n");
    String saved = System.getProperty("pfsmix.home");
    System.setProperty("pfsmix.home", home.toString());
    try {
      assertThat(OrangefsConnection.server(new Configuration(false))).isEqualTo("tcp://127.0.0.2:4444/orangefs");
    } finally {
      System.setProperty("pfsmix.home", saved == null ? ".." : saved);
    }
  }

  private static void write(org.apache.hadoop.fs.Path file, String text) throws IOException {
    try (FSDataOutputStream out = fs.create(file, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static String read(org.apache.hadoop.fs.Path file) throws IOException {
    try (FSDataInputStream in = fs.open(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
