package io.pfsmix.trace.hadoop;

import java.io.File;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The tracer for {@code file:}. Hadoop itself casts the file: file system to LocalFileSystem
 * ({@code FileSystem.getLocal}, used by the LocalJobRunner), so {@code fs.file.impl} must stay a LocalFileSystem: this
 * one is Hadoop's checksummed local file system over a traced raw local file system. Records are therefore made below
 * the checksum layer and include its {@code .crc} side files.
 */
public class TracingLocalFileSystem extends LocalFileSystem {

  private final RawLocalFileSystem raw;

  public TracingLocalFileSystem() {
    this(new RawLocalFileSystem());
  }

  private TracingLocalFileSystem(RawLocalFileSystem raw) {
    super(new TracingFileSystem(raw));
    this.raw = raw;
  }

  /** LocalFileSystem's own version casts its inner file system to RawLocalFileSystem. */
  @Override
  public File pathToFile(Path path) {
    return raw.pathToFile(path);
  }

  /**
   * Hadoop's MapReduce casts this to RawLocalFileSystem (a map task renames its spill files through it): the raw file
   * system itself, so a job's intermediate spills are not traced; its input and output, read and written through this
   * file system, are.
   */
  @Override
  public FileSystem getRaw() {
    return raw;
  }

  /**
   * LocalFileSystem moves a file with a bad checksum aside by casting its inner file system; here the file stays in
   * place and the reader gets the checksum error without a retry.
   */
  @Override
  public boolean reportChecksumFailure(Path p, FSDataInputStream in, long inPos, FSDataInputStream sums,
      long sumsPos) {
    return false;
  }
}
