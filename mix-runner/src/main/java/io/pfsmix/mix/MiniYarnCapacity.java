package io.pfsmix.mix;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * Sizes the in-process YARN cluster's one node manager so that a mixed phase's two jobs run at once: the TFIDF job and
 * the IOR job each get their application master and as many tasks as the IOR job has (its ranks meet at barriers, so
 * all of them must run together). Applications take turns by what they hold (fair ordering) rather than by age, so a
 * TFIDF job with more maps than fit cannot keep IOR's ranks waiting for its last wave.
 */
final class MiniYarnCapacity {

  private static final String AM_SHARE = "yarn.scheduler.capacity.maximum-am-resource-percent";
  private static final String ORDERING = "yarn.scheduler.capacity.root.default.ordering-policy";

  private final int memoryMb;
  private final int vcores;

  private MiniYarnCapacity(int memoryMb, int vcores) {
    this.memoryMb = memoryMb;
    this.vcores = vcores;
  }

  /**
   * Applies the sizing to the cluster's configuration before it starts; never shrinks what {@code yarnConf} already
   * gives. With {@code iorTasks} 0 (IOR's ranks are threads of the runner) TFIDF is the only job: nothing changes.
   */
  static MiniYarnCapacity apply(Configuration yarnConf, int iorTasks) {
    // Hadoop's own YARN and MapReduce keys, read as YARN itself reads them (getInt/getFloat), not by pfsmix's reader
    int configuredMemory = yarnConf.getInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB,
        YarnConfiguration.DEFAULT_YARN_MINICLUSTER_NM_PMEM_MB);
    int configuredVcores = yarnConf.getInt(YarnConfiguration.NM_VCORES, YarnConfiguration.DEFAULT_NM_VCORES);
    if (iorTasks == 0) {
      return new MiniYarnCapacity(configuredMemory, configuredVcores);
    }
    int step = yarnConf.getInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB,
        YarnConfiguration.DEFAULT_RM_SCHEDULER_MINIMUM_ALLOCATION_MB);
    int am = roundUp(yarnConf.getInt(MRJobConfig.MR_AM_VMEM_MB, MRJobConfig.DEFAULT_MR_AM_VMEM_MB), step);
    int configuredMap = yarnConf.getInt(MRJobConfig.MAP_MEMORY_MB, MRJobConfig.DEFAULT_MAP_MEMORY_MB);
    // non-positive: MapReduce's own default
    int map = roundUp(configuredMap > 0 ? configuredMap : MRJobConfig.DEFAULT_MAP_MEMORY_MB, step);
    int memory = Math.max(2 * (am + iorTasks * map), configuredMemory);
    int vcores = Math.max(2 * (1 + iorTasks), configuredVcores);
    yarnConf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, memory);
    yarnConf.setInt(YarnConfiguration.NM_VCORES, vcores);
    // two application masters at once (the default lets them hold a tenth of the cluster: one at a time)
    yarnConf.setFloat(AM_SHARE, Math.max(0.5f, yarnConf.getFloat(AM_SHARE, 0.1f)));
    yarnConf.set(ORDERING, "fair");
    return new MiniYarnCapacity(memory, vcores);
  }

  private static int roundUp(int mb, int step) {
    return step <= 0 ? mb : (mb + step - 1) / step * step;
  }

  /** For the mix's environment description. */
  String describe() {
    return memoryMb + " MB, " + vcores + " vcores";
  }
}
