package io.pfsmix.export.darshan;

import static io.pfsmix.export.darshan.PosixCounters.*;

import java.util.List;

/**
 * The POSIX counters of one file as one rank used it, accumulated the way the Darshan runtime does: sequential and
 * consecutive accesses against the last byte touched since open, the most common sizes and strides, cumulative times that
 * do not count overlapping calls twice, first-start and last-end timestamps. Times are seconds since the export's base.
 */
final class PosixFileRecord {
  /** The actor index of a record that reduces several ranks' records of one file (Darshan writes it as rank -1). */
  static final int SHARED = -1;
  final long recordId;
  final int actorIndex;
  final int fileIndex;
  /** DXT segments of this file and rank, or null while none was recorded. */
  DxtSegments dxt;
  final long[] counters = new long[COUNT];
  final double[] fcounters = new double[F_COUNT];
  private final ValueCounts accessSizes = new ValueCounts();
  private final ValueCounts strides = new ValueCounts();
  private long lastByteRead;
  private long lastByteWritten;
  private int lastIo; // 0 none, 1 read, 2 write
  private long closes;
  private double lastReadEnd;
  private double lastWriteEnd;
  private double lastMetaEnd;

  PosixFileRecord(long recordId, int actorIndex, int fileIndex, long fileAlignment) {
    this.recordId = recordId;
    this.actorIndex = actorIndex;
    this.fileIndex = fileIndex;
    counters[FILE_ALIGNMENT] = fileAlignment;
    // the tracer does not see user buffers; Darshan's usual value, and no access is counted as misaligned in memory
    counters[MEM_ALIGNMENT] = 8;
    counters[MEM_NOT_ALIGNED] = 0;
  }

  void open(double start, double end) {
    counters[OPENS]++;
    lastByteRead = 0;
    lastByteWritten = 0;
    if (counters[OPENS] == 1 || fcounters[F_OPEN_START] > start) {
      fcounters[F_OPEN_START] = start;
    }
    fcounters[F_OPEN_END] = end;
    meta(start, end);
  }

  void close(double start, double end) {
    closes++;
    if (closes == 1 || fcounters[F_CLOSE_START] > start) {
      fcounters[F_CLOSE_START] = start;
    }
    fcounters[F_CLOSE_END] = end;
    meta(start, end);
  }

  void count(int counter, double start, double end) {
    counters[counter]++;
    meta(start, end);
  }

  void meta(double start, double end) {
    lastMetaEnd = addNoOverlap(F_META_TIME, start, end, lastMetaEnd);
  }

  void read(long offset, long bytes, double start, double end) {
    if (offset > lastByteRead) {
      counters[SEQ_READS]++;
    }
    if (offset == lastByteRead + 1) {
      counters[CONSEC_READS]++;
    }
    strides.add(stride(offset, lastByteRead));
    lastByteRead = offset + bytes - 1;
    counters[MAX_BYTE_READ] = Math.max(counters[MAX_BYTE_READ], offset + bytes - 1);
    counters[BYTES_READ] += bytes;
    counters[READS]++;
    counters[SIZE_READ_0_100 + sizeBucket(bytes)]++;
    access(offset, bytes);
    if (lastIo == 2) {
      counters[RW_SWITCHES]++;
    }
    lastIo = 1;
    if (counters[READS] == 1 || fcounters[F_READ_START] > start) {
      fcounters[F_READ_START] = start;
    }
    fcounters[F_READ_END] = end;
    double elapsed = end - start;
    if (elapsed > fcounters[F_MAX_READ_TIME]) {
      fcounters[F_MAX_READ_TIME] = elapsed;
      counters[MAX_READ_TIME_SIZE] = bytes;
    }
    lastReadEnd = addNoOverlap(F_READ_TIME, start, end, lastReadEnd);
  }

