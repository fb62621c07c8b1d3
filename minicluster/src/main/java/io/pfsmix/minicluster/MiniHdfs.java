package io.pfsmix.minicluster;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** The project's in-process HDFS: a MiniDFSCluster of one datanode, everything under one directory. */
public final class MiniHdfs {

  private MiniHdfs() {
  }

  /**
   * Starts the cluster with {@code conf}'s settings, its name and data directories under {@code baseDir}, and returns it
   * once it serves; a cluster that fails to come up is shut down before the failure is thrown.
   */
  public static MiniDFSCluster start(Configuration conf, Path baseDir) throws IOException {
    Configuration hdfsConf = new Configuration(conf);
    hdfsConf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, baseDir.toString());
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(hdfsConf, baseDir.toFile()).numDataNodes(1).build();
    try {
      cluster.waitActive();
    } catch (IOException | RuntimeException | Error e) {
      cluster.shutdown();
      throw e;
    }
    return cluster;
  }
}
