package io.pfsmix.tfidf;

import java.nio.charset.StandardCharsets;

/** One record of a request file: where it starts, its label and the request bytes. Reused by readers between records. */
public final class RequestRecord {

  private long offset;
  private RecordLabel label = RecordLabel.NONE;
  private byte[] bytes = new byte[4096];
  private int length;
  private boolean oversize;

  /** Byte offset of the record's separator byte in its file. */
  public long offset() {
    return offset;
  }

  /** The class label from the record header (without family and context); empty for unlabelled records. */
  public String label() {
    return label.label();
  }

  /** The generator's family of the request (see {@link RecordLabel}); empty when the header names none. */
  public String family() {
    return label.family();
  }

  /** Where the request carries what makes its class (see {@link RecordLabel}); empty when the header names none. */
  public String context() {
    return label.context();
  }

  /** The request bytes; only [0, length()) is the request. */
  public byte[] bytes() {
    return bytes;
  }

  public int length() {
    return length;
  }

  /** True when the record was longer than the reader's limit and only its first part is in {@link #bytes()}. */
  public boolean oversize() {
    return oversize;
  }

  public String text() {
    return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
  }

  void start(long recordOffset, RecordLabel recordLabel) {
    offset = recordOffset;
    label = recordLabel;
    length = 0;
    oversize = false;
  }

  /** Appends request bytes, keeping at most {@code limit} in total. */
  void append(byte[] source, int from, int count, int limit) {
    int keep = Math.min(count, limit - length);
    if (keep < count) {
      oversize = true;
    }
    if (keep <= 0) {
      return;
    }
    if (length + keep > bytes.length) {
      bytes = java.util.Arrays.copyOf(bytes, Math.min(Math.max(bytes.length * 2, length + keep), Math.max(limit, 1)));
    }
    System.arraycopy(source, from, bytes, length, keep);
    length += keep;
  }

  /** Drops a trailing byte (the LF that ends every record). */
  void dropLast() {
    length--;
  }
}
