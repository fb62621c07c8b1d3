package io.pfsmix.export.darshan;

import java.util.Arrays;

/** The DXT segments (offset, length, start, end) of one file and rank, writes and reads kept apart as DXT stores them. */
final class DxtSegments {
  private long[] writes = new long[0];
  private long[] reads = new long[0];
  private int writeCount;
  private int readCount;

  void add(boolean write, long offset, long length, double start, double end) {
    if (write) {
      writes = put(writes, writeCount++, offset, length, start, end);
    } else {
      reads = put(reads, readCount++, offset, length, start, end);
    }
  }

  private static long[] put(long[] a, int index, long offset, long length, double start, double end) {
    int at = index * 4;
    if (at + 4 > a.length) {
      a = Arrays.copyOf(a, Math.max(16, a.length * 2));
    }
    a[at] = offset;
    a[at + 1] = length;
    a[at + 2] = Double.doubleToRawLongBits(start);
    a[at + 3] = Double.doubleToRawLongBits(end);
    return a;
  }

  int writeCount() {
    return writeCount;
  }

  int readCount() {
    return readCount;
  }

  /** Segment i of writes (or reads) as {offset, length, startBits, endBits}. */
  long[] raw(boolean write) {
    return write ? writes : reads;
  }
}
