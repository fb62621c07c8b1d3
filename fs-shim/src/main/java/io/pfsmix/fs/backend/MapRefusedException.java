package io.pfsmix.fs.backend;

import java.io.IOException;

/**
 * A file system refused to map a file into memory (a FUSE mount with direct_io answers mmap with ENODEV): the caller
 * reads the range instead. Nothing failed; the backend's handles say {@link ReadHandle#canMap} false from then on.
 */
public final class MapRefusedException extends IOException {

  private static final long serialVersionUID = 1L;

  public MapRefusedException(String message, Throwable cause) {
    super(message, cause);
  }
}
