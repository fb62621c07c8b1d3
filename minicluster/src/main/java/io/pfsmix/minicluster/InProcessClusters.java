package io.pfsmix.minicluster;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * The in-process clusters as a program that must not depend on Hadoop's test classes sees them (the mix runner, which
 * finds this class only when the distribution ships it): nothing of MiniDFSCluster or MiniMRYarnCluster in the
 * signatures, so the caller compiles against this class alone.
 */
public final class InProcessClusters {

  /** What a client of a started cluster needs ({@link #clientConf}), and how to stop the cluster. */
  public record Running(Configuration clientConf, String description, AutoCloseable stop) {
  }

  private InProcessClusters() {
  }

  /** {@link MiniHdfs#start}; its client configuration holds fs.defaultFS. */
  public static Running hdfs(Configuration conf, Path baseDir) throws IOException {
    MiniDFSCluster cluster = MiniHdfs.start(conf, baseDir);
    Configuration client = new Configuration(false);
    client.set(FileSystem.FS_DEFAULT_NAME_KEY, cluster.getURI().toString());
    return new Running(client, "MiniDFSCluster at " + cluster.getURI() + " (1 datanode)", cluster::shutdown);
  }

  /** {@link MiniYarn#start}; its client configuration is the cluster's, addresses included. */
  public static Running yarn(String name, Configuration conf, Path workDir) {
    MiniMRYarnCluster cluster = MiniYarn.start(name, conf, workDir);
    return new Running(cluster.getConfig(), "MiniMRYarnCluster, 1 node manager", cluster::stop);
  }
}
