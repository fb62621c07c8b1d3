package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.PfsFileSystem;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.posix.ErrnoException;

/**
 * The CephFS root directory (fs.pfs.cephfs.root.dir) is a jail, as the POSIX backend's root is: symlinks planted by
 * another client (absolute, relative climbing out, ".." links, links through an absolute link, dangling ones), as
 * the last component or as a directory on the way, lead no read, write, attribute change or namespace operation
 * outside it, not even while another client swaps a directory for a link meanwhile; links inside keep working.
 * Everything is planted through a second client mounted at "/" with the backend's own binding.
 */
class CephJailTest {

  private static final String BASE = "/jail-test";
  private static final String ROOT = BASE + "/jail";
  private static final String OUTSIDE = BASE + "/outside";
  private static final byte[] SECRET = "SECRET".getBytes(StandardCharsets.UTF_8);

  /** Paths that lead outside: as the last component, and through a linked directory on the way. */
  private static final List<String> ESCAPING_FILES = List.of("/abs", "/rel", "/rd", "/deep/secret",
      "/reldir/secret", "/absdir/secret", "/escdir/secret", "/dd/outside/secret");
  private static final List<String> ESCAPING_DIRECTORIES = List.of("/reldir", "/absdir", "/escdir", "/dd", "/deep");

  private static CephRoot top;
  private static FileSystem fs;
  private static StorageBackend backend;
  private static Map<String, String> outsideBefore;

  @BeforeAll
  static void plant() throws IOException {
    CephTestCluster cluster = CephTestCluster.get();
    top = CephMounts.mount(cluster.configuration("/"));
    CephTestCluster.closeBeforeStop(top);
    for (String directory : List.of(BASE, ROOT, OUTSIDE, ROOT + "/data", ROOT + "/outside", ROOT + "/race")) {
      top.mkdir(directory, 0755);
    }
    writeThroughTop(OUTSIDE + "/secret", SECRET, 0600);
    writeThroughTop(ROOT + "/data/file", "inside the root".getBytes(StandardCharsets.UTF_8), 0644);
    // a decoy where the text of esc/../outside/secret, normalized, would point
    writeThroughTop(ROOT + "/outside/secret", "decoy".getBytes(StandardCharsets.UTF_8), 0644);
    link("abs", OUTSIDE + "/secret");
    link("rel", "../outside/secret");
    link("esc", OUTSIDE);
    link("rd", "esc/../outside/secret");
    link("wr", "esc/../outside/created");
    link("dang", "../outside/created");
    link("reldir", "../outside");
    link("absdir", OUTSIDE);
    link("escdir", "esc/../outside");
    link("dd", "..");
    link("deep", "data/../..");
    link("in", "data/file");
    link("indir", "data");
    link("race-link", "../outside");
    link("loop1", "loop2");
    link("loop2", "./loop1");

    fs = FileSystem.newInstance(URI.create("ceph:///"), cluster.configuration(ROOT));
    CephTestCluster.closeBeforeStop(fs);
    backend = ((PfsFileSystem) fs).getBackend();
    outsideBefore = outsideTree();
    assertThat(outsideBefore).containsKeys(OUTSIDE + "/secret");
  }

  @AfterAll
  static void close() throws IOException {
    if (fs != null) {
      fs.close();
    }
    if (top != null) {
      top.close();
    }
  }

  /** Whatever a test tried, nothing outside the root changed: names, modes, times, bytes. */
  @AfterEach
  void outsideIsUntouched() throws IOException {
    assertThat(outsideTree()).isEqualTo(outsideBefore);
  }

  private static void link(String name, String target) throws IOException {
    top.symlink(ROOT + "/" + name, target);
  }

  private static void writeThroughTop(String path, byte[] content, int mode) throws IOException {
    CephRoot.OpenFile file = top.open(path, CephRoot.OPEN_CREATE_NEW, mode, null);
    try {
      ByteBuffer buffer = ByteBuffer.allocateDirect(content.length).put(content).flip();
      file.write(0, buffer, 0, content.length);
    } finally {
      file.close();
    }
  }

  /** Every entry under BASE except the root, seen through the "/" mount: type, mode, size, mtime, link, bytes. */
  private static Map<String, String> outsideTree() throws IOException {
    Map<String, String> tree = new TreeMap<>();
    describe(BASE, tree);
    return tree;
  }

