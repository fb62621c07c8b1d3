package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.service.ServiceOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
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

  @Test
  void mixRunsOnAClusterKnownOnlyByItsConfigurationDirectory() throws Exception {
    // what a cluster's client configuration directory holds: its addresses and settings, as site files
    Path confDir = Files.createDirectories(out.resolve("cluster-conf"));
    try (OutputStream site = Files.newOutputStream(confDir.resolve("yarn-site.xml"))) {
      yarn.getConfig().writeXml(site);
    }
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
}
