package io.pfsmix.fs.backend;

import org.apache.hadoop.fs.permission.FsPermission;

/**
 * What a backend knows of one file system entry.
 *
 * @param path backend path ("/a/b")
 * @param symlinkTarget the link's target as stored, or null when the entry is not a symlink
 * @param blockSize the stripe or object size reported to Hadoop as the block size
 */
public record FileInfo(
    String path,
    boolean isDirectory,
    long length,
    long modificationTimeMillis,
    long accessTimeMillis,
    FsPermission permission,
    String owner,
    String group,
    long blockSize,
    short replication,
    String symlinkTarget) {

  public boolean isSymlink() {
    return symlinkTarget != null;
  }
}
