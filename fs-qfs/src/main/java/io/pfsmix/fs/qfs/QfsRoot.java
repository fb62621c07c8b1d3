package io.pfsmix.fs.qfs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.security.AccessControlException;

import io.pfsmix.fs.posix.ErrnoException;

/**
 * A directory of QFS's name space as a jail. QFS's client API takes whole paths and follows symlinks in them itself
 * (a relative one from where it is, an absolute one from QFS's root), and has no call that starts from a directory the
 * caller holds. So the backend follows no symlink at all: every path is walked beneath the root one component at a
 * time from QFS's own root, through the root's components (the root found must still be the directory opened), each
 * component's own attributes asked for (lstat), and a symlink anywhere but in the last place is refused naming it;
 * the last component is acted on as itself. Files are opened by the path walked and then checked to be the
 * file the walk found (QFS never reuses a file id), so a directory swapped for a symlink by another client meanwhile
 * gives a refusal, not a file outside the root. What that check cannot cover: a create, mkdir, delete or rename racing
 * with such a swap in another client acts on the path as QFS's client then resolves it (docs/qfs.md, "The jail").
 */
final class QfsRoot {

  private final long client;
  /** The root's path in QFS, without a trailing '/' except for QFS's own root. */
  private final String directory;
  /**
   * The root directory's file id (QFS never reuses one): a root swapped for another directory is refused. 0 while the
   * root itself is being opened (QFS's own root as the starting point).
   */
  private final long rootId;

  QfsRoot(long client, String directory, long rootId) {
    this.client = client;
    this.directory = directory;
    this.rootId = rootId;
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
   * refused); a missing last component is no error. A file's size is not asked for (-1).
   */
  Place resolve(String path) throws IOException {
    return walk(path, false);
  }

  /** As {@link #existing} or {@link #target}, with a file's size, which only stat needs (see QfsClient.stat). */
  Place sized(String path, boolean target) throws IOException {
    Place place = mustExist(walk(path, true));
    return target ? notSymlink(place) : place;
  }

  private Place walk(String path, boolean withSize) throws IOException {
    // the walk starts at QFS's own root and checks the configured root's components too: one of them replaced by a
    // symlink would otherwise lead QFS's client elsewhere
    List<String> components = new ArrayList<>();
    int rootDepth = 0;
    if (!directory.equals("/")) {
      components.addAll(Arrays.asList(directory.substring(1).split("/")));
      rootDepth = components.size();
    }
    if (!path.equals("/")) {
      components.addAll(Arrays.asList(path.substring(1).split("/")));
    }
    StringBuilder walked = new StringBuilder();
    QfsClient.Attributes found = QfsClient.stat(client, "/", false);
    for (int i = 0; i < components.size(); i++) {
      checkRoot(path, i, rootDepth, found);
      walked.append('/').append(components.get(i));
      boolean last = i == components.size() - 1;
      try {
        found = QfsClient.stat(client, walked.toString(), last && withSize);
      } catch (ErrnoException e) {
        if (e.errno() == ErrnoException.ENOENT && last && i >= rootDepth) {
          return new Place(path, walked.toString(), null);
        }
        throw e;
      }
      if (last) {
        break;
      }
      if (found.isSymlink()) {
        throw refusal(path, i < rootDepth ? walked.toString() + " (in QFS, above the root)"
            : "/" + String.join("/", components.subList(rootDepth, i + 1)));
      }
      if (!found.isDirectory()) {
        throw new ParentNotDirectoryException("qfs path " + path + ": " + walked + " is not a directory");
      }
    }
    checkRoot(path, components.size(), rootDepth, found);
    return new Place(path, walked.length() == 0 ? "/" : walked.toString(), found);
  }

  /** At the root's depth, the directory reached must be the root the backend opened. */
  private void checkRoot(String path, int depth, int rootDepth, QfsClient.Attributes found)
      throws AccessControlException {
    if (depth == rootDepth && rootId != 0 && found.fileId() != rootId) {
      throw new AccessControlException("pfs path " + path + " is refused: the root " + directory + " was replaced"
          + " (file id " + rootId + " opened, " + found.fileId() + " now)");
    }
  }

  /** The existing entry {@code path} names, as itself; FileNotFoundException when it does not exist. */
  Place existing(String path) throws IOException {
    return mustExist(resolve(path));
  }

  private static Place mustExist(Place place) throws FileNotFoundException {
    if (!place.exists()) {
      throw new FileNotFoundException("qfs path " + place.path() + ": no such file or directory");
    }
    return place;
  }

  /** The existing entry {@code path} names, refused when it is a symlink (which QFS's client would follow). */
  Place target(String path) throws IOException {
    return notSymlink(existing(path));
  }

  private Place notSymlink(Place place) throws AccessControlException {
    if (place.attributes().isSymlink()) {
      throw refusal(place.path(), place.path());
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

  static void closeQuietly(long client, int fd, Exception cause) {
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
