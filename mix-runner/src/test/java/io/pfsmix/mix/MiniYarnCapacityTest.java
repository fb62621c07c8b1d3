package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.Test;

class MiniYarnCapacityTest {

  @Test
  void roomForBothJobsWithTheMixsDefaultRanks() {
    Configuration conf = new Configuration(false);
    MiniYarnCapacity.apply(conf, 4);
    // per job: its AM (1536 MB, rounded up to the scheduler's 1024 MB steps: 2048) and 4 tasks of 1024 MB
    assertThat(conf.getInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, 0)).isEqualTo(2 * (2048 + 4 * 1024));
    assertThat(conf.getInt(YarnConfiguration.NM_VCORES, 0)).isEqualTo(10);
    assertThat(conf.getFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0)).isEqualTo(0.5f);
    assertThat(conf.get("yarn.scheduler.capacity.root.default.ordering-policy")).isEqualTo("fair");
  }

  @Test
  void followsConfiguredContainerSizesAndNeverShrinks() {
    Configuration conf = new Configuration(false);
    conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    conf.setInt("mapreduce.map.memory.mb", 500);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
    MiniYarnCapacity.apply(conf, 2);
    assertThat(conf.getInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, 0)).as("at least the default 4096")
        .isEqualTo(4096);
    conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, 1024);
    MiniYarnCapacity.apply(conf, 2);
    assertThat(conf.getInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, 0)).isEqualTo(2 * (512 + 2 * 512));
  }

  @Test
  void threadPlacementLeavesTheClusterAsItWas() {
    Configuration conf = new Configuration(false);
    assertThat(MiniYarnCapacity.apply(conf, 0).describe()).isEqualTo("4096 MB, 8 vcores");
    assertThat(conf.get(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB)).isNull();
    assertThat(conf.get("yarn.scheduler.capacity.root.default.ordering-policy")).isNull();
  }
}
