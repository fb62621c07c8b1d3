package io.pfsmix.fs.orangefs;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.OncePerRun;
import io.pfsmix.fs.TestClusterScript;
import io.pfsmix.fs.TestProcesses;

/**
 * The one OrangeFS file system of a test run (scripts/orangefs-cluster.sh up: 4 I/O servers on 127.0.0.2..5, on a free
 * port, in target/orangefs-cluster, mounted with pvfs2fuse where the machine allows), stopped by
 * {@link OrangefsClusterSession}. Tests skip, with the reason, where OrangeFS is not built.
 */
public final class OrangefsTestCluster {

  public static final int SERVERS = 4;
  static final Path INSTALL = Path.of(System.getProperty("user.home"), ".cache/pfsmix/orangefs/current/install");

  private static final OncePerRun<OrangefsTestCluster> RUN = new OncePerRun<>("OrangeFS file system",
      OrangefsTestCluster::start, cluster -> cluster.script.down());

  private final TestClusterScript script;
  private final Path install;
  private final String server;
  private final Path tab;
  private final Path fuseMount;

  private OrangefsTestCluster(TestClusterScript script, Path install, String server, Path tab, Path fuseMount) {
    this.script = script;
    this.install = install;
    this.server = server;
    this.tab = tab;
    this.fuseMount = fuseMount;
  }

  /** The running file system; skips the calling test (with the reason) when OrangeFS is not built. */
  public static OrangefsTestCluster get() {
    assumeTrue(Files.exists(INSTALL.resolve("include/pvfs2-sysint.h")),
        "OrangeFS is not built (scripts/orangefs-build.sh builds it into " + INSTALL + ")");
    return RUN.get();
  }

  static void stopIfStarted() {
    RUN.stopIfStarted();
  }

  private static OrangefsTestCluster start() throws IOException {
    TestClusterScript script = new TestClusterScript("orangefs", Duration.ofMinutes(3));
    List<String> arguments = new ArrayList<>(List.of("--servers", Integer.toString(SERVERS), "--port",
        Integer.toString(TestProcesses.freePort())));
    // pvfs2fuse needs /dev/fuse and root (it mounts with allow_other); without them the FUSE comparisons skip
    if (Files.exists(Path.of("/dev/fuse")) && "root".equals(System.getProperty("user.name"))) {
      arguments.addAll(List.of("--fuse", TestClusterScript.target().resolve("orangefs-fuse").toString()));
    }
    Map<String, String> up = script.up(arguments, "home", "server", "tab");
    String fuse = up.get("fuse");
    return new OrangefsTestCluster(script, Path.of(up.get("home")), up.get("server"), Path.of(up.get("tab")),
        fuse == null ? null : Path.of(fuse));
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
    TestProcesses.kill(Long.parseLong(Files.readString(script.dir().resolve("run/" + alias + ".pid")).trim()), alias);
  }

  /** Starts a server again on its storage, as the script started it. */
  public void start(String alias) throws IOException {
    tool("pvfs2-server", "-p", script.dir().resolve("run/" + alias + ".pid").toString(), "-a", alias,
        script.dir().resolve("orangefs.conf").toString());
  }
}
