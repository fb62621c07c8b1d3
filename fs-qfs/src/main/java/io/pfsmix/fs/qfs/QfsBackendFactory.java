package io.pfsmix.fs.qfs;

import java.io.IOException;
import java.net.URI;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendFactory;

/** Selected by {@code fs.pfs.backend=qfs}: connects to QFS as the {@code fs.pfs.qfs.*} keys say. */
public final class QfsBackendFactory implements StorageBackendFactory {

  @Override
  public String name() {
    return QfsConfigKeys.BACKEND_NAME;
  }

  @Override
  public StorageBackend create(URI fileSystemUri, Configuration conf) throws IOException {
    return QfsBackend.connect(conf);
  }
}
