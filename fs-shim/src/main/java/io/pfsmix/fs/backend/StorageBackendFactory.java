package io.pfsmix.fs.backend;

import java.io.IOException;
import java.net.URI;

import org.apache.hadoop.conf.Configuration;

/**
 * Creates a backend by name ({@code fs.pfs.backend}); found through {@link java.util.ServiceLoader}, so a backend with
 * native dependencies (libcephfs) is only loaded when selected.
 */
public interface StorageBackendFactory {

  /** The value of {@code fs.pfs.backend} that selects this backend, e.g. "posix". */
  String name();

  StorageBackend create(URI fileSystemUri, Configuration conf) throws IOException;
}
