package io.pfsmix.export;

import io.pfsmix.trace.format.TraceRecord;

/**
 * One trace record as the exporters see it: the record plus what the normalizer worked out (kind, actor, the offset a
 * stream call acted at, the bytes it moved). One instance is reused for every record of a stream.
 */
public final class ExportEvent {
  /** 1-based position of the record in the merged input, for messages that name a record. */
  public long sequence;
  public TraceRecord record;
  public EventKind kind;
  public Actor actor;
  /** Offset the access started at (explicit, or the tracked stream position); 0 for calls without one. */
  public long offset;
  /** Bytes moved by a read or write (0 at end of file or on failure). */
  public long transferred;
  /** Path with scheme and authority removed ("pfs://h/a/b" becomes "/a/b"), or null when the call had no file. */
  public String fsPath;

  public long startNs() {
    return record.startNs();
  }

  public long durationNs() {
    return record.durationNs();
  }

  public long endNs() {
    return record.startNs() + record.durationNs();
  }

  /** "record 17 (READ by rank-3 on /data/x)" for warnings and errors. */
  public String describe() {
    return "record " + sequence + " (" + record.op() + " by " + actor.name()
        + (record.path() == null ? "" : " on " + record.path()) + ")";
  }
}
