package io.pfsmix.ior;

/**
 * One row of IOR's Results table: one phase ("write" or "read") of one iteration, reduced over all ranks the way IOR
 * does (first open start to last close end).
 *
 * @param access "write" or "read"
 * @param iteration IOR's iter column, from 0
 * @param bandwidthMiB aggregate bytes / total time, in MiB/s
 * @param iops transfers / (last transfer end - first transfer start)
 * @param latency rank 0's transfer time over one block's transfers (IOR's formula and rank; per transfer with -s 1)
 * @param openTime seconds from first open start to last open end
 * @param wrRdTime seconds from first transfer start to last transfer end
 * @param closeTime seconds from first close start to last close end
 * @param totalTime seconds from first open start to last close end
 * @param aggregateBytes bytes moved by all ranks (IOR's aggFileSizeForBW); 0 when parsed from text that lacks it
 */
public record IorIteration(String access, int iteration, double bandwidthMiB, double iops, double latency,
    double openTime, double wrRdTime, double closeTime, double totalTime, long aggregateBytes) {

  public boolean isWrite() {
    return "write".equals(access);
  }
}
