package io.pfsmix.fs.backend;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** An open file, written at explicit offsets. Safe for use by one thread at a time. */
public interface WriteHandle extends Closeable {

  /** Writes all of {@code source.remaining()} bytes at {@code position}, advancing the buffer's position. */
  void write(long position, ByteBuffer source) throws IOException;

  /** Makes written data durable: data only ({@code metadata == false}, fdatasync) or data and metadata (fsync). */
  void sync(boolean metadata) throws IOException;

  /** The length of the file where this handle started writing: 0 after create, the old length after append. */
  long initialLength();
}
