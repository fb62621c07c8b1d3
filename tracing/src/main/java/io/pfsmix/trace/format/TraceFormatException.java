package io.pfsmix.trace.format;

import java.io.IOException;

/** A trace file that cannot be read: bad magic, unsupported version, checksum mismatch, impossible sizes. */
public class TraceFormatException extends IOException {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final long offset;

  public TraceFormatException(String file, long offset, String problem) {
    super(file + " at byte offset " + offset + ": " + problem);
    this.file = file;
    this.offset = offset;
  }

  /** The file (or stream name) being read. */
  public String file() {
    return file;
  }

  /** The byte offset in the file where the bad structure starts. */
  public long offset() {
    return offset;
  }
}
