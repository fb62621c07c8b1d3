package io.pfsmix.ior;

/** A bad flag, value or combination, reported before any I/O in IOR's wording ("ERROR: ..."). */
public class IorUsageException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public IorUsageException(String message) {
    super("ERROR: " + message);
  }
}
