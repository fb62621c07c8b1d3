package io.pfsmix.fs.ceph.contract;

import java.io.IOException;
import java.net.URI;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

import io.pfsmix.fs.ceph.CephConfigKeys;
import io.pfsmix.fs.ceph.CephTestCluster;

/**
 * Hadoop's FileSystem contract for {@code ceph://} (the pfs shim fixed to the CephFS backend) on the test run's
 * cluster, rooted at /contract. One file system serves every test of the JVM: a libcephfs unmount waits about a second
 * for the MDS session to close, which per test would cost minutes. It is closed when the test run ends.
 */
public class CephContract extends AbstractFSContract {

  public static final String CONTRACT_XML = "contract/cephfs.xml";

  private static FileSystem shared;

  public CephContract(Configuration conf) {
    super(conf);
    addConfResource(CONTRACT_XML);
  }

  @Override
  public void init() throws IOException {
    super.init();
    sharedFileSystem(getConf());
  }

  private static synchronized FileSystem sharedFileSystem(Configuration base) throws IOException {
    if (shared == null) {
      Configuration conf = new Configuration(base);
      for (Map.Entry<String, String> entry : CephTestCluster.get().configuration("/contract")) {
        conf.set(entry.getKey(), entry.getValue());
      }
      shared = FileSystem.newInstance(URI.create(CephConfigKeys.SCHEME + ":///"), conf);
      CephTestCluster.closeBeforeStop(shared);
    }
    return shared;
  }

  @Override
  public FileSystem getTestFileSystem() throws IOException {
    return sharedFileSystem(getConf());
  }

  @Override
  public String getScheme() {
    return CephConfigKeys.SCHEME;
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }
}
