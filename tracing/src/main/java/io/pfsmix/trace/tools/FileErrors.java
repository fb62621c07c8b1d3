package io.pfsmix.trace.tools;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Says why a file operation failed. Java's file exceptions often carry only the path (NoSuchFileException,
 * AccessDeniedException: the reason is their class), so printing the message alone shows a bare path.
 */
public final class FileErrors {

  private FileErrors() {
  }

  /** The reason, in words: "no such file or directory", "permission denied", "Read-only file system", ... */
  public static String reason(IOException e) {
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "directory not empty";
    }
    if (e instanceof NotDirectoryException) {
      return "not a directory";
    }
    if (e instanceof FileSystemException) {
      return e.getClass().getSimpleName();
    }
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }

  /** The path (and the other path, for a move or link) and the reason, as one line. */
  public static String describe(FileSystemException e) {
    return e.getFile() + (e.getOtherFile() != null ? " -> " + e.getOtherFile() : "") + ": " + reason(e);
  }
}
