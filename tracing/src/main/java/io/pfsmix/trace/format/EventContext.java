package io.pfsmix.trace.format;

import java.util.Objects;

/**
 * Who made a record: host, process, and either the Hadoop job and task attempt or the IOR rank. Several tasks can share
 * one JVM (LocalJobRunner), so each record carries its own context (an id into the file's context table).
 *
 * @param host host name, never null
 * @param pid operating system process id
 * @param jobId Hadoop job id ({@code mapreduce.job.id}), or "" when not a Hadoop task
 * @param taskAttemptId Hadoop task attempt id ({@code mapreduce.task.attempt.id}), or ""
 * @param rank MPI / IOR rank, or {@link #NO_RANK}
 */
public record EventContext(String host, int pid, String jobId, String taskAttemptId, int rank) {

  public static final int NO_RANK = -1;

  public EventContext {
    Objects.requireNonNull(host, "host");
    jobId = jobId == null ? "" : jobId;
    taskAttemptId = taskAttemptId == null ? "" : taskAttemptId;
  }

  public static EventContext ofProcess(String host, int pid) {
    return new EventContext(host, pid, "", "", NO_RANK);
  }

  public boolean hasRank() {
    return rank != NO_RANK;
  }

  public boolean hasTask() {
    return !taskAttemptId.isEmpty();
  }

  public EventContext withRank(int newRank) {
    return new EventContext(host, pid, jobId, taskAttemptId, newRank);
  }

  public EventContext withTask(String newJobId, String newTaskAttemptId) {
    return new EventContext(host, pid, newJobId, newTaskAttemptId, rank);
  }

  /** A short label: "rank 3", the task attempt id, or "pid 1234", each with its host. */
  public String label() {
    if (hasRank()) {
      return "rank " + rank + "@" + host;
    }
    if (hasTask()) {
      return taskAttemptId + "@" + host;
    }
    return "pid " + pid + "@" + host;
  }
}
