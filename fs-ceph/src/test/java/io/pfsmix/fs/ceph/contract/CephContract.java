package io.pfsmix.fs.ceph.contract;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.ceph.CephTestCluster;
import io.pfsmix.fs.contract.PfsContract;

/** Hadoop's FileSystem contract for pfs:// on the CephFS backend, on the test run's cluster, rooted at /contract. */
public class CephContract extends PfsContract {

  public static final String CONTRACT_XML = "contract/cephfs.xml";

  public CephContract(Configuration conf) {
    super(conf, CONTRACT_XML);
  }

  @Override
  protected void configureBackend(Configuration conf) throws IOException {
    Configuration ceph = CephTestCluster.get().configuration("/contract");
    for (java.util.Map.Entry<String, String> entry : ceph) {
      conf.set(entry.getKey(), entry.getValue());
    }
  }
}
