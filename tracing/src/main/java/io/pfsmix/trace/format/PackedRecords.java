package io.pfsmix.trace.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * The payload of a PACKED RECORDS block (format 2, docs/trace-format.md): the block's records as one column per field,
 * each value a zigzag varint of its difference from what the previous record of the block predicts, the columns
 * compressed together as one LZ4 block (format 2.1) or zstd frame (2.0). Records of one thread differ little from one
 * to the next (times a few microseconds apart, offsets following on, the same path and sizes), so most values take one
 * byte before compression and compress well after it. The writers pack the 64-byte records of {@link TraceFormat}; the
 * reader unpacks into one array per field.
 */
final class PackedRecords {

  private PackedRecords() {
  }

  /** Column order in the payload. */
  static final String[] COLUMNS = {"start_ns", "duration_ns", "offset", "length", "bytes", "thread_id", "path_id",
      "result_id", "context_id", "op", "point", "flags"};
  private static final int START = 0;
  private static final int DURATION = 1;
  private static final int OFFSET = 2;
  private static final int LENGTH = 3;
  private static final int BYTES = 4;
  private static final int THREAD = 5;
  private static final int PATH = 6;
  private static final int RESULT = 7;
  private static final int CONTEXT = 8;
  private static final int OP = 9;
  private static final int POINT = 10;
  private static final int FLAGS = 11;
  private static final int COLUMN_COUNT = COLUMNS.length;
  /** The uncompressed data starts with each column's byte length (u32). */
  static final int COLUMN_TABLE_SIZE = 4 * COLUMN_COUNT;
  private static final int MAX_VARINT = 10;

  /**
   * The offset a record is expected at: where the previous record's data call ended, or the previous offset when it
   * moved no bytes or had none. Wraps around like the writer's arithmetic, so any value round-trips.
   */
  private static long expectedOffset(long previousOffset, long previousBytes) {
    return previousOffset != TraceRecord.NONE && previousBytes > 0 ? previousOffset + previousBytes : previousOffset;
  }

  /** Packs blocks for one writer thread, reusing its buffers (they grow to the largest block packed). */
  static final class Encoder {
    private final int codec;
    // JNI where lz4-java's native library loads, else its pure-Java codec: never a failure, unlike zstd-jni's
    private final LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();
    private final byte[][] columns = new byte[COLUMN_COUNT][];
    private final int[] ends = new int[COLUMN_COUNT];
    private byte[] raw = new byte[0];
    private byte[] packed = new byte[0];

    /** An encoder compressing with {@code codec}, {@link TraceFormat#CODEC_LZ4} or {@link TraceFormat#CODEC_ZSTD}. */
    Encoder(int codec) {
      if (codec != TraceFormat.CODEC_LZ4 && codec != TraceFormat.CODEC_ZSTD) {
        throw new IllegalArgumentException("unknown packed-records codec " + codec);
      }
      this.codec = codec;
    }

