package io.pfsmix.trace;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.InetAddress;
import java.net.UnknownHostException;

import io.pfsmix.trace.format.EventContext;

/**
 * Who is doing I/O on the current thread, beyond what the tracing file system learns from its configuration. IOR ranks
 * run as threads of one JVM, so the IOR driver marks each rank's thread with {@link #setThreadRank}; a harness that runs
 * several Hadoop tasks on threads of one JVM may mark them with {@link #setThreadTask}. In a Spark executor, the task
 * Spark runs on the thread names the record (Spark's TaskContext, read reflectively so tracing needs no Spark jar). Marks
 * win over Spark's task, and both over the context taken from the file system's configuration, which a cached file system
 * shares across every task of its JVM.
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
    Object cachedSparkTask;
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
    Object sparkTask = SparkTask.current();
    if (!marks.any() && sparkTask == null) {
      return base;
    }
    if (marks.cachedBase != base || marks.cachedSparkTask != sparkTask) {
      EventContext result = base;
      if (sparkTask != null) {
        result = SparkTask.context(result, sparkTask);
      }
      if (marks.taskAttemptId != null) {
        result = result.withTask(marks.jobId, marks.taskAttemptId);
      }
      if (marks.rank != EventContext.NO_RANK) {
        result = result.withRank(marks.rank);
      }
      marks.cachedBase = base;
      marks.cachedSparkTask = sparkTask;
      marks.cachedResult = result;
    }
    return marks.cachedResult;
  }

  /**
   * Spark's TaskContext of the current thread, when Spark is on the class path. Spark names a task by stage, stage attempt,
   * partition, attempt and TID (its logs say "task 3.0 in stage 1.0 (TID 7)"), so the trace's job is the stage attempt and
   * the task attempt carries the rest: job "spark-stage-1.0", task "spark-task-3.0-tid-7".
   */
  static final class SparkTask {
    /** TaskContext's methods; a record, so that the JIT takes its fields as constants as it does static finals. */
    private record Handles(MethodHandle get, MethodHandle stage, MethodHandle stageAttempt, MethodHandle partition,
        MethodHandle attempt, MethodHandle tid) {
    }

    /** Null without Spark. */
    private static final Handles HANDLES = lookUp();

    private static Handles lookUp() {
      try {
        Class<?> taskContext = Class.forName("org.apache.spark.TaskContext", false, TraceContext.class.getClassLoader());
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodType intResult = MethodType.methodType(int.class);
        return new Handles(lookup.findStatic(taskContext, "get", MethodType.methodType(taskContext)),
            lookup.findVirtual(taskContext, "stageId", intResult),
            lookup.findVirtual(taskContext, "stageAttemptNumber", intResult),
            lookup.findVirtual(taskContext, "partitionId", intResult),
            lookup.findVirtual(taskContext, "attemptNumber", intResult),
            lookup.findVirtual(taskContext, "taskAttemptId", MethodType.methodType(long.class)));
      } catch (ReflectiveOperationException | LinkageError notSpark) {
        return null;
      }
    }

    private SparkTask() {
    }

    /** The thread's TaskContext, or null outside Spark tasks (and always without Spark). */
    static Object current() {
      if (HANDLES == null) {
        return null;
      }
      try {
        return HANDLES.get().invoke();
      } catch (Throwable e) {
        throw new IllegalStateException("Spark's TaskContext.get() failed", e);
      }
    }

    static EventContext context(EventContext base, Object task) {
      try {
        String jobId = "spark-stage-" + (int) HANDLES.stage().invoke(task) + "."
            + (int) HANDLES.stageAttempt().invoke(task);
        String attemptId = "spark-task-" + (int) HANDLES.partition().invoke(task) + "."
            + (int) HANDLES.attempt().invoke(task) + "-tid-" + (long) HANDLES.tid().invoke(task);
        return base.withTask(jobId, attemptId);
      } catch (Throwable e) {
        throw new IllegalStateException("reading Spark's TaskContext failed", e);
      }
    }
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
