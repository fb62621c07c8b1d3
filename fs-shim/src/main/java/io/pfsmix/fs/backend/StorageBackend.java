package io.pfsmix.fs.backend;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The operations the pfs FileSystem needs from one parallel file system API — one table per storage API, as IOR's aiori
 * backends have. Everything Hadoop-specific (qualified paths, statistics, buffering, the jail) lives above this interface,
 * so a backend is a thin, direct mapping onto its native calls.
 *
 * <p>Paths are absolute, '/'-separated and relative to the backend's own root ("/" is that root), normalized by the
 * caller (no empty, "." or ".." components). Resolving them is the backend's own work, and it holds the jail: no
 * symlink (absolute, or relative with ".." that climbs out), however deep, and no directory renamed or swapped for a
 * symlink while a call runs may lead any operation outside the root; such a call fails with
 * {@link org.apache.hadoop.security.AccessControlException} naming the path. Symlinks inside the root are followed in
 * every component but the last one of {@link #stat}, {@link #mkdir}, {@link #delete} and {@link #rename}, which act
 * on a link itself. Missing paths raise {@link java.io.FileNotFoundException}, existing targets
 * {@link org.apache.hadoop.fs.FileAlreadyExistsException}, unsupported operations
 * {@link UnsupportedOperationException} naming the backend.
 */
public interface StorageBackend extends Closeable {

  /** Short name used in messages, statistics and traces, e.g. "posix" or "cephfs". */
  String name();

  /** What this backend can do beyond the basic operations. */
  Set<BackendCapability> capabilities();

  /** The entry at {@code path} itself: a symlink there is reported as the link, with its target as stored. */
  FileInfo stat(String path) throws IOException;

  /** The entry {@code path} leads to, every symlink followed; the info keeps {@code path} and is never a symlink. */
  FileInfo statFollowingLinks(String path) throws IOException;

  /** Entries of a directory, in no particular order. */
  List<FileInfo> list(String directory) throws IOException;

  /** Creates one directory level; the parent exists. */
  void mkdir(String path, FsPermission permission) throws IOException;

  /** Deletes a file, symlink or empty directory. */
  void delete(String path) throws IOException;

  /** Renames atomically; the destination does not exist. */
  void rename(String source, String destination) throws IOException;

  ReadHandle openForRead(String path) throws IOException;

  /** Creates (or truncates, when {@code options.overwrite()}) a file for writing from offset 0. */
  WriteHandle create(String path, CreateOptions options) throws IOException;

  /** Opens an existing file for writing at its end. Requires {@link BackendCapability#APPEND}. */
  WriteHandle openForAppend(String path) throws IOException;

  /**
   * Opens a file, creating it if absent but never truncating it, for writes at arbitrary offsets by this and other
   * writers at once (N-to-1). Requires {@link BackendCapability#SHARED_WRITES}.
   */
  WriteHandle openShared(String path, CreateOptions options) throws IOException;

  void truncate(String path, long length) throws IOException;

  /** Appends the sources' contents to the target in order, then deletes the sources. */
  void concat(String target, List<String> sources) throws IOException;

  void setTimes(String path, long modificationTimeMillis, long accessTimeMillis) throws IOException;

  void setPermission(String path, FsPermission permission) throws IOException;

  void setOwner(String path, String user, String group) throws IOException;

  /** Requires {@link BackendCapability#XATTRS}; PfsFileSystem never calls it on a backend without. */
  default Map<String, byte[]> getXAttrs(String path) throws IOException {
    throw noXAttrs();
  }

  /** Requires {@link BackendCapability#XATTRS}. */
  default void setXAttr(String path, String name, byte[] value, boolean create, boolean replace) throws IOException {
    throw noXAttrs();
  }

  /** Requires {@link BackendCapability#XATTRS}. */
  default void removeXAttr(String path, String name) throws IOException {
    throw noXAttrs();
  }

  private UnsupportedOperationException noXAttrs() {
    return new UnsupportedOperationException("the " + name() + " backend has no extended attributes");
  }

  /**
   * Where the bytes of {@code [start, start + length)} of a file live: one location per stripe (or object) that the
   * range touches, with the hosts that store it.
   */
  BlockLocation[] blockLocations(String path, FileInfo file, long start, long length) throws IOException;

  /** Capacity, used and remaining bytes of the storage holding the backend's root, as df reports them. */
  FsStatus status() throws IOException;

  /** Preferred read-ahead size for a file, or 0 to use the configured default. */
  default int preferredBufferSize(FileInfo file) {
    return 0;
  }

  /**
   * A buffer of the kind this backend's native calls fill without an extra copy: direct for channel I/O and for JNI
   * bindings that take a buffer's address.
   */
  ByteBuffer allocateBuffer(int capacity);
}
