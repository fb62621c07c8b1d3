package io.pfsmix.fs.api;

import java.io.IOException;

import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Entry point for the positioned-write extension on any Hadoop FileSystem. */
public final class PositionedWrites {

  private PositionedWrites() {
  }

  /** Whether {@code fs} can open {@code path} for shared positioned writes. */
  public static boolean supported(FileSystem fs, Path path) throws IOException {
    return fs instanceof PositionedWriteFileSystem && fs.hasPathCapability(path, PositionedWriteFileSystem.CAPABILITY);
  }

  /**
   * Opens {@code path} on {@code fs} for shared positioned writes.
   *
   * @throws PositionedWriteUnsupportedException naming the file system when it cannot
   */
  public static PositionedWriter open(FileSystem fs, Path path) throws IOException {
    if (!supported(fs, path)) {
      throw new PositionedWriteUnsupportedException(fs.getUri() + " (" + fs.getClass().getSimpleName()
          + ") cannot write one file from several writers at independent offsets: " + path);
    }
    return ((PositionedWriteFileSystem) fs).openPositionedWriter(path);
  }
}
