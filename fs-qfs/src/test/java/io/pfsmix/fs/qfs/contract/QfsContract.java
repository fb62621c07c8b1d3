package io.pfsmix.fs.qfs.contract;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

import io.pfsmix.fs.qfs.QfsTestCluster;

/**
 * Hadoop's FileSystem contract for {@code pfs://} on the QFS backend ({@code fs.pfs.backend=qfs}) on the test run's
 * file system, rooted at /contract. The suites' own file system instances are Hadoop's cached ones; the cluster's end
 * closes them.
 */
public class QfsContract extends AbstractFSContract {

  public static final String CONTRACT_XML = "contract/qfs.xml";

  public QfsContract(Configuration conf) {
    super(conf);
    addConfResource(CONTRACT_XML);
  }

  @Override
  public FileSystem getTestFileSystem() throws IOException {
    Configuration conf = new Configuration(getConf());
    for (Map.Entry<String, String> entry : QfsTestCluster.get().configuration("/contract")) {
      conf.set(entry.getKey(), entry.getValue());
    }
    return FileSystem.get(URI.create("pfs:///"), conf);
  }

  @Override
  public String getScheme() {
    return "pfs";
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }
}
