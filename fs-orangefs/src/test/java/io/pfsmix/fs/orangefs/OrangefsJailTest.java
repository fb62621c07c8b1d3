package io.pfsmix.fs.orangefs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OrangeFS root directory (fs.pfs.orangefs.root) is a jail, as the POSIX and CephFS backends' roots are: symlinks
 * planted by another client (OrangeFS's own pvfs2-ln) — absolute, relative climbing out, ".." links, linked
 * directories on the way — lead no read, write, attribute change or namespace operation outside it; links inside
 * keep working, and a symlink itself can be listed, stat'ed and deleted.
 */
class OrangefsJailTest {

  private static final String BASE = "/jail-test";
  private static final String ROOT = BASE + "/jail";
  private static final byte[] SECRET = "SECRET".getBytes(StandardCharsets.UTF_8);

  /** Paths that lead outside: as the last component, and through a linked directory on the way. */
  private static final List<String> ESCAPING_FILES = List.of("/abs", "/rel", "/rd", "/reldir/secret",
      "/absdir/secret", "/dd/outside/secret");

  private static OrangefsTestCluster cluster;
  private static FileSystem top;
  private static FileSystem fs;

  @BeforeAll
  static void plant() throws IOException {
    cluster = OrangefsTestCluster.get();
    top = FileSystem.newInstance(URI.create("ofs:///"), cluster.configuration("/"));
    top.delete(new Path(BASE), true);
    top.mkdirs(new Path(ROOT + "/data"));
    top.mkdirs(new Path(BASE + "/outside"));
    write(top, BASE + "/outside/secret", SECRET);
    top.setPermission(new Path(BASE + "/outside/secret"), new FsPermission((short) 0600));
    write(top, ROOT + "/data/file", "inside the root".getBytes(StandardCharsets.UTF_8));
    link("abs", BASE + "/outside/secret");
    link("rel", "../outside/secret");
    link("esc", "../outside");
    link("rd", "esc/../../outside/secret");
    link("reldir", "../outside");
    link("absdir", BASE + "/outside");
    link("dd", "..");
    link("inside", "data");
    link("in", "data/file");
    link("loop", "loop");
    fs = FileSystem.newInstance(URI.create("ofs:///"), cluster.configuration(ROOT));
  }

  @AfterAll
  static void close() throws IOException {
    if (fs != null) {
      fs.close();
    }
    if (top != null) {
      top.delete(new Path(BASE), true);
      top.close();
    }
  }

  /** A symlink in the jail, planted by OrangeFS's own client. */
  private static void link(String name, String target) throws IOException {
    cluster.tool("pvfs2-ln", "-s", target, cluster.toolPath(ROOT + "/" + name));
  }

  private static void write(FileSystem on, String path, byte[] bytes) throws IOException {
    try (FSDataOutputStream out = on.create(new Path(path), true)) {
      out.write(bytes);
    }
  }

  private static byte[] read(FileSystem on, String path) throws IOException {
    try (FSDataInputStream in = on.open(new Path(path))) {
      return in.readAllBytes();
    }
  }

  private static void assertOutsideUntouched() throws IOException {
    assertThat(read(top, BASE + "/outside/secret")).isEqualTo(SECRET);
    FileStatus secret = top.getFileStatus(new Path(BASE + "/outside/secret"));
    assertThat(secret.getPermission().toShort()).isEqualTo((short) 0600);
    assertThat(top.listStatus(new Path(BASE + "/outside"))).hasSize(1);
  }

  @Test
  void everyPathThatLeadsOutIsRefusedNamingTheLink() throws IOException {
    for (String path : ESCAPING_FILES) {
      assertThatThrownBy(() -> read(fs, path)).as(path).isInstanceOf(AccessControlException.class)
          .hasMessageContaining(path).hasMessageContaining("is refused");
      assertThatThrownBy(() -> write(fs, path, "x".getBytes(StandardCharsets.UTF_8))).as(path)
          .isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> fs.setPermission(new Path(path), new FsPermission((short) 0777))).as(path)
          .isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> fs.setTimes(new Path(path), 0, 0)).as(path).isInstanceOf(AccessControlException.class);
      assertThatThrownBy(() -> fs.truncate(new Path(path), 0)).as(path).isInstanceOf(AccessControlException.class);
    }
    assertThatThrownBy(() -> read(fs, "/abs")).hasMessageContaining("/abs is an absolute symlink");
    assertThatThrownBy(() -> read(fs, "/rel")).hasMessageContaining("symlink /rel -> ../outside/secret leads outside"
        + " the root " + ROOT);
    assertThatThrownBy(() -> fs.mkdirs(new Path("/reldir/made"))).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.rename(new Path("/data/file"), new Path("/esc/stolen")))
        .isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.listStatus(new Path("/dd"))).isInstanceOf(AccessControlException.class);
    assertOutsideUntouched();
  }

  @Test
  void linksInsideTheRootAreFollowedAndLinksThemselvesAreEntries() throws IOException {
    assertThat(new String(read(fs, "/in"), StandardCharsets.UTF_8)).isEqualTo("inside the root");
    assertThat(new String(read(fs, "/inside/file"), StandardCharsets.UTF_8)).isEqualTo("inside the root");
    assertThat(fs.getFileLinkStatus(new Path("/abs")).isSymlink()).isTrue();
    assertThat(fs.getFileLinkStatus(new Path("/abs")).getSymlink().toString()).isEqualTo(BASE + "/outside/secret");
    assertThatThrownBy(() -> read(fs, "/loop")).hasMessageContaining("too many levels of symbolic links");
    write(fs, "/temporary-link-target", "t".getBytes(StandardCharsets.UTF_8));
    link("temporary", "temporary-link-target");
    assertThat(fs.delete(new Path("/temporary"), false)).isTrue();
    assertThat(fs.exists(new Path("/temporary-link-target"))).isTrue();
    assertOutsideUntouched();
  }
}
