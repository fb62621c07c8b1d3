package io.pfsmix.trace.format;

/**
 * The operation a record describes. Codes are part of the file format: new operations get new codes, existing codes never
 * change meaning. 1-99 are Hadoop FileSystem calls, 100-199 stream calls (including what the storage trace point sees),
 * 200-299 POSIX calls from the LD_PRELOAD library.
 */
public enum TraceOp {
  /** A code written by a newer producer that this reader does not know. */
  UNKNOWN(0, Layer.UNKNOWN),

  OPEN(1, Layer.FILE_SYSTEM),
  CREATE(2, Layer.FILE_SYSTEM),
  CREATE_NON_RECURSIVE(3, Layer.FILE_SYSTEM),
  APPEND(4, Layer.FILE_SYSTEM),
  MKDIRS(5, Layer.FILE_SYSTEM),
  DELETE(6, Layer.FILE_SYSTEM),
  RENAME(7, Layer.FILE_SYSTEM),
  GET_FILE_STATUS(8, Layer.FILE_SYSTEM),
  LIST_STATUS(9, Layer.FILE_SYSTEM),
  LIST_LOCATED_STATUS(10, Layer.FILE_SYSTEM),
  GET_FILE_BLOCK_LOCATIONS(11, Layer.FILE_SYSTEM),
  CONCAT(12, Layer.FILE_SYSTEM),
  TRUNCATE(13, Layer.FILE_SYSTEM),
  SET_TIMES(14, Layer.FILE_SYSTEM),
  SET_PERMISSION(15, Layer.FILE_SYSTEM),
  SET_OWNER(16, Layer.FILE_SYSTEM),
  SET_REPLICATION(17, Layer.FILE_SYSTEM),
  GET_XATTRS(18, Layer.FILE_SYSTEM),
  SET_XATTR(19, Layer.FILE_SYSTEM),
  REMOVE_XATTR(20, Layer.FILE_SYSTEM),
  GET_CONTENT_SUMMARY(21, Layer.FILE_SYSTEM),
  GET_FILE_CHECKSUM(22, Layer.FILE_SYSTEM),
  OPEN_POSITIONED_WRITER(23, Layer.FILE_SYSTEM),
  CREATE_SYMLINK(24, Layer.FILE_SYSTEM),
  GET_FILE_LINK_STATUS(25, Layer.FILE_SYSTEM),
  OPEN_FILE(26, Layer.FILE_SYSTEM),

  READ(100, Layer.STREAM),
  PREAD(101, Layer.STREAM),
  READ_VECTORED(102, Layer.STREAM),
  SEEK(103, Layer.STREAM),
  SKIP(104, Layer.STREAM),
  WRITE(105, Layer.STREAM),
  /** A write at an explicit offset (positioned writer, or a storage backend write). */
  PWRITE(106, Layer.STREAM),
  HFLUSH(107, Layer.STREAM),
  HSYNC(108, Layer.STREAM),
  /** Data and metadata made durable by a storage backend (fsync). */
  SYNC(109, Layer.STREAM),
  /** Data made durable by a storage backend (fdatasync). */
  DATASYNC(110, Layer.STREAM),
  CLOSE(111, Layer.STREAM),
  UNBUFFER(112, Layer.STREAM),

  POSIX_OPEN(200, Layer.POSIX),
  POSIX_OPENAT(201, Layer.POSIX),
  POSIX_CREAT(202, Layer.POSIX),
  POSIX_CLOSE(203, Layer.POSIX),
  POSIX_READ(204, Layer.POSIX),
  POSIX_PREAD(205, Layer.POSIX),
  POSIX_READV(206, Layer.POSIX),
  POSIX_WRITE(207, Layer.POSIX),
  POSIX_PWRITE(208, Layer.POSIX),
  POSIX_WRITEV(209, Layer.POSIX),
  POSIX_LSEEK(210, Layer.POSIX),
  POSIX_FSYNC(211, Layer.POSIX),
  POSIX_FDATASYNC(212, Layer.POSIX),
  POSIX_PREADV(213, Layer.POSIX),
  POSIX_PWRITEV(214, Layer.POSIX);

  /** Which interface an operation belongs to. */
  public enum Layer { UNKNOWN, FILE_SYSTEM, STREAM, POSIX }

  private static final TraceOp[] BY_CODE = new TraceOp[300];

  static {
    for (TraceOp op : values()) {
      BY_CODE[op.code] = op;
    }
  }

  private final int code;
  private final Layer layer;

  TraceOp(int code, Layer layer) {
    this.code = code;
    this.layer = layer;
  }

  public int code() {
    return code;
  }

  public Layer layer() {
    return layer;
  }

  /** Whether the operation moves data from storage to the caller. */
  public boolean isRead() {
    return this == READ || this == PREAD || this == READ_VECTORED || this == POSIX_READ || this == POSIX_PREAD
        || this == POSIX_READV || this == POSIX_PREADV;
  }

  /** Whether the operation moves data from the caller to storage. */
  public boolean isWrite() {
    return this == WRITE || this == PWRITE || this == POSIX_WRITE || this == POSIX_PWRITE || this == POSIX_WRITEV
        || this == POSIX_PWRITEV;
  }

  /** The operation with this code, or {@link #UNKNOWN}. */
  public static TraceOp fromCode(int code) {
    TraceOp op = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    return op == null ? UNKNOWN : op;
  }
}
