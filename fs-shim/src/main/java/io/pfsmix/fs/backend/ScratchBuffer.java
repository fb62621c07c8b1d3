package io.pfsmix.fs.backend;

import java.nio.ByteBuffer;

/**
 * The direct buffer through which a caller's heap buffer reaches a native client library (libcephfs, OrangeFS's),
 * which reads and writes only memory outside the Java heap. One per open handle, grown on demand up to
 * {@link #LIMIT} and then reused: a fresh direct buffer per call costs an allocation, zeroing and eventually a GC of
 * that size (for OrangeFS, 4 MiB reads ran at a fifth of the speed of the same reads through the read-ahead buffer).
 * Not thread-safe, like the handles that hold one.
 */
public final class ScratchBuffer {

  /** The most bytes one call moves through the buffer; longer requests go in pieces. */
  public static final int LIMIT = 8 << 20;

  private ByteBuffer buffer;

  /** A cleared direct buffer of at least {@code min(length, LIMIT)} bytes. */
  public ByteBuffer take(int length) {
    int wanted = Math.min(length, LIMIT);
    if (buffer == null || buffer.capacity() < wanted) {
      buffer = ByteBuffer.allocateDirect(wanted);
    }
    return buffer.clear();
  }
}
