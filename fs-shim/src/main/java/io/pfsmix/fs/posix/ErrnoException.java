package io.pfsmix.fs.posix;

import java.io.IOException;

/**
 * A failed call of one of the project's native libraries (the POSIX backend's, fs-ceph's libcephfs binding): which
 * call, its errno (0 for a refusal of the library's own), why.
 */
public final class ErrnoException extends IOException {

  private static final long serialVersionUID = 1L;

  public static final int ENOENT = 2;
  public static final int EAGAIN = 11;
  public static final int EACCES = 13;
  public static final int EPERM = 1;
  public static final int EEXIST = 17;
  public static final int EXDEV = 18;
  public static final int ENOTDIR = 20;
  public static final int EISDIR = 21;
  public static final int ENOSPC = 28;
  public static final int ENOSYS = 38;
  public static final int ENOTEMPTY = 39;
  public static final int ELOOP = 40;
  public static final int ENODATA = 61;
  public static final int ETIMEDOUT = 110;

  private final String call;
  private final int errno;
  private final String reason;

  /** Called from the native library. */
  ErrnoException(String call, int errno, String reason) {
    super(call + ": " + reason);
    this.call = call;
    this.errno = errno;
    this.reason = reason;
  }

  public String call() {
    return call;
  }

  public int errno() {
    return errno;
  }

  public String reason() {
    return reason;
  }
}
