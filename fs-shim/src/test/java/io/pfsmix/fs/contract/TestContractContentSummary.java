package io.pfsmix.fs.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractContentSummaryTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestContractContentSummary extends AbstractContractContentSummaryTest {

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return ContractUnderTest.create(conf);
  }
}
