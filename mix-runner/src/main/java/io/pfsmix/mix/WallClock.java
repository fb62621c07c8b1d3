package io.pfsmix.mix;

/** Wall-clock nanoseconds since the epoch with the monotonic clock's resolution, the way the tracer stamps records. */
final class WallClock {

  private static final long WALL_ANCHOR_NS = System.currentTimeMillis() * 1_000_000L;
  private static final long MONOTONIC_ANCHOR_NS = System.nanoTime();

  private WallClock() {
  }

  static long nowNs() {
    return WALL_ANCHOR_NS + (System.nanoTime() - MONOTONIC_ANCHOR_NS);
  }
}
