package io.pfsmix.fs.backend;

import org.apache.hadoop.conf.Configuration;

/**
 * Wraps the backend that the pfs FileSystem talks to, for example to trace what reaches storage behind the read-ahead
 * buffer. Implementations are named in {@code fs.pfs.backend.decorators} and need a public no-argument constructor.
 */
public interface StorageBackendDecorator {

  StorageBackend decorate(StorageBackend backend, Configuration conf);
}
