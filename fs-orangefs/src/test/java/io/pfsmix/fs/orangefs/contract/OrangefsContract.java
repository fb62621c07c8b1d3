package io.pfsmix.fs.orangefs.contract;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.contract.ClusterContract;
import io.pfsmix.fs.orangefs.OrangefsConfigKeys;
import io.pfsmix.fs.orangefs.OrangefsTestCluster;

/** Hadoop's FileSystem contract for {@code ofs://} (the pfs shim fixed to the OrangeFS backend). */
public class OrangefsContract extends ClusterContract {

  public OrangefsContract(Configuration conf) {
    super(conf, "contract/orangefs.xml", OrangefsConfigKeys.SCHEME,
        root -> OrangefsTestCluster.get().configuration(root));
  }
}
