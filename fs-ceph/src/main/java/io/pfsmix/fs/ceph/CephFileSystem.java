package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.net.URI;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsFileSystem;

/**
 * {@code ceph://} — the pfs file system fixed to the CephFS backend: the same Hadoop semantics, buffering and
 * statistics as {@code pfs://}, whatever {@code fs.pfs.backend} says. The URI's authority is kept (it keys Hadoop's
 * FileSystem cache) but does not choose the cluster: the {@code fs.pfs.cephfs.*} keys do.
 */
public class CephFileSystem extends PfsFileSystem {

  private URI uri;

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    // Set before the pfs initialization, which qualifies the home directory with getUri().
    String authority = name.getAuthority();
    uri = URI.create(CephConfigKeys.SCHEME + "://" + (authority == null ? "" : authority) + "/");
    Configuration cephConf = new Configuration(conf);
    cephConf.set(PfsConfigKeys.BACKEND, CephConfigKeys.BACKEND_NAME);
    super.initialize(name, cephConf);
  }

  @Override
  public String getScheme() {
    return CephConfigKeys.SCHEME;
  }

  @Override
  public URI getUri() {
    return uri;
  }
}
