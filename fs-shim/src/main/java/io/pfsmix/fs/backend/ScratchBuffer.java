package io.pfsmix.fs.backend;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Reads and writes of a native client library (libcephfs, OrangeFS's), which moves bytes only from and to memory
 * outside the Java heap: a direct buffer is used in place, a caller's heap buffer goes through this handle's own
 * direct buffer, grown on demand up to {@link #LIMIT} and then reused. A fresh direct buffer per call costs an
 * allocation, zeroing and eventually a GC of that size (OrangeFS's 4 MiB reads ran at a fifth of the speed of the
 * same reads through the shim's read-ahead buffer). Not thread-safe, like the handles that hold one.
 */
public final class ScratchBuffer {

  /** The most bytes one call moves through the buffer; longer heap requests go in pieces. */
  public static final int LIMIT = 8 << 20;

  /** The library reading into {@code buffer[offset, offset + length)} from a file position; the count, <= 0 at the end. */
  @FunctionalInterface
  public interface NativeRead {
    int read(long position, ByteBuffer buffer, int offset, int length) throws IOException;
  }

  /** The library writing all of {@code buffer[offset, offset + length)} at a file position. */
  @FunctionalInterface
  public interface NativeWrite {
    void write(long position, ByteBuffer buffer, int offset, int length) throws IOException;
  }

  private ByteBuffer buffer;

  /**
   * Reads up to {@code destination.remaining()} bytes at {@code position} (at most {@link #LIMIT} into a heap buffer),
   * advancing {@code destination}: the count, 0 when nothing was asked, -1 at the end of the file.
   */
  public int read(long position, ByteBuffer destination, NativeRead read) throws IOException {
    int length = destination.remaining();
    if (length == 0) {
      return 0;
    }
    if (destination.isDirect()) {
      int n = read.read(position, destination, destination.position(), length);
      if (n > 0) {
        destination.position(destination.position() + n);
      }
      return n > 0 ? n : -1;
    }
    ByteBuffer through = take(length);
    int n = read.read(position, through, 0, Math.min(length, through.capacity()));
    if (n > 0) {
      destination.put(through.limit(n));
    }
    return n > 0 ? n : -1;
  }

  /** Writes all of {@code source} at {@code position}, a heap buffer in pieces of at most {@link #LIMIT}. */
  public void write(long position, ByteBuffer source, NativeWrite write) throws IOException {
    if (source.isDirect()) {
      int length = source.remaining();
      write.write(position, source, source.position(), length);
      source.position(source.position() + length);
      return;
    }
    for (long at = position; source.hasRemaining();) {
      ByteBuffer through = take(source.remaining());
      int length = Math.min(source.remaining(), through.capacity());
      through.put(source.duplicate().limit(source.position() + length));
      write.write(at, through, 0, length);
      source.position(source.position() + length);
      at += length;
    }
  }

  private ByteBuffer take(int length) {
    int wanted = Math.min(length, LIMIT);
    if (buffer == null || buffer.capacity() < wanted) {
      buffer = ByteBuffer.allocateDirect(wanted);
    }
    return buffer.clear();
  }
}
