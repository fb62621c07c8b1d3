package io.pfsmix.ior;

import java.time.Instant;

/** IOR's GetTimeStamp: wall-clock seconds, comparable across the JVMs of a YARN run on NTP-synchronised hosts. */
final class IorClock {

  private IorClock() {
  }

  static double now() {
    Instant now = Instant.now();
    return now.getEpochSecond() + now.getNano() / 1e9;
  }
}
