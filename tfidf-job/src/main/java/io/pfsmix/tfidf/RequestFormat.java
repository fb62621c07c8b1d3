package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The request file format (docs/tfidf.md). A record is a header line — the byte 0x1E (ASCII Record Separator), the label,
 * LF — then the request bytes, then LF. A record starts at every 0x1E that is at the start of the file or right after an LF,
 * so a reader dropped anywhere into a file finds the next record by scanning for LF 0x1E; requests must not contain that
 * pair (writers refuse them). A split owns the records whose separator byte lies inside it.
 */
public final class RequestFormat {

  /** ASCII Record Separator: never part of HTTP text. */
  public static final byte SEPARATOR = 0x1E;
  public static final int MAX_LABEL_BYTES = 64;

  private RequestFormat() {
  }

  /** Writes one record; returns the bytes written. */
  public static int write(OutputStream out, String label, byte[] request, int offset, int length) throws IOException {
    byte[] labelBytes = label.getBytes(StandardCharsets.US_ASCII);
    if (labelBytes.length > MAX_LABEL_BYTES || label.indexOf('\n') >= 0 || label.indexOf(SEPARATOR) >= 0) {
      throw new IllegalArgumentException("record label must be at most " + MAX_LABEL_BYTES
          + " bytes without LF or 0x1E: '" + label + "'");
    }
    for (int i = offset + 1; i < offset + length; i++) {
      if (request[i] == SEPARATOR && request[i - 1] == '\n') {
        throw new IllegalArgumentException("request contains LF 0x1E at byte " + (i - offset)
            + ", which would start a new record");
      }
    }
    if (length > 0 && request[offset] == SEPARATOR) {
      throw new IllegalArgumentException("request starts with 0x1E, which would end the header line early");
    }
    out.write(SEPARATOR);
    out.write(labelBytes);
    out.write('\n');
    out.write(request, offset, length);
    out.write('\n');
    return labelBytes.length + length + 3;
  }
}
