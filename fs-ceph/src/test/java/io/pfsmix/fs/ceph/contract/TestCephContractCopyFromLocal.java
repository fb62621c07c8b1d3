package io.pfsmix.fs.ceph.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractCopyFromLocalTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestCephContractCopyFromLocal extends AbstractContractCopyFromLocalTest {

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return new CephContract(conf);
  }
}
