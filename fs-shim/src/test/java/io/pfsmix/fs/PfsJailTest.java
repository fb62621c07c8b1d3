package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The root is a jail: no path, symlink or symlinked directory leads a pfs operation outside it. */
class PfsJailTest {

  private java.nio.file.Path root;
  private java.nio.file.Path outside;
  private PfsFileSystem fs;

  @BeforeEach
  void setUp() throws Exception {
    PfsTestFileSystems.Jail jail = PfsTestFileSystems.newJail("jail");
    root = jail.root();
    outside = jail.outside();
    Files.createDirectories(root.resolve("data"));
    Files.writeString(root.resolve("data/file"), "inside the root");
    fs = PfsTestFileSystems.newPosixFileSystem(root);
  }

  @AfterEach
  void tearDown() throws Exception {
    fs.close();
  }

  @Test
  void dotDotAboveTheRootIsRefusedNamingThePath() {
    assertThatThrownBy(() -> fs.open(new Path("/../outside/secret")))
        .isInstanceOf(AccessControlException.class).hasMessageContaining("/../outside/secret")
        .hasMessageContaining("'..'");
    assertThatThrownBy(() -> fs.getFileStatus(new Path("/data/../../outside/secret")))
        .isInstanceOf(AccessControlException.class).hasMessageContaining("outside/secret");
    assertThatThrownBy(() -> fs.create(new Path("/../outside/new")))
        .isInstanceOf(AccessControlException.class);
    assertThat(Files.exists(outside.resolve("new"))).isFalse();
  }

  @Test
  void dotDotInsideTheRootIsNormalised() throws Exception {
    assertThat(read(new Path("/data/../data/./file"))).isEqualTo("inside the root");
  }

  @Test
  void absoluteSymlinksAreRefusedEvenWhenTheyPointInside() throws Exception {
    Files.createSymbolicLink(root.resolve("abs-out"), outside.resolve("secret"));
    Files.createSymbolicLink(root.resolve("abs-in"), root.resolve("data/file"));
    for (String link : new String[] {"/abs-out", "/abs-in"}) {
      assertThatThrownBy(() -> fs.open(new Path(link))).as(link)
          .isInstanceOf(AccessControlException.class).hasMessageContaining(link).hasMessageContaining("absolute symlink");
      assertThatThrownBy(() -> fs.getFileStatus(new Path(link))).as(link)
          .isInstanceOf(AccessControlException.class).hasMessageContaining(link);
    }
    assertThatThrownBy(() -> fs.append(new Path("/abs-out"))).isInstanceOf(AccessControlException.class);
    assertThat(Files.readString(outside.resolve("secret"))).isEqualTo("outside the root");
  }

  @Test
  void relativeSymlinksLeavingTheRootAreRefused() throws Exception {
    Files.createSymbolicLink(root.resolve("data/rel-out"), java.nio.file.Paths.get("../../outside/secret"));
    Path link = new Path("/data/rel-out");
    assertThatThrownBy(() -> fs.open(link)).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("/data/rel-out").hasMessageContaining("outside the root");
    assertThatThrownBy(() -> fs.getFileStatus(link)).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("/data/rel-out");
    assertThatThrownBy(() -> fs.create(link, true)).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.truncate(link, 0)).isInstanceOf(AccessControlException.class);
    assertThat(Files.readString(outside.resolve("secret"))).isEqualTo("outside the root");

    // the link itself lives inside: it is reported, and deleting it removes only the link
    FileStatus linkStatus = fs.getFileLinkStatus(link);
    assertThat(linkStatus.isSymlink()).isTrue();
    assertThat(linkStatus.getSymlink().toString()).isEqualTo("../../outside/secret");
    assertThat(fs.delete(link, false)).isTrue();
    assertThat(Files.exists(outside.resolve("secret"))).isTrue();
  }

  @Test
  void aSymlinkedParentDirectoryCannotLeadOut() throws Exception {
    Files.createSymbolicLink(root.resolve("escape"), java.nio.file.Paths.get("../outside"));
    assertThatThrownBy(() -> fs.open(new Path("/escape/secret"))).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("/escape/secret");
    assertThatThrownBy(() -> fs.create(new Path("/escape/planted"))).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.mkdirs(new Path("/escape/dir"))).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.listStatus(new Path("/escape"))).isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.rename(new Path("/data/file"), new Path("/escape/moved")))
        .isInstanceOf(AccessControlException.class);
    assertThatThrownBy(() -> fs.delete(new Path("/escape/secret"), false)).isInstanceOf(AccessControlException.class);
    try (var entries = Files.list(outside)) {
      assertThat(entries.map(p -> p.getFileName().toString())).containsExactly("secret");
    }
    assertThat(Files.exists(root.resolve("data/file"))).isTrue();
  }

  @Test
  void relativeSymlinksInsideTheRootWorkAndAreReported() throws Exception {
    Files.createSymbolicLink(root.resolve("link"), java.nio.file.Paths.get("data/file"));
    Files.createSymbolicLink(root.resolve("data-link"), java.nio.file.Paths.get("data"));
    assertThat(read(new Path("/link"))).isEqualTo("inside the root");
    assertThat(read(new Path("/data-link/file"))).isEqualTo("inside the root");
    assertThat(fs.getFileStatus(new Path("/link")).getLen()).isEqualTo("inside the root".length());
    FileStatus[] listing = fs.listStatus(new Path("/"));
    assertThat(listing).filteredOn(FileStatus::isSymlink).extracting(s -> s.getPath().getName())
        .containsExactlyInAnyOrder("link", "data-link");
  }

  private String read(Path path) throws Exception {
    try (FSDataInputStream in = fs.open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
