package io.pfsmix.fs.contract;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.contract.AbstractFSContract;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsTestFileSystems;

/**
 * Hadoop's FileSystem contract bound to pfs://. The POSIX backend runs on one temporary root per test JVM; another
 * backend's tests subclass this, pass their own contract XML and override {@link #configureBackend}.
 */
public class PfsContract extends AbstractFSContract {

  public static final String CONTRACT_XML = "contract/pfs.xml";

  private static java.nio.file.Path posixRoot;

  private FileSystem fileSystem;

  public PfsContract(Configuration conf) {
    this(conf, CONTRACT_XML);
  }

  protected PfsContract(Configuration conf, String contractResource) {
    super(conf);
    addConfResource(contractResource);
  }

  /** Points the configuration at the backend under test; here the POSIX backend on a per-JVM temporary root. */
  protected void configureBackend(Configuration conf) throws IOException {
    conf.set(PfsConfigKeys.BACKEND, "posix");
    conf.set(PfsConfigKeys.POSIX_ROOT, sharedPosixRoot().toString());
  }

  private static synchronized java.nio.file.Path sharedPosixRoot() throws IOException {
    if (posixRoot == null) {
      posixRoot = PfsTestFileSystems.newRoot("contract");
    }
    return posixRoot;
  }

  @Override
  public void init() throws IOException {
    super.init();
    Configuration conf = new Configuration(getConf());
    conf.setBoolean("fs.pfs.impl.disable.cache", true);
    configureBackend(conf);
    fileSystem = PfsTestFileSystems.newFileSystem(conf);
  }

  @Override
  public void teardown() throws IOException {
    if (fileSystem != null) {
      fileSystem.close();
      fileSystem = null;
    }
    super.teardown();
  }

  @Override
  public FileSystem getTestFileSystem() {
    return fileSystem;
  }

  @Override
  public String getScheme() {
    return PfsConfigKeys.SCHEME;
  }

  @Override
  public Path getTestPath() {
    return new Path("/test");
  }
}
