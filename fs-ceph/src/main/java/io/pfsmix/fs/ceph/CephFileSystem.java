package io.pfsmix.fs.ceph;

import io.pfsmix.fs.PfsFileSystem;

/**
 * {@code ceph://} — the pfs file system fixed to the CephFS backend; the {@code fs.pfs.cephfs.*} keys choose the
 * cluster.
 */
public class CephFileSystem extends PfsFileSystem {

  public CephFileSystem() {
    super(CephConfigKeys.SCHEME, CephConfigKeys.BACKEND_NAME);
  }
}
