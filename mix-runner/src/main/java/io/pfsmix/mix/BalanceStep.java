package io.pfsmix.mix;

/**
 * One round of balancing: IOR alone with some segments against TFIDF alone's runtime.
 *
 * @param fs file system label
 * @param pattern IOR pattern setting
 * @param round 1-based round
 * @param segments IOR segments tried
 * @param iorSeconds IOR alone's runtime with them
 * @param tfidfSeconds TFIDF alone's runtime, the target
 */
public record BalanceStep(String fs, String pattern, int round, int segments, double iorSeconds, double tfidfSeconds) {

  /** |IOR - TFIDF| / TFIDF. */
  public double mismatch() {
    return Math.abs(iorSeconds - tfidfSeconds) / tfidfSeconds;
  }
}
