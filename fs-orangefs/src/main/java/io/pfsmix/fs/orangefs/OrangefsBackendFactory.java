package io.pfsmix.fs.orangefs;

import java.io.IOException;
import java.net.URI;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendFactory;

/** Selected by {@code fs.pfs.backend=orangefs}: connects to OrangeFS as the {@code fs.pfs.orangefs.*} keys say. */
public final class OrangefsBackendFactory implements StorageBackendFactory {

  @Override
  public String name() {
    return OrangefsConfigKeys.BACKEND_NAME;
  }

  @Override
  public StorageBackend create(URI fileSystemUri, Configuration conf) throws IOException {
    return OrangefsBackend.connect(conf);
  }
}
