package io.pfsmix.fs.posix;

import java.io.FileNotFoundException;
import java.io.IOException;

import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsDirectoryException;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.security.AccessControlException;

/**
 * Runs calls of a native binding whose resolution walks paths itself (fs-ceph's, fs-orangefs's) and turns their
 * errno into the exceptions Hadoop expects, naming the backend, the operation and the pfs path.
 */
public final class NativeCalls {

  @FunctionalInterface
  public interface Call<T> {
    T run() throws IOException;
  }

  @FunctionalInterface
  public interface Action {
    void run() throws IOException;
  }

  private NativeCalls() {
  }

  public static <T> T call(String backend, String operation, String path, Call<T> call) throws IOException {
    try {
      return call.run();
    } catch (ErrnoException e) {
      throw translate(backend, operation, path, e);
    }
  }

  public static void run(String backend, String operation, String path, Action action) throws IOException {
    call(backend, operation, path, () -> {
      action.run();
      return null;
    });
  }

  /**
   * A failed call as the exception Hadoop callers expect. EXDEV from call "resolve" means the path leads outside the
   * root: the refusal names the path and, in the reason, the symlink that leads out.
   */
  public static IOException translate(String backend, String operation, String path, ErrnoException e) {
    String where = backend + " " + operation + " " + path;
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