  void write(long offset, long bytes, double start, double end) {
    if (offset > lastByteWritten) {
      counters[SEQ_WRITES]++;
    }
    if (offset == lastByteWritten + 1) {
      counters[CONSEC_WRITES]++;
    }
    strides.add(stride(offset, lastByteWritten));
    lastByteWritten = offset + bytes - 1;
    counters[MAX_BYTE_WRITTEN] = Math.max(counters[MAX_BYTE_WRITTEN], offset + bytes - 1);
    counters[BYTES_WRITTEN] += bytes;
    counters[WRITES]++;
    counters[SIZE_WRITE_0_100 + sizeBucket(bytes)]++;
    access(offset, bytes);
    if (lastIo == 1) {
      counters[RW_SWITCHES]++;
    }
    lastIo = 2;
    if (counters[WRITES] == 1 || fcounters[F_WRITE_START] > start) {
      fcounters[F_WRITE_START] = start;
    }
    fcounters[F_WRITE_END] = end;
    double elapsed = end - start;
    if (elapsed > fcounters[F_MAX_WRITE_TIME]) {
      fcounters[F_MAX_WRITE_TIME] = elapsed;
      counters[MAX_WRITE_TIME_SIZE] = bytes;
    }
    lastWriteEnd = addNoOverlap(F_WRITE_TIME, start, end, lastWriteEnd);
  }

  private void access(long offset, long bytes) {
    if (offset % counters[FILE_ALIGNMENT] != 0) {
      counters[FILE_NOT_ALIGNED]++;
    }
    accessSizes.add(bytes);
  }

  private static long stride(long offset, long lastByte) {
    return offset > 0 && offset > lastByte && lastByte != 0 ? offset - lastByte - 1 : 0;
  }

  private double addNoOverlap(int counter, double start, double end, double lastEnd) {
    if (start > lastEnd) {
      fcounters[counter] += end - start;
    } else if (end > lastEnd) {
      fcounters[counter] += end - lastEnd;
    }
    return Math.max(lastEnd, end);
  }

  /**
   * The record Darshan's runtime writes for a file several ranks used, from their completed records (timestamps already
   * shifted): counts, bytes, size buckets and times summed; highest offsets, slowest single read and write and last
   * timestamps kept, first timestamps the earliest of the ranks that did that kind of call; the four most common sizes and
   * strides merged from each rank's four; the fastest and slowest rank by I/O time (read + write + metadata) with their
   * bytes; the population variance of the ranks' I/O times and bytes. Mode and alignments are the first rank's.
   */
  static PosixFileRecord shared(List<PosixFileRecord> ranks, int[] rankOf) {
    PosixFileRecord first = ranks.get(0);
    PosixFileRecord s = new PosixFileRecord(first.recordId, SHARED, first.fileIndex, first.counters[FILE_ALIGNMENT]);
    s.counters[MODE] = first.counters[MODE];
    s.counters[RENAMED_FROM] = first.counters[RENAMED_FROM];
    ValueCounts sizes = new ValueCounts();
    ValueCounts strideCounts = new ValueCounts();
    double[] times = new double[ranks.size()];
    double[] bytes = new double[ranks.size()];
    for (int i = 0; i < ranks.size(); i++) {
      PosixFileRecord r = ranks.get(i);
      sum(s.counters, r.counters, OPENS, RENAME_TARGETS);
      sum(s.counters, r.counters, BYTES_READ, BYTES_WRITTEN);
      sum(s.counters, r.counters, CONSEC_READS, MEM_NOT_ALIGNED);
      sum(s.counters, r.counters, FILE_NOT_ALIGNED, FILE_NOT_ALIGNED);
      sum(s.counters, r.counters, SIZE_READ_0_100, SIZE_WRITE_0_100 + 9);
      s.counters[MAX_BYTE_READ] = Math.max(s.counters[MAX_BYTE_READ], r.counters[MAX_BYTE_READ]);
      s.counters[MAX_BYTE_WRITTEN] = Math.max(s.counters[MAX_BYTE_WRITTEN], r.counters[MAX_BYTE_WRITTEN]);
      s.closes += r.closes;
      for (int t = F_OPEN_START; t <= F_CLOSE_START; t++) {
        // first starts: the earliest among the ranks that made such a call (s counts only ranks merged so far)
        if (r.touched(t) && (!s.touchedBefore(t, r) || r.fcounters[t] < s.fcounters[t])) {
          s.fcounters[t] = r.fcounters[t];
        }
      }
      for (int t = F_OPEN_END; t <= F_CLOSE_END; t++) {
        if (r.touched(t)) {
          s.fcounters[t] = Math.max(s.fcounters[t], r.fcounters[t]);
        }
      }
      for (int t = F_READ_TIME; t <= F_META_TIME; t++) {
        s.fcounters[t] += r.fcounters[t];
      }
      if (r.fcounters[F_MAX_READ_TIME] > s.fcounters[F_MAX_READ_TIME]) {
        s.fcounters[F_MAX_READ_TIME] = r.fcounters[F_MAX_READ_TIME];
        s.counters[MAX_READ_TIME_SIZE] = r.counters[MAX_READ_TIME_SIZE];
      }
      if (r.fcounters[F_MAX_WRITE_TIME] > s.fcounters[F_MAX_WRITE_TIME]) {
        s.fcounters[F_MAX_WRITE_TIME] = r.fcounters[F_MAX_WRITE_TIME];
        s.counters[MAX_WRITE_TIME_SIZE] = r.counters[MAX_WRITE_TIME_SIZE];
      }
      sizes.addTop4(r.counters, ACCESS1_ACCESS, ACCESS1_COUNT);
      strideCounts.addTop4(r.counters, STRIDE1_STRIDE, STRIDE1_COUNT);
      times[i] = r.fcounters[F_READ_TIME] + r.fcounters[F_WRITE_TIME] + r.fcounters[F_META_TIME];
      bytes[i] = r.counters[BYTES_READ] + r.counters[BYTES_WRITTEN];
      if (i == 0 || times[i] < s.fcounters[F_FASTEST_RANK_TIME]) {
        s.counters[FASTEST_RANK] = rankOf[r.actorIndex];
        s.counters[FASTEST_RANK_BYTES] = (long) bytes[i];
        s.fcounters[F_FASTEST_RANK_TIME] = times[i];
      }
      if (i == 0 || times[i] > s.fcounters[F_SLOWEST_RANK_TIME]) {
        s.counters[SLOWEST_RANK] = rankOf[r.actorIndex];
        s.counters[SLOWEST_RANK_BYTES] = (long) bytes[i];
        s.fcounters[F_SLOWEST_RANK_TIME] = times[i];
      }
    }
    sizes.writeTop4(s.counters, ACCESS1_ACCESS, ACCESS1_COUNT);
    strideCounts.writeTop4(s.counters, STRIDE1_STRIDE, STRIDE1_COUNT);
    s.fcounters[F_VARIANCE_RANK_TIME] = variance(times);
    s.fcounters[F_VARIANCE_RANK_BYTES] = variance(bytes);
    return s;
  }

