package io.pfsmix.fs.qfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;

import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;

/**
 * The root as a jail on QFS: a symlink planted by another client (QFS's own tool) that leads out of the root, to a
 * directory or a file, gives a refusal naming it for every call that would go through it, and nothing outside is
 * read, listed, created or deleted; the link itself can be seen and removed.
 */
class QfsJailTest {

  private static final CreateOptions NEW = new CreateOptions(false, new FsPermission((short) 0644), (short) 2, 0);

  private static QfsTestCluster cluster;
  private static QfsBackend backend;

  @BeforeAll
  static void plant() throws IOException {
    cluster = QfsTestCluster.get();
    backend = QfsBackend.connect(cluster.configuration("/jail"));
    cluster.qfs("-mkdir", "/outside");
    cluster.qfs("-D", "fs.createParams=1", "-touchz", "/outside/secret.txt");
    cluster.qfs("-ln", "/outside", "/jail/to-dir");
    cluster.qfs("-ln", "/outside/secret.txt", "/jail/to-file");
  }

  @AfterAll
  static void close() throws IOException {
    if (backend != null) {
      backend.close();
    }
  }

  @Test
  void linksAreSeenAsLinks() throws IOException {
    FileInfo link = backend.stat("/to-dir");
    assertThat(link.symlinkTarget()).isEqualTo("/outside");
    assertThat(backend.list("/")).extracting(FileInfo::path).contains("/to-dir", "/to-file");
  }

  @Test
  void nothingGoesThroughALinkOutOfTheRoot() {
    for (String path : new String[] {"/to-dir/secret.txt", "/to-dir/new.txt", "/to-dir/sub"}) {
      assertThatThrownBy(() -> backend.stat(path)).isInstanceOf(AccessControlException.class)
          .hasMessageContaining("/to-dir is a symlink");
      assertThatThrownBy(() -> backend.create(path, NEW)).isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> backend.openShared(path, NEW)).isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> backend.mkdir(path, new FsPermission((short) 0755)))
          .isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> backend.delete(path)).isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> backend.rename("/to-file", path)).isInstanceOf(AccessControlException.class);
    }
    assertThatThrownBy(() -> backend.list("/to-dir")).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> backend.openForRead("/to-file")).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("/to-file is a symlink");
    assertThatThrownBy(() -> backend.openForAppend("/to-file")).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> backend.statFollowingLinks("/to-file")).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> backend.setPermission("/to-file", new FsPermission((short) 0777)))
        .isInstanceOf(AccessControlException.class);
  }

  /** The root, or a directory above it, replaced by another client: refused, not followed to the new place. */
  @Test
  void aReplacedRootIsRefused() throws IOException {
    cluster.qfs("-mkdir", "/moving/root");
    try (QfsBackend moved = QfsBackend.connect(cluster.configuration("/moving/root"))) {
      moved.mkdir("/mine", new FsPermission((short) 0755));
      cluster.qfs("-mv", "/moving/root", "/moving/old-root");
      cluster.qfs("-mkdir", "/moving/root");
      assertThatThrownBy(() -> moved.stat("/mine")).isInstanceOf(AccessControlException.class)
          .hasMessageContaining("the root /moving/root was replaced");
      cluster.qfs("-mv", "/moving", "/moved");
      cluster.qfs("-ln", "/outside", "/moving");
      assertThatThrownBy(() -> moved.list("/")).isInstanceOf(AccessControlException.class)
          .hasMessageContaining("/moving (in QFS, above the root) is a symlink");
    }
  }

  @Test
  void removingALinkLeavesItsTarget() throws IOException {
    cluster.qfs("-ln", "/outside/secret.txt", "/jail/doomed");
    backend.delete("/doomed");
    assertThat(cluster.qfs("-ls", "/outside")).contains("secret.txt");
  }
}
