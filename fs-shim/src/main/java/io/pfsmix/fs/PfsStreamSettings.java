package io.pfsmix.fs;

import java.util.function.BiFunction;

import org.apache.hadoop.conf.Configuration;

/**
 * The shim's buffer and block settings, each checked as it is read (a bad value is an error naming the key and the
 * value): what every {@code pfs://} file system reads when it starts, and what a caller can check before it starts
 * one (the mix, before anything runs).
 *
 * @param readAheadSize fs.pfs.readahead.size
 * @param randomReadSize fs.pfs.readahead.random.size
 * @param mappedReadAhead fs.pfs.readahead.mmap
 * @param writeBufferSize fs.pfs.write.buffer.size
 * @param vectoredMinSeek fs.pfs.vectored.min.seek
 * @param vectoredMaxMerged fs.pfs.vectored.max.merged
 * @param defaultBlockSize fs.pfs.block.size
 */
public record PfsStreamSettings(int readAheadSize, int randomReadSize, boolean mappedReadAhead, int writeBufferSize,
    int vectoredMinSeek, int vectoredMaxMerged, long defaultBlockSize) {

  /** The settings of {@code conf} (with the fs.pfs.* system properties applied as defaults). */
  public static PfsStreamSettings of(Configuration conf) {
    return of(conf, (key, problem) -> problem);
  }

  /** As {@link #of(Configuration)}; a bad value throws what {@code errors} makes of its key and the problem. */
  public static PfsStreamSettings of(Configuration conf,
      BiFunction<String, IllegalArgumentException, ? extends RuntimeException> errors) {
    PfsConfigValues values = PfsConfigValues.of(PfsSystemDefaults.apply(conf), errors);
    return new PfsStreamSettings(
        values.bufferBytes(PfsConfigKeys.READAHEAD_SIZE, PfsConfigKeys.READAHEAD_SIZE_DEFAULT, 1),
        values.bufferBytes(PfsConfigKeys.READAHEAD_RANDOM_SIZE, PfsConfigKeys.READAHEAD_RANDOM_SIZE_DEFAULT, 1),
        values.bool(PfsConfigKeys.READAHEAD_MMAP, PfsConfigKeys.READAHEAD_MMAP_DEFAULT),
        values.bufferBytes(PfsConfigKeys.WRITE_BUFFER_SIZE, PfsConfigKeys.WRITE_BUFFER_SIZE_DEFAULT, 1),
        values.bufferBytes(PfsConfigKeys.VECTORED_MIN_SEEK, PfsConfigKeys.VECTORED_MIN_SEEK_DEFAULT, 0),
        values.bufferBytes(PfsConfigKeys.VECTORED_MAX_MERGED, PfsConfigKeys.VECTORED_MAX_MERGED_DEFAULT, 1),
        values.bytes(PfsConfigKeys.BLOCK_SIZE, PfsConfigKeys.BLOCK_SIZE_DEFAULT, 1, Long.MAX_VALUE));
  }
}
