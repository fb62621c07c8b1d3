package io.pfsmix.mix;

import java.util.List;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Mean, spread and count of one measurement over repetitions.
 *
 * @param mean arithmetic mean (NaN when n is 0)
 * @param stddev sample standard deviation (0 for one value, NaN for none)
 * @param n how many values
 * @param min smallest value
 * @param max largest value
 */
public record Stats(double mean, double stddev, int n, double min, double max) {

  public static final Stats NONE = new Stats(Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN);

  public static Stats of(List<Double> values) {
    if (values.isEmpty()) {
      return NONE;
    }
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    double mean = sum / values.size();
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    double sd = values.size() > 1 ? Math.sqrt(squares / (values.size() - 1)) : 0;
    return new Stats(mean, sd, values.size(), min, max);
  }

  public boolean empty() {
    return n == 0;
  }

  /** Half the width of the 95% confidence interval of the mean (Student's t); NaN with fewer than two values. */
  public double halfWidth95() {
    if (n < 2) {
      return Double.NaN;
    }
    return new TDistribution(n - 1).inverseCumulativeProbability(0.975) * stddev / Math.sqrt(n);
  }

  /** Whether the 95% confidence interval of the mean leaves out zero (false with fewer than two values). */
  public boolean differsFromZero() {
    double half = halfWidth95();
    return !Double.isNaN(half) && Math.abs(mean) > half;
  }

  /** "12.3 ± 0.4 (n=3)", or "—" when there are no values. */
  public String format(int decimals) {
    if (empty()) {
      return "—";
    }
    String f = "%." + decimals + "f";
    return String.format(java.util.Locale.ROOT, f + " ± " + f + " (n=%d)", mean, stddev, n);
  }
}
