package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.minicluster.MiniHdfs;

/** IOR on HDFS (MiniDFSCluster): N-to-1 refused before I/O, -F and the concat variant byte for byte, failing writes. */
class IorHdfsTest {

  private static final int SIGNATURE = 777;
  private static final long B = 16384;
  private static final long T = 4096;

  @TempDir
  static Path base;
  private static MiniDFSCluster cluster;
  private static DistributedFileSystem fs;
  private static String uri;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster = MiniHdfs.start(new Configuration(), base);
    fs = cluster.getFileSystem();
    uri = fs.getUri().toString();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  private static IorResult run(String... args) throws IOException {
    return IorRunner.run(fs.getConf(), IorOptions.parse(args));
  }

  private static byte[] read(String path) throws IOException {
    try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
      return in.readAllBytes();
    }
  }

  private static void assertTimestampTransfer(byte[] file, long offset, int rank) {
    ByteBuffer words = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    for (int w = 0; w < T / 8; w++) {
      assertThat(words.getLong((int) offset + w * 8)).as("word %d at %d of rank %d", w, offset, rank)
          .isEqualTo(((long) rank << 32) | (SIGNATURE + w));
    }
  }

  @Test
  void sharedFileIsRefusedBeforeAnyIoWithTheWayOut() throws IOException {
    assertThatThrownBy(() -> run("-w", "-N", "2", "-o", uri + "/refused/shared"))
        .isInstanceOf(IorUsageException.class)
        .hasMessageContaining("N-to-1 (single-shared-file) needs several ranks writing one file")
        .hasMessageContaining("DistributedFileSystem").hasMessageContaining("Use -F")
        .hasMessageContaining("--hadoop.concat");
    assertThat(fs.exists(new org.apache.hadoop.fs.Path("/refused"))).isFalse();
  }

  @Test
  void filePerProcessWritesReadsAndChecks() throws IOException {
    IorResult result = run("-w", "-r", "-W", "-R", "-k", "-F", "-N", "3", "-s", "2", "-b", "16k", "-t", "4k", "-G", "777",
        "-o", uri + "/fpp/ckpt");
    assertThat(result.dataErrors()).isEmpty();
    assertThat(result.iterations("write").get(0).aggregateBytes()).isEqualTo(3 * 2 * B);
    for (int r = 0; r < 3; r++) {
      byte[] file = read(String.format("/fpp/ckpt.%08d", r));
      assertThat(file).hasSize((int) (2 * B));
      for (int i = 0; i < 2; i++) {
        for (int j = 0; j < B / T; j++) {
          assertTimestampTransfer(file, i * B + j * T, r);
        }
      }
    }
  }

  @Test
  void concatVariantBuildsTheStridedSharedFile() throws IOException {
    int n = 3;
    int s = 2;
    IorResult result = run("-w", "-r", "-R", "-k", "--hadoop.concat", "-N", "3", "-s", "2", "-b", "16k", "-t", "4k", "-G",
        "777", "-o", uri + "/concat/ckpt");
    assertThat(result.dataErrors()).isEmpty();
    byte[] file = read("/concat/ckpt");
    assertThat(file).hasSize((int) (n * s * B));
    for (int i = 0; i < s; i++) {
      for (int r = 0; r < n; r++) {
        for (int j = 0; j < B / T; j++) {
          assertTimestampTransfer(file, i * n * B + r * B + j * T, r);
        }
      }
    }
    assertThat(fs.listStatus(new org.apache.hadoop.fs.Path("/concat"))).hasSize(1);
  }

  @Test
  void aFailedWriteStopsTheRunNamingRankOffsetAndCause() throws IOException {
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/quota");
    fs.mkdirs(dir);
    fs.setQuota(dir, Long.MAX_VALUE - 1, 1024);
    assertThatThrownBy(() -> run("-w", "-F", "-N", "2", "-b", "16k", "-t", "4k", "-o", uri + "/quota/ckpt"))
        .isInstanceOf(IorRankException.class).hasMessageMatching("(?s)rank \\d, iteration 0: .*")
        .hasMessageContaining("/quota/ckpt.0000000").hasMessageContaining("offset").hasMessageContaining("Quota");
  }

  @Test
  void localFileSystemHasNoConcat() {
    assertThatThrownBy(() -> IorRunner.run(new Configuration(), IorOptions.parse("-w", "--hadoop.concat", "-N", "2", "-o",
        "file://" + base.resolve("local/ckpt"))))
        .hasMessageContaining("--hadoop.concat needs FileSystem.concat").hasMessageContaining("use -F");
  }
}
