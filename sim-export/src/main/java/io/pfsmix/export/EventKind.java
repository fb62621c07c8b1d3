package io.pfsmix.export;

import io.pfsmix.trace.format.TraceOp;

/** What an exported record does, independent of whether Hadoop, the pfs shim or the POSIX library traced it. */
public enum EventKind {
  OPEN, READ, WRITE, SEEK, FSYNC, FDATASYNC, FLUSH, CLOSE, STAT,
  /** A namespace call (mkdirs, delete, rename, list, attributes): metadata work, no data moved. */
  METADATA,
  /** An operation code this reader does not know. */
  UNKNOWN;

  /** The kind of a trace operation. */
  public static EventKind of(TraceOp op) {
    if (op.isRead()) {
      return READ;
    }
    if (op.isWrite()) {
      return WRITE;
    }
    return switch (op) {
      case OPEN, OPEN_FILE, CREATE, CREATE_NON_RECURSIVE, APPEND, OPEN_POSITIONED_WRITER, POSIX_OPEN, POSIX_OPENAT,
          POSIX_CREAT -> OPEN;
      case SEEK, SKIP, POSIX_LSEEK -> SEEK;
      case HSYNC, SYNC, POSIX_FSYNC -> FSYNC;
      case DATASYNC, POSIX_FDATASYNC -> FDATASYNC;
      case HFLUSH -> FLUSH;
      case CLOSE, POSIX_CLOSE -> CLOSE;
      case GET_FILE_STATUS, GET_FILE_LINK_STATUS -> STAT;
      case UNKNOWN -> UNKNOWN;
      default -> METADATA;
    };
  }

  /**
   * Calls a format keyed by file and offset expresses without a record of their own: opens, closes and seeks only set
   * up the position that the following reads and writes carry explicitly.
   */
  public boolean impliedByOffsets() {
    return this == OPEN || this == CLOSE || this == SEEK;
  }

  public boolean movesData() {
    return this == READ || this == WRITE;
  }
}
