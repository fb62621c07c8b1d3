package io.pfsmix.tfidf;

/**
 * Decides whether a record is an HTTP request the classifier can judge (see {@link MalformedKind}). One pass over the bytes
 * for control bytes, line lengths and the end of the headers; then the request line and Content-Length are checked. Keeps
 * the state of the request being checked: one instance per thread.
 */
public final class RequestValidator {

  private static final boolean[] CONTROL = new boolean[256];

  static {
    for (int c = 0; c < 0x20; c++) {
      CONTROL[c] = c != '\t' && c != '\r' && c != '\n';
    }
    CONTROL[0x7f] = true;
  }

  private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] TRANSFER_ENCODING =
      "transfer-encoding:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private final int maxLineBytes;
  // the request being checked
  private int offset;
  private int end;
  private int lineStart;
  private int headerEnd;
  private long declaredLength;
  private boolean transferEncoding;

  public RequestValidator(int maxLineBytes) {
    if (maxLineBytes < 16) {
      throw new IllegalArgumentException(TfidfConfigKeys.MAX_LINE_BYTES + " must be at least 16, got " + maxLineBytes);
    }
    this.maxLineBytes = maxLineBytes;
  }

  /** Null when {@code bytes[offset, offset+length)} is a well-formed request, else why not. */
  public MalformedKind check(byte[] bytes, int offset, int length) {
    begin(offset, length);
    MalformedKind kind = checkLines(bytes, offset, offset + length);
    return kind != null ? kind : end(bytes);
  }

  /**
   * The per-byte checks (control bytes, and {@link #lineEnd} at every LF) of {@code bytes[from, stop)}, a stretch of the
   * request begun by {@link #begin} that follows every byte already checked.
   */
  MalformedKind checkLines(byte[] bytes, int from, int stop) {
    for (int i = from; i < stop; i++) {
      byte b = bytes[i];
      if ((b & 0xE0) != 0 && b != 0x7f) {
        continue;  // printable ASCII or a byte >= 0x80: the common case, two tests
      }
      int c = b & 0xff;
      if (CONTROL[c]) {
        return MalformedKind.BINARY;
      }
      if (c == '\n') {
        MalformedKind kind = lineEnd(bytes, i);
        if (kind != null) {
          return kind;
        }
      }
    }
    return null;
  }

  // The steps of a check, for a caller that walks the bytes itself ({@link RequestTokenizer} validates while it tokenizes,
  // sparing a second pass): begin, lineEnd at every LF in order, end. A control byte other than TAB, CR, LF is BINARY.

  /** Starts checking {@code [offset, offset+length)}. */
  void begin(int offset, int length) {
    this.offset = offset;
    end = offset + length;
    lineStart = offset;
    headerEnd = -1;
    declaredLength = -1;
    transferEncoding = false;
  }

  /** The LF at {@code i} ends a line: null, or why the request is malformed. */
  MalformedKind lineEnd(byte[] bytes, int i) {
    if (i - lineStart > maxLineBytes) {
      return MalformedKind.OVERSIZE_LINE;
    }
    lineStart = i + 1;
    if (headerEnd >= 0) {
      return null;
    }
    if (endsHead(bytes, offset, i)) {
      headerEnd = i + 1;
    } else if (lineStart < end) {
      // the framing headers are looked at here, in the same pass, as their line starts
      int first = bytes[lineStart] | 0x20;
      if (first == 'c' && RequestTokenizer.startsWithIgnoreCase(bytes, lineStart, end, CONTENT_LENGTH)) {
        declaredLength = parseLength(bytes, lineStart + CONTENT_LENGTH.length, end);
      } else if (first == 't' && RequestTokenizer.startsWithIgnoreCase(bytes, lineStart, end, TRANSFER_ENCODING)) {
        transferEncoding = true;
      }
    }
    return null;
  }

  /** Whether the LF at {@code lf} ends the head of the request starting at {@code offset}: the blank line, CR LF CR LF. */
  static boolean endsHead(byte[] bytes, int offset, int lf) {
    return lf - offset >= 3 && bytes[lf - 1] == '\r' && bytes[lf - 2] == '\n' && bytes[lf - 3] == '\r';
  }

  /** After the last byte: null when the request is well-formed, else why not. */
  MalformedKind end(byte[] bytes) {
    if (end - lineStart > maxLineBytes) {
      return MalformedKind.OVERSIZE_LINE;
    }
    if (headerEnd < 0) {
      return MalformedKind.TRUNCATED;
    }
    MalformedKind requestLine = checkRequestLine(bytes, offset, headerEnd);
    if (requestLine != null) {
      return requestLine;
    }
    long body = end - headerEnd;
    // a body needs Content-Length (which it must match) or a Transfer-Encoding, which we do not decode
    if (declaredLength >= 0 ? declaredLength != body : body != 0 && !transferEncoding) {
      return MalformedKind.TRUNCATED;
    }
    return null;
  }

  /** A Content-Length value up to the end of its line; -1 when unparsable. */
  private static long parseLength(byte[] b, int from, int end) {
    long value = -1;
    for (int i = from; i < end && b[i] != '\n'; i++) {
      byte c = b[i];
      if (isDigit(c)) {
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        if (value > Integer.MAX_VALUE) {
          return Long.MAX_VALUE;
        }
      } else if (c != ' ' && c != '\t' && c != '\r') {
        return -1;
      }
    }
    return value;
  }

  private static MalformedKind checkRequestLine(byte[] b, int offset, int headerEnd) {
    int i = offset;
    while (i < headerEnd && b[i] >= 'A' && b[i] <= 'Z') {
      i++;
    }
    if (i == offset || i - offset > 16 || b[i] != ' ') {
      return MalformedKind.BAD_REQUEST_LINE;
    }
    int target = ++i;
    while (i < headerEnd && b[i] != ' ' && b[i] != '\r') {
      if (b[i] == '%' && (i + 2 >= headerEnd || !isHex(b[i + 1]) || !isHex(b[i + 2]))) {
        return MalformedKind.BAD_ENCODING;
      }
      i++;
    }
    if (i == target || b[i] != ' ') {
      return MalformedKind.BAD_REQUEST_LINE;
    }
    i++;
    boolean version = i + 9 < headerEnd && b[i] == 'H' && b[i + 1] == 'T' && b[i + 2] == 'T' && b[i + 3] == 'P'
        && b[i + 4] == '/' && isDigit(b[i + 5]) && b[i + 6] == '.' && isDigit(b[i + 7]) && b[i + 8] == '\r'
        && b[i + 9] == '\n';
    return version ? null : MalformedKind.BAD_REQUEST_LINE;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHex(byte c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
}
