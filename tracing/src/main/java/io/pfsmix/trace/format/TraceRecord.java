package io.pfsmix.trace.format;

/**
 * One traced call.
 *
 * @param startNs wall-clock start in nanoseconds since the epoch (one clock per process: a wall anchor plus monotonic offsets)
 * @param durationNs how long the call took, in nanoseconds
 * @param op the operation
 * @param point the trace point that made the record
 * @param path the file the call was about, or null when it concerned none
 * @param offset file offset of the access, or {@link #NONE}
 * @param length bytes asked for (or the target offset of a seek), or {@link #NONE}
 * @param bytes bytes actually read or written (the call's return value for data calls; -1 at end of file), or {@link #NONE}
 * @param result {@link #OK} when the call succeeded, else the error class (Java exception class name or errno name)
 * @param threadId Java thread id or Linux thread id of the caller
 * @param context host, process, Hadoop task or IOR rank
 */
public record TraceRecord(
    long startNs,
    long durationNs,
    TraceOp op,
    TracePoint point,
    String path,
    long offset,
    long length,
    long bytes,
    String result,
    long threadId,
    EventContext context) {

  /** The value of numeric fields that do not apply to an operation. */
  public static final long NONE = Long.MIN_VALUE;

  /** The result of a successful call. */
  public static final String OK = "ok";

  public TraceRecord {
    if (result == null || result.isEmpty()) {
      result = OK;
    }
  }

  public boolean succeeded() {
    return OK.equals(result);
  }

  public long endNs() {
    return startNs + durationNs;
  }
}