  private static void describe(String directory, Map<String, String> tree) throws IOException {
    for (CephRoot.Entry entry : top.list(directory)) {
      String path = directory + "/" + entry.name();
      if (path.equals(ROOT)) {
        continue;
      }
      CephRoot.Stat stat = entry.stat();
      String content = "";
      if (stat.isFile()) {
        CephRoot.OpenFile file = top.open(path, CephRoot.OPEN_READ, 0, null);
        try {
          ByteBuffer buffer = ByteBuffer.allocateDirect((int) stat.size() + 1);
          int read = file.read(0, buffer, 0, buffer.capacity());
          byte[] bytes = new byte[Math.max(read, 0)];
          buffer.get(bytes);
          content = new String(bytes, StandardCharsets.ISO_8859_1);
        } finally {
          file.close();
        }
      }
      // a directory's size is CephFS's recursive byte count, which the MDS updates lazily: not compared
      tree.put(path, Integer.toOctalString(stat.mode()) + (stat.isDirectory() ? "" : " size " + stat.size())
          + " mtime " + stat.modifiedMillis() + " link " + stat.linkTarget() + " content " + content);
      if (stat.isDirectory()) {
        describe(path, tree);
      }
    }
  }

  private static void refused(String path, ThrowingCallable call) {
    assertThatThrownBy(call).as(path).isInstanceOf(AccessControlException.class)
        .hasMessageContaining(path).hasMessageContaining("refused");
  }

  @Test
  void readsThroughLinksLeadingOutAreRefused() {
    for (String path : ESCAPING_FILES) {
      refused(path, () -> fs.open(new Path(path)).close());
      refused(path, () -> fs.getFileStatus(new Path(path)));
      refused(path, () -> fs.getFileBlockLocations(new Path(path), 0, 10));
      refused(path, () -> fs.getXAttrs(new Path(path)));
    }
    for (String path : ESCAPING_DIRECTORIES) {
      refused(path, () -> fs.listStatus(new Path(path)));
      refused(path, () -> fs.getContentSummary(new Path(path)));
    }
  }

  @Test
  void writesThroughLinksLeadingOutAreRefused() {
    for (String path : ESCAPING_FILES) {
      refused(path, () -> fs.create(new Path(path), true).close());
      refused(path, () -> fs.append(new Path(path)).close());
      refused(path, () -> fs.truncate(new Path(path), 0));
      refused(path, () -> ((PfsFileSystem) fs).openPositionedWriter(new Path(path)).close());
      refused(path, () -> fs.concat(new Path(path), new Path[] {new Path("/data/file")}));
      refused(path, () -> fs.concat(new Path("/data/file"), new Path[] {new Path(path)}));
    }
    for (String directory : ESCAPING_DIRECTORIES) {
      String path = directory + "/created";
      refused(path, () -> fs.create(new Path(path), false).close());
      refused(path, () -> fs.createNonRecursive(new Path(path), true, 4096, (short) 1, 1 << 20, null).close());
      refused(path, () -> ((PfsFileSystem) fs).openPositionedWriter(new Path(path)).close());
    }
  }

  @Test
  void danglingLinksLeadingOutCreateNothing() {
    for (String path : List.of("/dang", "/wr")) {
      refused(path, () -> fs.create(new Path(path), true).close());
      refused(path, () -> fs.create(new Path(path), false).close());
      refused(path, () -> fs.append(new Path(path)).close());
      refused(path, () -> ((PfsFileSystem) fs).openPositionedWriter(new Path(path)).close());
    }
    refused("/dd/outside/created", () -> fs.create(new Path("/dd/outside/created")).close());
  }

  @Test
  void attributeChangesThroughLinksLeadingOutAreRefused() {
    for (String path : ESCAPING_FILES) {
      refused(path, () -> fs.setPermission(new Path(path), new FsPermission((short) 0777)));
      refused(path, () -> fs.setTimes(new Path(path), 0, 0));
      refused(path, () -> fs.setOwner(new Path(path), "root", "root"));
      refused(path, () -> fs.setXAttr(new Path(path), "user.planted", new byte[] {1},
          EnumSet.of(XAttrSetFlag.CREATE)));
      refused(path, () -> fs.removeXAttr(new Path(path), "user.planted"));
    }
  }

