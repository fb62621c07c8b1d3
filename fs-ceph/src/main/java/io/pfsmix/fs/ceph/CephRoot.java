package io.pfsmix.fs.ceph;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeHandle;
import io.pfsmix.fs.posix.NativeLibrary;

/**
 * A CephFS directory mounted through libcephfs (fs-ceph's own JNI library, libpfsmix-ceph.so), beneath whose root
 * inode the library resolves every path itself, one component at a time: libcephfs is never given a path of more
 * than one component, nor "..", so no symlink, ".." or directory swapped by another client leads a call outside the
 * root (see pfsmix_ceph.c). Paths are the backend's ("/a/b", "/" for the root). Calls fail with
 * {@link ErrnoException}; EXDEV from call "resolve" means the path leads outside the root, and its reason names the
 * symlink that does.
 */
final class CephRoot implements Closeable {

  private static final Logger LOG = LoggerFactory.getLogger(CephRoot.class);

  static final NativeLibrary LIBRARY = new NativeLibrary(CephRoot.class, "libpfsmix-ceph.so",
      "the pfs CephFS backend", "it binds libcephfs (Debian package libcephfs2) and confines every path to the root");

  static final int OPEN_READ = 0;
  static final int OPEN_WRITE = 1;
  static final int OPEN_CREATE_NEW = 2;
  static final int OPEN_CREATE_REPLACE = 3;
  static final int OPEN_SHARED = 4;

  /** libcephfs's CEPH_SETATTR_* bits. */
  static final int SET_MODE = 1;
  static final int SET_UID = 1 << 1;
  static final int SET_GID = 1 << 2;
  static final int SET_MTIME = 1 << 3;
  static final int SET_ATIME = 1 << 4;
  static final int SET_SIZE = 1 << 5;

  /** setxattr(2) flags. */
  static final int XATTR_CREATE = 1;
  static final int XATTR_REPLACE = 2;

  private static final int S_IFMT = 0170000;
  private static final int S_IFDIR = 0040000;
  private static final int S_IFREG = 0100000;
  private static final int S_IFLNK = 0120000;
  private static final int STAT_FIELDS = 9;

  private final String directory;
  /** The mounted client; unmounting waits for running calls, which use the client's memory. */
  private final NativeHandle client;

  private CephRoot(String directory, long client) {
    this.directory = directory;
    this.client = new NativeHandle(client, "the CephFS mount of " + directory);
  }

  /** A client not mounted yet, to be configured; mounted by {@link Unmounted#mount}. */
  static Unmounted create(String clientId) throws IOException {
    LIBRARY.load();
    return new Unmounted(create0(clientId));
  }

  /** A libcephfs client being configured. Closing it releases the client unless it was mounted. */
  static final class Unmounted implements Closeable {

    private long client;

    private Unmounted(long client) {
      this.client = client;
    }

    void readConfFile(String file) throws ErrnoException {
      CephRoot.readConfFile(client, bytes(file));
    }

    /** Sets an option; the value's bytes are wiped from the C heap after use (a secret key goes this way). */
    void set(String option, byte[] value) throws ErrnoException {
      setOption(client, option, value);
    }

    /** Mounts the CephFS directory {@code directory}; this object is used up, whatever the outcome. */
    CephRoot mount(String directory) throws ErrnoException {
      long mounting = client;
      client = 0;
      try {
        CephRoot.mount(mounting, bytes(directory));
      } catch (ErrnoException | RuntimeException e) {
        releaseQuietly(mounting);
        throw e;
      }
      return new CephRoot(directory, mounting);
    }

    @Override
    public void close() {
      if (client != 0) {
        releaseQuietly(client);
        client = 0;
      }
    }
  }

  private static void releaseQuietly(long client) {
    try {
      release(client);
    } catch (ErrnoException e) {
      LOG.debug("releasing a libcephfs client that did not mount: {}", e.getMessage());
    }
  }

