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
  private final NativeHandle handle;

  private RootDirectory(Path path, int descriptor) {
    this.path = path;
    this.handle = new NativeHandle(descriptor, "the pfs root " + path);
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
    FileDescriptor fd = handle.use(root -> openFile(root, bytes(file), mode, permissions));
    // the stream owns the descriptor: closing the channel closes both
    return mode == OPEN_READ ? new FileInputStream(fd).getChannel() : new FileOutputStream(fd).getChannel();
  }

  Stat stat(String file, boolean followLinks) throws IOException {
    return Stat.of(handle.use(root -> stat(root, bytes(file), followLinks)), 0);
  }

  String readLink(String link) throws IOException {
    return text(handle.use(root -> readLink(root, bytes(link))));
  }

  List<Entry> list(String directory) throws IOException {
    Object[] listing = handle.use(root -> list(root, bytes(directory)));
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
    handle.use(root -> {
      mkdir(root, bytes(directory), permissions);
      return null;
    });
  }

  /** Removes a file, a symlink (not its target) or an empty directory. */
  void remove(String file) throws IOException {
    handle.use(root -> {
      remove(root, bytes(file));
      return null;
    });
  }

  void rename(String source, String destination) throws IOException {
    handle.use(root -> {
      rename(root, bytes(source), bytes(destination));
      return null;
    });
  }

  void chmod(String file, int permissions) throws IOException {
    handle.use(root -> {
      chmod(root, bytes(file), permissions);
      return null;
    });
  }

  /** -1 leaves the owner or group as it is. */
  void chown(String file, int uid, int gid) throws IOException {
    handle.use(root -> {
      chown(root, bytes(file), uid, gid);
      return null;
    });
  }

  /** Negative times are left as they are. */
  void setTimes(String file, long modifiedMillis, long accessedMillis) throws IOException {
    handle.use(root -> {
      setTimes(root, bytes(file), modifiedMillis, accessedMillis);
      return null;
    });
  }

  /** The value of an attribute in any namespace, or null when the file has none of that name. */
  byte[] getXattr(String file, String name) throws IOException {
    return handle.use(root -> getXattr(root, bytes(file), name));
  }

  List<String> listXattrs(String file) throws IOException {
    List<String> names = new ArrayList<>();
    for (String name : text(handle.use(root -> listXattrs(root, bytes(file)))).split("\0")) {
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  /** @param flags 0, {@link #XATTR_CREATE} or {@link #XATTR_REPLACE}, as setxattr(2) takes them */
  void setXattr(String file, String name, byte[] value, int flags) throws IOException {
    handle.use(root -> {
      setXattr(root, bytes(file), name, value, flags);
      return null;
    });
  }

  void removeXattr(String file, String name) throws IOException {
    handle.use(root -> {
      removeXattr(root, bytes(file), name);
      return null;
    });
  }

  @Override
  public void close() throws IOException {
    handle.release(0, RootDirectory::closeRoot);
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

  private static native void closeRoot(long root);

  private static native FileDescriptor openFile(long root, byte[] path, int mode, int permissions)
      throws ErrnoException;

  private static native long[] stat(long root, byte[] path, boolean follow) throws ErrnoException;

  private static native byte[] readLink(long root, byte[] path) throws ErrnoException;

  private static native Object[] list(long root, byte[] path) throws ErrnoException;

  private static native void mkdir(long root, byte[] path, int permissions) throws ErrnoException;

  private static native void remove(long root, byte[] path) throws ErrnoException;

  private static native void rename(long root, byte[] source, byte[] destination) throws ErrnoException;

  private static native void chmod(long root, byte[] path, int permissions) throws ErrnoException;

  private static native void chown(long root, byte[] path, int uid, int gid) throws ErrnoException;

  private static native void setTimes(long root, byte[] path, long modified, long accessed) throws ErrnoException;

  private static native byte[] getXattr(long root, byte[] path, String name) throws ErrnoException;

  private static native byte[] listXattrs(long root, byte[] path) throws ErrnoException;

  private static native void setXattr(long root, byte[] path, String name, byte[] value, int flags)
      throws ErrnoException;

  private static native void removeXattr(long root, byte[] path, String name) throws ErrnoException;
}