  @Test
  void namespaceOperationsThroughLinkedDirectoriesAreRefused() throws IOException {
    for (String directory : ESCAPING_DIRECTORIES) {
      refused(directory + "/newdir", () -> fs.mkdirs(new Path(directory + "/newdir")));
    }
    for (String path : List.of("/reldir/secret", "/absdir/secret", "/escdir/secret", "/dd/outside/secret",
        "/deep/secret")) {
      refused(path, () -> fs.delete(new Path(path), false));
      refused(path, () -> fs.rename(new Path(path), new Path("/stolen")));
    }
    for (String directory : ESCAPING_DIRECTORIES) {
      String path = directory + "/moved";
      refused(path, () -> fs.rename(new Path("/data/file"), new Path(path)));
    }
    assertThat(stat(ROOT + "/data/file")).isNotNull();
  }

  /** The shim checks paths before it calls the backend; the backend must hold on its own, as a raced call meets it. */
  @Test
  void theBackendRefusesWithoutTheShimsChecks() {
    CreateOptions options = new CreateOptions(false, new FsPermission((short) 0644), (short) 1, 1 << 20);
    CreateOptions overwrite = new CreateOptions(true, new FsPermission((short) 0644), (short) 1, 1 << 20);
    for (String path : List.of("/rel", "/abs", "/rd", "/dang", "/wr", "/reldir/created", "/dd/outside/created")) {
      refused(path, () -> backend.create(path, overwrite).close());
      refused(path, () -> backend.openShared(path, options).close());
    }
    for (String path : List.of("/reldir/created", "/absdir/created", "/dd/outside/created")) {
      refused(path, () -> backend.create(path, options).close());
      refused(path, () -> backend.mkdir(path, FsPermission.getDirDefault()));
    }
    for (String path : ESCAPING_FILES) {
      refused(path, () -> backend.openForRead(path).close());
      refused(path, () -> backend.openForAppend(path).close());
      refused(path, () -> backend.truncate(path, 0));
      refused(path, () -> backend.setPermission(path, new FsPermission((short) 0777)));
      refused(path, () -> backend.setTimes(path, 0, 0));
      refused(path, () -> backend.setXAttr(path, "user.planted", new byte[] {1}, true, false));
      refused(path, () -> backend.getXAttrs(path));
      refused(path, () -> backend.statFollowingLinks(path));
    }
    for (String path : List.of("/reldir/secret", "/dd/outside/secret", "/deep/secret")) {
      refused(path, () -> backend.delete(path));
      refused(path, () -> backend.rename(path, "/stolen"));
      refused(path, () -> backend.rename("/data/file", path));
      refused(path, () -> backend.stat(path));
    }
    // ".." is normalized away above the backend; the backend refuses it all the same
    for (String path : List.of("/..", "/../outside/secret", "/data/../../outside")) {
      refused(path, () -> backend.list(path));
      refused(path, () -> backend.stat(path));
      refused(path, () -> backend.create(path + "/created", options).close());
    }
  }

  @Test
  void refusalsNameTheSymlinkThatLeadsOut() {
    assertThatThrownBy(() -> fs.open(new Path("/rel"))).isInstanceOf(AccessControlException.class)
        .hasMessage("pfs path /rel is refused: symlink /rel -> ../outside/secret leads outside the root " + ROOT);
    assertThatThrownBy(() -> fs.open(new Path("/rd"))).isInstanceOf(AccessControlException.class)
        .hasMessage("pfs path /rd is refused: /esc is an absolute symlink (to " + OUTSIDE + "); only relative "
            + "symlinks that stay inside the root " + ROOT + " are followed");
    assertThatThrownBy(() -> fs.create(new Path("/dd/outside/created"))).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("symlink /dd -> .. leads outside the root " + ROOT);
    assertThatThrownBy(() -> fs.open(new Path("/deep/secret"))).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("symlink /deep -> data/../.. leads outside the root " + ROOT);
  }

  @Test
  void aSymlinkLoopEndsAfterFortyLinks() {
    for (String path : List.of("/loop1", "/loop2/file")) {
      assertThatThrownBy(() -> fs.open(new Path(path))).as(path).isInstanceOf(IOException.class)
          .hasMessageContaining(path).hasMessageContaining("too many levels of symbolic links");
    }
  }