  /** The CephFS directory that is the root. */
  String directory() {
    return directory;
  }

  int stripeUnitGranularity() throws IOException {
    return client.use(CephRoot::stripeUnitGranularity);
  }

  /** The id of a data pool; ENOENT when the cluster has none of that name. */
  int poolId(String pool) throws IOException {
    return client.use(c -> poolId(c, pool));
  }

  int poolReplication(int pool) throws IOException {
    return client.use(c -> poolReplication(c, pool));
  }

  void localizeReads(boolean on) throws IOException {
    client.use(c -> {
      localizeReads(c, on);
      return null;
    });
  }

  /** {blocks, fragment size, blocks available}. */
  long[] statfs() throws IOException {
    return client.use(CephRoot::statfs);
  }

  Stat stat(String path, boolean followLinks) throws IOException {
    long[] fields = new long[STAT_FIELDS];
    byte[] target = client.use(c -> stat(c, bytes(path), followLinks, fields));
    return Stat.of(fields, 0, target == null ? null : text(target));
  }

  /** The entries of a directory, each with its own stat (symlinks are not followed). */
  List<Entry> list(String path) throws IOException {
    Object[] listing = client.use(c -> list(c, bytes(path)));
    byte[][] names = (byte[][]) listing[0];
    long[] stats = (long[]) listing[1];
    byte[][] targets = (byte[][]) listing[2];
    List<Entry> entries = new ArrayList<>(names.length);
    for (int i = 0; i < names.length; i++) {
      entries.add(new Entry(text(names[i]), Stat.of(stats, i * STAT_FIELDS,
          targets[i] == null ? null : text(targets[i]))));
    }
    return entries;
  }

  void mkdir(String path, int permissions) throws IOException {
    client.use(c -> {
      mkdir(c, bytes(path), permissions);
      return null;
    });
  }

  /** Removes a file, a symlink (not its target) or an empty directory. */
  void remove(String path) throws IOException {
    client.use(c -> {
      remove(c, bytes(path));
      return null;
    });
  }

  void rename(String source, String destination) throws IOException {
    client.use(c -> {
      rename(c, bytes(source), bytes(destination));
      return null;
    });
  }

  /** Creates a symlink holding {@code target} as it is. */
  void symlink(String path, String target) throws IOException {
    client.use(c -> {
      symlink(c, bytes(path), bytes(target));
      return null;
    });
  }

  /**
   * Opens a regular file ({@link #OPEN_READ} ... {@link #OPEN_SHARED}); a file this call creates gets
   * {@code permissions} and, when not null, the {@code layout} (a ceph.file.layout value).
   */
  OpenFile open(String path, int mode, int permissions, String layout) throws IOException {
    return new OpenFile(client.use(c -> open(c, bytes(path), mode, permissions,
        layout == null ? null : bytes(layout))));
  }

  void chmod(String path, int permissions) throws IOException {
    setAttributes(path, SET_MODE, permissions, 0, 0, 0, 0, 0);
  }

  /** -1 leaves the owner or group as it is. */
  void chown(String path, int uid, int gid) throws IOException {
    int mask = (uid >= 0 ? SET_UID : 0) | (gid >= 0 ? SET_GID : 0);
    if (mask != 0) {
      setAttributes(path, mask, 0, uid, gid, 0, 0, 0);
    }
  }

  void truncate(String path, long length) throws IOException {
    setAttributes(path, SET_SIZE, 0, 0, 0, length, 0, 0);
  }

  /** Negative times are left as they are. */
  void setTimes(String path, long modifiedMillis, long accessedMillis) throws IOException {
    int mask = (modifiedMillis >= 0 ? SET_MTIME : 0) | (accessedMillis >= 0 ? SET_ATIME : 0);
    if (mask != 0) {
      setAttributes(path, mask, 0, 0, 0, 0, modifiedMillis, accessedMillis);
    }
  }

