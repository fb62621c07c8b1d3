package io.pfsmix.fs.backend;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** An open file, read at explicit offsets. Safe for use by one thread at a time. */
public interface ReadHandle extends Closeable {

  /**
   * Reads up to {@code destination.remaining()} bytes at {@code position} into the destination, advancing its position.
   *
   * @return the bytes read, or -1 when {@code position} is at or past the end of the file
   */
  int read(long position, ByteBuffer destination) throws IOException;

  /** The current length of the file. */
  long length() throws IOException;
}
