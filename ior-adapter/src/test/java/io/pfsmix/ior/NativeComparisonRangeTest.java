package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** The 90 % range `ior bench --native` prints beside the paired median of its rounds' ratios. */
class NativeComparisonRangeTest {

  @Test
  void twoRoundsRangeFromOneRatioToTheOther() {
    assertThat(NativeComparison.medianRange(new double[] {1.2, 0.8})).containsExactly(0.8, 1.2);
    assertThat(NativeComparison.medianRange(new double[] {0.9, 0.9, 0.9})).containsExactly(0.9, 0.9);
  }

  @Test
  void theRangeHoldsTheMedianAndTheSameRoundsPrintTheSameRange() {
    // the 21 rounds of N-to-1 1 MiB reads of docs/benchmarks.md (05:06 UTC), paired median 1.02
    double[] rounds = {0.85, 1.08, 1.14, 0.67, 0.94, 0.88, 1.05, 1.14, 1.17, 1.18, 0.94, 1.22, 2.06, 0.93, 0.90, 1.00,
        1.14, 1.76, 0.92, 0.98, 1.02};
    double[] range = NativeComparison.medianRange(rounds);
    assertThat(range[0]).isBetween(0.90, 1.00);
    assertThat(range[1]).isBetween(1.05, 1.18);
    assertThat(NativeComparison.medianRange(rounds)).containsExactly(range);
    // the first seven alone (median 0.94): a range holding 0.86 and 1.02, the paired medians of two other runs that
    // day, so seven rounds cannot tell those apart
    double[] range7 = NativeComparison.medianRange(Arrays.copyOf(rounds, 7));
    assertThat(range7[0]).isLessThanOrEqualTo(0.86);
    assertThat(range7[1]).isGreaterThanOrEqualTo(1.02);
  }
}
