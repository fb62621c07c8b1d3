package io.pfsmix.fs.contract;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/**
 * Hadoop's FileSystem contract for a native backend's scheme on the test run's shared file system, rooted at
 * /contract. The suites' own file system instances are Hadoop's cached ones; the cluster's end closes them.
 */
public class ClusterContract extends AbstractFSContract {

  private final String scheme;
  private final Function<String, Configuration> clusterConfiguration;

  /**
   * @param clusterConfiguration the client settings of the test run's file system, rooted at the directory given
   */
  protected ClusterContract(Configuration conf, String contractResource, String scheme,
      Function<String, Configuration> clusterConfiguration) {
    super(conf);
    this.scheme = scheme;
    this.clusterConfiguration = clusterConfiguration;
    addConfResource(contractResource);
  }

  @Override
  public FileSystem getTestFileSystem() throws IOException {
    Configuration conf = new Configuration(getConf());
    for (Map.Entry<String, String> entry : clusterConfiguration.apply("/contract")) {
      conf.set(entry.getKey(), entry.getValue());
    }
    return FileSystem.get(URI.create(scheme + ":///"), conf);
  }

  @Override
  public String getScheme() {
    return scheme;
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }
}
