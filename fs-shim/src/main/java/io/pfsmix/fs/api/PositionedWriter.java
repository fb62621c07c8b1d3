package io.pfsmix.fs.api;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A writer at explicit offsets into a file that other writers (threads, processes, hosts) may be writing at the same
 * time — what IOR's N-to-1 checkpoints need and Hadoop's sequential FSDataOutputStream cannot give.
 */
public interface PositionedWriter extends Closeable {

  /** Writes all remaining bytes of {@code data} at {@code position}. */
  void write(long position, ByteBuffer data) throws IOException;

  default void write(long position, byte[] data, int offset, int length) throws IOException {
    write(position, ByteBuffer.wrap(data, offset, length));
  }

  /** Makes everything written so far durable (fsync). */
  void sync() throws IOException;
}
