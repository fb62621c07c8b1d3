package io.pfsmix.ior;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * IOR's transfer-buffer contents (utilities.c: generate/update/verify_memory_pattern), byte for byte on a little-endian
 * host, so that files written here pass the real IOR's -R check and the other way round. Words are 64-bit little-endian.
 */
final class DataPattern {

  /** IOR's RANDALGO_GOLDEN_RATIO_PRIME. */
  private static final long GOLDEN_RATIO_PRIME = 0x9e37fffffffc0001L;
  /** The offset word repeats every 512 words (4 KiB). */
  private static final int OFFSET_WORD_STRIDE = 512;

  private final DataPacketType type;
  private final int signature;
  private final int rank;

  /**
   * @param signature the iteration's time-stamp signature (-G or rank 0's clock in seconds)
   * @param rank the rank whose data the buffer holds (IOR's pretendRank)
   */
  DataPattern(DataPacketType type, int signature, int rank) {
    this.type = type;
    this.signature = signature;
    this.rank = rank;
  }

  /** IOR's generate_memory_pattern: the buffer contents before the first transfer. */
  void fill(ByteBuffer buffer) {
    ByteBuffer words = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int count = words.remaining() / 8;
    int base = words.position();
    for (int i = 0; i < count; i++) {
      long word = switch (type) {
        case RANDOM -> 0L;
        case INCOMPRESSIBLE -> incompressibleWord();
        case OFFSET, TIMESTAMP -> timestampWord(i);
      };
      words.putLong(base + i * 8, word);
    }
    fillTail(words, base, count);
  }

  /** IOR's update_write_memory_pattern: the per-transfer words, applied just before writing at {@code offset}. */
  void update(ByteBuffer buffer, long offset) {
    if (type == DataPacketType.TIMESTAMP || buffer.remaining() < 8) {
      return;
    }
    ByteBuffer words = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int count = words.remaining() / 8;
    int base = words.position();
    if (type == DataPacketType.RANDOM) {
      long state = randomStart(offset);
      for (int i = 0; i < count; i++) {
        state = (state * GOLDEN_RATIO_PRIME) >>> 3;
        words.putLong(base + i * 8, state);
      }
      return;
    }
    int k = 1;
    for (int i = 0; i < count; i += OFFSET_WORD_STRIDE, k++) {
      words.putLong(base + i * 8, offsetWord(offset, k));
    }
  }

  /**
   * IOR's verify_memory_pattern for the transfer read back from {@code offset}.
   *
   * @return the first wrong byte's index in the buffer, or -1 when every byte is as written
   */
  int firstMismatch(ByteBuffer buffer, long offset) {
    ByteBuffer words = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int count = words.remaining() / 8;
    int base = words.position();
    long state = randomStart(offset);
    int k = 1;
    for (int i = 0; i < count; i++) {
      long expected = expectedWord(i, offset, state);
      if (type == DataPacketType.RANDOM) {
        state = expected;
      }
      if (i % OFFSET_WORD_STRIDE == 0 && type != DataPacketType.TIMESTAMP && type != DataPacketType.RANDOM) {
        expected = offsetWord(offset, k++);
      }
      long actual = words.getLong(base + i * 8);
      if (actual != expected) {
        return i * 8 + Long.numberOfTrailingZeros(actual ^ expected) / 8;
      }
    }
    for (int i = count * 8; i < words.remaining(); i++) {
      if (words.get(base + i) != (byte) i) {
        return i;
      }
    }
    return -1;
  }

  /** The whole transfer IOR writes at {@code offset}: for reporting what a wrong byte should have been. */
  ByteBuffer expectedTransfer(int size, long offset) {
    ByteBuffer transfer = ByteBuffer.allocate(size);
    fill(transfer);
    update(transfer, offset);
    return transfer;
  }

  private long expectedWord(int i, long offset, long previousRandom) {
    return switch (type) {
      case RANDOM -> (previousRandom * GOLDEN_RATIO_PRIME) >>> 3;
      case INCOMPRESSIBLE -> incompressibleWord();
      case OFFSET, TIMESTAMP -> timestampWord(i);
    };
  }

  private long timestampWord(long i) {
    // C: ((uint64_t) rank) << 32 | rand_seed + i, with rand_seed an int widened to 64 bits
    return ((long) rank << 32) | ((long) signature + i);
  }

  private long offsetWord(long offset, int k) {
    // C: ((uint32_t) item * k) | ((uint64_t) rank) << 32 — the product wraps at 32 bits
    long low = ((int) offset * k) & 0xffffffffL;
    return low | ((long) rank << 32);
  }

  private long incompressibleWord() {
    int[] seed = {signature + rank};
    long hi = (long) randR(seed) << 32;
    long lo = randR(seed);
    return hi | lo;
  }

  private long randomStart(long offset) {
    int[] seed = {(int) (signature + rank + offset)};
    return randR(seed);
  }

  private static void fillTail(ByteBuffer words, int base, int count) {
    for (int i = count * 8; i < words.remaining(); i++) {
      words.put(base + i, (byte) i);
    }
  }

  /** glibc's rand_r, which IOR's incompressible and random packets use. */
  static int randR(int[] seed) {
    int next = seed[0];
    next = next * 1103515245 + 12345;
    int result = (int) ((next & 0xffffffffL) / 65536 % 2048);
    next = next * 1103515245 + 12345;
    result <<= 10;
    result ^= (int) ((next & 0xffffffffL) / 65536 % 1024);
    next = next * 1103515245 + 12345;
    result <<= 10;
    result ^= (int) ((next & 0xffffffffL) / 65536 % 1024);
    seed[0] = next;
    return result;
  }
}
