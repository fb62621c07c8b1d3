package io.pfsmix.fs.qfs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Arrays;

import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.security.AccessControlException;

import io.pfsmix.fs.posix.ErrnoException;

/**
 * A directory of QFS's name space as a jail. QFS's client API takes whole paths and follows symlinks in them itself
 * (a relative one from where it is, an absolute one from QFS's root), and has no call that starts from a directory the
 * caller holds. So the backend follows no symlink at all: every path is walked beneath the root one component at a
 * time, each component's own attributes asked for (lstat), and a symlink anywhere but in the last place is refused
 * naming it; the last component is acted on as itself. Files are opened by the path walked and then checked to be the
 * file the walk found (QFS never reuses a file id), so a directory swapped for a symlink by another client meanwhile
 * gives a refusal, not a file outside the root. What that check cannot cover: a create, mkdir, delete or rename racing
 * with such a swap in another client acts on the path as QFS's client then resolves it (docs/qfs.md, "The jail").
 */
final class QfsRoot {

  private final long client;
  /** The root's path in QFS, without a trailing '/' except for QFS's own root. */
  private final String directory;

  QfsRoot(long client, String directory) {
    this.client = client;
    this.directory = directory;
  }

  long client() {
    return client;
  }

  String directory() {
    return directory;
  }

  /** Where a pfs path leads: its path in QFS and its attributes (null when the last component does not exist). */
  record Place(String path, String qfsPath, QfsClient.Attributes attributes) {

    boolean exists() {
      return attributes != null;
    }

    boolean isRoot() {
      return path.equals("/");
    }
  }

  /** The path of {@code path} (absolute, normalized, relative to the root) in QFS's name space. */
  String qfsPath(String path) {
    if (path.equals("/")) {
      return directory;
    }
    return directory.equals("/") ? path : directory + path;
  }

  /**
   * Walks {@code path} beneath the root: every component but the last must be a directory (a symlink there is
   * refused); a missing last component is no error.
   */
  Place resolve(String path) throws IOException {
    if (path.equals("/")) {
      return new Place(path, directory, QfsClient.stat(client, directory));
    }
    StringBuilder walked = new StringBuilder(directory.equals("/") ? "" : directory);
    String[] components = path.substring(1).split("/");
    for (int i = 0; i < components.length; i++) {
      walked.append('/').append(components[i]);
      boolean last = i == components.length - 1;
      QfsClient.Attributes found;
      try {
        found = QfsClient.stat(client, walked.toString());
      } catch (ErrnoException e) {
        if (e.errno() == ErrnoException.ENOENT && last) {
          return new Place(path, walked.toString(), null);
        }
        throw e;
      }
      if (last) {
        return new Place(path, walked.toString(), found);
      }
      String here = "/" + String.join("/", Arrays.copyOf(components, i + 1));
      if (found.isSymlink()) {
        throw refusal(path, here);
      }
      if (!found.isDirectory()) {
        throw new ParentNotDirectoryException("qfs path " + path + ": " + here + " is not a directory");
      }
    }
    throw new IllegalStateException("unreachable: " + path);
  }

  /** The existing entry {@code path} names, as itself; FileNotFoundException when it does not exist. */
  Place existing(String path) throws IOException {
    Place place = resolve(path);
    if (!place.exists()) {
      throw new FileNotFoundException("qfs path " + path + ": no such file or directory");
    }
    return place;
  }

  /** The existing entry {@code path} names, refused when it is a symlink (which QFS's client would follow). */
  Place target(String path) throws IOException {
    Place place = existing(path);
    if (place.attributes().isSymlink()) {
      throw refusal(path, path);
    }
    return place;
  }

  /**
   * Checks that a file opened by {@code place}'s path (by {@code client}, this root's or another one) is the file the
   * walk found, closing it and refusing the path when another client swapped something in between; returns the
   * descriptor.
   */
  int checkOpened(Place place, long client, int fd) throws IOException {
    long opened;
    try {
      opened = QfsClient.stat(client, fd).fileId();
    } catch (ErrnoException e) {
      closeQuietly(client, fd, e);
      throw e;
    }
    if (opened != place.attributes().fileId()) {
      IOException refusal = new AccessControlException("pfs path " + place.path() + " is refused: it changed while"
          + " being opened (file id " + place.attributes().fileId() + " walked, " + opened + " opened)");
      closeQuietly(client, fd, refusal);
      throw refusal;
    }
    return fd;
  }

  private static void closeQuietly(long client, int fd, Exception cause) {
    try {
      QfsClient.close(client, fd);
    } catch (ErrnoException e) {
      cause.addSuppressed(e);
    }
  }

  private AccessControlException refusal(String path, String link) {
    return new AccessControlException("pfs path " + path + " is refused: " + link + " is a symlink, and the qfs"
        + " backend follows none (QFS's client would resolve it by path, possibly outside the root " + directory
        + ")");
  }
}
