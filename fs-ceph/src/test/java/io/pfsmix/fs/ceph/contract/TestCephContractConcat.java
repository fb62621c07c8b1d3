package io.pfsmix.fs.ceph.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractConcatTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestCephContractConcat extends AbstractContractConcatTest {

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return new CephContract(conf);
  }
}
