package io.pfsmix.fs.posix;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A native handle (a directory descriptor, a libcephfs mount) that many threads call through at once and that is
 * released only when no call uses it: a descriptor closed under a running call could be reused by another open, and
 * the call would then act on whatever that is; a mount freed under a call would be used after free.
 */
public final class NativeHandle {

  /** A call on the handle. */
  public interface Call<T> {
    T on(long handle) throws ErrnoException;
  }

  /** Releases the handle. */
  public interface Releaser {
    void release(long handle) throws IOException;
  }

  private final long handle;
  private final String description;
  private final ReadWriteLock usage = new ReentrantReadWriteLock();
  private volatile boolean closed;

  /** @param description what the handle is, for messages ("the pfs root /mnt/lustre") */
  public NativeHandle(long handle, String description) {
    this.handle = handle;
    this.description = description;
  }

  public <T> T use(Call<T> call) throws IOException {
    Lock lock = usage.readLock();
    lock.lock();
    try {
      if (closed) {
        throw new IOException(description + " is closed");
      }
      return call.on(handle);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Refuses new calls, waits for the running ones, then releases the handle (once, whatever is called again).
   *
   * @param waitSeconds how long to wait for running calls, 0 for as long as they take
   * @return false when calls still ran after {@code waitSeconds}: the handle is then left unreleased
   */
  public boolean release(long waitSeconds, Releaser releaser) throws IOException {
    if (closed) {
      return true;
    }
    closed = true;
    Lock lock = usage.writeLock();
    try {
      if (waitSeconds == 0) {
        lock.lock();
      } else if (!lock.tryLock(waitSeconds, TimeUnit.SECONDS)) {
        return false;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting to release " + description);
    }
    try {
      releaser.release(handle);
      return true;
    } finally {
      lock.unlock();
    }
  }
}
