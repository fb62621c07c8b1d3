package io.pfsmix.trace.format;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Byte layout of the pfsmix trace format, versions 1 and 2 (all integers little-endian). docs/trace-format.md describes
 * every byte; this class is the single place the Java code takes offsets and codes from.
 */
public final class TraceFormat {

  private TraceFormat() {
  }

  /**
   * Version 2 writes records in PACKED RECORDS blocks, compressed with LZ4 since 2.1 (zstd in 2.0); 2.0 files and 1.x
   * files (64-byte RECORDS blocks) still read.
   */
  public static final int VERSION_MAJOR = 2;
  public static final int VERSION_MINOR = 1;
  /** The oldest major version a reader reads. */
  public static final int OLDEST_MAJOR = 1;

  /** First 8 bytes of every trace file. */
  public static final byte[] FILE_MAGIC = "PFSMIXTR".getBytes(StandardCharsets.US_ASCII);
  /** First 4 bytes of every block ("PTBK" in file order). */
  public static final int BLOCK_MAGIC = 0x4B425450;

  /** magic(8) + major(2) + minor(2) + body length(4). */
  public static final int HEADER_PREFIX_SIZE = 16;
  /** magic(4) + type(1) + reserved(3) + entry count(4) + payload length(4). */
  public static final int BLOCK_HEADER_SIZE = 16;
  public static final int CHECKSUM_SIZE = 4;
  /** Larger headers or blocks are treated as corruption rather than allocated. */
  public static final int MAX_HEADER_BODY = 1 << 20;
  public static final int MAX_BLOCK_PAYLOAD = 16 << 20;

  public static final int BLOCK_PATHS = 1;
  public static final int BLOCK_STRINGS = 2;
  public static final int BLOCK_CONTEXTS = 3;
  public static final int BLOCK_RECORDS = 4;
  public static final int BLOCK_END = 5;
  /** Since 1.1: the running counts, so a file that never got its END block still tells what its producer lost. */
  public static final int BLOCK_PROGRESS = 6;
  /** Since 2.0: records as columns of varint deltas, compressed (see {@link PackedRecords}). */
  public static final int BLOCK_PACKED_RECORDS = 7;
  /**
   * Written by merges, before any record: the headers of the traces merged (and of those they were merged from), so
   * that tools reading a merged trace beside its inputs count each call once. Older readers skip it, as any unknown
   * type.
   */
  public static final int BLOCK_SOURCES = 8;

  /** Codec byte of a PACKED RECORDS block: a zstd frame (what 2.0 writes). */
  public static final int CODEC_ZSTD = 1;
  /**
   * Codec byte of a PACKED RECORDS block: one LZ4 block (what 2.1 writes; it unpacks about four times faster than zstd,
   * which read 2.0 files slower than 1.1's: docs/benchmarks.md).
   */
  public static final int CODEC_LZ4 = 2;
  /** Codec byte, 3 reserved bytes, uncompressed length (u32). */
  public static final int PACKED_PREFIX_SIZE = 8;
  /** Records in one PACKED RECORDS block, at most: bounds what a reader allocates for one block. */
  public static final int MAX_PACKED_RECORDS = 1 << 16;
  /** zstd level of the 2.0 writer: chosen by measurement (docs/benchmarks.md). */
  public static final int ZSTD_LEVEL = 1;

  /** The codec a writer of format {@code major.minor} (2.0 or later) packs record blocks with. */
  public static int codecOf(int major, int minor) {
    return major == 2 && minor == 0 ? CODEC_ZSTD : CODEC_LZ4;
  }

  /** Payload of an END or PROGRESS block: records written (u64), records lost (u64), wall time (i64). */
  public static final int END_PAYLOAD_SIZE = 24;
  /** An END or PROGRESS block, framed: one may be written over the other in place. */
  public static final int COUNTS_BLOCK_SIZE = BLOCK_HEADER_SIZE + END_PAYLOAD_SIZE + CHECKSUM_SIZE;

  /** Records per block the Java writers aim for (64 KiB of records). */
  public static final int RECORDS_PER_BLOCK = 1024;

  // Record layout, version 1.
  public static final int RECORD_SIZE = 64;
  public static final int R_START = 0;
  public static final int R_DURATION = 8;
  public static final int R_OFFSET = 16;
  public static final int R_LENGTH = 24;
  public static final int R_BYTES = 32;
  public static final int R_THREAD = 40;
  public static final int R_PATH = 48;
  public static final int R_RESULT = 52;
  public static final int R_CONTEXT = 56;
  public static final int R_OP = 60;
  public static final int R_POINT = 62;
  public static final int R_FLAGS = 63;

  /** Field type codes used in the header's field table. */
  public static final int TYPE_I64 = 1;
  public static final int TYPE_U32 = 2;
  public static final int TYPE_U16 = 3;
  public static final int TYPE_U8 = 4;

  /** The header's description of the record: name, type, offset. */
  static final Object[][] RECORD_FIELDS = {
      {"start_ns", TYPE_I64, R_START},
      {"duration_ns", TYPE_I64, R_DURATION},
      {"offset", TYPE_I64, R_OFFSET},
      {"length", TYPE_I64, R_LENGTH},
      {"bytes", TYPE_I64, R_BYTES},
      {"thread_id", TYPE_I64, R_THREAD},
      {"path_id", TYPE_U32, R_PATH},
      {"result_id", TYPE_U32, R_RESULT},
      {"context_id", TYPE_U32, R_CONTEXT},
      {"op", TYPE_U16, R_OP},
      {"point", TYPE_U8, R_POINT},
      {"flags", TYPE_U8, R_FLAGS},
  };

  /**
   * Appends one encoded record at the buffer's position (which must be little-endian with 64 bytes remaining). Ids are
   * those of the file's tables: 0 means no path, an "ok" result, or the header's own process context.
   */
  public static void putRecord(ByteBuffer buffer, long startNs, long durationNs, int op, int point, int pathId,
      long offset, long length, long bytes, int resultId, long threadId, int contextId) {
    int base = buffer.position();
    buffer.putLong(base + R_START, startNs);
    buffer.putLong(base + R_DURATION, durationNs);
    buffer.putLong(base + R_OFFSET, offset);
    buffer.putLong(base + R_LENGTH, length);
    buffer.putLong(base + R_BYTES, bytes);
    buffer.putLong(base + R_THREAD, threadId);
    buffer.putInt(base + R_PATH, pathId);
    buffer.putInt(base + R_RESULT, resultId);
    buffer.putInt(base + R_CONTEXT, contextId);
    buffer.putShort(base + R_OP, (short) op);
    buffer.put(base + R_POINT, (byte) point);
    buffer.put(base + R_FLAGS, (byte) 0);
    buffer.position(base + RECORD_SIZE);
  }
}
