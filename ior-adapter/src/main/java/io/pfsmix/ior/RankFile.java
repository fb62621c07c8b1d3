package io.pfsmix.ior;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** One rank's open test file for one phase: transfers at IOR's offsets. */
interface RankFile extends Closeable {

  /** Writes all remaining bytes of {@code data} at {@code offset}; leaves its position where it was. */
  void write(long offset, ByteBuffer data) throws IOException;

  /** Fills {@code into} (position to limit) from {@code offset}; leaves its position where it was. */
  void read(long offset, ByteBuffer into) throws IOException;

  /** fsync: makes the bytes written so far durable. */
  void sync() throws IOException;
}
