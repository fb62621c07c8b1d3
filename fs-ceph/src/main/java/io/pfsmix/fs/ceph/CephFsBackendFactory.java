package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.net.URI;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendFactory;

/** Selected by {@code fs.pfs.backend=cephfs}: mounts CephFS as the {@code fs.pfs.cephfs.*} keys say. */
public final class CephFsBackendFactory implements StorageBackendFactory {

  @Override
  public String name() {
    return CephConfigKeys.BACKEND_NAME;
  }

  @Override
  public StorageBackend create(URI fileSystemUri, Configuration conf) throws IOException {
    return CephFsBackend.mount(conf);
  }
}
