package io.pfsmix.fs.ceph;

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
 * The one Ceph cluster of a test run: started by the first test that asks for it (scripts/ceph-cluster.sh up, two
 * memstore OSDs, on a free port, in target/ceph-cluster), stopped by {@link CephClusterSession} when the run ends —
 * also when tests fail — and by a shutdown hook if the JVM is stopped.
 */
public final class CephTestCluster {

  public static final int OSDS = 2;

  private static CephTestCluster instance;
  private static String unavailable;
  private static final List<java.io.Closeable> closeBeforeStop = new ArrayList<>();

  private final Path home;
  private final Path dir;
  private final Path confFile;
  private final String monAddress;

  private CephTestCluster(Path home, Path dir, Path confFile, String monAddress) {
    this.home = home;
    this.dir = dir;
    this.confFile = confFile;
    this.monAddress = monAddress;
  }

  /** The running cluster; skips the calling test (with the reason) when Ceph is not installed. */
  public static synchronized CephTestCluster get() {
    assumeTrue(unavailable == null, () -> unavailable);
    if (instance == null) {
      try {
        instance = start();
      } catch (IOException e) {
        if (e.getMessage().contains("Ceph is not installed")) {
          unavailable = e.getMessage();
          assumeTrue(false, unavailable);
        }
        throw new IllegalStateException("cannot start the test Ceph cluster: " + e.getMessage(), e);
      }
    }
    return instance;
  }

  /** Closes a client of the cluster (a mount, a file system) before the cluster stops, so it can unmount cleanly. */
  public static synchronized void closeBeforeStop(java.io.Closeable client) {
    closeBeforeStop.add(client);
  }

  static synchronized void stopIfStarted() {
    if (instance != null) {
      for (java.io.Closeable client : closeBeforeStop) {
        try {
          client.close();
        } catch (IOException | RuntimeException e) {
          System.err.println("CephTestCluster: closing " + client + " failed: " + e);
        }
      }
      closeBeforeStop.clear();
      try {
        // cached file systems would otherwise unmount from Hadoop's shutdown hook, against a stopped cluster
        org.apache.hadoop.fs.FileSystem.closeAll();
      } catch (IOException e) {
        System.err.println("CephTestCluster: closing cached file systems failed: " + e);
      }
      try {
        instance.script("down");
      } catch (IOException e) {
        System.err.println("CephTestCluster: stopping the cluster failed: " + e.getMessage());
      }
      instance = null;
    }
  }

  private static CephTestCluster start() throws IOException {
    Path home = Path.of(System.getProperty("pfsmix.home", "..")).toAbsolutePath().normalize();
    Path target = Path.of(System.getProperty("pfsmix.test.dir", "target")).toAbsolutePath();
    Path dir = target.resolve("ceph-cluster");
    CephTestCluster cluster = new CephTestCluster(home, dir, dir.resolve("ceph.conf"), null);
    cluster.script("down");
    // bluestore, not memstore: the fault tests restart a killed OSD, which needs its data to have survived
    String output = cluster.script("up", "--osds", Integer.toString(OSDS), "--store", "bluestore", "--port",
        Integer.toString(TestProcesses.freePort()));
    String conf = null;
    String mon = null;
    for (String line : output.split("\n")) {
      if (line.startsWith("conf ")) {
        conf = line.substring(5).trim();
      } else if (line.startsWith("mon ")) {
        mon = line.substring(4).trim();
      }
    }
    if (conf == null || mon == null) {
      throw new IOException("ceph-cluster.sh up printed no conf/mon lines: " + output);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(CephTestCluster::stopIfStarted, "ceph-test-cluster-stop"));
    return new CephTestCluster(home, dir, Path.of(conf), mon);
  }

  /** Runs scripts/ceph-cluster.sh with this cluster's directory; returns stdout, fails with its stderr. */
  String script(String... arguments) throws IOException {
    List<String> command = new ArrayList<>(List.of(home.resolve("scripts/ceph-cluster.sh").toString()));
    command.addAll(List.of(arguments));
    command.addAll(List.of("--dir", dir.toString()));
    return TestProcesses.run(command, Duration.ofMinutes(2));
  }

  public Path confFile() {
    return confFile;
  }

  public String monAddress() {
    return monAddress;
  }

  public Path dir() {
    return dir;
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
    return Long.parseLong(Files.readString(dir.resolve("run/" + daemon + ".pid")).trim());
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
