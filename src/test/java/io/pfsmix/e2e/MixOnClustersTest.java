package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/**
 * The same small mix with the jobs on the in-process YARN cluster over the in-process HDFS (IOR -F there), over pfs on a
 * mounted directory, and over the real local Ceph cluster, OrangeFS and QFS: each complete, and each trace holding the
 * bytes the workloads said they moved.
 */
@ExtendWith(RepositoryHome.class)
class MixOnClustersTest {

  @TempDir
  Path out;

  @Test
  void onMiniDfsClusterWithJobsOnMiniYarnCluster() throws Exception {
    // HDFS as a YARN cluster usually has it (IOR -F there); both workloads are YARN jobs: TFIDF's tasks and IOR's ranks
    // run in containers of their own, traced there
    Path results = out.resolve("hdfs-yarn");
    MixResults mix = runComplete(results, "--fs", "hdfs-mini", "--jobs", "yarn-mini", "--patterns", "n-to-n",
        "--ior-placement", "yarn", "--dir", "/mix");
    assertThat(mix.environment().get("hdfs").get("file system")).startsWith("MiniDFSCluster at hdfs://");
    // room for both jobs at once: 2 x (AM of 2048 MB + 2 rank tasks of 1024 MB)
    assertThat(mix.environment().get("hdfs").get("jobs")).contains("MiniMRYarnCluster").contains("8192 MB");
    assertThat(mix.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.TFIDF_ALONE, PhaseKind.IOR_ALONE,
        PhaseKind.MIXED);
    for (PhaseRecord p : mix.phases()) {
      for (WorkloadResult w : p.workloads()) {
        if (w.workload().equals("ior")) {
          assertThat(w.details()).containsEntry("placement", "yarn").containsEntry("yarnTasks", 2);
          assertThat((String) w.details().get("command")).contains("--yarn --ranks-per-task=1");
        }
      }
    }
    // HDFS has no storage trace point (that one is inside the pfs shim): the application point holds it all
    MixCli.assertTraceMatches(mix, results, "/mix", false);
    Map<String, Long> firstRankRecord = assertIorRanksWereYarnTasks(results.resolve(ResultsFiles.MERGED_TRACE),
        "/mix/ior/");
    // a mix, not IOR queued behind TFIDF: the cluster had room for both jobs, so the ranks started while TFIDF ran
    PhaseRecord mixed = mix.phases().get(2);
    assertThat(firstRankRecord.get(mixed.id())).isLessThan(mixed.result("tfidf").endNs());
  }

