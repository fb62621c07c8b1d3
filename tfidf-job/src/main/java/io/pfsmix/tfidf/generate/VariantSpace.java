package io.pfsmix.tfidf.generate;

import java.util.SplittableRandom;

/**
 * The per-seed choice of attack building blocks. Every component list of every attack class (payload shapes, functions,
 * tables, events, commands, ...) is cut to a seed-dependent subset, so data generated with another seed contains payload
 * variants that a model trained on this seed never saw — the test of generalisation the accuracy report needs. Two seeds
 * share about {@code keep * keep} of each list.
 */
final class VariantSpace {

  static final double DEFAULT_KEEP = 0.6;

  private final long seed;
  private final double keep;

  VariantSpace(long seed, double keep) {
    if (!(keep > 0 && keep <= 1)) {
      throw new IllegalArgumentException("variant share must be in (0, 1], got " + keep);
    }
    this.seed = seed;
    this.keep = keep;
  }

  /** The subset of {@code all} this seed uses, in a seed-dependent order; never empty. */
  String[] pick(String listName, String... all) {
    String[] shuffled = all.clone();
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L ^ listName.hashCode() * 0xC2B2AE3D27D4EB4FL);
    for (int i = shuffled.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      String t = shuffled[i];
      shuffled[i] = shuffled[j];
      shuffled[j] = t;
    }
    int n = Math.max(1, (int) Math.ceil(all.length * keep));
    return java.util.Arrays.copyOf(shuffled, n);
  }
}
