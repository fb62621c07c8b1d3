package io.pfsmix.tfidf;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads the records of one byte range of a request file (see {@link RequestFormat}) from a plain stream, so the same code
 * serves MapReduce splits, tests and in-memory benchmarks. The range [start, end) owns every record whose separator byte
 * lies in it; the last record read may run past {@code end}.
 */
public final class RequestStreamReader implements Closeable {

  private static final int NONE = -1;

  private final InputStream in;
  private final long end;
  private final int maxRecordBytes;
  private final byte[] buffer = new byte[64 * 1024];
  /** Parsed record headers, direct-mapped by a hash of their bytes: data sets hold a few hundred distinct ones. */
  private final RecordLabel[] labelCache = new RecordLabel[512];
  private int pos;
  private int limit;
  /** File offset of buffer[0]. */
  private long bufferStart;
  private long nextRecord;
  private final long junkBytes;

  /**
   * @param in the file's bytes from offset {@code start - 1} (from 0 when {@code start} is 0): the byte before a range
   *     tells whether a separator at {@code start} begins a record
   */
  public RequestStreamReader(InputStream in, long start, long end, int maxRecordBytes) throws IOException {
    if (maxRecordBytes < 1) {
      throw new IllegalArgumentException(TfidfConfigKeys.MAX_RECORD_BYTES + " must be positive, got " + maxRecordBytes);
    }
    this.in = in;
    this.end = end;
    this.maxRecordBytes = maxRecordBytes;
    boolean lineStart = true;
    if (start > 0) {
      bufferStart = start - 1;
      if (!fill()) {
        nextRecord = NONE;
        junkBytes = 0;
        return;
      }
      lineStart = buffer[pos++] == '\n';
    }
    nextRecord = scan(lineStart, null);
    // bytes before the first record of a file belong to no record
    junkBytes = start == 0 ? (nextRecord == NONE ? position() : nextRecord) : 0;
  }

  /** Reads the next record of the range into {@code record}; false when the range has no more. */
  public boolean next(RequestRecord record) throws IOException {
    if (nextRecord == NONE || nextRecord >= end) {
      return false;
    }
    record.start(nextRecord, readLabel());
    nextRecord = scan(true, record);
    if (record.length() > 0 && !record.oversize() && record.bytes()[record.length() - 1] == '\n') {
      record.dropLast();
    }
    return true;
  }

  /** File offset of the next unread byte. */
  public long position() {
    return bufferStart + pos;
  }

  /** Bytes at the start of the file before its first record (only counted by the range that starts at 0). */
  public long junkBytes() {
    return junkBytes;
  }

  private RecordLabel readLabel() throws IOException {
    byte[] label = new byte[RequestFormat.MAX_LABEL_BYTES];
    int length = 0;
    int hash = 0;
    while (true) {
      if (pos >= limit && !fill()) {
        break;
      }
      byte c = buffer[pos++];
      if (c == '\n') {
        break;
      }
      if (length < label.length) {
        label[length++] = c;
        hash = 31 * hash + c;
      }
    }
    int slot = (hash ^ hash >>> 9) & (labelCache.length - 1);
    RecordLabel cached = labelCache[slot];
    if (cached == null || !cached.sameText(label, length)) {
      cached = RecordLabel.parse(new String(label, 0, length, StandardCharsets.ISO_8859_1));
      labelCache[slot] = cached;
    }
    return cached;
  }

  /**
   * Consumes bytes up to and including the next separator that starts a record, appending the bytes before it to
   * {@code sink} (when not null); returns that separator's file offset, or NONE at end of file.
   */
  private long scan(boolean lineStart, RequestRecord sink) throws IOException {
    boolean afterNewline = lineStart;
    while (pos < limit || fill()) {
      final byte[] b = buffer;
      final int from = pos;
      final int to = limit;
      for (int i = from; i < to; i++) {
        byte c = b[i];
        if (c == RequestFormat.SEPARATOR && afterNewline) {
          if (sink != null) {
            sink.append(b, from, i - from, maxRecordBytes);
          }
          pos = i + 1;
          return bufferStart + i;
        }
        afterNewline = c == '\n';
      }
      if (sink != null) {
        sink.append(b, from, to - from, maxRecordBytes);
      }
      pos = to;
    }
    return NONE;
  }

  private boolean fill() throws IOException {
    bufferStart += limit;
    pos = 0;
    limit = 0;
    int n = in.read(buffer, 0, buffer.length);
    if (n <= 0) {
      return false;
    }
    limit = n;
    return true;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