  @Test
  void linksInsideTheRootKeepWorking() throws IOException {
    assertThat(read("/in")).isEqualTo("inside the root");
    assertThat(read("/indir/file")).isEqualTo("inside the root");
    assertThat(fs.getFileStatus(new Path("/in")).getLen()).isEqualTo("inside the root".length());
    assertThat(fs.getFileStatus(new Path("/indir")).isDirectory()).isTrue();
    FileStatus link = fs.getFileLinkStatus(new Path("/rel"));
    assertThat(link.isSymlink()).isTrue();
    assertThat(link.getSymlink().toString()).isEqualTo("../outside/secret");
    assertThat(fs.listStatus(new Path("/"))).filteredOn(FileStatus::isSymlink)
        .extracting(status -> status.getPath().getName())
        .contains("abs", "rel", "rd", "dang", "dd", "deep", "in", "indir");
    assertThat(fs.listStatus(new Path("/indir"))).extracting(status -> status.getPath().getName())
        .containsExactly("file");

    try (FSDataOutputStream out = fs.create(new Path("/indir/through-link"))) {
      out.write(SECRET);
    }
    assertThat(stat(ROOT + "/data/through-link").size()).isEqualTo(SECRET.length);
    try (FSDataOutputStream out = fs.create(new Path("/in"), true)) {
      out.write("replaced".getBytes(StandardCharsets.UTF_8));
    }
    // overwriting follows the link: the file it names is replaced, the link stays
    assertThat(read("/data/file")).isEqualTo("replaced");
    assertThat(fs.getFileLinkStatus(new Path("/in")).isSymlink()).isTrue();
    try (FSDataOutputStream out = fs.create(new Path("/data/file"), true)) {
      out.write("inside the root".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(fs.delete(new Path("/indir/through-link"), false)).isTrue();
    assertThat(stat(ROOT + "/data/through-link")).isNull();
  }

  /**
   * Another client swaps a directory of the root with a symlink to the outside directory, again and again, while
   * pfs creates thousands of files in it: every create lands inside or is refused, none outside, ever.
   */
  @Test
  void aDirectorySwappedForALinkOutsideNeverLetsACreateOut() throws Exception {
    int creates = 3000;
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger swaps = new AtomicInteger();
    AtomicReference<Throwable> swapFailure = new AtomicReference<>();
    Thread swapper = new Thread(() -> {
      try {
        while (!stop.get()) {
          top.rename(ROOT + "/race", ROOT + "/race-aside");
          top.rename(ROOT + "/race-link", ROOT + "/race");
          swaps.incrementAndGet();
          top.rename(ROOT + "/race", ROOT + "/race-link");
          top.rename(ROOT + "/race-aside", ROOT + "/race");
        }
      } catch (Throwable e) {
        swapFailure.set(e);
      }
    }, "jail-race-swapper");
    swapper.start();
    List<String> created = new ArrayList<>();
    int refused = 0;
    int missing = 0;
    try {
      while (swaps.get() == 0 && swapper.isAlive()) {
        Thread.onSpinWait();
      }
      for (int i = 0; i < creates; i++) {
        String name = "f" + i;
        try (FSDataOutputStream out = fs.createNonRecursive(new Path("/race/" + name), false, 4096, (short) 1,
            1 << 20, null)) {
          out.write(i);
          created.add(name);
        } catch (AccessControlException e) {
          refused++;
        } catch (FileNotFoundException e) {
          missing++; // /race was set aside at that moment
        }
      }
    } finally {
      stop.set(true);
      swapper.join();
    }
    System.err.printf("jail race: %d swaps, %d creates: %d inside, %d refused, %d while the directory was "
        + "aside%n", swaps.get(), creates, created.size(), refused, missing);
    assertThat(swapFailure.get()).as("the swapping client failed").isNull();
    assertThat(created.size() + refused + missing).isEqualTo(creates);
    List<String> inside = new ArrayList<>();
    for (CephRoot.Entry entry : top.list(ROOT + "/race")) {
      inside.add(entry.name());
    }
    assertThat(inside).containsExactlyInAnyOrderElementsOf(created);
    for (String name : created) {
      fs.delete(new Path("/race/" + name), false);
    }
  }

  private static String read(String path) throws IOException {
    try (FSDataInputStream in = fs.open(new Path(path))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The entry at a CephFS path as the "/" mount sees it, or null. */
  private static CephRoot.Stat stat(String path) throws IOException {
    try {
      return top.stat(path, false);
    } catch (IOException e) {
      if (e instanceof ErrnoException errno && errno.errno() == ErrnoException.ENOENT) {
        return null;
      }
      throw e;
    }
  }
}
