package io.pfsmix.trace;

import java.net.InetAddress;
import java.net.UnknownHostException;

import io.pfsmix.trace.format.EventContext;

/**
 * Who is doing I/O on the current thread, beyond what the tracing file system learns from its configuration. IOR ranks
 * run as threads of one JVM, so the IOR driver marks each rank's thread with {@link #setThreadRank}; a harness that runs
 * several Hadoop tasks on threads of one JVM may mark them with {@link #setThreadTask}. Marks win over the context taken
 * from the file system's configuration.
 */
public final class TraceContext {

  private TraceContext() {
  }

  /** Per-thread marks and a one-entry cache of the context they produce. */
  static final class ThreadMarks {
    int rank = EventContext.NO_RANK;
    String jobId;
    String taskAttemptId;
    EventContext cachedBase;
    EventContext cachedResult;

    boolean any() {
      return rank != EventContext.NO_RANK || taskAttemptId != null;
    }

    void invalidate() {
      cachedBase = null;
      cachedResult = null;
    }
  }

  private static final ThreadLocal<ThreadMarks> MARKS = ThreadLocal.withInitial(ThreadMarks::new);
  private static final String HOST = localHostName();
  private static final int PID = (int) ProcessHandle.current().pid();

  /** Marks the current thread as MPI / IOR rank {@code rank} (0 or more). */
  public static void setThreadRank(int rank) {
    if (rank < 0) {
      throw new IllegalArgumentException("rank must be 0 or more, got " + rank);
    }
    ThreadMarks marks = MARKS.get();
    marks.rank = rank;
    marks.invalidate();
  }

  public static void clearThreadRank() {
    ThreadMarks marks = MARKS.get();
    marks.rank = EventContext.NO_RANK;
    marks.invalidate();
  }

  /** The current thread's rank, or {@link EventContext#NO_RANK}. */
  public static int threadRank() {
    return MARKS.get().rank;
  }

  /** Marks the current thread as running a Hadoop task attempt. */
  public static void setThreadTask(String jobId, String taskAttemptId) {
    ThreadMarks marks = MARKS.get();
    marks.jobId = jobId == null ? "" : jobId;
    marks.taskAttemptId = taskAttemptId == null ? "" : taskAttemptId;
    marks.invalidate();
  }

  public static void clearThreadTask() {
    ThreadMarks marks = MARKS.get();
    marks.jobId = null;
    marks.taskAttemptId = null;
    marks.invalidate();
  }

  /** This process's host name, as written into traces. */
  public static String host() {
    return HOST;
  }

  /** This process's id. */
  public static int pid() {
    return PID;
  }

  /** The process context with no task or rank. */
  public static EventContext processContext() {
    return EventContext.ofProcess(HOST, PID);
  }

  /** The context for a Hadoop configuration's job and task attempt ids (empty when absent). */
  public static EventContext forTask(String jobId, String taskAttemptId) {
    return new EventContext(HOST, PID, jobId, taskAttemptId, EventContext.NO_RANK);
  }

  /** {@code base} with the current thread's marks applied; returns {@code base} itself when the thread has none. */
  public static EventContext resolve(EventContext base) {
    ThreadMarks marks = MARKS.get();
    if (!marks.any()) {
      return base;
    }
    if (marks.cachedBase != base) {
      EventContext result = base;
      if (marks.taskAttemptId != null) {
        result = result.withTask(marks.jobId, marks.taskAttemptId);
      }
      if (marks.rank != EventContext.NO_RANK) {
        result = result.withRank(marks.rank);
      }
      marks.cachedBase = base;
      marks.cachedResult = result;
    }
    return marks.cachedResult;
  }

  private static String localHostName() {
    String fromEnv = System.getenv("HOSTNAME");
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return fromEnv != null && !fromEnv.isEmpty() ? fromEnv : "localhost";
    }
  }
}
