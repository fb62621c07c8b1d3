package io.pfsmix.tfidf;

/** Term hash -> term index, open addressing over primitive arrays (no boxing on the classification path). */
final class TermDictionary {

  private final long[] keys;
  private final int[] values;
  private final int shift;
  private final int mask;

  TermDictionary(long[] hashes) {
    // load factor <= 1/4: most lookups are for terms not in the dictionary, and they stop at the first empty slot
    int capacity = Integer.highestOneBit(Math.max(4, hashes.length * 4 - 1)) << 1;
    keys = new long[capacity];
    values = new int[capacity];
    mask = capacity - 1;
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
    for (int index = 0; index < hashes.length; index++) {
      long h = hashes[index];
      int slot = slot(h);
      while (keys[slot] != 0 && keys[slot] != h) {
        slot = (slot + 1) & mask;
      }
      if (keys[slot] == h) {
        throw new IllegalArgumentException("two dictionary terms share hash " + Long.toHexString(h) + " (terms "
            + values[slot] + " and " + index + ")");
      }
      keys[slot] = h;
      values[slot] = index;
    }
  }

  /** The index of the term with this hash, or -1. */
  int indexOf(long hash) {
    int slot = slot(hash);
    while (true) {
      long k = keys[slot];
      if (k == hash) {
        return values[slot];
      }
      if (k == 0) {
        return -1;
      }
      slot = (slot + 1) & mask;
    }
  }

  private int slot(long h) {
    return (int) ((h * 0x9E3779B97F4A7C15L) >>> shift);
  }
}