  /**
   * Each IOR phase's checkpoint writes came from YARN tasks: each rank's from a process of its own (not this one),
   * within a Hadoop job. Returns the start of each phase's first record made by a rank, by phase id.
   */
  private static Map<String, Long> assertIorRanksWereYarnTasks(Path trace, String iorDir) throws Exception {
    Map<String, Map<Integer, java.util.Set<Integer>>> writersByPhaseAndRank = new java.util.TreeMap<>();
    Map<String, Long> firstRankRecord = new java.util.TreeMap<>();
    int self = (int) ProcessHandle.current().pid();
    try (TraceReader reader = TraceReader.open(trace)) {
      for (TraceRecord r : reader) {
        String path = r.path() == null ? "" : java.net.URI.create(r.path()).getPath();
        if (!path.startsWith(iorDir)) {
          continue;
        }
        String phase = path.substring(iorDir.length()).split("/")[0];
        EventContext c = r.context();
        if (c.hasRank()) {
          firstRankRecord.merge(phase, r.startNs(), Math::min);
        }
        if (r.op().isWrite() && r.bytes() > 0) {
          assertThat(c.pid()).as("IOR write at %s from the runner's own process", path).isNotEqualTo(self);
          assertThat(c.jobId()).as("job of IOR write at %s", path).startsWith("job_");
          writersByPhaseAndRank.computeIfAbsent(phase, k -> new java.util.TreeMap<>())
              .computeIfAbsent(c.rank(), k -> new java.util.TreeSet<>()).add(c.pid());
        }
      }
    }
    assertThat(writersByPhaseAndRank).hasSize(2);
    for (Map<Integer, java.util.Set<Integer>> ranks : writersByPhaseAndRank.values()) {
      assertThat(ranks.keySet()).containsExactly(0, 1);
      assertThat(ranks.values()).allSatisfy(pids -> assertThat(pids).hasSize(1));
      assertThat(ranks.get(0)).doesNotContainAnyElementsOf(ranks.get(1));
    }
    return firstRankRecord;
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
      MixCli.assertTraceMatches(mix, results, "/mix", true);
    } finally {
      System.setProperty("pfsmix.home", home);
    }
    assertThat(System.getProperty("fs.pfs.posix.root")).as("system properties restored after the run").isNull();
  }

  @Test
  void onTheLocalCephCluster() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/ceph-mon")), "Ceph is not installed (no /usr/bin/ceph-mon)");
    assumeTrue(MixCli.classPresent("io.pfsmix.fs.ceph.CephFsBackendFactory"),
        "the CephFS backend (fs-ceph) is not built: it is built only where libcephfs-dev is installed");
    Path results = out.resolve("ceph");
    // jobs on YARN: its node manager and containers must reach CephFS through configuration they build themselves
    MixResults mix = runComplete(results, "--fs", "ceph", "--jobs", "yarn-mini", "--patterns", "n-to-1", "--dir", "/mix");
    assertThat(mix.environment().get("ceph").get("file system")).contains("CephFS");
    assertThat(mix.environment().get("ceph").get("jobs")).contains("MiniMRYarnCluster");
    assertProbedBesideComputing(mix.environment().get("ceph"));
    MixCli.assertTraceMatches(mix, results, "/mix", true);
    // no call waited for the MDS to time out the session of a task JVM killed before it unmounted (60 s): the
    // runner's open of each TFIDF job's output did, when YARN killed finished tasks 100 ms after SIGTERM
    try (TraceReader reader = TraceReader.open(results.resolve(ResultsFiles.MERGED_TRACE))) {
      assertThat(reader.stream().filter(r -> r.durationNs() >= 60_000_000_000L).map(TraceRecord::toString))
          .isEmpty();
    }
  }

  @Test
  void onTheLocalOrangefs() throws Exception {
    nToOneOnALocalBuild("orangefs", "OrangeFS", "sbin/pvfs2-server", "io.pfsmix.fs.orangefs.OrangefsBackendFactory");
  }

  /** The study's CloudStore half on CloudStore's successor: IOR N-to-1 beside TF-IDF on a local QFS. */
  @Test
  void onTheLocalQfs() throws Exception {
    nToOneOnALocalBuild("qfs", "QFS", "bin/metaserver", "io.pfsmix.fs.qfs.QfsBackendFactory");
  }

  /**
   * The mix with IOR N-to-1 on the file system {@code fs} ./pfsmix starts from the build scripts/FS-build.sh made;
   * skipped, with the reason, where that build or the backend module ({@code factory}) is missing.
   */
  private void nToOneOnALocalBuild(String fs, String name, String installedFile, String factory) throws Exception {
    assumeTrue(Files.isRegularFile(Path.of(System.getProperty("user.home"), ".cache/pfsmix", fs, "current/install",
        installedFile)), name + " is not built (scripts/" + fs + "-build.sh builds it from its source tarball;"
        + " ./run-tests runs it)");
    assumeTrue(MixCli.classPresent(factory), "the " + name + " backend (fs-" + fs + ") is not built: it is built"
        + " only where " + name + "'s headers are found");
    Path results = out.resolve(fs);
    MixResults mix = runComplete(results, "--fs", fs, "--patterns", "n-to-1", "--dir", "/mix");
    assertThat(mix.environment().get(fs).get("file system")).contains(name);
    assertProbedBesideComputing(mix.environment().get(fs));
    MixCli.assertTraceMatches(mix, results, "/mix", true);
  }

  /**
   * The servers run here: the storage probe ran the checkpoint (2 segments of the mix's 2 x 256 KiB make its 1 MiB)
   * alone and beside a computing thread, three rounds each, and recorded the ratio where the rounds told it apart.
   */
  private static void assertProbedBesideComputing(Map<String, String> environment) {
    assertThat(environment.get("storage probe: checkpoint beside a computing thread"))
        .startsWith("pfsmix ior -a HADOOP -w -i 1 -N 2 -b 262144 -t 65536 -s 2 -o /mix/probe-busy/checkpoint");
    String rounds = environment.get("storage probe: checkpoint MiB/s alone and beside a computing thread");
    assertThat(rounds).matches("alone [0-9.]+, [0-9.]+, [0-9.]+; beside it [0-9.]+, [0-9.]+, [0-9.]+ \\(IOR's write"
        + " bandwidth per round, in turn\\)(; the rounds overlap, so no slowdown is recorded)?");
    String slowdown = environment.get("storage probe: slowdown beside a computing thread");
    assertThat(slowdown == null).isEqualTo(rounds.endsWith("no slowdown is recorded"));
    if (slowdown != null) {
      assertThat(Double.parseDouble(slowdown)).isGreaterThan(1);
    }
  }

  @Test
  void onAFileUriTracedWithTheLocalJobRunner() throws Exception {
    // the local job runner casts file: to LocalFileSystem: bound to TracingFileSystem, every traced phase failed with
    // ClassCastException; file: keeps a LocalFileSystem that traces (TracingLocalFileSystem)
    Path results = out.resolve("file");
    String dir = out.resolve("file-mix").toString();
    MixResults mix = runComplete(results, "--fs", "file:///", "--patterns", "n-to-n", "--dir", dir);
    long ior = mix.phases().stream().flatMap(p -> p.workloads().stream()).filter(w -> w.workload().equals("ior"))
        .mapToLong(WorkloadResult::bytes).sum();
    assertThat(ior).isEqualTo(2 * 2 * 256 * 1024 * 4);
    Map<String, Long> traced = MixCli.traceBytes(results.resolve(ResultsFiles.MERGED_TRACE), List.of(dir + "/ior/"));
    // below the checksum layer: the checkpoints and their .crc files (4 bytes per 512)
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "write", dir + "/ior/")).isEqualTo(ior + ior / 512 * 4 + 2 * 2
        * 8);
  }

  private static MixResults runComplete(Path results, String... more) throws Exception {
    Cli.Run run = MixCli.run(MixCli.smallMix(results, more).toArray(new String[0]));
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    return mix;
  }

}
