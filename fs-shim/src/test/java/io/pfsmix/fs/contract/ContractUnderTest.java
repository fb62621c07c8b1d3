package io.pfsmix.fs.contract;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.contract.AbstractFSContract;

/**
 * The contract the TestContract* suites here run against: {@link PfsContract}, or the class the system property
 * {@value #PROPERTY} names. The backend modules (fs-ceph, fs-orangefs) run these same suites from fs-shim's test jar
 * with the property set to their own contract (their surefire configuration), so each suite is bound once.
 */
public final class ContractUnderTest {

  /** A contract class with a public (Configuration) constructor. */
  public static final String PROPERTY = "pfsmix.contract";

  private ContractUnderTest() {
  }

  static AbstractFSContract create(Configuration conf) {
    String name = System.getProperty(PROPERTY, PfsContract.class.getName());
    try {
      return Class.forName(name).asSubclass(AbstractFSContract.class).getConstructor(Configuration.class)
          .newInstance(conf);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new IllegalStateException("system property " + PROPERTY + " = " + name + ": not a contract class with a"
          + " public (Configuration) constructor", e);
    }
  }
}
