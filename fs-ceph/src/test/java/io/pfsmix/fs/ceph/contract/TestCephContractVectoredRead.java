package io.pfsmix.fs.ceph.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractContractVectoredReadTest;
import org.apache.hadoop.fs.contract.AbstractFSContract;

class TestCephContractVectoredRead extends AbstractContractVectoredReadTest {

  TestCephContractVectoredRead(String bufferType) {
    super(bufferType);
  }

  @Override
  protected AbstractFSContract createContract(Configuration conf) {
    return new CephContract(conf);
  }
}
