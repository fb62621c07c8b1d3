package io.pfsmix.fs.ceph;

import java.io.FileNotFoundException;
import java.io.IOException;

import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsDirectoryException;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.security.AccessControlException;

import io.pfsmix.fs.posix.ErrnoException;

/**
 * Runs calls of the libcephfs binding ({@link CephRoot}) and turns their errno into the exceptions Hadoop expects,
 * naming the operation and the pfs path.
 */
final class CephCalls {

  @FunctionalInterface
  interface NativeCall<T> {
    T run() throws IOException;
  }

  @FunctionalInterface
  interface NativeAction {
    void run() throws IOException;
  }

  private CephCalls() {
  }

  static <T> T call(String operation, String path, NativeCall<T> call) throws IOException {
    try {
      return call.run();
    } catch (ErrnoException e) {
      throw translate(operation, path, e);
    }
  }

  static void run(String operation, String path, NativeAction action) throws IOException {
    call(operation, path, () -> {
      action.run();
      return null;
    });
  }

  /**
   * A failed call as the exception Hadoop callers expect. EXDEV from the walk means the path leads outside the root:
   * the refusal names the path and the symlink that leads out.
   */
  static IOException translate(String operation, String path, ErrnoException e) {
    String where = "cephfs " + operation + " " + path;
    IOException translated = switch (e.errno()) {
      case ErrnoException.EXDEV -> e.call().equals("resolve")
          ? new AccessControlException("pfs path " + path + " is refused: " + e.reason()) : null;
      case ErrnoException.ENOENT -> new FileNotFoundException(where + ": no such file or directory");
      case ErrnoException.EEXIST -> new FileAlreadyExistsException(where + ": already exists");
      case ErrnoException.ENOTDIR -> new ParentNotDirectoryException(where + ": a parent is not a directory");
      case ErrnoException.ENOTEMPTY -> new PathIsNotEmptyDirectoryException(path);
      case ErrnoException.EISDIR -> new PathIsDirectoryException(path);
      case ErrnoException.EACCES, ErrnoException.EPERM -> new AccessControlException(where + ": " + e.reason());
      case ErrnoException.ELOOP -> new IOException(where + ": too many levels of symbolic links");
      default -> null;
    };
    if (translated == null) {
      translated = new IOException(where + " failed: " + e.reason() + " (" + e.call() + ")");
    }
    translated.initCause(e);
    return translated;
  }
}
