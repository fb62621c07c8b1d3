package io.pfsmix.fs.backend;

/** Optional abilities of a {@link StorageBackend}; the FileSystem reports them as path capabilities. */
public enum BackendCapability {
  APPEND,
  /** Several writers in one file at independent offsets (IOR's N-to-1). */
  SHARED_WRITES,
  TRUNCATE,
  XATTRS,
  PERMISSIONS
}
