package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.format.TracePoint;

/**
 * The same small mix with the jobs on the in-process YARN cluster over the in-process HDFS (IOR -F there), over pfs on a
 * mounted directory, and over the real local Ceph cluster: each complete, and each trace holding the bytes the
 * workloads said they moved.
 */
class MixOnClustersTest {

  @TempDir
  Path out;

  @org.junit.jupiter.api.BeforeAll
  static void pfsmixHome() {
    // as ./pfsmix does: the runner finds scripts/ceph-cluster.sh under it (tests run in src/test)
    System.setProperty("pfsmix.home", Path.of("../..").toAbsolutePath().normalize().toString());
  }

  @Test
  void onMiniDfsClusterWithJobsOnMiniYarnCluster() throws Exception {
    // HDFS as a YARN cluster usually has it (IOR -F there); TFIDF's tasks run in containers of their own, traced there
    Path results = out.resolve("hdfs-yarn");
    MixResults mix = runComplete(results, "--fs", "hdfs-mini", "--jobs", "yarn-mini", "--patterns", "n-to-n",
        "--dir", "/mix");
    assertThat(mix.environment().get("hdfs").get("file system")).startsWith("MiniDFSCluster at hdfs://");
    assertThat(mix.environment().get("hdfs").get("jobs")).contains("MiniMRYarnCluster");
    assertThat(mix.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.TFIDF_ALONE, PhaseKind.IOR_ALONE,
        PhaseKind.MIXED);
    // HDFS has no storage trace point (that one is inside the pfs shim): the application point holds it all
    assertTraceMatches(mix, results, false);
  }

  @Test
  void onMountedPfsWithJobsOnMiniYarnCluster() throws Exception {
    // the node manager's localizer builds its own Configuration: it must still find pfs:/// over the given directory,
    // not over the embedded root (here under a pfsmix home of this test's own, so nothing lands in the repository)
    String home = System.getProperty("pfsmix.home");
    System.setProperty("pfsmix.home", out.resolve("home").toString());
    Path mount = Files.createDirectories(out.resolve("mount"));
    try {
      Path results = out.resolve("pfs-yarn");
      MixResults mix = runComplete(results, "--fs", "pfs@" + mount, "--jobs", "yarn-mini", "--patterns", "n-to-1",
          "--dir", "/mix");
      assertThat(mix.environment().get("pfs@" + mount).get("jobs")).contains("MiniMRYarnCluster");
      assertThat(mount.resolve("mix/tfidf/requests")).isDirectory();
      assertThat(out.resolve("home/var/pfs-root/mix")).doesNotExist();
      assertTraceMatches(mix, results, true);
    } finally {
      System.setProperty("pfsmix.home", home);
    }
    assertThat(System.getProperty("fs.pfs.posix.root")).as("system properties restored after the run").isNull();
  }

  @Test
  void onTheLocalCephCluster() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/ceph-mon")), "Ceph is not installed (no /usr/bin/ceph-mon)");
    assumeTrue(classPresent("io.pfsmix.fs.ceph.CephFsBackendFactory"),
        "the CephFS backend (fs-ceph) is not built: it is built only where libcephfs-java is installed");
    Path results = out.resolve("ceph");
    // jobs on YARN: its node manager and containers must reach CephFS through configuration they build themselves
    MixResults mix = runComplete(results, "--fs", "ceph", "--jobs", "yarn-mini", "--patterns", "n-to-1", "--dir", "/mix");
    assertThat(mix.environment().get("ceph").get("file system")).contains("CephFS");
    assertThat(mix.environment().get("ceph").get("jobs")).contains("MiniMRYarnCluster");
    assertTraceMatches(mix, results, true);
  }

  private static MixResults runComplete(Path results, String... more) throws Exception {
    MixCli.Run run = MixCli.run(MixCli.smallMix(results, more).toArray(new String[0]));
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    return mix;
  }

  /** Trace bytes under the checkpoint and request directories = what IOR and TFIDF reported, summed over phases. */
  private static void assertTraceMatches(MixResults mix, Path results, boolean storagePoint) throws Exception {
    String dir = "/mix";
    long ior = 0;
    long tfidf = 0;
    for (PhaseRecord p : mix.phases()) {
      for (WorkloadResult w : p.workloads()) {
        if (w.workload().equals("ior")) {
          ior += w.bytes();
        } else {
          tfidf += w.bytes();
        }
      }
    }
    assertThat(ior).isEqualTo(2 * 2 * 256 * 1024 * 4);
    assertThat(tfidf).isGreaterThan(2 * 400_000);
    Map<String, Long> traced = MixCli.traceBytes(results.resolve(ResultsFiles.MERGED_TRACE),
        List.of(dir + "/ior/", dir + "/tfidf/requests/"));
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "write", dir + "/ior/")).isEqualTo(ior);
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "read", dir + "/tfidf/requests/")).isEqualTo(tfidf);
    assertThat(MixCli.get(traced, TracePoint.STORAGE, "write", dir + "/ior/")).isEqualTo(storagePoint ? ior : 0);
  }

  private static boolean classPresent(String name) {
    try {
      Class.forName(name);
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
