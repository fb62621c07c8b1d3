package io.pfsmix.fs.api;

/** The file system under a path cannot write one file from several writers at independent offsets. */
public class PositionedWriteUnsupportedException extends UnsupportedOperationException {

  private static final long serialVersionUID = 1L;

  public PositionedWriteUnsupportedException(String message) {
    super(message);
  }
}
