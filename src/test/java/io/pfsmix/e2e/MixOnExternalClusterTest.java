package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.service.ServiceOperations;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixKeys;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.MixRunner;
import io.pfsmix.mix.MixSettings;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.Progress;
import io.pfsmix.minicluster.MiniHdfs;
import io.pfsmix.minicluster.MiniYarn;
import io.pfsmix.mix.ResultsFiles;

/**
 * {@code --jobs cluster:CONF_DIR} and {@code --fs hdfs://...}: a mix against a cluster it did not start, known only by
 * its configuration directory and its namenode's URI, as a user points the runner at a real cluster. The cluster here is
 * HDFS and YARN started beside the runner, reached over their RPC ports on 127.0.0.1. IOR's ranks run as YARN tasks there,
 * the default on a cluster.
 */
class MixOnExternalClusterTest {

  private static MiniDFSCluster hdfs;
  private static MiniMRYarnCluster yarn;

  @TempDir
  static Path clusterDir;

  @TempDir
  Path out;

  @BeforeAll
  static void startCluster() throws Exception {
    hdfs = MiniHdfs.start(new Configuration(), clusterDir.resolve("hdfs"));
    yarn = MiniYarn.start("pfsmix-external", hdfs.getConfiguration(0), clusterDir);
  }

  @AfterAll
  static void stopCluster() {
    ServiceOperations.stop(yarn);
    if (hdfs != null) {
      hdfs.shutdown();
    }
  }

  /** What a cluster's client configuration directory holds: its addresses and settings, as site files. */
  private Path clusterConf() throws IOException {
    Path confDir = Files.createDirectories(out.resolve("cluster-conf"));
    try (OutputStream site = Files.newOutputStream(confDir.resolve("yarn-site.xml"))) {
      yarn.getConfig().writeXml(site);
    }
    return confDir;
  }

  @Test
  void mixRunsOnAClusterKnownOnlyByItsConfigurationDirectory() throws Exception {
    Path confDir = clusterConf();
    String namenode = hdfs.getURI().toString();
    Path results = out.resolve("results");
    Cli.Run run = MixCli.run(MixCli.smallMix(results, "--fs", namenode, "--jobs", "cluster:" + confDir,
        "--patterns", "n-to-n", "--dir", "/mix").toArray(new String[0]));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.environment().get(namenode)).containsEntry("file system", namenode)
        .containsEntry("jobs", "cluster configured by " + confDir);
    assertThat(mix.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.TFIDF_ALONE, PhaseKind.IOR_ALONE,
        PhaseKind.MIXED);
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    // the classifier and, by default on a cluster, IOR's ranks ran as jobs of that cluster: its resource manager knows
    // one classifier and one IOR job per phase that ran them
    assertThat(yarn.getResourceManager().getRMContext().getRMApps().values())
        .filteredOn(app -> app.getName().startsWith("tfidf-classify ")).hasSize(2);
    assertThat(yarn.getResourceManager().getRMContext().getRMApps().values())
        .filteredOn(app -> app.getName().startsWith("IOR ")).hasSize(2);
    // and the data went to that cluster's HDFS
    assertThat(hdfs.getFileSystem().exists(new org.apache.hadoop.fs.Path("/mix/tfidf/requests"))).isTrue();
    MixCli.assertTraceMatches(mix, results, "/mix", false);
  }

  /**
   * A user's jar job on the cluster is a YARN application that outlives its client: stopping the mix while it runs kills
   * it too.
   */
  @Test
  void stoppingTheMixKillsTheUsersJarJobOnTheCluster() throws Exception {
    Path sleepJar = out.resolve("sleeping.jar");
    MixCli.packJob(sleepJar, SleepingJob.class);
    try (FSDataOutputStream input = hdfs.getFileSystem().create(new org.apache.hadoop.fs.Path(
        "/stopped/analytics/input/one-line"))) {
      input.write("one line, one map task sleeping\n".getBytes(StandardCharsets.UTF_8));
    }
    Map<String, String> values = new HashMap<>();
    values.put(MixKeys.FS, hdfs.getURI().toString());
    values.put(MixKeys.JOBS, "cluster:" + clusterConf());
    values.put(MixKeys.DIR, "/stopped");
    values.put(MixKeys.PATTERNS, "n-to-n");
    // IOR's ranks as threads of the runner: only the user's job takes the cluster's time
    values.put(MixKeys.IOR_PLACEMENT, "threads");
    values.put(MixKeys.IOR_RANKS, "2");
    values.put(MixKeys.IOR_BLOCK, "256k");
    values.put(MixKeys.IOR_TRANSFER, "64k");
    values.put(MixKeys.IOR_SEGMENTS, "4");
    values.put(MixKeys.PROBE_SIZE, "0");
    values.put(MixKeys.ANALYTICS, "jar:" + sleepJar + " {dir}/input {out}");
    values.put(MixKeys.RESULTS, out.resolve("results").toString());
    MixRunner runner = MixRunner.of(MixSettings.parse(values), new Progress(System.err), System.out);
    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      // the warm-up runs both workloads: the sleep job is stopped there once YARN runs it
      Future<MixResults> mix = thread.submit(runner::run);
      RMApp sleep = awaitApp(app -> app.getName().equals("user sleeping job") && app.getState() == RMAppState.RUNNING,
          mix);
      runner.cancel("stopped by the test");
      MixResults results = mix.get(5, TimeUnit.MINUTES);

      assertThat(results.complete()).isFalse();
      assertThat(results.phases()).extracting(PhaseRecord::kind, PhaseRecord::status)
          .containsExactly(tuple(PhaseKind.WARMUP, PhaseRecord.CANCELLED));
      awaitApp(app -> app == sleep && app.getState() == RMAppState.KILLED, mix);
    } finally {
      thread.shutdownNow();
    }
  }

  /** Waits up to 3 minutes for an application of the cluster's resource manager that {@code which} accepts. */
  private static RMApp awaitApp(Predicate<RMApp> which, Future<MixResults> mix) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      for (RMApp app : yarn.getResourceManager().getRMContext().getRMApps().values()) {
        if (which.test(app)) {
          return app;
        }
      }
      if (mix.isDone()) {
        mix.get();
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no such application within 3 minutes: " + yarn.getResourceManager().getRMContext()
        .getRMApps().values().stream().map(a -> a.getName() + " " + a.getState()).toList());
  }
}
