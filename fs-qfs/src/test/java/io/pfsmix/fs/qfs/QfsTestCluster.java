package io.pfsmix.fs.qfs;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.TestProcesses;

/**
 * The one QFS file system of a test run: started by the first test that asks for it (scripts/qfs-cluster.sh up: a
 * metaserver on 127.0.0.1 and {@link #CHUNKSERVERS} chunkservers on 127.0.0.2.., on free ports, in
 * target/qfs-cluster), stopped by {@link QfsClusterSession} when the run ends — also when tests fail — and by a
 * shutdown hook if the JVM is stopped. Tests skip, with the reason, where QFS is not built.
 */
public final class QfsTestCluster {

  public static final int CHUNKSERVERS = 2;
  static final Path INSTALL = Path.of(System.getProperty("user.home"), ".cache/pfsmix/qfs/current/install");

  private static QfsTestCluster instance;

  private final Path home;
  private final Path dir;
  private final Path install;
  private final String metaserver;

  private QfsTestCluster(Path home, Path dir, Path install, String metaserver) {
    this.home = home;
    this.dir = dir;
    this.install = install;
    this.metaserver = metaserver;
  }

  /** The running file system; skips the calling test (with the reason) when QFS is not built. */
  public static synchronized QfsTestCluster get() {
    assumeTrue(Files.exists(INSTALL.resolve("bin/metaserver")),
        "QFS is not built (scripts/qfs-build.sh builds it into " + INSTALL + ")");
    if (instance == null) {
      try {
        instance = start();
      } catch (IOException e) {
        throw new IllegalStateException("cannot start the test QFS file system: " + e.getMessage(), e);
      }
    }
    return instance;
  }

  static synchronized void stopIfStarted() {
    if (instance != null) {
      try {
        org.apache.hadoop.fs.FileSystem.closeAll();
      } catch (IOException e) {
        System.err.println("QfsTestCluster: closing cached file systems failed: " + e);
      }
      try {
        instance.script("down");
      } catch (IOException e) {
        System.err.println("QfsTestCluster: stopping the file system failed: " + e.getMessage());
      }
      instance = null;
    }
  }

  private static QfsTestCluster start() throws IOException {
    Path home = Path.of(System.getProperty("pfsmix.home", "..")).toAbsolutePath().normalize();
    Path dir = Path.of(System.getProperty("pfsmix.test.dir", "target")).toAbsolutePath().resolve("qfs-cluster");
    QfsTestCluster cluster = new QfsTestCluster(home, dir, null, null);
    cluster.script("down");
    // the servers use PORT, PORT+1 and PORT+2: a free PORT may have a busy neighbour, which up refuses naming it
    String output = null;
    IOException refused = null;
    for (int attempt = 0; attempt < 5 && output == null; attempt++) {
      try {
        output = cluster.script("up", "--chunkservers", Integer.toString(CHUNKSERVERS), "--port",
            Integer.toString(TestProcesses.freePort()));
      } catch (IOException e) {
        if (!e.getMessage().contains("in use")) {
          throw e;
        }
        refused = e;
      }
    }
    if (output == null) {
      throw refused;
    }
    String install = null;
    String meta = null;
    for (String line : output.split("\n")) {
      String[] field = line.trim().split(" ", 2);
      switch (field[0]) {
        case "home" -> install = field[1];
        case "meta" -> meta = field[1];
        default -> {
        }
      }
    }
    if (install == null || meta == null) {
      throw new IOException("qfs-cluster.sh up printed no home/meta lines: " + output);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(QfsTestCluster::stopIfStarted, "qfs-test-cluster-stop"));
    return new QfsTestCluster(home, dir, Path.of(install), meta);
  }

  /** Runs scripts/qfs-cluster.sh with this file system's directory; returns stdout, fails with its stderr. */
  String script(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of(home.resolve("scripts/qfs-cluster.sh").toString()));
    command.addAll(List.of(arguments));
    command.addAll(List.of("--dir", dir.toString()));
    return TestProcesses.run(command, Duration.ofMinutes(3));
  }

  /** The metaserver, HOST:PORT. */
  public String metaserver() {
    return metaserver;
  }

  /** Backend settings for this file system, rooted at {@code root} inside it. */
  public Configuration configuration(String root) {
    Configuration conf = new Configuration(false);
    conf.set(PfsConfigKeys.BACKEND, QfsConfigKeys.BACKEND_NAME);
    conf.set(QfsConfigKeys.METASERVER, metaserver);
    conf.set(QfsConfigKeys.ROOT, root);
    return conf;
  }

  /** Runs QFS's own tool {@code qfs} as a client of this file system (e.g. to plant what pfs:// cannot make). */
  public String qfs(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of("env", "LD_LIBRARY_PATH=" + install.resolve("lib"),
        install.resolve("bin/tools/qfs").toString(), "-fs", "qfs://" + metaserver));
    command.addAll(List.of(arguments));
    return TestProcesses.run(command, Duration.ofSeconds(60));
  }
}
