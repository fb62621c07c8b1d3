package io.pfsmix.minicluster;

import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.service.ServiceOperations;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The project's in-process YARN cluster: a MiniMRYarnCluster of one node manager, set up one way for the mix
 * ({@code --jobs yarn-mini}) and for every test that runs jobs on YARN.
 */
public final class MiniYarn {

  private MiniYarn() {
  }

  /**
   * Starts the cluster with {@code conf}'s settings and the tweaks below, its temporary files under {@code workDir}; a
   * cluster that fails to start is stopped before the failure is thrown. {@code getConfig()} of the cluster is what a
   * job client needs.
   */
  public static MiniMRYarnCluster start(String name, Configuration conf, Path workDir) {
    Configuration yarnConf = new Configuration(conf);
    // cleaning up a container whose process never started waits 100 ms for its pid, not 5 s (a killed job's tasks)
    yarnConf.setLong(YarnConfiguration.NM_PROCESS_KILL_WAIT_MS, 100);
    // a finished task's JVM gets SIGTERM as it exits and must live to run its shutdown hooks: a CephFS client killed
    // before it unmounts keeps its capabilities until the MDS times its session out (60 s), and the next stat of a file
    // it wrote waits that long (a job's output, read by the client right after the job)
    yarnConf.setLong(YarnConfiguration.NM_SLEEP_DELAY_BEFORE_SIGKILL_MS, 10_000);
    // a JVM reserves far more virtual memory than a test-sized container allows
    yarnConf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    yarnConf.set("hadoop.tmp.dir", workDir.resolve("yarn-tmp").toString());
    MiniMRYarnCluster cluster = new MiniMRYarnCluster(name, 1);
    try {
      cluster.init(yarnConf);
      cluster.start();
    } catch (RuntimeException | Error e) {
      ServiceOperations.stopQuietly(cluster);
      throw e;
    }
    return cluster;
  }

  /** {@code conf} without the job history server, which takes seconds to start: for tests that do not read it. */
  public static Configuration withoutHistoryServer(Configuration conf) {
    conf.setBoolean(MiniMRYarnCluster.MR_HISTORY_MINICLUSTER_ENABLED, false);
    return conf;
  }
}
