package io.pfsmix.fs.ceph;

import io.pfsmix.fs.FixedBackendFileSystem;

/**
 * {@code ceph://} — the pfs file system fixed to the CephFS backend; the {@code fs.pfs.cephfs.*} keys choose the
 * cluster.
 */
public class CephFileSystem extends FixedBackendFileSystem {

  public CephFileSystem() {
    super(CephConfigKeys.SCHEME, CephConfigKeys.BACKEND_NAME);
  }
}
