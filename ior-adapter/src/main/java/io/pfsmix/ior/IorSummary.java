package io.pfsmix.ior;

import java.util.List;

/**
 * One line of IOR's "Summary of all tests": bandwidth and operation rates over the iterations of one access.
 *
 * @param operation "write" or "read"
 * @param maxMiB maximum bandwidth in MiB/s
 * @param minMiB minimum bandwidth in MiB/s
 * @param meanMiB mean bandwidth in MiB/s
 * @param stdDevMiB population standard deviation of the bandwidth
 * @param maxOps maximum transfers per second (over total time, as IOR's summary computes them)
 * @param minOps minimum transfers per second
 * @param meanOps mean transfers per second
 * @param stdDevOps population standard deviation of the rate
 * @param meanTime mean total time in seconds
 * @param aggregateMiB aggregate size moved per iteration, in MiB
 * @param stonewallSeconds with -O stoneWallingWearOut, the mean time to the stonewall; NaN (IOR's NA) otherwise
 * @param stonewallMiB with -O stoneWallingWearOut, the ranks' mean bytes by the stonewall over its time, in MiB/s
 */
public record IorSummary(String operation, double maxMiB, double minMiB, double meanMiB, double stdDevMiB,
    double maxOps, double minOps, double meanOps, double stdDevOps, double meanTime, double aggregateMiB,
    double stonewallSeconds, double stonewallMiB) {

  private static final double MIB = 1048576.0;

  /** IOR's bw_ops_values and mean_of_array_of_doubles over the iterations of one access. */
  static IorSummary of(String operation, List<IorIteration> iterations, long transferSize,
      List<RankRecord.Stonewall> stonewalls) {
    int n = iterations.size();
    double[] bw = new double[n];
    double[] ops = new double[n];
    double timeSum = 0;
    for (int i = 0; i < n; i++) {
      IorIteration it = iterations.get(i);
      bw[i] = it.aggregateBytes() / it.totalTime();
      ops[i] = (double) it.aggregateBytes() / transferSize / it.totalTime();
      timeSum += it.totalTime();
    }
    // IOR's sums over the iterations: time / iterations, and mean bytes / time
    double[] stonewall = {Double.NaN, Double.NaN};
    if (!stonewalls.isEmpty()) {
      double seconds = 0;
      double bytes = 0;
      for (RankRecord.Stonewall s : stonewalls) {
        seconds += s.seconds();
        bytes += s.bytes();
      }
      stonewall = new double[] {seconds / n, bytes / seconds / MIB};
    }
    double[] bwStats = stats(bw);
    double[] opsStats = stats(ops);
    return new IorSummary(operation, bwStats[0] / MIB, bwStats[1] / MIB, bwStats[2] / MIB, bwStats[3] / MIB,
        opsStats[0], opsStats[1], opsStats[2], opsStats[3], timeSum / n,
        n == 0 ? 0 : iterations.get(0).aggregateBytes() / MIB, stonewall[0], stonewall[1]);
  }

  /** max, min, mean, population standard deviation. */
  private static double[] stats(double[] values) {
    double max = values[0];
    double min = values[0];
    double sum = 0;
    for (double v : values) {
      max = Math.max(max, v);
      min = Math.min(min, v);
      sum += v;
    }
    double mean = sum / values.length;
    double var = 0;
    for (double v : values) {
      var += (mean - v) * (mean - v);
    }
    return new double[] {max, min, mean, Math.sqrt(var / values.length)};
  }
}
