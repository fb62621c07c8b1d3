package io.pfsmix.trace.format;

import java.util.Objects;

/**
 * What a trace file says about itself before any record.
 *
 * @param versionMajor format major version; readers reject majors they do not know
 * @param versionMinor format minor version; minors only add things older readers may skip
 * @param wallAnchorNs wall clock (ns since the epoch) read at the anchor instant
 * @param monotonicAnchorNs the producer's monotonic clock (System.nanoTime or CLOCK_MONOTONIC) read at the same instant;
 *     record start = wallAnchorNs + (monotonic at call - monotonicAnchorNs)
 * @param host host that wrote the file
 * @param pid process that wrote the file
 * @param producer software that wrote the file, e.g. "pfsmix-java 0.1.0" or "pfsmix-preload 0.1.0"
 */
public record TraceHeader(
    int versionMajor,
    int versionMinor,
    long wallAnchorNs,
    long monotonicAnchorNs,
    String host,
    int pid,
    String producer) {

  public TraceHeader {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(producer, "producer");
  }

  /** A header of the current format version. */
  public static TraceHeader current(long wallAnchorNs, long monotonicAnchorNs, String host, int pid, String producer) {
    return new TraceHeader(TraceFormat.VERSION_MAJOR, TraceFormat.VERSION_MINOR, wallAnchorNs, monotonicAnchorNs, host,
        pid, producer);
  }

  /** Offset to add to a monotonic reading to get wall-clock nanoseconds since the epoch. */
  public long monotonicToWallOffsetNs() {
    return wallAnchorNs - monotonicAnchorNs;
  }
}
