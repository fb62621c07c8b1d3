package io.pfsmix.trace.format;

/** Where in the I/O stack a record was made. Codes are part of the file format and never change. */
public enum TracePoint {
  /** Above the file system: what the application asked for (the tracing FileSystem wrapper). */
  APPLICATION(1),
  /** Inside the pfs shim, behind its read-ahead buffer: what reached the storage backend. */
  STORAGE(2),
  /** A POSIX call of an unmodified program, intercepted by the LD_PRELOAD library. */
  POSIX(3);

  private static final TracePoint[] BY_CODE = new TracePoint[4];

  static {
    for (TracePoint point : values()) {
      BY_CODE[point.code] = point;
    }
  }

  private final int code;

  TracePoint(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** The point with this code, or null when the code is unknown to this version. */
  public static TracePoint fromCode(int code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}
