package io.pfsmix.fs.orangefs.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractCopyFromLocalTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestOrangefsContractCopyFromLocal extends AbstractContractCopyFromLocalTest {

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return new OrangefsContract(conf);
  }
}
