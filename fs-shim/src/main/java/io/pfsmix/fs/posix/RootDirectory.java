package io.pfsmix.fs.posix;

import java.io.Closeable;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The pfs root as an open directory descriptor, beneath which the kernel resolves every path of every operation
 * (openat2(2) with RESOLVE_BENEATH): no "..", symlink or concurrent rename can lead an operation outside it, and there
 * is no check to race, because nothing is checked first and used later. Paths are the backend's ("/a/b", "/" for the
 * root). Calls fail with {@link ErrnoException}; EXDEV means the walk would have left the root.
 */
final class RootDirectory implements Closeable {

  static final int OPEN_READ = 0;
  static final int OPEN_WRITE = 1;
  static final int OPEN_CREATE_NEW = 2;
  static final int OPEN_CREATE_TRUNCATE = 3;

  static final int XATTR_CREATE = 1;
  static final int XATTR_REPLACE = 2;

  private static final int S_IFMT = 0170000;
  private static final int S_IFDIR = 0040000;
  private static final int S_IFLNK = 0120000;
  private static final int STAT_FIELDS = 7;

  private final Path path;
  private final int descriptor;
  private final ReadWriteLock usage = new ReentrantReadWriteLock();
  private boolean closed;

  private RootDirectory(Path path, int descriptor) {
    this.path = path;
    this.descriptor = descriptor;
  }

  /** Opens the root, refusing to work where the kernel cannot resolve beneath it (no openat2, no /proc). */
  static RootDirectory open(Path realRoot) throws IOException {
    NativeLibrary.POSIX.load();
    try {
      return new RootDirectory(realRoot, openRoot(bytes(realRoot.toString())));
    } catch (ErrnoException e) {
      if (e.errno() == ErrnoException.ENOSYS || e.errno() == ErrnoException.EPERM && e.call().equals("openat2")) {
        throw new IOException("the pfs POSIX backend cannot confine paths to its root " + realRoot + ": this kernel ("
            + System.getProperty("os.version") + ") refuses openat2(2) (" + e.reason() + "); it needs Linux 5.6 or "
            + "newer, and a container's seccomp profile that allows openat2. Refusing to start rather than check "
            + "paths in a way that can be raced", e);
      }
      throw new IOException("cannot open the pfs root " + realRoot + ": " + e.getMessage(), e);
    }
  }

  Path path() {
    return path;
  }

  /** A channel on a regular file; creating modes give it {@code permissions} (ignored when negative). */
  FileChannel openChannel(String file, int mode, int permissions) throws IOException {
    FileDescriptor fd = withRoot(root -> openFile(root, bytes(file), mode, permissions));
    // the stream owns the descriptor: closing the channel closes both
    return mode == OPEN_READ ? new FileInputStream(fd).getChannel() : new FileOutputStream(fd).getChannel();
  }

  Stat stat(String file, boolean followLinks) throws IOException {
    return Stat.of(withRoot(root -> stat(root, bytes(file), followLinks)), 0);
  }

  String readLink(String link) throws IOException {
    return text(withRoot(root -> readLink(root, bytes(link))));
  }

  List<Entry> list(String directory) throws IOException {
    Object[] listing = withRoot(root -> list(root, bytes(directory)));
    byte[][] names = (byte[][]) listing[0];
    long[] stats = (long[]) listing[1];
    byte[][] targets = (byte[][]) listing[2];
    List<Entry> entries = new ArrayList<>(names.length);
    for (int i = 0; i < names.length; i++) {
      entries.add(new Entry(text(names[i]), Stat.of(stats, i * STAT_FIELDS),
          targets[i] == null ? null : text(targets[i])));
    }
    return entries;
  }

  void mkdir(String directory, int permissions) throws IOException {
    withRoot(root -> {
      mkdir(root, bytes(directory), permissions);
      return null;
    });
  }

  /** Removes a file, a symlink (not its target) or an empty directory. */
  void remove(String file) throws IOException {
    withRoot(root -> {
      remove(root, bytes(file));
      return null;
    });
  }

  void rename(String source, String destination) throws IOException {
    withRoot(root -> {
      rename(root, bytes(source), bytes(destination));
      return null;
    });
  }

  void chmod(String file, int permissions) throws IOException {
    withRoot(root -> {
      chmod(root, bytes(file), permissions);
      return null;
    });
  }

