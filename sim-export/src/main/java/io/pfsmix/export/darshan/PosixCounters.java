package io.pfsmix.export.darshan;

/** Indices of the Darshan POSIX module (version 4) counters, in the order of darshan-posix-log-format.h. */
final class PosixCounters {
  static final int OPENS = 0;
  static final int RENAME_TARGETS = 11;
  static final int RENAMED_FROM = 12;
  static final int READS = 3;
  static final int WRITES = 4;
  static final int SEEKS = 5;
  static final int STATS = 6;
  static final int FSYNCS = 8;
  static final int FDSYNCS = 9;
  static final int MODE = 13;
  static final int BYTES_READ = 14;
  static final int BYTES_WRITTEN = 15;
  static final int MAX_BYTE_READ = 16;
  static final int MAX_BYTE_WRITTEN = 17;
  static final int CONSEC_READS = 18;
  static final int CONSEC_WRITES = 19;
  static final int SEQ_READS = 20;
  static final int SEQ_WRITES = 21;
  static final int RW_SWITCHES = 22;
  static final int MEM_NOT_ALIGNED = 23;
  static final int MEM_ALIGNMENT = 24;
  static final int FILE_NOT_ALIGNED = 25;
  static final int FILE_ALIGNMENT = 26;
  static final int MAX_READ_TIME_SIZE = 27;
  static final int MAX_WRITE_TIME_SIZE = 28;
  static final int SIZE_READ_0_100 = 29;
  static final int SIZE_WRITE_0_100 = 39;
  static final int STRIDE1_STRIDE = 49;
  static final int STRIDE1_COUNT = 53;
  static final int ACCESS1_ACCESS = 57;
  static final int ACCESS1_COUNT = 61;
  static final int FASTEST_RANK = 65;
  static final int FASTEST_RANK_BYTES = 66;
  static final int SLOWEST_RANK = 67;
  static final int SLOWEST_RANK_BYTES = 68;
  static final int COUNT = 69;

  static final int F_OPEN_START = 0;
  static final int F_READ_START = 1;
  static final int F_WRITE_START = 2;
  static final int F_CLOSE_START = 3;
  static final int F_OPEN_END = 4;
  static final int F_READ_END = 5;
  static final int F_WRITE_END = 6;
  static final int F_CLOSE_END = 7;
  static final int F_READ_TIME = 8;
  static final int F_WRITE_TIME = 9;
  static final int F_META_TIME = 10;
  static final int F_MAX_READ_TIME = 11;
  static final int F_MAX_WRITE_TIME = 12;
  static final int F_FASTEST_RANK_TIME = 13;
  static final int F_SLOWEST_RANK_TIME = 14;
  static final int F_VARIANCE_RANK_TIME = 15;
  static final int F_VARIANCE_RANK_BYTES = 16;
  static final int F_COUNT = 17;

  /** Upper bounds (inclusive) of Darshan's access size buckets; larger sizes fall into the last (1G_PLUS) bucket. */
  private static final long[] BUCKET_LIMITS = {100, 1024, 10240, 102400, 1048576, 4194304, 10485760, 104857600,
      1073741824};

  static int sizeBucket(long size) {
    for (int i = 0; i < BUCKET_LIMITS.length; i++) {
      if (size <= BUCKET_LIMITS[i]) {
        return i;
      }
    }
    return BUCKET_LIMITS.length;
  }

  private PosixCounters() {
  }
}
