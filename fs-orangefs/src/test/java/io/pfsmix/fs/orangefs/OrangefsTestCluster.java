package io.pfsmix.fs.orangefs;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.TestProcesses;

/**
 * The one OrangeFS file system of a test run: started by the first test that asks for it (scripts/orangefs-cluster.sh
 * up: 4 I/O servers on 127.0.0.2..5, on a free port, in target/orangefs-cluster, mounted with pvfs2fuse where the
 * machine allows), stopped by {@link OrangefsClusterSession} when the run ends — also when tests fail — and by a
 * shutdown hook if the JVM is stopped. Tests skip, with the reason, where OrangeFS is not built.
 */
public final class OrangefsTestCluster {

  public static final int SERVERS = 4;
  static final Path INSTALL = Path.of(System.getProperty("user.home"), ".cache/pfsmix/orangefs/current/install");

  private static OrangefsTestCluster instance;

  private final Path home;
  private final Path dir;
  private final Path install;
  private final String server;
  private final Path tab;
  private final Path fuseMount;

  private OrangefsTestCluster(Path home, Path dir, Path install, String server, Path tab, Path fuseMount) {
    this.home = home;
    this.dir = dir;
    this.install = install;
    this.server = server;
    this.tab = tab;
    this.fuseMount = fuseMount;
  }

  /** The running file system; skips the calling test (with the reason) when OrangeFS is not built. */
  public static synchronized OrangefsTestCluster get() {
    assumeTrue(Files.exists(INSTALL.resolve("include/pvfs2-sysint.h")),
        "OrangeFS is not built (scripts/orangefs-build.sh builds it into " + INSTALL + ")");
    if (instance == null) {
      try {
        instance = start();
      } catch (IOException e) {
        throw new IllegalStateException("cannot start the test OrangeFS file system: " + e.getMessage(), e);
      }
    }
    return instance;
  }

  static synchronized void stopIfStarted() {
    if (instance != null) {
      try {
        org.apache.hadoop.fs.FileSystem.closeAll();
      } catch (IOException e) {
        System.err.println("OrangefsTestCluster: closing cached file systems failed: " + e);
      }
      try {
        instance.script("down");
      } catch (IOException e) {
        System.err.println("OrangefsTestCluster: stopping the file system failed: " + e.getMessage());
      }
      instance = null;
    }
  }

  private static OrangefsTestCluster start() throws IOException {
    Path home = Path.of(System.getProperty("pfsmix.home", "..")).toAbsolutePath().normalize();
    Path target = Path.of(System.getProperty("pfsmix.test.dir", "target")).toAbsolutePath();
    Path dir = target.resolve("orangefs-cluster");
    OrangefsTestCluster cluster = new OrangefsTestCluster(home, dir, null, null, null, null);
    cluster.script("down");
    List<String> arguments = new ArrayList<>(List.of("up", "--servers", Integer.toString(SERVERS), "--port",
        Integer.toString(TestProcesses.freePort())));
    // pvfs2fuse needs /dev/fuse and root (it mounts with allow_other); without them the FUSE comparisons skip
    if (Files.exists(Path.of("/dev/fuse")) && "root".equals(System.getProperty("user.name"))) {
      arguments.addAll(List.of("--fuse", target.resolve("orangefs-fuse").toString()));
    }
    String output = cluster.script(arguments.toArray(new String[0]));
    String install = null;
    String server = null;
    String tab = null;
    String fuse = null;
    for (String line : output.split("\n")) {
      String[] field = line.trim().split(" ", 2);
      switch (field[0]) {
        case "home" -> install = field[1];
        case "server" -> server = field[1];
        case "tab" -> tab = field[1];
        case "fuse" -> fuse = field[1];
        default -> {
        }
      }
    }
    if (install == null || server == null || tab == null) {
      throw new IOException("orangefs-cluster.sh up printed no home/server/tab lines: " + output);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(OrangefsTestCluster::stopIfStarted, "orangefs-test-cluster-stop"));
    return new OrangefsTestCluster(home, dir, Path.of(install), server, Path.of(tab),
        fuse == null ? null : Path.of(fuse));
  }

  /** Runs scripts/orangefs-cluster.sh with this file system's directory; returns stdout, fails with its stderr. */
  String script(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of(home.resolve("scripts/orangefs-cluster.sh").toString()));
    command.addAll(List.of(arguments));
    command.addAll(List.of("--dir", dir.toString()));
    return TestProcesses.run(command, Duration.ofMinutes(3));
  }

  /** The fs_spec, tcp://127.0.0.2:PORT/orangefs. */
  public String server() {
    return server;
  }

  /** The pvfs2fuse mount of the file system's root, or null where the machine allows no FUSE mount. */
  public Path fuseMount() {
    return fuseMount;
  }

  /** Backend settings for this file system, rooted at {@code root} inside it. */
  public Configuration configuration(String root) {
    Configuration conf = new Configuration(false);
    conf.set("fs.pfs.backend", OrangefsConfigKeys.BACKEND_NAME);
    conf.set(OrangefsConfigKeys.SERVER, server);
    conf.set(OrangefsConfigKeys.ROOT, root);
    return conf;
  }

  /** Runs one of OrangeFS's own programs (bin/ or sbin/) as a client of this file system. */
  public String tool(String program, String... arguments) throws IOException {
    Path binary = Files.exists(install.resolve("bin").resolve(program)) ? install.resolve("bin").resolve(program)
        : install.resolve("sbin").resolve(program);
    List<String> command = new ArrayList<>(List.of("env", "LD_LIBRARY_PATH=" + install.resolve("lib"),
        "PVFS2TAB_FILE=" + tab, binary.toString()));
    command.addAll(List.of(arguments));
    return TestProcesses.run(command, Duration.ofSeconds(60));
  }

  /** The name under which OrangeFS's own programs reach a path of the file system (the pvfs2tab's mount point). */
  public String toolPath(String path) throws IOException {
    String mount = Files.readString(tab).trim().split("\\s+")[1];
    return mount + path;
  }

  /** The server aliases (their addresses) in the configuration's order. */
  public List<String> aliases() {
    List<String> aliases = new ArrayList<>();
    for (int i = 0; i < SERVERS; i++) {
      aliases.add("127.0.0." + (i + 2));
    }
    return aliases;
  }

  /** Kills an I/O server with SIGKILL and waits until it is gone. */
  public void kill(String alias) throws IOException {
    TestProcesses.kill(Long.parseLong(Files.readString(dir.resolve("run/" + alias + ".pid")).trim()), alias);
  }

  /** Starts a server again on its storage, as the script started it. */
  public void start(String alias) throws IOException {
    tool("pvfs2-server", "-p", dir.resolve("run/" + alias + ".pid").toString(), "-a", alias,
        dir.resolve("orangefs.conf").toString());
  }
}