    /**
     * Packs {@code count} 64-byte records from the buffer's position (which is left unchanged).
     *
     * @return the block payload, valid until the next call
     */
    ByteBuffer pack(ByteBuffer records, int count) {
      int columnCapacity = count * MAX_VARINT;
      for (int c = 0; c < COLUMN_COUNT; c++) {
        if (columns[c] == null || columns[c].length < columnCapacity) {
          columns[c] = new byte[columnCapacity];
        }
        ends[c] = 0;
      }
      long start = 0;
      long offset = 0;
      long length = 0;
      long bytes = 0;
      long thread = 0;
      long path = 0;
      long context = 0;
      long op = 0;
      long point = 0;
      for (int i = 0, base = records.position(); i < count; i++, base += TraceFormat.RECORD_SIZE) {
        long nextStart = records.getLong(base + TraceFormat.R_START);
        long nextOffset = records.getLong(base + TraceFormat.R_OFFSET);
        long nextLength = records.getLong(base + TraceFormat.R_LENGTH);
        long nextBytes = records.getLong(base + TraceFormat.R_BYTES);
        long nextThread = records.getLong(base + TraceFormat.R_THREAD);
        long nextPath = Integer.toUnsignedLong(records.getInt(base + TraceFormat.R_PATH));
        long nextContext = Integer.toUnsignedLong(records.getInt(base + TraceFormat.R_CONTEXT));
        long nextOp = Short.toUnsignedLong(records.getShort(base + TraceFormat.R_OP));
        put(START, nextStart - start);
        put(DURATION, records.getLong(base + TraceFormat.R_DURATION));
        put(OFFSET, nextOffset - expectedOffset(offset, bytes));
        put(LENGTH, nextLength - length);
        put(BYTES, nextBytes - nextLength);
        put(THREAD, nextThread - thread);
        put(PATH, nextPath - path);
        put(RESULT, Integer.toUnsignedLong(records.getInt(base + TraceFormat.R_RESULT)));
        put(CONTEXT, nextContext - context);
        put(OP, nextOp - op);
        long nextPoint = records.get(base + TraceFormat.R_POINT) & 0xff;
        put(POINT, nextPoint - point);
        put(FLAGS, records.get(base + TraceFormat.R_FLAGS) & 0xff);
        start = nextStart;
        offset = nextOffset;
        length = nextLength;
        bytes = nextBytes;
        thread = nextThread;
        path = nextPath;
        context = nextContext;
        op = nextOp;
        point = nextPoint;
      }

      int rawLength = COLUMN_TABLE_SIZE;
      for (int c = 0; c < COLUMN_COUNT; c++) {
        ends[c] = keepFirstWhenRestZero(columns[c], ends[c], count);
        rawLength += ends[c];
      }
      if (raw.length < rawLength) {
        raw = new byte[rawLength];
      }
      ByteBuffer table = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN);
      int at = COLUMN_TABLE_SIZE;
      for (int c = 0; c < COLUMN_COUNT; c++) {
        table.putInt(4 * c, ends[c]);
        System.arraycopy(columns[c], 0, raw, at, ends[c]);
        at += ends[c];
      }

      int bound = TraceFormat.PACKED_PREFIX_SIZE + (codec == TraceFormat.CODEC_LZ4 ? lz4.maxCompressedLength(rawLength)
          : (int) Zstd.compressBound(rawLength));
      if (packed.length < bound) {
        packed = new byte[bound];
      }
      int size;
      if (codec == TraceFormat.CODEC_LZ4) {
        size = lz4.compress(raw, 0, rawLength, packed, TraceFormat.PACKED_PREFIX_SIZE,
            bound - TraceFormat.PACKED_PREFIX_SIZE);
      } else {
        long zstdSize = Zstd.compressByteArray(packed, TraceFormat.PACKED_PREFIX_SIZE,
            bound - TraceFormat.PACKED_PREFIX_SIZE, raw, 0, rawLength, TraceFormat.ZSTD_LEVEL);
        if (Zstd.isError(zstdSize)) {
          throw new IllegalStateException("zstd could not compress a record block: " + Zstd.getErrorName(zstdSize));
        }
        size = (int) zstdSize;
      }
      ByteBuffer payload = ByteBuffer.wrap(packed, 0, TraceFormat.PACKED_PREFIX_SIZE + size)
          .order(ByteOrder.LITTLE_ENDIAN);
      payload.put(0, (byte) codec);
      payload.put(1, (byte) 0);
      payload.put(2, (byte) 0);
      payload.put(3, (byte) 0);
      payload.putInt(4, rawLength);
      return payload;
    }

    /**
     * A column whose values after the first are all 0 (a field that stays the same through the block) is cut to its
     * first value, fewer bytes than records: the reader fills in the zeros without decoding them.
     */
    private static int keepFirstWhenRestZero(byte[] column, int end, int count) {
      int first = 0;
      while (column[first] < 0) {
        first++;
      }
      first++;
      if (first >= count || end != first + count - 1) {
        return end;
      }
      for (int i = first; i < end; i++) {
        if (column[i] != 0) {
          return end;
        }
      }
      return first;
    }