  /** Whether the shared record being built already took a first timestamp of this kind (before r was added). */
  private boolean touchedBefore(int timestamp, PosixFileRecord r) {
    return switch (timestamp) {
      case F_OPEN_START -> counters[OPENS] > r.counters[OPENS];
      case F_READ_START -> counters[READS] > r.counters[READS];
      case F_WRITE_START -> counters[WRITES] > r.counters[WRITES];
      default -> closes > r.closes;
    };
  }

  private static void sum(long[] into, long[] from, int first, int last) {
    for (int i = first; i <= last; i++) {
      into[i] += from[i];
    }
  }

  /** Population variance, as Darshan reduces it (S / n). */
  private static double variance(double[] xs) {
    double mean = 0;
    for (double x : xs) {
      mean += x / xs.length;
    }
    double s = 0;
    for (double x : xs) {
      s += (x - mean) * (x - mean);
    }
    return s / xs.length;
  }

  /** Fills the "most common" counters; called once before the record is written. */
  void complete() {
    accessSizes.writeTop4(counters, ACCESS1_ACCESS, ACCESS1_COUNT);
    strides.writeTop4(counters, STRIDE1_STRIDE, STRIDE1_COUNT);
  }

  /** Timestamps (not durations) move when the job start turns out earlier than the base the record was built on. */
  void shiftTimestamps(double seconds) {
    for (int i = F_OPEN_START; i <= F_CLOSE_END; i++) {
      if (touched(i)) {
        fcounters[i] += seconds;
      }
    }
  }

  private boolean touched(int timestamp) {
    return switch (timestamp) {
      case F_OPEN_START, F_OPEN_END -> counters[OPENS] > 0;
      case F_READ_START, F_READ_END -> counters[READS] > 0;
      case F_WRITE_START, F_WRITE_END -> counters[WRITES] > 0;
      default -> closes > 0;
    };
  }
}
