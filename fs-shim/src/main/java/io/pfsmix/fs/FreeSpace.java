package io.pfsmix.fs;

import java.io.IOException;
import java.util.Locale;

import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.Path;

/**
 * The free-space check every writer of a size the user chose makes before writing (the mix's checkpoints, bench read,
 * tfidf generate, IOR's write phase): what the file system reports free through {@link FileSystem#getStatus}, and a
 * clear error when the size does not fit. A file system that reports no figure is never refused.
 */
public final class FreeSpace {

  /** What {@link #of} answers for a file system that reports no free space (Hadoop's default: unlimited). */
  public static final long UNKNOWN = Long.MAX_VALUE;

  private FreeSpace() {
  }

  /** A size that does not fit; the message names what was asked, its size and the free space. */
  public static final class NotEnoughSpaceException extends IOException {
    private static final long serialVersionUID = 1L;

    NotEnoughSpaceException(String message) {
      super(message);
    }
  }

  /**
   * Bytes free where {@code path} is or would be created (the status of its nearest existing ancestor: a local file
   * system reports nothing for a path that does not exist), or {@link #UNKNOWN}.
   */
  public static long of(FileSystem fs, Path path) throws IOException {
    Path existing = fs.makeQualified(path);
    while (existing.getParent() != null && !fs.exists(existing)) {
      existing = existing.getParent();
    }
    FsStatus status;
    try {
      status = fs.getStatus(existing);
    } catch (UnsupportedOperationException e) {
      return UNKNOWN;
    }
    // no capacity: a file system that keeps no figures (e.g. CephFS without a manager), not a full one
    return status.getCapacity() <= 0 || status.getRemaining() < 0 ? UNKNOWN : status.getRemaining();
  }

  /** Refuses to write {@code bytes} under {@code path} when more than its free space. */
  public static void require(String what, long bytes, FileSystem fs, Path path) throws IOException {
    require(what, bytes, of(fs, path), 1.0, fs.makeQualified(path).toString());
  }

  /**
   * Refuses {@code bytes} when more than {@code share} of {@code free}: "WHAT 8.00 GiB, more than [80% of] the 5.00 GiB
   * free on WHERE".
   */
  public static void require(String what, long bytes, long free, double share, String where)
      throws NotEnoughSpaceException {
    if (free == UNKNOWN || bytes <= (long) (free * share)) {
      return;
    }
    throw new NotEnoughSpaceException(what + " " + Sizes.human(bytes) + ", more than "
        + (share < 1 ? String.format(Locale.ROOT, "%.0f%% of ", share * 100) : "") + "the " + Sizes.human(free)
        + " free on " + where);
  }
}
