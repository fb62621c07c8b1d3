package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ranks as the map tasks of a YARN job on an in-process YARN cluster (MiniMRYarnCluster). */
class IorYarnTest {

  @TempDir
  static Path dir;
  private static MiniMRYarnCluster cluster;

  @BeforeAll
  static void startCluster() {
    Configuration conf = new Configuration();
    conf.setBoolean("mapreduce.jobhistory.minicluster.enabled", false);
    conf.setLong("yarn.nodemanager.process-kill-wait.ms", 100);
    conf.setLong("yarn.nodemanager.sleep-delay-before-sigkill.ms", 100);
    cluster = new MiniMRYarnCluster("ior-yarn", 1);
    cluster.init(conf);
    cluster.start();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.stop();
    }
  }

  @Test
  void fourRanksInTwoTasksWriteCheckAndReadBack() throws IOException {
    Path file = dir.resolve("ckpt");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = IorRunner.run(new Configuration(cluster.getConfig()), IorOptions.parse("--yarn",
        "--ranks-per-task=2", "-w", "-W", "-r", "-R", "-k", "-F", "-N", "4", "-s", "2", "-b", "16k", "-t", "4k", "-G",
        "4321", "-o", "file://" + file), out);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(result.dataErrors()).isEmpty();
    assertThat(result.iterations()).hasSize(2);
    assertThat(result.iterations("write").get(0).aggregateBytes()).isEqualTo(4 * 2 * 16384);
    assertThat(text).contains("\nnodes               : 2\n").contains("\nclients per node    : 2\n")
        .contains("Summary of all tests:");
    for (int rank = 0; rank < 4; rank++) {
      ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(Path.of(file + String.format(Locale.ROOT, ".%08d", rank))))
          .order(ByteOrder.LITTLE_ENDIAN);
      assertThat(bytes.capacity()).isEqualTo(2 * 16384);
      for (int word = 0; word < bytes.capacity() / 8; word++) {
        assertThat(bytes.getLong(word * 8)).isEqualTo(((long) rank << 32) | (4321 + word % 512));
      }
    }
    assertThat(Files.list(dir).filter(p -> p.getFileName().toString().startsWith(".ior-coordination"))).isEmpty();
  }
}
