package io.pfsmix.mix;

import java.util.List;

/**
 * The checkpoint size balancing tries next. Proportional to the time still missing, but at most {@link #MAX_GROWTH}
 * times larger or smaller than the last try (a short first run is mostly start-up and page cache), and inside the
 * bracket the tries so far have drawn — above the most segments known to run too short, below the fewest known to run
 * too long: a file system's speed changes with the size written (page cache, then disk), so proportional steps alone
 * can jump back and forth across the target.
 */
final class BalanceSizer {

  static final int MAX_GROWTH = 8;

  private BalanceSizer() {
  }

  /** Segments for the next try after {@code tried} (in order, not empty), whose TFIDF time is the target. */
  static int next(List<BalanceStep> tried) {
    BalanceStep last = tried.get(tried.size() - 1);
    long wanted = Math.round(last.segments() * last.tfidfSeconds() / Math.max(last.iorSeconds(), 1e-9));
    wanted = Math.max(Math.max(1, last.segments() / MAX_GROWTH), Math.min(wanted, (long) last.segments() * MAX_GROWTH));
    long tooShort = 0;
    long tooLong = Long.MAX_VALUE;
    for (BalanceStep step : tried) {
      if (step.iorSeconds() < step.tfidfSeconds()) {
        tooShort = Math.max(tooShort, step.segments());
      } else {
        tooLong = Math.min(tooLong, step.segments());
      }
    }
    if (wanted <= tooShort || wanted >= tooLong) {
      if (tooShort > 0 && tooLong < Long.MAX_VALUE) {
        wanted = tooShort + (tooLong - tooShort) / 2;
      } else if (wanted <= tooShort) {
        wanted = tooShort + 1;
      } else {
        wanted = Math.max(1, tooLong - 1);
      }
    }
    return (int) Math.min(Integer.MAX_VALUE, wanted);
  }
}
