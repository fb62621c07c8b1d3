package io.pfsmix.fs.orangefs.contract;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

import io.pfsmix.fs.orangefs.OrangefsConfigKeys;
import io.pfsmix.fs.orangefs.OrangefsTestCluster;

/**
 * Hadoop's FileSystem contract for {@code ofs://} (the pfs shim fixed to the OrangeFS backend) on the test run's file
 * system, rooted at /contract. The suites' own file system instances are Hadoop's cached ones; the cluster's end
 * closes them.
 */
public class OrangefsContract extends AbstractFSContract {

  public static final String CONTRACT_XML = "contract/orangefs.xml";

  public OrangefsContract(Configuration conf) {
    super(conf);
    addConfResource(CONTRACT_XML);
  }

  @Override
  public FileSystem getTestFileSystem() throws IOException {
    Configuration conf = new Configuration(getConf());
    for (Map.Entry<String, String> entry : OrangefsTestCluster.get().configuration("/contract")) {
      conf.set(entry.getKey(), entry.getValue());
    }
    return FileSystem.get(URI.create(OrangefsConfigKeys.SCHEME + ":///"), conf);
  }

  @Override
  public String getScheme() {
    return OrangefsConfigKeys.SCHEME;
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }
}
