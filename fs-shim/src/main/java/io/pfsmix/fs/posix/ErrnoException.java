package io.pfsmix.fs.posix;

import java.io.IOException;

/** A failed system call of the native library: which call, its errno (0 for a refusal of the library's own), why. */
final class ErrnoException extends IOException {

  private static final long serialVersionUID = 1L;

  static final int ENOENT = 2;
  static final int EACCES = 13;
  static final int EPERM = 1;
  static final int EEXIST = 17;
  static final int EXDEV = 18;
  static final int ENOTDIR = 20;
  static final int EISDIR = 21;
  static final int ENOSPC = 28;
  static final int ENOSYS = 38;
  static final int ENOTEMPTY = 39;
  static final int ELOOP = 40;

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

  String call() {
    return call;
  }

  int errno() {
    return errno;
  }

  String reason() {
    return reason;
  }
}
