package io.pfsmix.tfidf;

/**
 * Splits a raw HTTP request into terms straight from its bytes, without allocating per token.
 *
 * <p>While scanning, it undoes the encodings attackers use to slip past filters: percent-encoding (also double
 * percent-encoding, {@code %252e} -> {@code .}), '+' for space, and letter case. Terms are runs of word bytes (ASCII
 * letters, digits, '_', and every byte >= 0x80) and, for punctuation, each punctuation byte alone and each pair of adjacent
 * punctuation bytes — the pairs ({@code ../}, {@code '-}, {@code )(}, {@code <!}) carry most of the signal of injections.
 * Every term is reported as a 64-bit FNV-1a hash of its decoded bytes; {@link #hash} computes the same hash from stored term
 * bytes, which is how a model's dictionary is matched. Words longer than {@link #MAX_TOKEN_BYTES} (session ids, base64) are
 * dropped. The version number goes into every model file: change it whenever terms or hashes change.
 */
public final class RequestTokenizer {

  public static final int VERSION = 1;
  public static final int MAX_TOKEN_BYTES = 32;

  /** Receives each term of a request. {@code text} is only valid during the call. */
  public interface TokenSink {
    void token(long hash, byte[] text, int length);
  }

  private static final long OFFSET_BASIS = 0xcbf29ce484222325L;
  private static final long PRIME = 0x100000001b3L;

  private static final byte SEPARATOR = 0;
  private static final byte WORD = 1;
  private static final byte PUNCT = 2;
  private static final byte[] KIND = new byte[256];
  private static final byte[] LOWER = new byte[256];
  private static final int[] HEX = new int[256];
  private static final long[] PUNCT_HASH = new long[256];

  static {
    for (int c = 0; c < 256; c++) {
      LOWER[c] = (byte) c;
      HEX[c] = -1;
      if (c >= 'A' && c <= 'Z') {
        LOWER[c] = (byte) (c + 32);
      }
      boolean word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
      boolean punct = c > ' ' && c < 0x7f && !word;
      KIND[c] = word ? WORD : punct ? PUNCT : SEPARATOR;
      PUNCT_HASH[c] = nonZero((OFFSET_BASIS ^ c) * PRIME);
    }
    for (int c = '0'; c <= '9'; c++) {
      HEX[c] = c - '0';
    }
    for (int c = 'a'; c <= 'f'; c++) {
      HEX[c] = c - 'a' + 10;
      HEX[c - 32] = c - 'a' + 10;
    }
  }

  private final byte[] text = new byte[MAX_TOKEN_BYTES];

  /** Reports every term of {@code bytes[offset, offset+length)} to {@code sink}, in order. */
  public void tokenize(byte[] bytes, int offset, int length, TokenSink sink) {
    final byte[] t = text;
    final int end = offset + length;
    int i = offset;
    long h = OFFSET_BASIS;
    int wordLength = 0;
    int previousPunct = -1;
    while (i < end) {
      int c = bytes[i++] & 0xff;
      if (c == '%') {
        if (i + 1 < end) {
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
      } else if (c == '+') {
        c = ' ';
      }
      byte kind = KIND[c];
      if (kind == WORD) {
        c = LOWER[c] & 0xff;
        if (wordLength < MAX_TOKEN_BYTES) {
          t[wordLength] = (byte) c;
        }
        wordLength++;
        h = (h ^ c) * PRIME;
        previousPunct = -1;
        continue;
      }
      if (wordLength > 0) {
        if (wordLength <= MAX_TOKEN_BYTES) {
          sink.token(nonZero(h), t, wordLength);
        }
        wordLength = 0;
        h = OFFSET_BASIS;
      }
      if (kind == PUNCT) {
        t[0] = (byte) c;
        sink.token(PUNCT_HASH[c], t, 1);
        if (previousPunct >= 0) {
          t[0] = (byte) previousPunct;
          t[1] = (byte) c;
          sink.token(nonZero(((OFFSET_BASIS ^ previousPunct) * PRIME ^ c) * PRIME), t, 2);
        }
        previousPunct = c;
      } else {
        previousPunct = -1;
      }
    }
    if (wordLength > 0 && wordLength <= MAX_TOKEN_BYTES) {
      sink.token(nonZero(h), t, wordLength);
    }
  }

  /** The hash {@link #tokenize} reports for a term whose decoded bytes are {@code term}. */
  public static long hash(byte[] term) {
    long h = OFFSET_BASIS;
    for (byte b : term) {
      h = (h ^ (b & 0xff)) * PRIME;
    }
    return nonZero(h);
  }

  /** Zero marks an empty slot in {@link TermDictionary}. */
  private static long nonZero(long h) {
    return h == 0 ? 1 : h;
  }
}
