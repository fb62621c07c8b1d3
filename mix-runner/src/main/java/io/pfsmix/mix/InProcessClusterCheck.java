package io.pfsmix.mix;

import io.pfsmix.minicluster.InProcessClusters;

/**
 * Whether the in-process clusters can start here: the runner compiles against the minicluster module, but only the
 * distribution ships it (with Hadoop's test classes and JUnit, which MiniDFSCluster and MiniMRYarnCluster need), so a
 * mix asking for one is refused before anything runs when it is missing.
 */
final class InProcessClusterCheck {

  private InProcessClusterCheck() {
  }

  static void require(String key, String value) {
    try {
      // loads without initialising or linking, so nothing of Hadoop's minicluster is resolved here
      InProcessClusters.class.getName();
    } catch (NoClassDefFoundError e) {
      throw new MixConfigException(key, value + " starts an in-process cluster, and this classpath lacks the"
          + " pfsmix-minicluster module that does (./pfsmix ships it; a program using the runner as a library adds it)");
    }
  }
}
