package io.pfsmix.fs.orangefs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeLibrary;

/**
 * fs-orangefs's JNI binding (libpfsmix-orangefs.so) to OrangeFS's system interface. Objects are named by the file
 * system's id and their 64-bit handles; names are single components looked up in a directory whose handle the caller
 * holds ({@link OrangefsRoot} walks paths). Calls fail with {@link ErrnoException}.
 *
 * <p>The client library is one per process: it is initialized once, and each file system is added to it once and
 * kept for the life of the process.
 */
final class OrangefsClient {

  static final NativeLibrary LIBRARY = new NativeLibrary(OrangefsClient.class, "libpfsmix-orangefs.so",
      "the pfs OrangeFS backend", "it binds OrangeFS's client library (libpvfs2), built by scripts/orangefs-build.sh");

  /** PVFS_TYPE_* of an object. */
  static final int TYPE_FILE = 1;
  static final int TYPE_DIRECTORY = 1 << 2;
  static final int TYPE_SYMLINK = 1 << 3;

  /** PVFS_ATTR_SYS_* bits of setattr: a time is set to the value given only with its *_SET bit. */
  static final int SET_UID = 1;
  static final int SET_GID = 1 << 1;
  static final int SET_PERMISSIONS = 1 << 2;
  static final int SET_ATIME = (1 << 3) | (1 << 7);
  static final int SET_MTIME = (1 << 5) | (1 << 8);

  private static final int ATTR_FIELDS = 9;

  private static boolean initialized;
  private static final Map<String, Integer> FILE_SYSTEMS = new HashMap<>();

  private OrangefsClient() {
  }

  /**
   * The id of the file system of {@code fsSpec}, added to the process's client library on first use (which
   * fetches its configuration from the server, so fails when that is down). {@code cacheMillis} and {@code clientLog}
   * (null: off, empty: stderr, else a file appended to) apply only when this is the process's first file system.
   */
  static synchronized int fileSystem(String fsSpec, int cacheMillis, String clientLog) throws IOException {
    LIBRARY.load();
    if (!initialized) {
      initialize(cacheMillis, clientLog == null ? null : bytes(clientLog));
      initialized = true;
    }
    Integer fs = FILE_SYSTEMS.get(fsSpec);
    if (fs == null) {
      fs = addFileSystem(bytes(fsSpec));
      FILE_SYSTEMS.put(fsSpec, fs);
    }
    return fs;
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  static Attributes attributes(int fs, long handle, boolean withSize) throws ErrnoException {
    long[] fields = new long[ATTR_FIELDS];
    byte[] target = getattr(fs, handle, withSize, fields);
    return Attributes.of(fields, 0, text(target));
  }

  /** The entries of a directory with their attributes (sizes included). */
  static Entry[] list(int fs, long directory) throws ErrnoException {
    Object[] listing = readdir(fs, directory);
    byte[][] names = (byte[][]) listing[0];
    long[] handles = (long[]) listing[1];
    long[] fields = (long[]) listing[2];
    byte[][] targets = (byte[][]) listing[3];
    Entry[] entries = new Entry[names.length];
    for (int i = 0; i < names.length; i++) {
      entries[i] = new Entry(text(names[i]), handles[i], Attributes.of(fields, i * ATTR_FIELDS, text(targets[i])));
    }
    return entries;
  }

  /**
   * What OrangeFS tells of an object: its type, permissions, size (0 when not asked for), times in seconds, owner,
   * datafile count and block size (files: strip size times datafile count), a symlink's target.
   */
  record Attributes(int type, int permissions, long size, long modifiedSeconds, long accessedSeconds, int uid,
      int gid, int datafiles, long blockSize, String linkTarget) {

    static Attributes of(long[] fields, int at, String linkTarget) {
      return new Attributes((int) fields[at], (int) fields[at + 1], fields[at + 2], fields[at + 3], fields[at + 4],
          (int) fields[at + 5], (int) fields[at + 6], (int) fields[at + 7], fields[at + 8], linkTarget);
    }

    boolean isDirectory() {
      return type == TYPE_DIRECTORY;
    }

    boolean isFile() {
      return type == TYPE_FILE;
    }

    boolean isSymlink() {
      return type == TYPE_SYMLINK;
    }

    /** The strip size of a simple_stripe file, 0 when unknown. */
    long stripSize() {
      return datafiles > 0 ? blockSize / datafiles : 0;
    }
  }

  record Entry(String name, long handle, Attributes attributes) {
  }

  private static native void initialize(int cacheMillis, byte[] clientLog) throws ErrnoException;

  private static native int addFileSystem(byte[] fsSpec) throws ErrnoException;

  static native long rootHandle(int fs) throws ErrnoException;

  static native long lookup(int fs, long parent, byte[] name) throws ErrnoException;

  private static native byte[] getattr(int fs, long handle, boolean withSize, long[] fields) throws ErrnoException;

  private static native Object[] readdir(int fs, long handle) throws ErrnoException;

  static native long create(int fs, long parent, byte[] name, int permissions, long stripSize, int datafiles)
      throws ErrnoException;

  static native long mkdir(int fs, long parent, byte[] name, int permissions) throws ErrnoException;

  static native long symlink(int fs, long parent, byte[] name, byte[] target) throws ErrnoException;

  static native void remove(int fs, long parent, byte[] name) throws ErrnoException;

  static native void rename(int fs, long sourceParent, byte[] source, long destinationParent, byte[] destination)
      throws ErrnoException;

  static native void setattr(int fs, long handle, int mask, int permissions, int uid, int gid, long mtimeSeconds,
      long atimeSeconds) throws ErrnoException;

  static native void truncate(int fs, long handle, long size) throws ErrnoException;

  /** Reads or writes {@code length} bytes of a direct buffer from {@code offset} at file offset {@code position}. */
  static native long io(int fs, long handle, boolean write, long position, ByteBuffer buffer, int offset, int length)
      throws ErrnoException;

  static native void flush(int fs, long handle) throws ErrnoException;

  static native byte[] distribution(int fs, long handle) throws ErrnoException;

  static native byte[] datafiles(int fs, long handle) throws ErrnoException;

  static native String server(int fs, long handle) throws ErrnoException;

  static native long[] statfs(int fs) throws ErrnoException;
}
