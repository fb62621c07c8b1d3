package io.pfsmix.tfidf;

/**
 * Splits a raw HTTP request into terms straight from its bytes, without allocating per token: term hashes go into a
 * reused primitive array or, for classification, straight into the term counts of a model's dictionary (built with
 * {@link TermCounts}), in the same pass that validates the request ({@link #tokenizeValid}).
 *
 * <p>While scanning, it undoes the encodings attackers use to slip past filters: percent-encoding (also double
 * percent-encoding, {@code %252e} -> {@code .}), '+' for space, and letter case. Terms are runs of word bytes (ASCII
 * letters, digits, '_', and every byte >= 0x80) and, for punctuation, each punctuation byte alone and each pair of adjacent
 * punctuation bytes — the pairs ({@code ../}, {@code '-}, {@code )(}, {@code <!}) carry most of the signal of injections.
 * Every term is reported as a 64-bit hash of its decoded bytes — per byte a rotate and an xor (two cheap instructions on the
 * critical path, where a multiply per byte would halve throughput), then one multiply-xorshift mix per term; {@link #hash}
 * computes the same hash from stored term bytes, which is how a model's dictionary is matched. Words longer than
 * {@link #MAX_TOKEN_BYTES} (session ids, base64) are dropped. What is structure rather than data gives no terms: header
 * names, and the markup of XML bodies and multipart parts ({@link BodyText}). The version number goes into
 * every model file: change it whenever terms or hashes change.
 */
public final class RequestTokenizer {

  public static final int VERSION = 3;
  public static final int MAX_TOKEN_BYTES = 32;

  private static final long SEED = 0x243F6A8885A308D3L;

  /**
   * Per byte value: the (lower-cased) byte in bits 0-7, what it is in bits 8-12, and for punctuation a code 0-30 in bits
   * 16-20 (the index of pair terms). Separators (space, controls) have no term bits.
   */
  private static final int[] MAP = new int[256];
  private static final int WORD = 0x100;
  private static final int PUNCT = 0x200;
  /** '%' and '+' as they appear in the raw bytes: decoded before classifying. */
  private static final int ESCAPE = 0x400;
  /** A raw LF, which ends a line for the validator. */
  private static final int LINE = 0x800;
  /** A raw control byte other than TAB, CR, LF: the record is binary. */
  private static final int BINARY = 0x1000;
  /** Raw bytes that leave the fast path: one test per byte decides. */
  private static final int SPECIAL = ESCAPE | LINE | BINARY;
  private static final int PUNCT_CODE_SHIFT = 16;
  private static final int PUNCT_CODES = 32;
  private static final int[] HEX = new int[256];
  private static final long[] PUNCT_HASH = new long[256];
  static final byte[] CONTENT_TYPE = ascii("content-type:");
  private static final byte[] MULTIPART = ascii("multipart/");
  private static final byte[] BOUNDARY = ascii("boundary=");

