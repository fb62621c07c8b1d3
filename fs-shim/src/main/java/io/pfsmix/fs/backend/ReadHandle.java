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

  /** Whether {@link #map} works: the file's pages can be mapped into memory (a local or kernel-mounted file system). */
  default boolean canMap() {
    return false;
  }

  /**
   * A read-only view of {@code length} bytes from {@code position}, backed by the file's pages: nothing is copied, and
   * the pages are read (with the kernel's readahead) when first touched. Release it with {@link #unmap}; a file
   * truncated below a mapped range makes access to it fail hard.
   *
   * @throws UnsupportedOperationException when {@link #canMap} is false
   * @throws MapRefusedException when the file system refuses the mapping: read the range instead
   */
  default ByteBuffer map(long position, int length) throws IOException {
    throw new UnsupportedOperationException(getClass().getName() + " cannot map files");
  }

  /** Releases a view from {@link #map} at once (the garbage collector would, much later); it must not be used again. */
  default void unmap(ByteBuffer mapping) {
    throw new UnsupportedOperationException(getClass().getName() + " cannot map files");
  }
}
