package io.pfsmix.tfidf;

import java.io.FileNotFoundException;
import java.io.IOException;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;

/** Checks on the paths the generator and the jobs create, made before anything runs. */
public final class OutputPaths {

  private OutputPaths() {
  }

  /**
   * Refuses a path that cannot be created because an ancestor is a file: in one line naming both, rather than a job
   * that fails in its setup with the local runner's stack trace and "failed: NA".
   *
   * @param what what the path is, for the message ("output", "model")
   */
  public static void checkCreatable(FileSystem fs, Path path, String what) throws IOException {
    for (Path parent = path.getParent(); parent != null; parent = parent.getParent()) {
      FileStatus status;
      try {
        status = fs.getFileStatus(parent);
      } catch (FileNotFoundException | ParentNotDirectoryException e) {
        continue;
      }
      if (!status.isDirectory()) {
        throw new ParentNotDirectoryException(what + " " + path + " cannot be created: " + status.getPath()
            + " is a file, not a directory");
      }
      return;
    }
  }
}
