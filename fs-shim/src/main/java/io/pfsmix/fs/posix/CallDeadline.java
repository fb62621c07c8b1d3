package io.pfsmix.fs.posix;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs native calls with a deadline. A client library may wait without limit for a server that is down (libcephfs
 * until the cluster recovers, OrangeFS's for as long as its servers' configuration says), and a JNI call cannot be
 * interrupted, so a call that misses the deadline is left running on its own thread and the caller gets an
 * IOException instead of a hang. With a timeout of 0 the calls run on the caller's thread and wait as the library
 * does. Failures are translated by {@link NativeCalls}.
 */
public final class CallDeadline implements AutoCloseable {

  private final String backend;
  private final String timeoutKey;
  private final long timeoutSeconds;
  private final String hint;
  private final ExecutorService threads;

  /**
   * @param backend the backend's name, for messages and thread names ("cephfs")
   * @param timeoutKey the key that sets the timeout, for messages
   * @param hint what a missed deadline may mean, for messages ("an OSD or the MDS may be down")
   */
  public CallDeadline(String backend, String timeoutKey, long timeoutSeconds, String hint) {
    if (timeoutSeconds < 0) {
      throw new IllegalArgumentException(timeoutKey + " must not be negative, got " + timeoutSeconds);
    }
    this.backend = backend;
    this.timeoutKey = timeoutKey;
    this.timeoutSeconds = timeoutSeconds;
    this.hint = hint;
    this.threads = timeoutSeconds == 0 ? null : Executors.newCachedThreadPool(task -> {
      Thread thread = new Thread(task, backend + "-io");
      thread.setDaemon(true);
      return thread;
    });
  }

  public long timeoutSeconds() {
    return timeoutSeconds;
  }

  public <T> T call(String operation, String path, NativeCalls.Call<T> call) throws IOException {
    if (threads == null) {
      return NativeCalls.call(backend, operation, path, call);
    }
    Future<T> result;
    try {
      result = threads.submit(() -> NativeCalls.call(backend, operation, path, call));
    } catch (RejectedExecutionException e) {
      throw new IOException(backend + " " + operation + " " + path + ": the file system is closed", e);
    }
    try {
      return result.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new DeadlineMissedException(backend + " " + operation + " " + path + ": no answer within "
          + timeoutSeconds + " s (" + timeoutKey + "); " + hint);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IOException(backend + " " + operation + " " + path + " failed: " + e.getCause(), e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted waiting for " + backend + " " + operation + " " + path);
    }
  }

  public void run(String operation, String path, NativeCalls.Action action) throws IOException {
    call(operation, path, () -> {
      action.run();
      return null;
    });
  }

  /** The calls of one open file, refused once one of them missed its deadline. */
  public FileCalls forFile(String path) {
    return new FileCalls(path);
  }

  /** Calls on one open file: after one missed its deadline, the file may still be busy, so no more are sent. */
  public final class FileCalls {

    private final String path;
    private volatile IOException missed;

    private FileCalls(String path) {
      this.path = path;
    }

    public void run(String operation, NativeCalls.Action action) throws IOException {
      if (missed != null) {
        throw new IOException(backend + " " + path + " is unusable after an earlier call got no answer: "
            + missed.getMessage(), missed);
      }
      try {
        CallDeadline.this.run(operation, path, action);
      } catch (DeadlineMissedException e) {
        missed = e;
        throw e;
      }
    }

    public boolean missedDeadline() {
      return missed != null;
    }
  }

  @Override
  public void close() {
    if (threads != null) {
      threads.shutdown();
    }
  }

  /** A call that missed its deadline; what it was for (an open file) cannot be used any more. */
  public static final class DeadlineMissedException extends IOException {

    private static final long serialVersionUID = 1L;

    DeadlineMissedException(String message) {
      super(message);
    }
  }
}