  static {
    int punctCode = 0;
    for (int c = 0; c < 256; c++) {
      HEX[c] = -1;
      boolean word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
      boolean punct = c > ' ' && c < 0x7f && !word;
      if (word) {
        MAP[c] = WORD | (c >= 'A' && c <= 'Z' ? c + 32 : c);
      } else if (punct) {
        MAP[c] = PUNCT | c | punctCode++ << PUNCT_CODE_SHIFT;
      } else if (c == '\n') {
        MAP[c] = LINE;
      } else if ((c < ' ' && c != '\t' && c != '\r') || c == 0x7f) {
        MAP[c] = BINARY;
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

  /** The current term's decoded bytes (word bytes only with keepText). */
  private final byte[] text = new byte[MAX_TOKEN_BYTES];
  private final boolean keepText;
  /** When counting over a dictionary: where terms go instead of the hash array. */
  private final TermCounts counts;
  /** With counts: the dictionary index of each punctuation byte and of each pair (by punctuation codes), or -1. */
  private final int[] punctTerm;
  private final int[] pairTerm;
  private long[] hashes = new long[512];
  private int count;
  /** With keepText: the terms' bytes back to back, term k at [starts[k], starts[k + 1]). */
  private byte[] termBytes;
  private int[] starts;
  // Set by {@link #terms} when the request's body is to be read by its type: where it starts (or -1), its BodyText kind (or
  // MULTIPART_BODY), and for multipart where its boundary is.
  private int bodyStart;
  private int bodyKind;
  private static final int MULTIPART_BODY = -1;
  private int boundary;
  private int boundaryLength;
  private final BodyText body = new BodyText();

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
    counts = null;
    punctTerm = null;
    pairTerm = null;
  }

  /**
   * A tokenizer that counts the terms of {@code counts}' dictionary straight from the bytes, with no hash array in
   * between. Punctuation terms are looked up once here, so the scan finds them by table instead of hashing and probing.
   */
  RequestTokenizer(TermCounts counts) {
    keepText = false;
    this.counts = counts;
    punctTerm = new int[256];
    pairTerm = new int[PUNCT_CODES * PUNCT_CODES];
    for (int p = 0; p < 256; p++) {
      if ((MAP[p] & PUNCT) == 0) {
        continue;
      }
      punctTerm[p] = counts.dictionary().indexOf(PUNCT_HASH[p]);
      for (int c = 0; c < 256; c++) {
        if ((MAP[c] & PUNCT) != 0) {
          pairTerm[pairIndex(MAP[p], MAP[c])] = counts.dictionary().indexOf(finish(step(step(SEED, p), c)));
        }
      }
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
    scan(bytes, offset, length, null);
    return count;
  }

  /**
   * Tokenizes as {@link #tokenize} does (or counts, for a counting tokenizer) while {@code validator} checks the same bytes
   * in the same pass; returns null for a well-formed request, else why it is malformed (the terms are then incomplete).
   */
  MalformedKind tokenizeValid(byte[] bytes, int offset, int length, RequestValidator validator) {
    validator.begin(offset, length);
    return scan(bytes, offset, length, validator);
  }

  /**
   * The one pass: decoding, terms, and — with a validator — validation, which only looks at raw LF and control bytes. An XML
   * or multipart body (by its Content-Type) is the exception: its raw bytes are validated, then its text as
   * {@link BodyText} reads it is tokenized, so its markup is not.
   */
  private MalformedKind scan(byte[] bytes, int offset, int length, RequestValidator validator) {
    count = 0;
    if (counts != null) {
      counts.clear();
    }
    final int end = offset + length;
    MalformedKind kind = terms(bytes, offset, end, validator, true);
    if (kind == null && bodyStart >= 0) {
      kind = validator == null ? null : validator.checkLines(bytes, bodyStart, end);
      if (kind == null) {
        int textLength = bodyKind == MULTIPART_BODY ? body.multipart(bytes, bodyStart, end, boundary, boundaryLength)
            : body.read(bodyKind, bytes, bodyStart, end);
        terms(body.text(), 0, textLength, null, false);
      }
    }
    return kind != null || validator == null ? kind : validator.end(bytes);
  }

  /**
   * Terms of {@code bytes[offset, end)}, validated line by line with a validator. With {@code head}, the bytes start a
   * request: its header lines are looked at for the Content-Type, and when that is XML or multipart the scan stops at the
   * body and leaves its start in {@link #bodyStart}.
   */
  private MalformedKind terms(byte[] bytes, int offset, int end, RequestValidator validator, boolean head) {
    bodyStart = -1;
    boolean readBody = false;
    final byte[] t = text;
    final int[] map = MAP;
    int i = offset;
    long h = SEED;
    int wordLength = 0;
    int previousPunct = 0;  // MAP entry of the previous byte when it was punctuation, else 0
    while (i < end) {
      int m = map[bytes[i++] & 0xff];
      if ((m & SPECIAL) != 0) {
        if ((m & ESCAPE) != 0) {
          int c = m & 0xff;
          if (c == '+') {
            c = ' ';
          } else if (i + 1 < end) {
            int hi = HEX[bytes[i] & 0xff];
            int lo = HEX[bytes[i + 1] & 0xff];
            if ((hi | lo) >= 0) {
              c = hi << 4 | lo;
              i += 2;  // hex digits: nothing the validator needs to see
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
          m = map[c] & ~SPECIAL;  // decoded bytes are data: never a line end or binary
        } else {
          if (validator != null) {
            MalformedKind kind = (m & BINARY) != 0 ? MalformedKind.BINARY : validator.lineEnd(bytes, i - 1);
            if (kind != null) {
              return kind;
            }
          }
          if (head && (m & LINE) != 0) {
            // a line of the head ends; CR LF CR LF ends the headers (a word still pending is ended below, as at any LF)
            if (RequestValidator.endsHead(bytes, offset, i - 1)) {
              head = false;
              if (readBody) {
                bodyStart = i;
                return null;
              }
            } else {
              if (startsWithIgnoreCase(bytes, i, end, CONTENT_TYPE)) {
                readBody = contentType(bytes, i + CONTENT_TYPE.length, end);
              }
              i = afterHeaderName(bytes, i, end);
            }
          }
        }
      }
      if ((m & WORD) != 0) {
        int c = m & 0xff;
        if (keepText && wordLength < MAX_TOKEN_BYTES) {
          t[wordLength] = (byte) c;
        }
        wordLength++;
        h = step(h, c);
        previousPunct = 0;
        continue;
      }
      if (wordLength > 0) {
        if (wordLength <= MAX_TOKEN_BYTES) {
          word(finish(h), wordLength);
        }
        wordLength = 0;
        h = SEED;
      }
      if ((m & PUNCT) != 0) {
        punctuation(previousPunct, m);
        previousPunct = m;
      } else {
        previousPunct = 0;
      }
    }
    if (wordLength > 0 && wordLength <= MAX_TOKEN_BYTES) {
      word(finish(h), wordLength);
    }
    return null;
  }

  /**
   * Where the scan goes on in the header line starting at {@code i}: after its name and colon, as a header's name is
   * structure, not data (its words would otherwise tell which headers a client or an attack tool sends). A line with no
   * such name, or one with a byte the decoder or the validator must see, is scanned from its start.
   */
  private static int afterHeaderName(byte[] b, int i, int end) {
    for (int k = i; k < end; k++) {
      int m = MAP[b[k] & 0xff];
      if ((m & 0xff) == ':') {
        return k + 1;
      }
      if ((m & (WORD | PUNCT)) == 0 || (m & SPECIAL) != 0) {
        return i;
      }
    }
    return i;
  }

  /**
   * Reads a Content-Type value from {@code from} to the end of its line: whether the body is one {@link BodyText} reads (XML,
   * or multipart with a boundary), and which.
   */
  private boolean contentType(byte[] b, int from, int to) {
    bodyKind = BodyText.kindOf(b, from, to);
    int value = from;
    while (value < to && (b[value] == ' ' || b[value] == '\t')) {
      value++;
    }
    if (bodyKind != BodyText.AS_IS || !startsWithIgnoreCase(b, value, to, MULTIPART)) {
      return bodyKind != BodyText.AS_IS;
    }
    bodyKind = MULTIPART_BODY;
    for (int i = value; i < to && b[i] != '\n'; i++) {
      if (startsWithIgnoreCase(b, i, to, BOUNDARY)) {
        int start = i + BOUNDARY.length;
        boolean quoted = start < to && b[start] == '"';
        if (quoted) {
          start++;
        }
        int stop = start;
        while (stop < to && b[stop] != ';' && b[stop] != '\r' && b[stop] != '\n' && (quoted ? b[stop] != '"'
            : b[stop] != ' ')) {
          stop++;
        }
        boundary = start;
        boundaryLength = stop - start;
        return boundaryLength > 0;
      }
    }
    return false;
  }

  static byte[] ascii(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** Whether {@code b[from, to)} starts with {@code prefix} (lower case ASCII), ignoring case. */
  static boolean startsWithIgnoreCase(byte[] b, int from, int to, byte[] prefix) {
    if (to - from < prefix.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if ((MAP[b[from + k] & 0xff] & 0xff) != prefix[k]) {
        return false;
      }
    }
    return true;
  }

  /** Whether the line from {@code from} (up to LF or {@code to}) contains {@code word} (lower case ASCII), ignoring case. */
  static boolean containsIgnoreCase(byte[] b, int from, int to, byte[] word) {
    for (int i = from; i < to && b[i] != '\n'; i++) {
      if (startsWithIgnoreCase(b, i, to, word)) {
        return true;
      }
    }
    return false;
  }

  private void word(long hash, int length) {
    if (counts != null) {
      counts.add(counts.dictionary().indexOf(hash));
    } else {
      emit(hash, text, length);
    }
  }

  /** The terms a punctuation byte makes: itself, and the pair with the byte before when that was punctuation too. */
  private void punctuation(int previous, int m) {
    int c = m & 0xff;
    if (counts != null) {
      counts.add(punctTerm[c]);
      if (previous != 0) {
        counts.add(pairTerm[pairIndex(previous, m)]);
      }
      return;
    }
    byte[] t = text;
    t[0] = (byte) c;
    emit(PUNCT_HASH[c], t, 1);
    if (previous != 0) {
      int p = previous & 0xff;
      t[0] = (byte) p;
      t[1] = (byte) c;
      emit(finish(step(step(SEED, p), c)), t, 2);
    }
  }

  private static int pairIndex(int previous, int m) {
    return (previous >>> PUNCT_CODE_SHIFT) * PUNCT_CODES + (m >>> PUNCT_CODE_SHIFT);
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
