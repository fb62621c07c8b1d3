package io.pfsmix.mix;

/**
 * One round of balancing: IOR alone with some segments (or a command's or further workload's {scale}) against TFIDF
 * alone's runtime.
 *
 * @param fs file system label
 * @param workload what was resized: {@link Workload#IOR} (the HPC side), or a further workload's name
 * @param pattern IOR pattern setting, or null for a further workload (it has none)
 * @param round 1-based round
 * @param segments IOR segments, or the {scale}, tried
 * @param iorSeconds the resized workload's runtime alone with them
 * @param tfidfSeconds TFIDF alone's runtime, the target
 */
public record BalanceStep(String fs, String workload, String pattern, int round, int segments, double iorSeconds,
    double tfidfSeconds) {

  /** |IOR - TFIDF| / TFIDF. */
  public double mismatch() {
    return Math.abs(iorSeconds - tfidfSeconds) / tfidfSeconds;
  }
}
