package io.pfsmix.ior;

import java.io.IOException;

/** Another rank failed, so this one stops too. */
class IorAbortedException extends IOException {

  private static final long serialVersionUID = 1L;

  IorAbortedException(String message) {
    super(message);
  }
}
