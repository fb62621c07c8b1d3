package io.pfsmix.fs.orangefs.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractConcatTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestOrangefsContractConcat extends AbstractContractConcatTest {

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return new OrangefsContract(conf);
  }
}
