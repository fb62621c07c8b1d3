package io.pfsmix.tfidf;

/**
 * Splits a raw HTTP request into terms straight from its bytes, without allocating per token: term hashes go into a
 * reused primitive array.
 *
 * <p>While scanning, it undoes the encodings attackers use to slip past filters: percent-encoding (also double
 * percent-encoding, {@code %252e} -> {@code .}), '+' for space, and letter case. Terms are runs of word bytes (ASCII
 * letters, digits, '_', and every byte >= 0x80) and, for punctuation, each punctuation byte alone and each pair of adjacent
 * punctuation bytes — the pairs ({@code ../}, {@code '-}, {@code )(}, {@code <!}) carry most of the signal of injections.
 * Every term is reported as a 64-bit hash of its decoded bytes — per byte a rotate and an xor (two cheap instructions on the
 * critical path, where a multiply per byte would halve throughput), then one multiply-xorshift mix per term; {@link #hash}
 * computes the same hash from stored term bytes, which is how a model's dictionary is matched. Words longer than {@link #MAX_TOKEN_BYTES} (session ids, base64) are
 * dropped. The version number goes into every model file: change it whenever terms or hashes change.
 */
public final class RequestTokenizer {

  public static final int VERSION = 2;
  public static final int MAX_TOKEN_BYTES = 32;

  private static final long SEED = 0x243F6A8885A308D3L;

  /** Per byte value: the (lower-cased) byte in bits 0-7, and what it is. Separators (space, controls) are 0. */
  private static final int[] MAP = new int[256];
  private static final int WORD = 0x100;
  private static final int PUNCT = 0x200;
  /** '%' and '+' as they appear in the raw bytes: decoded before classifying. */
  private static final int ESCAPE = 0x400;
  private static final int[] HEX = new int[256];
  private static final long[] PUNCT_HASH = new long[256];

  static {
    for (int c = 0; c < 256; c++) {
      HEX[c] = -1;
      boolean word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
      boolean punct = c > ' ' && c < 0x7f && !word;
      if (word) {
        MAP[c] = WORD | (c >= 'A' && c <= 'Z' ? c + 32 : c);
      } else if (punct) {
        MAP[c] = PUNCT | c;
      }
      PUNCT_HASH[c] = finish(step(SEED, c));
    }
    MAP['%'] |= ESCAPE;
    MAP['+'] |= ESCAPE;
    for (int c = '0'; c <= '9'; c++) {
      HEX[c] = c - '0';
    }
    for (int c = 'a'; c <= 'f'; c++) {
      HEX[c] = c - 'a' + 10;
      HEX[c - 32] = c - 'a' + 10;
    }
  }

  private final byte[] text = new byte[MAX_TOKEN_BYTES];
  private final boolean keepText;
  private long[] hashes = new long[512];
  private int count;
  /** With keepText: the terms' bytes back to back, term k at [starts[k], starts[k + 1]). */
  private byte[] termBytes;
  private int[] starts;

  /**
   * @param keepText whether to keep each term's bytes (training needs them to write the dictionary; classification only
   *     needs hashes)
   */
  public RequestTokenizer(boolean keepText) {
    this.keepText = keepText;
    if (keepText) {
      termBytes = new byte[4096];
      starts = new int[hashes.length + 1];
    }
  }

  /** Hashes of the terms found by the last {@link #tokenize}, entries [0, count). */
  public long[] hashes() {
    return hashes;
  }

  /** The bytes of term {@code k} of the last {@link #tokenize} (tokenizers that keep text only). */
  public byte[] term(int k) {
    return java.util.Arrays.copyOfRange(termBytes, starts[k], starts[k + 1]);
  }

  /**
   * Finds every term of {@code bytes[offset, offset+length)}, in order; returns how many. Results are collected in arrays
   * rather than handed to a callback: one call site per consumer type would otherwise turn into a megamorphic virtual call
   * per term when training and classification share a JVM (the local job runner).
   */
  public int tokenize(byte[] bytes, int offset, int length) {
    count = 0;
    final byte[] t = text;
    final int[] map = MAP;
    final int end = offset + length;
    int i = offset;
    long h = SEED;
    int wordLength = 0;
    int previousPunct = -1;
    while (i < end) {
      int m = map[bytes[i++] & 0xff];
      if ((m & ESCAPE) != 0) {
        int c = m & 0xff;
        if (c == '+') {
          c = ' ';
        } else if (i + 1 < end) {
          int hi = HEX[bytes[i] & 0xff];
          int lo = HEX[bytes[i + 1] & 0xff];
          if ((hi | lo) >= 0) {
            c = hi << 4 | lo;
            i += 2;
            if (c == '%' && i + 1 < end) {
              hi = HEX[bytes[i] & 0xff];
              lo = HEX[bytes[i + 1] & 0xff];
              if ((hi | lo) >= 0) {
                c = hi << 4 | lo;
                i += 2;
              }
            }
          }
        }
        m = map[c] & ~ESCAPE;
      }
      if ((m & WORD) != 0) {
        int c = m & 0xff;
        if (wordLength < MAX_TOKEN_BYTES) {
          t[wordLength] = (byte) c;
        }
        wordLength++;
        h = step(h, c);
        previousPunct = -1;
        continue;
      }
      if (wordLength > 0) {
        if (wordLength <= MAX_TOKEN_BYTES) {
          emit(finish(h), t, wordLength);
        }
        wordLength = 0;
        h = SEED;
      }
      if ((m & PUNCT) != 0) {
        int c = m & 0xff;
        t[0] = (byte) c;
        emit(PUNCT_HASH[c], t, 1);
        if (previousPunct >= 0) {
          t[0] = (byte) previousPunct;
          t[1] = (byte) c;
          emit(finish(step(step(SEED, previousPunct), c)), t, 2);
        }
        previousPunct = c;
      } else {
        previousPunct = -1;
      }
    }
    if (wordLength > 0 && wordLength <= MAX_TOKEN_BYTES) {
      emit(finish(h), t, wordLength);
    }
    return count;
  }

  private void emit(long hash, byte[] term, int length) {
    if (count == hashes.length) {
      hashes = java.util.Arrays.copyOf(hashes, count * 2);
      if (keepText) {
        starts = java.util.Arrays.copyOf(starts, count * 2 + 1);
      }
    }
    hashes[count] = hash;
    if (keepText) {
      int start = starts[count];
      if (start + length > termBytes.length) {
        termBytes = java.util.Arrays.copyOf(termBytes, Math.max(termBytes.length * 2, start + length));
      }
      System.arraycopy(term, 0, termBytes, start, length);
      starts[count + 1] = start + length;
    }
    count++;
  }

  /** The hash {@link #tokenize} reports for a term whose decoded bytes are {@code term}. */
  public static long hash(byte[] term) {
    long h = SEED;
    for (byte b : term) {
      h = step(h, b & 0xff);
    }
    return finish(h);
  }

  private static long step(long h, int c) {
    return Long.rotateLeft(h, 7) ^ c;
  }

  /** Mixes the bits (one multiply per term); never 0, which marks an empty slot in {@link TermDictionary}. */
  private static long finish(long h) {
    long z = (h ^ (h >>> 31)) * 0x9E3779B97F4A7C15L;
    z ^= z >>> 29;
    return z == 0 ? 1 : z;
  }
}
