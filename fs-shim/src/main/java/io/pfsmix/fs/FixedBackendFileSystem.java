package io.pfsmix.fs;

import java.io.IOException;
import java.net.URI;

import org.apache.hadoop.conf.Configuration;

/**
 * A scheme of its own for one backend ({@code ceph://}, {@code ofs://}): the pfs file system fixed to that backend,
 * with the same Hadoop semantics, buffering and statistics as {@code pfs://}, whatever {@code fs.pfs.backend} says.
 * The URI's authority is kept (it keys Hadoop's FileSystem cache) but chooses nothing: the backend's keys do.
 */
public abstract class FixedBackendFileSystem extends PfsFileSystem {

  private final String scheme;
  private final String backendName;
  private URI uri;

  protected FixedBackendFileSystem(String scheme, String backendName) {
    this.scheme = scheme;
    this.backendName = backendName;
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    // Set before the pfs initialization, which qualifies the home directory with getUri().
    String authority = name.getAuthority();
    uri = URI.create(scheme + "://" + (authority == null ? "" : authority) + "/");
    Configuration fixed = new Configuration(conf);
    fixed.set(PfsConfigKeys.BACKEND, backendName);
    super.initialize(name, fixed);
  }

  @Override
  public String getScheme() {
    return scheme;
  }

  @Override
  public URI getUri() {
    return uri;
  }
}