    /** Appends {@code value} to a column as a zigzag varint. */
    private void put(int column, long value) {
      byte[] out = columns[column];
      int at = ends[column];
      long zigzag = (value << 1) ^ (value >> 63);
      while ((zigzag & ~0x7FL) != 0) {
        out[at++] = (byte) (zigzag | 0x80);
        zigzag >>>= 7;
      }
      out[at++] = (byte) zigzag;
      ends[column] = at;
    }
  }

  /**
   * Unpacks blocks for one reader into one array per field, reusing its arrays (bounded by the format's block limits)
   * and, for 2.0's blocks, its zstd context (native memory, released by {@link #close()}: making one per block cost
   * more than the rest of reading).
   */
  static final class Decoder implements AutoCloseable {
    /** Eight bytes of the unpacked data as one little-endian long. */
    private static final VarHandle EIGHT_BYTES = MethodHandles.byteArrayViewVarHandle(long[].class,
        ByteOrder.LITTLE_ENDIAN);
    private ZstdDecompressCtx zstd;
    private final LZ4SafeDecompressor lz4 = LZ4Factory.fastestInstance().safeDecompressor();
    private byte[] raw = new byte[0];
    long[] start = new long[0];
    long[] duration = new long[0];
    long[] offset = new long[0];
    long[] length = new long[0];
    long[] bytes = new long[0];
    long[] thread = new long[0];
    long[] path = new long[0];
    long[] result = new long[0];
    long[] context = new long[0];
    long[] op = new long[0];
    long[] point = new long[0];
    long[] flags = new long[0];

    /**
     * Unpacks a PACKED RECORDS payload of {@code entries} records into the field arrays (index = record in the block),
     * valid until the next call.
     *
     * @throws TraceFormatException naming the block's offset when the payload is damaged
     */
    void unpack(ByteBuffer payload, int entries, String name, long blockStart) throws TraceFormatException {
      if (entries > TraceFormat.MAX_PACKED_RECORDS) {
        throw new TraceFormatException(name, blockStart, "packed record block claims " + entries
            + " records, more than the format's " + TraceFormat.MAX_PACKED_RECORDS);
      }
      if (payload.remaining() < TraceFormat.PACKED_PREFIX_SIZE) {
        throw new TraceFormatException(name, blockStart, "packed record block too short for its codec prefix");
      }
      int codec = payload.get(payload.position()) & 0xff;
      if (codec != TraceFormat.CODEC_ZSTD && codec != TraceFormat.CODEC_LZ4) {
        throw new TraceFormatException(name, blockStart, "packed record block has unknown codec " + codec);
      }
      int rawLength = payload.getInt(payload.position() + 4);
      // a column holds one byte per record at least, or for a field constant through the block, one value
      long least = COLUMN_TABLE_SIZE + (entries == 0 ? 0 : COLUMN_COUNT);
      if (rawLength < least || rawLength > TraceFormat.MAX_BLOCK_PAYLOAD) {
        throw new TraceFormatException(name, blockStart, "packed record block claims an impossible uncompressed size "
            + Integer.toUnsignedString(rawLength) + " for " + entries + " records");
      }
      if (raw.length < rawLength) {
        raw = new byte[rawLength];
      }
      int from = payload.arrayOffset() + payload.position() + TraceFormat.PACKED_PREFIX_SIZE;
      int compressed = payload.remaining() - TraceFormat.PACKED_PREFIX_SIZE;
      int size;
      if (codec == TraceFormat.CODEC_LZ4) {
        try {
          size = lz4.decompress(payload.array(), from, compressed, raw, 0, rawLength);
        } catch (LZ4Exception e) {
          throw new TraceFormatException(name, blockStart, "damaged compressed records (lz4: " + e.getMessage() + ")");
        }
      } else {
        if (zstd == null) {
          zstd = new ZstdDecompressCtx();
        }
        try {
          size = zstd.decompressByteArray(raw, 0, rawLength, payload.array(), from, compressed);
        } catch (ZstdException e) {
          throw new TraceFormatException(name, blockStart, "damaged compressed records (zstd: " + e.getMessage() + ")");
        }
      }
      if (size != rawLength) {
        throw new TraceFormatException(name, blockStart, "damaged compressed records (" + size + " bytes instead of "
            + rawLength + ")");
      }

      ByteBuffer table = ByteBuffer.wrap(raw, 0, rawLength).order(ByteOrder.LITTLE_ENDIAN);
      int[] starts = new int[COLUMN_COUNT + 1];
      starts[0] = COLUMN_TABLE_SIZE;
      for (int c = 0; c < COLUMN_COUNT; c++) {
        long columnEnd = starts[c] + Integer.toUnsignedLong(table.getInt(4 * c));
        if (columnEnd > rawLength) {
          throw new TraceFormatException(name, blockStart, "packed record block's " + COLUMNS[c]
              + " column runs past its data");
        }
        starts[c + 1] = (int) columnEnd;
      }
      if (starts[COLUMN_COUNT] != rawLength) {
        throw new TraceFormatException(name, blockStart, "packed record block has "
            + (rawLength - starts[COLUMN_COUNT]) + " bytes after its columns");
      }
      if (start.length < entries) {
        int n = Math.max(entries, TraceFormat.RECORDS_PER_BLOCK);
        start = new long[n];
        duration = new long[n];
        offset = new long[n];
        length = new long[n];
        bytes = new long[n];
        thread = new long[n];
        path = new long[n];
        result = new long[n];
        context = new long[n];
        op = new long[n];
        point = new long[n];
        flags = new long[n];
      }
      // Column by column, each value restored from what the columns before it give (bytes needs length, offset
      // needs bytes), ids checked against their field's range as they come.
      decode(START, starts, start, entries, DELTA, 0, name, blockStart);
      decode(DURATION, starts, duration, entries, AS_IS, 0, name, blockStart);
      decode(LENGTH, starts, length, entries, DELTA, 0, name, blockStart);
      decode(BYTES, starts, bytes, entries, PLUS_LENGTH, 0, name, blockStart);
      decode(OFFSET, starts, offset, entries, PLUS_EXPECTED, 0, name, blockStart);
      decode(THREAD, starts, thread, entries, DELTA, 0, name, blockStart);
      decode(PATH, starts, path, entries, DELTA, 0xFFFF_FFFFL, name, blockStart);
      decode(RESULT, starts, result, entries, AS_IS, 0xFFFF_FFFFL, name, blockStart);
      decode(CONTEXT, starts, context, entries, DELTA, 0xFFFF_FFFFL, name, blockStart);
      decode(OP, starts, op, entries, DELTA, 0xFFFF, name, blockStart);
      decode(POINT, starts, point, entries, DELTA, 0xFF, name, blockStart);
      decode(FLAGS, starts, flags, entries, AS_IS, 0xFF, name, blockStart);
    }

    private static final int AS_IS = 0;
    private static final int DELTA = 1;
    private static final int PLUS_LENGTH = 2;
    private static final int PLUS_EXPECTED = 3;

    /**
     * Decodes column {@code c} into {@code into}: each stored value as is, plus the previous record's value, plus the
     * record's length, or plus the expected offset; {@code max} > 0 bounds the results to 0..max.
     */
    private void decode(int c, int[] starts, long[] into, int entries, int restore, long max, String name,
        long blockStart) throws TraceFormatException {
      int from = starts[c];
      int to = starts[c + 1];
      // fewer bytes than records: the first value only, the others 0
      boolean constant = to - from < entries;
      int stored = constant ? Math.min(entries, 1) : entries;
      int at = varints(c, from, to, into, stored, restore == DELTA, name, blockStart);
      if (at != to) {
        throw new TraceFormatException(name, blockStart, "packed record block's " + COLUMNS[c] + " column has "
            + (to - at) + " bytes past its last record");
      }
      if (constant) {
        java.util.Arrays.fill(into, 1, entries, restore == DELTA ? into[0] : 0);
      }
      // The running value stays in a local (read back from the array, a store and a load would lie on every value's
      // path).
      if (restore == PLUS_LENGTH) {
        for (int i = 0; i < entries; i++) {
          into[i] += length[i];
        }
      } else if (restore == PLUS_EXPECTED) {
        long previous = into[0];
        for (int i = 1; i < entries; i++) {
          previous = into[i] + expectedOffset(previous, bytes[i - 1]);
          into[i] = previous;
        }
      }
      if (max > 0) {
        // max is 2^k - 1, so a value outside 0..max has a bit outside max: this loop has no branch to mispredict
        long bits = 0;
        for (int i = 0; i < stored; i++) {
          bits |= into[i];
        }
        for (int i = 0; (bits & ~max) != 0 && i < stored; i++) {
          if (into[i] < 0 || into[i] > max) {
            throw new TraceFormatException(name, blockStart, "record " + i + " of the packed record block has "
                + COLUMNS[c] + " " + into[i] + ", outside 0.." + max);
          }
        }
      }
    }

    /**
     * Decodes {@code count} zigzag varints from {@code at}, each added to the value before it when {@code delta} (the
     * running sum restores a DELTA column as it is read: one pass over the values, not two); returns where they end.
     */
    private int varints(int c, int at, int to, long[] into, int count, boolean delta, String name, long blockStart)
        throws TraceFormatException {
      byte[] data = raw;
      int i = 0;
      long previous = 0;
      // A column of one-byte values nearly all (ids, ops, points, sizes and offsets that follow on: hardly more
      // bytes than values) decodes eight values at a time, one test telling that none of the eight goes on, and
      // eight zeros (a field that stays the same from record to record: the commonest case) with one more test;
      // one of two-byte values nearly all (times microseconds apart) four at a time. A column of values of mixed
      // lengths (durations) does not try: its tests would fail and cost more than they save.
      int length = to - at;
      if (length <= count + count / 16) {
        while (count - i >= 8 && to - at >= 8) {
          long eight = (long) EIGHT_BYTES.get(data, at);
          if (eight == 0) {
            long same = delta ? previous : 0;
            for (int k = 0; k < 8; k++) {
              into[i + k] = same;
            }
            i += 8;
            at += 8;
          } else if ((eight & 0x8080_8080_8080_8080L) == 0) {
            for (int k = 0; k < 8; k++) {
              long zigzag = eight >>> 8 * k & 0xFF;
              previous = (delta ? previous : 0) + ((zigzag >>> 1) ^ -(zigzag & 1));
              into[i + k] = previous;
            }
            i += 8;
            at += 8;
          } else {
            at = varint(c, i, at, to, into, name, blockStart);
            previous = (delta ? previous : 0) + into[i];
            into[i++] = previous;
          }
        }
      } else if (length >= 2 * count - count / 16 && length <= 2 * count + count / 16) {
        while (count - i >= 4 && to - at >= 8) {
          long eight = (long) EIGHT_BYTES.get(data, at);
          if ((eight & 0x8080_8080_8080_8080L) == 0x0080_0080_0080_0080L) {
            for (int k = 0; k < 4; k++) {
              long two = eight >>> 16 * k;
              long zigzag = two & 0x7F | (two >>> 8 & 0x7F) << 7;
              previous = (delta ? previous : 0) + ((zigzag >>> 1) ^ -(zigzag & 1));
              into[i + k] = previous;
            }
            i += 4;
            at += 8;
          } else {
            at = varint(c, i, at, to, into, name, blockStart);
            previous = (delta ? previous : 0) + into[i];
            into[i++] = previous;
          }
        }
      }
      for (; i < count; i++) {
        at = varint(c, i, at, to, into, name, blockStart);
        previous = (delta ? previous : 0) + into[i];
        into[i] = previous;
      }
      return at;
    }

    /** Decodes the zigzag varint at {@code at} into {@code into[i]}; returns where it ends. */
    private int varint(int c, int i, int at, int to, long[] into, String name, long blockStart)
        throws TraceFormatException {
      byte[] data = raw;
      if (at >= to) {
        throw malformed(c, i, name, blockStart);
      }
      long zigzag = data[at++];
      if (zigzag < 0) { // more bytes follow: most values have none
        zigzag &= 0x7F;
        for (int shift = 7; ; shift += 7) {
          if (at >= to || shift > 63) {
            throw malformed(c, i, name, blockStart);
          }
          byte b = data[at++];
          zigzag |= (long) (b & 0x7F) << shift;
          if (b >= 0) {
            break;
          }
        }
      }
      into[i] = (zigzag >>> 1) ^ -(zigzag & 1);
      return at;
    }

    private static TraceFormatException malformed(int c, int record, String name, long blockStart) {
      return new TraceFormatException(name, blockStart, "packed record block's " + COLUMNS[c]
          + " column is malformed at record " + record);
    }

    @Override
    public void close() {
      if (zstd != null) {
        zstd.close();
        zstd = null;
      }
    }
  }
}
