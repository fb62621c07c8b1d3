package io.pfsmix.fs;

import java.io.IOException;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A write across a fault, as the native backends' fault tests make one: how many whole chunks were written (each after
 * the fault also hflushed), and the first IOException of the writes and the close, or null.
 */
public record FaultedWrite(int chunks, IOException failure) {

  /** What breaks the file system under a writer (a server killed). */
  @FunctionalInterface
  public interface Fault {
    void inject() throws IOException;
  }

  /**
   * Creates {@code file}, writes {@code chunk} {@code before} times and hflushes, injects {@code fault}, then writes and
   * hflushes {@code chunk} up to {@code after} more times, and closes the file; the first IOException ends the writes.
   */
  public static FaultedWrite across(FileSystem fs, Path file, byte[] chunk, int before, Fault fault, int after)
      throws IOException {
    int chunks = 0;
    IOException failure = null;
    FSDataOutputStream out = fs.create(file);
    try {
      for (; chunks < before; chunks++) {
        out.write(chunk);
      }
      out.hflush();
      fault.inject();
      for (; chunks < before + after; chunks++) {
        out.write(chunk);
        out.hflush();
      }
    } catch (IOException e) {
      failure = e;
    } finally {
      try {
        out.close();
      } catch (IOException e) {
        if (failure == null) {
          failure = e;
        }
      }
    }
    return new FaultedWrite(chunks, failure);
  }
}
