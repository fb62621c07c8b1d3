package io.pfsmix.fs.qfs;

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
import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.TestClusterScript;
import io.pfsmix.fs.TestProcesses;

/**
 * The one QFS file system of a test run (scripts/qfs-cluster.sh up: a metaserver on 127.0.0.1 and {@link #CHUNKSERVERS}
 * chunkservers on 127.0.0.2.., on free ports, in target/qfs-cluster), stopped by {@link QfsClusterSession}. Tests
 * skip, with the reason, where QFS is not built.
 */
public final class QfsTestCluster {

  public static final int CHUNKSERVERS = 2;
  static final Path INSTALL = Path.of(System.getProperty("user.home"), ".cache/pfsmix/qfs/current/install");

  private static final OncePerRun<QfsTestCluster> RUN = new OncePerRun<>("QFS file system", QfsTestCluster::start,
      cluster -> cluster.script.down());

  private final TestClusterScript script;
  private final Path install;
  private final String metaserver;

  private QfsTestCluster(TestClusterScript script, Path install, String metaserver) {
    this.script = script;
    this.install = install;
    this.metaserver = metaserver;
  }

  /** The running file system; skips the calling test (with the reason) when QFS is not built. */
  public static QfsTestCluster get() {
    assumeTrue(Files.exists(INSTALL.resolve("bin/metaserver")),
        "QFS is not built (scripts/qfs-build.sh builds it into " + INSTALL + ")");
    return RUN.get();
  }

  static void stopIfStarted() {
    RUN.stopIfStarted();
  }

  private static QfsTestCluster start() throws IOException {
    TestClusterScript script = new TestClusterScript("qfs", Duration.ofMinutes(3));
    // the servers use PORT, PORT+1 and PORT+2: a free PORT may have a busy neighbour, which up refuses naming it
    IOException refused = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        Map<String, String> up = script.up(List.of("--chunkservers", Integer.toString(CHUNKSERVERS), "--port",
            Integer.toString(TestProcesses.freePort())), "home", "meta");
        return new QfsTestCluster(script, Path.of(up.get("home")), up.get("meta"));
      } catch (IOException e) {
        if (!e.getMessage().contains("in use")) {
          throw e;
        }
        refused = e;
      }
    }
    throw refused;
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

  /** Kills chunkserver {@code i} (1-based) with SIGKILL and waits until it is gone. */
  public void killChunkserver(int i) throws IOException {
    TestProcesses.kill(Long.parseLong(Files.readString(script.dir().resolve("run/chunk" + i + ".pid")).trim()),
        "chunkserver " + i);
  }

  /** Starts chunkserver {@code i} again on its chunk directory, as the script started it. */
  public void startChunkserver(int i) throws IOException {
    ProcessBuilder chunkserver = new ProcessBuilder("setsid", install.resolve("bin/chunkserver").toString(),
        script.dir().resolve("conf/chunk" + i + ".prp").toString())
        .redirectOutput(ProcessBuilder.Redirect.appendTo(script.dir().resolve("log/chunk" + i + ".log").toFile()))
        .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    chunkserver.environment().put("LD_LIBRARY_PATH", install.resolve("lib").toString());
    chunkserver.start();
    // the tests after this one create files with a replica on each chunkserver
    String status = "";
    for (int attempt = 0; attempt < 120; attempt++) {
      try {
        status = script.run("status");
        if (status.contains(CHUNKSERVERS + " chunkservers joined")) {
          return;
        }
      } catch (IOException notYet) {
        status = notYet.getMessage();
      }
      TestProcesses.sleep(500);
    }
    throw new IOException("chunkserver " + i + " did not rejoin the metaserver within 60 s: " + status);
  }

  /** Runs QFS's own tool {@code qfs} as a client of this file system (e.g. to plant what pfs:// cannot make). */
  public String qfs(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of("env", "LD_LIBRARY_PATH=" + install.resolve("lib"),
        install.resolve("bin/tools/qfs").toString(), "-fs", "qfs://" + metaserver));
    command.addAll(List.of(arguments));
    return TestProcesses.run(command, Duration.ofSeconds(60));
  }
}
