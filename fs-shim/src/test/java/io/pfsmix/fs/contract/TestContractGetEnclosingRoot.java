package io.pfsmix.fs.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractGetEnclosingRoot;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestContractGetEnclosingRoot extends AbstractContractGetEnclosingRoot {

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return ContractUnderTest.create(conf);
  }
}