  private void setAttributes(String path, int mask, int permissions, int uid, int gid, long size, long modified,
      long accessed) throws IOException {
    client.use(c -> {
      setAttributes(c, bytes(path), mask, permissions, uid, gid, size, modified, accessed);
      return null;
    });
  }

  /** The value of an attribute, or null when the entry has none of that name. */
  byte[] getXattr(String path, String name) throws IOException {
    return client.use(c -> getXattr(c, bytes(path), name));
  }

  List<String> listXattrs(String path) throws IOException {
    List<String> names = new ArrayList<>();
    for (String name : text(client.use(c -> listXattrs(c, bytes(path)))).split("\0")) {
      if (!name.isEmpty()) {
        names.add(name);
      }
    }
    return names;
  }

  /** @param flags 0, {@link #XATTR_CREATE} or {@link #XATTR_REPLACE} */
  void setXattr(String path, String name, byte[] value, int flags) throws IOException {
    client.use(c -> {
      setXattr(c, bytes(path), name, value, flags);
      return null;
    });
  }

  void removeXattr(String path, String name) throws IOException {
    client.use(c -> {
      removeXattr(c, bytes(path), name);
      return null;
    });
  }

  /** The OSDs of each stripe unit of a regular file that {@code [start, end)} touches. */
  Extents extents(String path, long start, long end) throws IOException {
    long[] values = client.use(c -> extents(c, bytes(path), start, end));
    List<Extent> extents = new ArrayList<>();
    for (int at = 1; at < values.length;) {
      long offset = values[at++];
      int[] osds = new int[(int) values[at++]];
      for (int i = 0; i < osds.length; i++) {
        osds[i] = (int) values[at++];
      }
      extents.add(new Extent(offset, osds));
    }
    return new Extents(values[0], extents);
  }

  /** An OSD's CRUSH location: (type, name) pairs from its own bucket up to the root. */
  List<String[]> osdLocation(int osd) throws IOException {
    String[] parts = text(client.use(c -> osdLocation(c, osd))).split("\0");
    List<String[]> buckets = new ArrayList<>();
    for (int i = 0; i + 1 < parts.length; i += 2) {
      buckets.add(new String[] {parts[i], parts[i + 1]});
    }
    return buckets;
  }

  String osdAddress(int osd) throws IOException {
    return client.use(c -> osdAddress(c, osd));
  }

  @Override
  public void close() throws IOException {
    close(0);
  }

