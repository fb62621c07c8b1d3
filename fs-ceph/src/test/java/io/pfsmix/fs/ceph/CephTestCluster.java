package io.pfsmix.fs.ceph;

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
 * The one Ceph cluster of a test run (scripts/ceph-cluster.sh up, two bluestore OSDs, on a free port, in
 * target/ceph-cluster), stopped by {@link CephClusterSession}.
 */
public final class CephTestCluster {

  public static final int OSDS = 2;

  private static final OncePerRun<CephTestCluster> RUN = new OncePerRun<>("Ceph cluster", CephTestCluster::start,
      CephTestCluster::stop);
  private static String unavailable;
  private static final List<java.io.Closeable> closeBeforeStop = new ArrayList<>();

  private final TestClusterScript script;
  private final Path confFile;
  private final String monAddress;

  private CephTestCluster(TestClusterScript script, Path confFile, String monAddress) {
    this.script = script;
    this.confFile = confFile;
    this.monAddress = monAddress;
  }

  /** The running cluster; skips the calling test (with the reason) when Ceph is not installed. */
  public static synchronized CephTestCluster get() {
    assumeTrue(unavailable == null, () -> unavailable);
    try {
      return RUN.get();
    } catch (IllegalStateException e) {
      if (e.getMessage().contains("Ceph is not installed")) {
        unavailable = e.getCause().getMessage();
        assumeTrue(false, unavailable);
      }
      throw e;
    }
  }

  /** Closes a client of the cluster (a mount, a file system) before the cluster stops, so it can unmount cleanly. */
  public static synchronized void closeBeforeStop(java.io.Closeable client) {
    closeBeforeStop.add(client);
  }

  static void stopIfStarted() {
    RUN.stopIfStarted();
  }

  private static void stop(CephTestCluster cluster) {
    synchronized (CephTestCluster.class) {
      for (java.io.Closeable client : closeBeforeStop) {
        try {
          client.close();
        } catch (IOException | RuntimeException e) {
          System.err.println("CephTestCluster: closing " + client + " failed: " + e);
        }
      }
      closeBeforeStop.clear();
    }
    cluster.script.down();
  }

  private static CephTestCluster start() throws IOException {
    TestClusterScript script = new TestClusterScript("ceph", Duration.ofMinutes(2));
    // bluestore, not memstore: the fault tests restart a killed OSD, which needs its data to have survived
    Map<String, String> up = script.up(List.of("--osds", Integer.toString(OSDS), "--store", "bluestore", "--port",
        Integer.toString(TestProcesses.freePort())), "conf", "mon");
    return new CephTestCluster(script, Path.of(up.get("conf")), up.get("mon"));
  }

  public Path confFile() {
    return confFile;
  }

  public String monAddress() {
    return monAddress;
  }

  public Path dir() {
    return script.dir();
  }

  /** Backend settings for this cluster, rooted at {@code root} inside CephFS. */
  public Configuration configuration(String root) {
    Configuration conf = new Configuration(false);
    conf.set("fs.pfs.backend", CephConfigKeys.BACKEND_NAME);
    conf.set(CephConfigKeys.CONF_FILE, confFile.toString());
    conf.set(CephConfigKeys.ROOT_DIR, root);
    conf.set(CephConfigKeys.MOUNT_TIMEOUT_SECONDS, "20");
    conf.set(CephConfigKeys.REPLICATION_POOLS, "2:pfsmix_data_r2");
    return conf;
  }

  /** The pid a daemon's pid file names (re-read each time: the MDS changes pid when it re-execs). */
  public long pid(String daemon) throws IOException {
    return Long.parseLong(Files.readString(script.dir().resolve("run/" + daemon + ".pid")).trim());
  }

  /** Kills a daemon with SIGKILL and waits until it is gone (a zombie counts as gone). */
  public void kill(String daemon) throws IOException {
    TestProcesses.kill(pid(daemon), daemon);
  }

  /** Starts a daemon ("osd.1", "mds.a") again with the cluster's ceph.conf. */
  public void start(String daemon) throws IOException {
    String[] typeAndId = daemon.split("\\.", 2);
    TestProcesses.run(List.of("ceph-" + typeAndId[0], "--conf", confFile.toString(), "-i", typeAndId[1]), Duration.ofSeconds(60));
  }

  /** Runs the ceph CLI against this cluster. */
  public String ceph(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of("ceph", "--conf", confFile.toString(), "--connect-timeout", "10"));
    command.addAll(List.of(arguments));
    return TestProcesses.run(command, Duration.ofSeconds(30));
  }

  /** Waits until `ceph` output for the arguments contains the text. */
  public void await(String text, Duration timeout, String... arguments) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      try {
        last = ceph(arguments);
        if (last.contains(text)) {
          return;
        }
      } catch (IOException notYet) {
        last = notYet.getMessage();
      }
      TestProcesses.sleep(200);
    }
    throw new IOException("timed out waiting for '" + text + "' in ceph " + String.join(" ", arguments) + ": " + last);
  }
}
