package io.pfsmix.ior;

import java.io.IOException;

/** A rank's I/O failed: says which rank, what it was doing, where, and why. */
public class IorRankException extends IOException {

  private static final long serialVersionUID = 1L;

  IorRankException(String message, Throwable cause) {
    super(message + (cause == null ? "" : ": " + cause), cause);
  }
}
