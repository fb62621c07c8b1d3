package io.pfsmix.fs;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;

import io.pfsmix.fs.backend.StorageBackend;

/**
 * Keeps a few full-size read-ahead buffers of a file system for reuse: direct buffers are costly to allocate and are
 * only freed by the garbage collector, so jobs opening many large files would otherwise churn native memory.
 */
final class ReadBufferPool {

  private static final int POOLED = 8;

  private final StorageBackend backend;
  private final int capacity;
  private final ArrayBlockingQueue<ByteBuffer> free = new ArrayBlockingQueue<>(POOLED);

  ReadBufferPool(StorageBackend backend, int capacity) {
    this.backend = backend;
    this.capacity = capacity;
  }

  /** A cleared buffer of {@code size} bytes (pooled when it is the full read-ahead size). */
  ByteBuffer acquire(int size) {
    if (size == capacity) {
      ByteBuffer pooled = free.poll();
      if (pooled != null) {
        pooled.clear();
        return pooled;
      }
    }
    return backend.allocateBuffer(size);
  }

  void release(ByteBuffer buffer) {
    if (buffer.capacity() == capacity) {
      free.offer(buffer);
    }
  }
}
