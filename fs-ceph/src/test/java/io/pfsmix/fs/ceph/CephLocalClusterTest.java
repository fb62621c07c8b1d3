package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.fs.PfsConfigKeys;

/**
 * The cluster that ./pfsmix ceph up started is used by ceph:/// alone: with neither fs.pfs.cephfs.conf.file nor a
 * monitor address set, the ceph.conf under pfsmix's home (var/ceph) is read.
 */
class CephLocalClusterTest {

  @Test
  void cephUriAloneUsesTheConfOfTheClusterPfsmixStarted(@TempDir Path home) throws Exception {
    assumeTrue(System.getenv("PFSMIX_CEPH_DIR") == null, "PFSMIX_CEPH_DIR is set: it would name another cluster");
    CephTestCluster cluster = CephTestCluster.get();
    // where `./pfsmix ceph up` leaves it for a pfsmix installed in `home`
    Files.createDirectories(home.resolve("var/ceph"));
    Files.copy(cluster.confFile(), home.resolve("var/ceph/ceph.conf"));
    Configuration conf = new Configuration();
    conf.set(CephConfigKeys.ROOT_DIR, "/local-cluster-test");
    byte[] data = "found by its URI alone".getBytes(StandardCharsets.UTF_8);
    withPfsmixHome(home, () -> {
      try (FileSystem fs = FileSystem.newInstance(URI.create("ceph:///"), conf)) {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/hello.txt"))) {
          out.write(data);
        }
        try (var in = fs.open(new org.apache.hadoop.fs.Path("/hello.txt"))) {
          assertThat(in.readAllBytes()).isEqualTo(data);
        }
      }
    });
  }

  /** Code that may throw. */
  interface Body {
    void run() throws Exception;
  }

  /** Runs {@code body} with the pfsmix.home system property set to {@code home}, restoring it afterwards. */
  static void withPfsmixHome(Path home, Body body) {
    String previous = System.setProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY, home.toString());
    try {
      body.run();
    } catch (Exception e) {
      throw new AssertionError(e);
    } finally {
      if (previous == null) {
        System.clearProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY);
      } else {
        System.setProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY, previous);
      }
    }
  }
}
