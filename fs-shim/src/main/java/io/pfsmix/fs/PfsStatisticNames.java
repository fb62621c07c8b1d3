package io.pfsmix.fs;

/**
 * Names of the pfs-specific IOStatistics; generic stream counters use Hadoop's own names
 * ({@link org.apache.hadoop.fs.statistics.StreamStatisticNames}).
 */
public final class PfsStatisticNames {

  private PfsStatisticNames() {
  }

  /** Reads issued to the storage backend (behind the read-ahead buffer). */
  public static final String BACKEND_READ_OPERATIONS = "pfs_backend_read_operations";
  /** Bytes the storage backend returned. */
  public static final String BACKEND_READ_BYTES = "pfs_backend_read_bytes";
  /** Stream reads served entirely from the read-ahead buffer. */
  public static final String READAHEAD_HITS = "pfs_readahead_hits";
  /** Stream reads that needed a backend read. */
  public static final String READAHEAD_MISSES = "pfs_readahead_misses";
  /** Reads larger than the buffer, sent straight to the backend into the caller's memory. */
  public static final String DIRECT_READS = "pfs_direct_reads";
  /** Writes issued to the storage backend (behind the write-behind buffer). */
  public static final String BACKEND_WRITE_OPERATIONS = "pfs_backend_write_operations";
  /** Bytes written to the storage backend. */
  public static final String BACKEND_WRITE_BYTES = "pfs_backend_write_bytes";
  /** hflush/hsync calls. */
  public static final String SYNC_OPERATIONS = "pfs_sync_operations";
}
