package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The escapes of issue #12, each tried by every operation: links whose targets leave the root only once the kernel
 * resolves them (esc/../outside/x, where esc is an absolute link out), relative links climbing out, absolute links,
 * as the last component and as a directory on the way, dangling or not, and a directory swapped for a link while
 * creates run. Whatever is tried, the outside tree stays byte-, mode-, time- and name-identical.
 */
class PfsJailEscapeTest {

  private java.nio.file.Path root;
  private java.nio.file.Path outside;
  private Map<String, String> outsideBefore;
  private Configuration conf;
  private PfsFileSystem fs;

  @BeforeEach
  void setUp() throws Exception {
    PfsTestFileSystems.Jail jail = PfsTestFileSystems.newJail("escape");
    root = jail.root();
    outside = jail.outside();
    Files.setPosixFilePermissions(outside.resolve("secret"), PosixFilePermissions.fromString("rw-------"));
    Files.writeString(outside.resolve("other"), "another outside file");
    // The issue's setup: esc leads out; "outside" inside the root holds decoys with the same names, so that a path
    // normalized as text (esc/.. dropped) finds them and looks harmless.
    Files.createSymbolicLink(root.resolve("esc"), outside);
    Files.createDirectories(root.resolve("outside"));
    Files.writeString(root.resolve("outside/secret"), "decoy inside the root");
    Files.writeString(root.resolve("outside/other"), "decoy inside the root");
    Files.createSymbolicLink(root.resolve("rd"), Paths.get("esc/../outside/secret"));
    Files.createSymbolicLink(root.resolve("wr"), Paths.get("esc/../outside/created"));
    Files.createSymbolicLink(root.resolve("up"), Paths.get("../outside/secret"));
    Files.createSymbolicLink(root.resolve("up-new"), Paths.get("../outside/created"));
    Files.createSymbolicLink(root.resolve("abs"), outside.resolve("secret"));
    Files.createSymbolicLink(root.resolve("dir-esc"), Paths.get("esc/../outside"));
    Files.createSymbolicLink(root.resolve("dir-up"), Paths.get("../outside"));
    Files.createSymbolicLink(root.resolve("dir-abs"), outside);
    Files.createDirectories(root.resolve("data"));
    Files.writeString(root.resolve("data/file"), "inside the root");
    outsideBefore = snapshot(outside);
    conf = PfsTestFileSystems.posixConfiguration(root);
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "pfs:///");
    fs = PfsTestFileSystems.newFileSystem(conf);
  }

  @AfterEach
  void outsideIsUntouched() throws Exception {
    fs.close();
    assertThat(snapshot(outside)).as("the tree outside the root").isEqualTo(outsideBefore);
  }

  @Test
  void everyFileOperationThroughALinkThatLeadsOutIsRefused() {
    for (String link : List.of("/rd", "/up", "/abs")) {
      Path file = new Path(link);
      refused(link + " open", () -> fs.open(file).close());
      refused(link + " getFileStatus", () -> fs.getFileStatus(file));
      refused(link + " create (overwrite)", () -> fs.create(file, true).close());
      refused(link + " append", () -> fs.append(file).close());
      refused(link + " truncate", () -> fs.truncate(file, 0));
      refused(link + " setPermission", () -> fs.setPermission(file, new FsPermission((short) 0777)));
      refused(link + " setTimes", () -> fs.setTimes(file, 0, 0));
      refused(link + " setXAttr", () -> fs.setXAttr(file, "user.planted", new byte[] {1},
          EnumSet.of(XAttrSetFlag.CREATE)));
      refused(link + " getXAttrs", () -> fs.getXAttrs(file));
      refused(link + " positioned writer (IOR N-to-1)", () -> fs.openPositionedWriter(file).close());
      refused(link + " concat into it", () -> fs.concat(file, new Path[] {new Path("/data/file")}));
      refused(link + " block locations (layout attributes)",
          () -> fs.getFileBlockLocations(new FileStatus(16, false, 1, 1, 0, file), 0, 16));
    }
  }

  @Test
  void danglingLinksThatLeadOutCreateNothing() throws Exception {
    for (String link : List.of("/wr", "/up-new")) {
      Path file = new Path(link);
      refused(link + " create", () -> fs.create(file, true).close());
      refused(link + " positioned writer", () -> fs.openPositionedWriter(file).close());
      assertThat(fs.getFileLinkStatus(file).isSymlink()).as(link + " is reported as the link it is").isTrue();
    }
    assertThat(Files.exists(outside.resolve("created"), LinkOption.NOFOLLOW_LINKS)).isFalse();
  }

  @Test
  void everyOperationThroughADirectoryLinkThatLeadsOutIsRefused() {
    for (String directory : List.of("/dir-esc", "/dir-up", "/dir-abs")) {
      Path secret = new Path(directory + "/secret");
      Path fresh = new Path(directory + "/created");
      refused(directory + " list", () -> fs.listStatus(new Path(directory)));
      refused(directory + "/secret open", () -> fs.open(secret).close());
      refused(directory + "/secret delete", () -> fs.delete(secret, false));
      refused(directory + "/created create", () -> fs.create(fresh, false).close());
      refused(directory + "/created mkdirs", () -> fs.mkdirs(fresh));
      refused(directory + "/secret rename out", () -> fs.rename(secret, new Path("/data/taken")));
      refused(directory + "/created rename in", () -> fs.rename(new Path("/data/file"), fresh));
      refused(directory + "/secret concat from it", () -> fs.concat(new Path("/data/file"), new Path[] {secret}));
      refused(directory + "/other positioned writer", () -> fs.openPositionedWriter(new Path(directory + "/other")));
    }
  }

  @Test
  void theIssuesShellCommandsAreRefusedAndNameThePath() throws Exception {
    java.nio.file.Path local = Files.writeString(root.getParent().resolve("local-input"), "planted\n");
    for (String[] command : List.of(
        new String[] {"-cat", "pfs:///rd"},
        new String[] {"-put", "-", "pfs:///wr"},
        new String[] {"-put", "-f", local.toString(), "pfs:///rd"},
        new String[] {"-appendToFile", local.toString(), "pfs:///rd"},
        new String[] {"-truncate", "0", "pfs:///rd"},
        new String[] {"-chmod", "777", "pfs:///rd"},
        new String[] {"-rm", "pfs:///dir-esc/secret"},
        new String[] {"-cat", "pfs:///dir-up/secret"})) {
      Shell result = shell(command);
      assertThat(result.exitCode()).as(String.join(" ", command)).isNotZero();
      assertThat(result.out()).as(String.join(" ", command) + " prints nothing of the outside").isEmpty();
      assertThat(result.err()).as(String.join(" ", command)).contains("is refused").contains("outside the root");
    }
  }

  @Test
  void theRefusalNamesTheLinkThatLeadsOut() {
    assertThatThrownBy(() -> fs.open(new Path("/rd"))).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("pfs path /rd is refused: symlink /rd -> esc/../outside/secret leads outside the root");
    assertThatThrownBy(() -> fs.open(new Path("/abs"))).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("/abs is an absolute symlink (to " + outside.resolve("secret") + ")");
    assertThatThrownBy(() -> fs.open(new Path("/dir-up/secret"))).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("pfs path /dir-up/secret is refused: symlink /dir-up -> ../outside leads outside");
  }

  @Test
  void linksThatStayInsideStillWorkDanglingOnesIncluded() throws Exception {
    Files.createSymbolicLink(root.resolve("data/via-parent"), Paths.get("../data/file"));
    Files.createSymbolicLink(root.resolve("data-link"), Paths.get("data"));
    Files.createSymbolicLink(root.resolve("to-be"), Paths.get("data/new"));
    try (InputStream in = fs.open(new Path("/data/via-parent"))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("inside the root");
    }
    try (InputStream in = fs.open(new Path("/data-link/file"))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("inside the root");
    }
    // the text-normalized decoy is not what a link through esc reaches, and is still reachable by its own name
    try (InputStream in = fs.open(new Path("/outside/secret"))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("decoy inside the root");
    }
    try (var out = fs.create(new Path("/to-be"), true)) {
      out.write("through a dangling link".getBytes(StandardCharsets.UTF_8));
    }
    assertThat(Files.readString(root.resolve("data/new"))).isEqualTo("through a dangling link");
  }

  /**
   * The race of the issue: while a thread swaps a directory of the root with a link to the outside directory and
   * back, thousands of creates go into that directory. Some land inside, some are refused; none lands outside.
   */
  @Test
  void aDirectorySwappedForALinkOutsideWhileCreatesRunLetsNothingOut() throws Exception {
    java.nio.file.Path box = Files.createDirectories(root.resolve("box"));
    AtomicBoolean running = new AtomicBoolean(true);
    List<Throwable> swapperFailures = new ArrayList<>();
    Thread swapper = new Thread(() -> {
      for (int round = 0; running.get(); round++) {
        try {
          if (Files.isDirectory(box, LinkOption.NOFOLLOW_LINKS)) {
            Files.move(box, root.resolve("box.parked-" + round));
            Files.createSymbolicLink(box, round % 4 == 0 ? outside : Paths.get("../outside"));
          } else {
            Files.deleteIfExists(box);
            Files.createDirectory(box);
          }
        } catch (java.nio.file.FileSystemException raced) {
          // a create's mkdirs made "box" again while it was away: the next round goes on from there
        } catch (IOException | RuntimeException unexpected) {
          swapperFailures.add(unexpected);
          return;
        }
      }
    }, "swapper");
    swapper.start();
    int created = 0;
    int refused = 0;
    try {
      for (int i = 0; i < 3000; i++) {
        try {
          fs.create(new Path("/box/f" + i), false).close();
          created++;
        } catch (AccessControlException e) {
          refused++;
        } catch (IOException raced) {
          // the directory was away for a moment: not found, not a directory, already exists
        }
      }
    } finally {
      running.set(false);
      swapper.join();
    }
    assertThat(swapperFailures).isEmpty();
    assertThat(created).as("creates that landed inside").isPositive();
    assertThat(refused).as("creates the kernel refused because box was a link out").isPositive();
    // outsideIsUntouched() then checks that not one file appeared outside
  }

  private static void refused(String what, Executable operation) {
    assertThatThrownBy(operation::execute).as(what).isInstanceOf(AccessControlException.class)
        .hasMessageContaining("is refused");
  }

  /** Every entry of a tree: its relative name, type, mode, size, modification time and content. */
  private static Map<String, String> snapshot(java.nio.file.Path top) throws IOException {
    Map<String, String> entries = new TreeMap<>();
    try (Stream<java.nio.file.Path> walk = Files.walk(top)) {
      for (java.nio.file.Path entry : (Iterable<java.nio.file.Path>) walk::iterator) {
        StringBuilder description = new StringBuilder()
            .append(PosixFilePermissions.toString(Files.getPosixFilePermissions(entry, LinkOption.NOFOLLOW_LINKS)))
            .append(' ').append(Files.getLastModifiedTime(entry, LinkOption.NOFOLLOW_LINKS).toMillis());
        if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
          description.append(' ').append(Files.readString(entry));
        }
        entries.put(top.relativize(entry).toString(), description.toString());
      }
    }
    return entries;
  }

  private record Shell(int exitCode, String out, String err) {
  }

  private Shell shell(String... args) throws Exception {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    InputStream oldIn = System.in;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    FsShell shell = new FsShell(conf);
    try {
      System.setIn(new ByteArrayInputStream("planted through stdin\n".getBytes(StandardCharsets.UTF_8)));
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      return new Shell(ToolRunner.run(conf, shell, args), out.toString(StandardCharsets.UTF_8),
          err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setIn(oldIn);
      System.setOut(oldOut);
      System.setErr(oldErr);
      shell.close();
    }
  }
}
