package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CPU a phase records: the storage servers' is that of the processes naming the cluster's directory, and no other. */
class CpuUseTest {

  @TempDir
  Path dir;

  @Test
  void theStoragesCpuIsThatOfTheProcessesNamingItsDirectory() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/stat")), "needs Linux's /proc");
    Path cluster = Files.createDirectories(dir.resolve("pfsmix-orangefs-x"));
    Path other = Files.createDirectories(dir.resolve("pfsmix-ceph-y"));
    // a "server" busy on a core, naming the cluster's directory in its command line as the cluster scripts' servers do
    Process server = new ProcessBuilder("sh", "-c", "while :; do :; done", cluster.resolve("conf").toString()).start();
    try {
      CpuUse.Snapshot start = CpuUse.take(cluster);
      CpuUse.Snapshot otherStart = CpuUse.take(other);
      CpuUse.Snapshot none = CpuUse.take(null);
      Thread.sleep(1500);
      CpuUse used = CpuUse.between(start, CpuUse.take(cluster));
      CpuUse elsewhere = CpuUse.between(otherStart, CpuUse.take(other));
      CpuUse noServers = CpuUse.between(none, CpuUse.take(null));
      // the loop had a core to itself for much of the 1.5 s on a machine with two (ticks of 10 ms)
      assertThat(used.storageSeconds()).isGreaterThan(0.2).isLessThanOrEqualTo(used.machineSeconds());
      assertThat(elsewhere.storageSeconds()).isZero();
      assertThat(noServers.storageSeconds()).isNull();
      assertThat(used.machineSeconds()).isGreaterThan(0.2);
      assertThat(used.mixProcessSeconds()).isGreaterThanOrEqualTo(0);
    } finally {
      server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    assertThat(CpuUse.between(null, CpuUse.take(cluster))).isNull();
  }
}
