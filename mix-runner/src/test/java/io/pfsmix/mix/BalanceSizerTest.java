package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Balancing's next checkpoint size, on the tries made by real runs (docs/reproduction.md). */
class BalanceSizerTest {

  private static List<BalanceStep> tries(double tfidfSeconds, double... segmentsAndSeconds) {
    List<BalanceStep> steps = new ArrayList<>();
    for (int i = 0; i < segmentsAndSeconds.length; i += 2) {
      steps.add(new BalanceStep("pfs", Workload.IOR, "n-to-1", i / 2 + 1, (int) segmentsAndSeconds[i], segmentsAndSeconds[i + 1],
          tfidfSeconds));
    }
    return steps;
  }

  @Test
  void scalesTheSegmentsByTheTimeStillMissing() {
    // 7.2 GB run, N-to-1: 512 segments took 27.38 s against TFIDF's 49.38 s
    assertThat(BalanceSizer.next(tries(49.38, 512, 27.38))).isEqualTo(923);
    assertThat(BalanceSizer.next(tries(10, 300, 30))).isEqualTo(100);
  }

  @Test
  void growsOrShrinksAtMostEightfoldInOneStep() {
    // N-to-N: 512 segments in 5.97 s would extrapolate to 4235 segments; a 0.8 s run of 64 once extrapolated to 7287
    assertThat(BalanceSizer.next(tries(49.38, 512, 5.97))).isEqualTo(4096);
    assertThat(BalanceSizer.next(tries(65.75, 64, 0.79))).isEqualTo(512);
    assertThat(BalanceSizer.next(tries(1, 800, 80))).isEqualTo(100);
    assertThat(BalanceSizer.next(tries(1, 3, 80))).isEqualTo(1);
  }

  @Test
  void staysBetweenTheLargestTooShortAndTheSmallestTooLongTry() {
    // 128 MiB run, N-to-1: 64 segments too short (0.69 s), 133 far too long (4.35 s, past the page cache): proportion
    // alone would go back to 44, below what is already known too short
    assertThat(BalanceSizer.next(tries(1.43, 64, 0.69, 133, 4.35))).isEqualTo(98);
    // and N-to-N: 64 (0.22 s) then 420 (8.86 s), where proportion gives 68 — inside the bracket, so taken
    assertThat(BalanceSizer.next(tries(1.43, 64, 0.22, 420, 8.86))).isEqualTo(68);
    // only an upper bound known: proportion is kept below it
    assertThat(BalanceSizer.next(tries(10, 100, 30, 40, 11))).isEqualTo(36);
  }

  @Test
  void aBracketNarrowedToNothingRepeatsATriedSize() {
    // 10 too short, 11 too long: the caller stops when the next size was tried already
    assertThat(BalanceSizer.next(tries(5, 10, 4, 11, 6))).isEqualTo(10);
  }
}
