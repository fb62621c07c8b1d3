package io.pfsmix.fs.qfs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeLibrary;

/**
 * fs-qfs's JNI binding (libpfsmix-qfs.so) to QFS's C++ client, KfsClient: one client per backend, named by its native
 * address; paths are absolute paths of QFS's name space, already resolved beneath the root by {@link QfsRoot}; open
 * files are the client's descriptors. Calls fail with {@link ErrnoException} carrying QFS's own reason text.
 */
final class QfsClient {

  static final NativeLibrary LIBRARY = new NativeLibrary(QfsClient.class, "libpfsmix-qfs.so", "the pfs QFS backend",
      "it binds QFS's client library (libqfs_client), built by scripts/qfs-build.sh");

  private QfsClient() {
  }

  /** An entry's attributes, as the metaserver reports them (QFS keeps no access time: it is the modification time). */
  record Attributes(long fileId, long size, long modifiedMillis, boolean isDirectory, boolean isSymlink,
      int permissions, long uid, long gid, int replicas) {

    static Attributes of(long[] fields, int at) {
      long flags = fields[at + 3];
      return new Attributes(fields[at], fields[at + 1], fields[at + 2], (flags & 1) != 0, (flags & 2) != 0,
          (int) fields[at + 4] & 07777, fields[at + 5], fields[at + 6], (int) fields[at + 7]);
    }
  }

  /** A directory entry: its name and attributes. */
  record Entry(String name, Attributes attributes) {
  }

  /** Fields per entry in the binding's long[] of attributes. */
  private static final int ATTR_FIELDS = 8;

  /** A client of the metaserver; {@link #LIBRARY} is loaded. */
  static long connect(String host, int port, int retryDelaySeconds, int maxRetries, int timeoutSeconds,
      String logLevel) throws IOException {
    return connect(bytes(host), port, retryDelaySeconds, maxRetries, timeoutSeconds, bytes(logLevel));
  }

  /**
   * The entry's own attributes; with {@code withSize} false a file's size is -1, unasked: QFS gets it from a
   * chunkserver, and fails (EIO) while no replica of the file's last chunk is up.
   */
  static Attributes stat(long client, String path, boolean withSize) throws ErrnoException {
    return Attributes.of(lstat(client, bytes(path), withSize), 0);
  }

  static Attributes stat(long client, int fd) throws ErrnoException {
    return Attributes.of(fstat(client, fd), 0);
  }

  static String linkTarget(long client, String path) throws ErrnoException {
    return new String(linkTarget(client, bytes(path)), StandardCharsets.UTF_8);
  }

  static Entry[] list(long client, String path) throws ErrnoException {
    Object[] result = list(client, bytes(path));
    byte[][] names = (byte[][]) result[0];
    long[] fields = (long[]) result[1];
    Entry[] entries = new Entry[names.length];
    for (int i = 0; i < names.length; i++) {
      entries[i] = new Entry(new String(names[i], StandardCharsets.UTF_8), Attributes.of(fields, i * ATTR_FIELDS));
    }
    return entries;
  }

  /** The chunk size and, per chunk of the range, the hosts of its replicas. */
  record Locations(long chunkSize, String[][] hosts) {
  }

  static Locations locations(long client, String path, long start, long length) throws ErrnoException {
    Object[] result = locations(client, bytes(path), start, length);
    byte[][] joined = (byte[][]) result[1];
    String[][] hosts = new String[joined.length][];
    for (int i = 0; i < joined.length; i++) {
      String text = new String(joined[i], StandardCharsets.UTF_8);
      hosts[i] = text.isEmpty() ? new String[0] : text.split(",");
    }
    return new Locations(((long[]) result[0])[0], hosts);
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static native long connect(byte[] host, int port, int retryDelaySeconds, int maxRetries,
      int timeoutSeconds, byte[] logLevel) throws ErrnoException;

  static native void disconnect(long client);

  private static native long[] lstat(long client, byte[] path, boolean withSize) throws ErrnoException;

  private static native byte[] linkTarget(long client, byte[] path) throws ErrnoException;

  private static native long[] fstat(long client, int fd) throws ErrnoException;

  private static native Object[] list(long client, byte[] path) throws ErrnoException;

  static native int mkdir(long client, byte[] path, int mode) throws ErrnoException;

  static native int rmdir(long client, byte[] path) throws ErrnoException;

  static native int remove(long client, byte[] path) throws ErrnoException;

  static native void rename(long client, byte[] from, byte[] to) throws ErrnoException;

  /**
   * A new replicated file (not striped), open for writing: {@code exclusive} fails with EEXIST when the name exists,
   * else an existing file is truncated. Returns the descriptor.
   */
  static native int create(long client, byte[] path, int replicas, boolean exclusive, int mode)
      throws ErrnoException;

  /** An existing file open for reading, or for writing without truncation. Returns the descriptor. */
  static native int open(long client, byte[] path, boolean write) throws ErrnoException;

  /** Up to {@code length} bytes into a direct buffer's {@code [offset, offset + length)}; 0 at the end. */
  static native int pread(long client, int fd, long position, ByteBuffer buffer, int offset, int length)
      throws ErrnoException;

  static native void pwrite(long client, int fd, long position, ByteBuffer buffer, int offset, int length)
      throws ErrnoException;

  static native void sync(long client, int fd) throws ErrnoException;

  static native void close(long client, int fd) throws ErrnoException;

  /** Negative times are left unchanged. */
  static native int setTimes(long client, byte[] path, long modifiedMillis, long accessedMillis)
      throws ErrnoException;

  static native int chmod(long client, byte[] path, int mode) throws ErrnoException;

  /** A negative id is left unchanged. */
  static native int chown(long client, byte[] path, long uid, long gid) throws ErrnoException;

  private static native Object[] locations(long client, byte[] path, long start, long length) throws ErrnoException;
}
