package io.pfsmix.export;

import io.pfsmix.trace.format.TracePoint;
import java.util.EnumSet;
import java.util.Set;

/** Settings of one export; every field has the default the CLI documents, and setters check their argument. */
public final class ExportOptions {
  /** Default disk read and write bandwidth of the SimGrid platform: 100 MiB/s. */
  public static final double DEFAULT_DISK_BANDWIDTH = 100.0 * 1024 * 1024;

  private Set<TracePoint> points = EnumSet.of(TracePoint.APPLICATION, TracePoint.POSIX);
  private long dxtMaxSegments = 4_000_000;
  private long fileAlignment = 4096;
  private double diskReadBandwidth = DEFAULT_DISK_BANDWIDTH;
  private double diskWriteBandwidth = DEFAULT_DISK_BANDWIDTH;
  private double linkBandwidth = 1.25e9;
  private double linkLatencySeconds = 50e-6;
  private double hostFlops = 1e9;
  private long disksimFileSpanBlocks = 1L << 32;
  private int disksimDevices = 1;
  private String commandLine = "pfsmix export";

  public Set<TracePoint> points() {
    return EnumSet.copyOf(points);
  }

  public ExportOptions points(Set<TracePoint> value) {
    if (value.isEmpty()) {
      throw new IllegalArgumentException("--trace-points: name at least one of " + EnumSet.allOf(TracePoint.class));
    }
    points = EnumSet.copyOf(value);
    return this;
  }

  public long dxtMaxSegments() {
    return dxtMaxSegments;
  }

  public ExportOptions dxtMaxSegments(long value) {
    if (value < 0) {
      throw new IllegalArgumentException("--dxt-max-segments must be >= 0, got " + value);
    }
    dxtMaxSegments = value;
    return this;
  }

  public long fileAlignment() {
    return fileAlignment;
  }

  public ExportOptions fileAlignment(long value) {
    if (value <= 0) {
      throw new IllegalArgumentException("--file-alignment must be > 0, got " + value);
    }
    fileAlignment = value;
    return this;
  }

  public double diskReadBandwidth() {
    return diskReadBandwidth;
  }

  public double diskWriteBandwidth() {
    return diskWriteBandwidth;
  }

  public ExportOptions diskBandwidth(double read, double write) {
    diskReadBandwidth = positive("--disk-read-bw", read);
    diskWriteBandwidth = positive("--disk-write-bw", write);
    return this;
  }

  public double linkBandwidth() {
    return linkBandwidth;
  }

  public double linkLatencySeconds() {
    return linkLatencySeconds;
  }

  public ExportOptions link(double bandwidth, double latencySeconds) {
    linkBandwidth = positive("--link-bw", bandwidth);
    if (!(latencySeconds >= 0) || Double.isInfinite(latencySeconds)) { // NaN fails every comparison
      throw new IllegalArgumentException("--link-latency must be a finite number of seconds, 0 or more, got "
          + latencySeconds);
    }
    linkLatencySeconds = latencySeconds;
    return this;
  }

  public double hostFlops() {
    return hostFlops;
  }

  public long disksimFileSpanBlocks() {
    return disksimFileSpanBlocks;
  }

  public int disksimDevices() {
    return disksimDevices;
  }

  public ExportOptions disksim(long fileSpanBlocks, int devices) {
    if (fileSpanBlocks <= 0) {
      throw new IllegalArgumentException("--disksim-file-span must be > 0 blocks, got " + fileSpanBlocks);
    }
    if (devices <= 0) {
      throw new IllegalArgumentException("--disksim-devices must be > 0, got " + devices);
    }
    disksimFileSpanBlocks = fileSpanBlocks;
    disksimDevices = devices;
    return this;
  }

  public String commandLine() {
    return commandLine;
  }

  /** The command recorded as the executable in a Darshan log's job region. */
  public ExportOptions commandLine(String value) {
    commandLine = value;
    return this;
  }

  private static double positive(String flag, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(flag + " must be a positive number of bytes per second, got " + value);
    }
    return value;
  }
}