  /**
   * Unmounts once no call runs any more. A call that libcephfs never answers (an OSD or MDS down for good) would hold
   * the unmount forever: after {@code waitSeconds} (0: without limit) the mount is left to libcephfs instead.
   */
  void close(long waitSeconds) throws IOException {
    boolean released = client.release(waitSeconds, CephRoot::release);
    if (!released) {
      LOG.warn("CephFS mount of {} left mounted: a call has had no answer from the cluster for {} s", directory,
          waitSeconds);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * What a stat tells of an entry: its mode, size, times (ms), owner, and for regular files their layout's stripe
   * unit and object size and their data pool's id (-1 otherwise); a symlink's target as stored.
   */
  record Stat(int mode, long size, long modifiedMillis, long accessedMillis, int uid, int gid, long stripeUnit,
      long objectSize, int pool, String linkTarget) {

    static Stat of(long[] fields, int at, String linkTarget) {
      return new Stat((int) fields[at], fields[at + 1], fields[at + 2], fields[at + 3], (int) fields[at + 4],
          (int) fields[at + 5], fields[at + 6], fields[at + 7], (int) fields[at + 8], linkTarget);
    }

    boolean isDirectory() {
      return (mode & S_IFMT) == S_IFDIR;
    }

    boolean isFile() {
      return (mode & S_IFMT) == S_IFREG;
    }

    boolean isSymlink() {
      return (mode & S_IFMT) == S_IFLNK;
    }

    int permissions() {
      return mode & 07777;
    }
  }

  /** A directory entry: its name and its own stat. */
  record Entry(String name, Stat stat) {
  }

  /** The OSDs holding the stripe unit at {@code offset}. */
  record Extent(long offset, int[] osds) {
  }

  record Extents(long stripeUnit, List<Extent> extents) {
  }

  /** An open regular file; its calls must not run at once on one file. */
  final class OpenFile {

    private final long file;
    private boolean closed;

    private OpenFile(long file) {
      this.file = file;
    }

    /** Reads up to {@code length} bytes at {@code position} into a direct buffer at {@code offset}; 0 at the end. */
    int read(long position, ByteBuffer buffer, int offset, int length) throws IOException {
      return client.use(c -> CephRoot.readFile(file, position, buffer, offset, length));
    }

    /** Writes all {@code length} bytes of a direct buffer from {@code offset} at {@code position}. */
    void write(long position, ByteBuffer buffer, int offset, int length) throws IOException {
      client.use(c -> {
        CephRoot.writeFile(file, position, buffer, offset, length);
        return null;
      });
    }

    void sync(boolean dataOnly) throws IOException {
      client.use(c -> {
        CephRoot.syncFile(file, dataOnly);
        return null;
      });
    }

    long length() throws IOException {
      return client.use(c -> CephRoot.fileLength(file));
    }

    void close() throws IOException {
      if (!closed) {
        closed = true;
        client.use(c -> {
          CephRoot.closeFile(file);
          return null;
        });
      }
    }
  }

  private static native long create0(String clientId) throws ErrnoException;

  private static native void readConfFile(long client, byte[] path) throws ErrnoException;

  private static native void setOption(long client, String option, byte[] value) throws ErrnoException;

  private static native void mount(long client, byte[] directory) throws ErrnoException;

  private static native void release(long client) throws ErrnoException;

  private static native int stripeUnitGranularity(long client) throws ErrnoException;

  private static native int poolId(long client, String pool) throws ErrnoException;

  private static native int poolReplication(long client, int pool) throws ErrnoException;

  private static native void localizeReads(long client, boolean on) throws ErrnoException;

  private static native long[] statfs(long client) throws ErrnoException;

  private static native byte[] stat(long client, byte[] path, boolean follow, long[] fields) throws ErrnoException;

  private static native Object[] list(long client, byte[] path) throws ErrnoException;

  private static native void mkdir(long client, byte[] path, int permissions) throws ErrnoException;

  private static native void remove(long client, byte[] path) throws ErrnoException;

  private static native void rename(long client, byte[] source, byte[] destination) throws ErrnoException;

  private static native void symlink(long client, byte[] path, byte[] target) throws ErrnoException;

  private static native long open(long client, byte[] path, int mode, int permissions, byte[] layout)
      throws ErrnoException;

  private static native int readFile(long file, long position, ByteBuffer buffer, int offset, int length)
      throws ErrnoException;

  private static native void writeFile(long file, long position, ByteBuffer buffer, int offset, int length)
      throws ErrnoException;

  private static native void syncFile(long file, boolean dataOnly) throws ErrnoException;

  private static native long fileLength(long file) throws ErrnoException;

  private static native void closeFile(long file) throws ErrnoException;

  private static native void setAttributes(long client, byte[] path, int mask, int permissions, int uid, int gid,
      long size, long modified, long accessed) throws ErrnoException;

  private static native byte[] getXattr(long client, byte[] path, String name) throws ErrnoException;

  private static native byte[] listXattrs(long client, byte[] path) throws ErrnoException;

  private static native void setXattr(long client, byte[] path, String name, byte[] value, int flags)
      throws ErrnoException;

  private static native void removeXattr(long client, byte[] path, String name) throws ErrnoException;

  private static native long[] extents(long client, byte[] path, long start, long end) throws ErrnoException;

  private static native byte[] osdLocation(long client, int osd) throws ErrnoException;

  private static native String osdAddress(long client, int osd) throws ErrnoException;
}
