package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the data calls of open files (read, write, fsync, close) with a deadline. libcephfs waits without limit for an
 * OSD or MDS that is down — Ceph's way, it resumes when the cluster recovers — and a JNI call cannot be interrupted,
 * so a call that misses the deadline is left running on its own thread and the caller gets an IOException instead of
 * a hang. With a timeout of 0 the calls run on the caller's thread and wait as libcephfs does.
 */
final class CephIo implements AutoCloseable {

  private final long timeoutSeconds;
  private final ExecutorService threads;

  CephIo(long timeoutSeconds) {
    if (timeoutSeconds < 0) {
      throw new IllegalArgumentException(CephConfigKeys.IO_TIMEOUT_SECONDS + " must not be negative, got "
          + timeoutSeconds);
    }
    this.timeoutSeconds = timeoutSeconds;
    this.threads = timeoutSeconds == 0 ? null : Executors.newCachedThreadPool(task -> {
      Thread thread = new Thread(task, "cephfs-io");
      thread.setDaemon(true);
      return thread;
    });
  }

  <T> T call(String operation, String path, CephCalls.NativeCall<T> call) throws IOException {
    if (threads == null) {
      return CephCalls.call(operation, path, call);
    }
    Future<T> result = threads.submit(() -> CephCalls.call(operation, path, call));
    try {
      return result.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new CephIoTimeoutException("cephfs " + operation + " " + path + ": no answer from the cluster within "
          + timeoutSeconds + " s (" + CephConfigKeys.IO_TIMEOUT_SECONDS + "); an OSD or the MDS may be down");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IOException("cephfs " + operation + " " + path + " failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for cephfs " + operation + " " + path);
    }
  }

  void run(String operation, String path, CephCalls.NativeAction action) throws IOException {
    call(operation, path, () -> {
      action.run();
      return null;
    });
  }

  @Override
  public void close() {
    if (threads != null) {
      threads.shutdown();
    }
  }

  /** A data call that missed its deadline; the file it was for cannot be used any more. */
  static final class CephIoTimeoutException extends IOException {

    private static final long serialVersionUID = 1L;

    CephIoTimeoutException(String message) {
      super(message);
    }
  }
}
