package io.pfsmix.fs.qfs.contract;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.contract.ClusterContract;
import io.pfsmix.fs.qfs.QfsTestCluster;

/** Hadoop's FileSystem contract for {@code pfs://} on the QFS backend ({@code fs.pfs.backend=qfs}). */
public class QfsContract extends ClusterContract {

  public QfsContract(Configuration conf) {
    super(conf, "contract/qfs.xml", PfsConfigKeys.SCHEME, root -> QfsTestCluster.get().configuration(root));
  }
}