  /** -1 leaves the owner or group as it is. */
  void chown(String file, int uid, int gid) throws IOException {
    withRoot(root -> {
      chown(root, bytes(file), uid, gid);
      return null;
    });
  }

  /** Negative times are left as they are. */
  void setTimes(String file, long modifiedMillis, long accessedMillis) throws IOException {
    withRoot(root -> {
      setTimes(root, bytes(file), modifiedMillis, accessedMillis);
      return null;
    });
  }

  /** The value of an attribute in any namespace, or null when the file has none of that name. */
  byte[] getXattr(String file, String name) throws IOException {
    return withRoot(root -> getXattr(root, bytes(file), name));
  }

  List<String> listXattrs(String file) throws IOException {
    List<String> names = new ArrayList<>();
    for (String name : text(withRoot(root -> listXattrs(root, bytes(file)))).split("\0")) {
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  /** @param flags 0, {@link #XATTR_CREATE} or {@link #XATTR_REPLACE}, as setxattr(2) takes them */
  void setXattr(String file, String name, byte[] value, int flags) throws IOException {
    withRoot(root -> {
      setXattr(root, bytes(file), name, value, flags);
      return null;
    });
  }

  void removeXattr(String file, String name) throws IOException {
    withRoot(root -> {
      removeXattr(root, bytes(file), name);
      return null;
    });
  }

  /**
   * Runs a call on the root's descriptor. Closing waits for running calls: a descriptor closed under a call could be
   * reused by another open, and the call would then resolve beneath some other directory.
   */
  private <T> T withRoot(Call<T> call) throws IOException {
    Lock lock = usage.readLock();
    lock.lock();
    try {
      if (closed) {
        throw new IOException("the pfs root " + path + " is closed");
      }
      return call.on(descriptor);
    } finally {
      lock.unlock();
    }
  }

  private interface Call<T> {
    T on(int root) throws ErrnoException;
  }

  @Override
  public void close() {
    Lock lock = usage.writeLock();
    lock.lock();
    try {
      if (!closed) {
        closed = true;
        closeRoot(descriptor);
      }
    } finally {
      lock.unlock();
    }
  }

  private static byte[] bytes(String path) {
    return path.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** What stat(2) tells of an entry, in the units Hadoop uses. */
  record Stat(int mode, long size, long modifiedMillis, long accessedMillis, int uid, int gid) {

    static Stat of(long[] fields, int at) {
      return new Stat((int) fields[at], fields[at + 1], fields[at + 2], fields[at + 3], (int) fields[at + 4],
          (int) fields[at + 5]);
    }

    boolean isDirectory() {
      return (mode & S_IFMT) == S_IFDIR;
    }

    boolean isSymlink() {
      return (mode & S_IFMT) == S_IFLNK;
    }

    int permissions() {
      return mode & 07777;
    }
  }

  /** A directory entry: its name, its own stat (a symlink is not followed) and a symlink's target. */
  record Entry(String name, Stat stat, String linkTarget) {
  }

  private static native int openRoot(byte[] path) throws ErrnoException;

  private static native void closeRoot(int root);

  private static native FileDescriptor openFile(int root, byte[] path, int mode, int permissions)
      throws ErrnoException;

  private static native long[] stat(int root, byte[] path, boolean follow) throws ErrnoException;

  private static native byte[] readLink(int root, byte[] path) throws ErrnoException;

  private static native Object[] list(int root, byte[] path) throws ErrnoException;

  private static native void mkdir(int root, byte[] path, int permissions) throws ErrnoException;

  private static native void remove(int root, byte[] path) throws ErrnoException;

  private static native void rename(int root, byte[] source, byte[] destination) throws ErrnoException;

  private static native void chmod(int root, byte[] path, int permissions) throws ErrnoException;

  private static native void chown(int root, byte[] path, int uid, int gid) throws ErrnoException;

  private static native void setTimes(int root, byte[] path, long modified, long accessed) throws ErrnoException;

  private static native byte[] getXattr(int root, byte[] path, String name) throws ErrnoException;

  private static native byte[] listXattrs(int root, byte[] path) throws ErrnoException;

  private static native void setXattr(int root, byte[] path, String name, byte[] value, int flags)
      throws ErrnoException;

  private static native void removeXattr(int root, byte[] path, String name) throws ErrnoException;
}
