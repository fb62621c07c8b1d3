package io.pfsmix.fs.ceph;

import java.io.FileNotFoundException;
import java.io.IOException;

import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsDirectoryException;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.security.AccessControlException;

import com.ceph.fs.CephFileAlreadyExistsException;
import com.ceph.fs.CephNotDirectoryException;
import com.ceph.fs.CephNotMountedException;

/**
 * Runs libcephfs-jni calls and turns their errors into the exceptions Hadoop expects, naming the operation and path.
 * The binding throws checked exceptions its methods do not declare (the errno's strerror text, or a bare
 * FileNotFoundException for ENOENT), so every call goes through here.
 */
final class CephCalls {

  @FunctionalInterface
  interface NativeCall<T> {
    T run() throws Exception;
  }

  @FunctionalInterface
  interface NativeAction {
    void run() throws Exception;
  }

  private CephCalls() {
  }

  /** Runs a call, letting its exceptions through unchanged but typed (IOException or unchecked). */
  static <T> T raw(NativeCall<T> call) throws IOException {
    try {
      return call.run();
    } catch (IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException(e);
    }
  }

  static <T> T call(String operation, String path, NativeCall<T> call) throws IOException {
    try {
      return call.run();
    } catch (Exception e) {
      throw translate(operation, path, e);
    }
  }

  static void run(String operation, String path, NativeAction action) throws IOException {
    call(operation, path, () -> {
      action.run();
      return null;
    });
  }

  static IOException translate(String operation, String path, Exception e) {
    String where = "cephfs " + operation + " " + path;
    if (e instanceof CephFileAlreadyExistsException) {
      return withCause(new FileAlreadyExistsException(where + ": already exists"), e);
    }
    if (e instanceof FileNotFoundException) {
      return withCause(new FileNotFoundException(where + ": no such file or directory"), e);
    }
    if (e instanceof CephNotDirectoryException) {
      return withCause(new ParentNotDirectoryException(where + ": a parent is not a directory"), e);
    }
    if (e instanceof CephNotMountedException) {
      return new IOException(where + ": the CephFS backend is closed", e);
    }
    String reason = e.getMessage() == null || e.getMessage().isEmpty() ? e.getClass().getSimpleName() : e.getMessage();
    if ("Directory not empty".equals(reason)) {
      return withCause(new PathIsNotEmptyDirectoryException(path), e);
    }
    if ("Permission denied".equals(reason) || "Operation not permitted".equals(reason)) {
      return withCause(new AccessControlException(where + ": " + reason), e);
    }
    if ("Is a directory".equals(reason)) {
      return withCause(new PathIsDirectoryException(path), e);
    }
    return new IOException(where + " failed: " + reason, e);
  }

  private static IOException withCause(IOException exception, Exception cause) {
    exception.initCause(cause);
    return exception;
  }
}
