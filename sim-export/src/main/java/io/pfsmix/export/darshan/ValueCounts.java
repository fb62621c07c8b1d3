package io.pfsmix.export.darshan;

/**
 * Counts of the distinct values of one quantity (access sizes, strides), for Darshan's "four most common" counters.
 * Like the Darshan runtime it tracks a bounded number of distinct values; later new values are not counted.
 */
final class ValueCounts {
  static final int MAX_VALUES = 32;
  private final long[] values = new long[MAX_VALUES];
  private final long[] counts = new long[MAX_VALUES];
  private int size;
  private int last = -1;

  void add(long value) {
    add(value, 1);
  }

  void add(long value, long count) {
    if (last >= 0 && values[last] == value) {
      counts[last] += count;
      return;
    }
    for (int i = 0; i < size; i++) {
      if (values[i] == value) {
        counts[i] += count;
        last = i;
        return;
      }
    }
    if (size < MAX_VALUES) {
      values[size] = value;
      counts[size] = count;
      last = size++;
    }
  }

  /** Adds the (value, count) pairs a record's "four most common" counters hold; empty slots (count 0) are skipped. */
  void addTop4(long[] counters, int valueIndex, int countIndex) {
    for (int slot = 0; slot < 4; slot++) {
      if (counters[countIndex + slot] > 0) {
        add(counters[valueIndex + slot], counters[countIndex + slot]);
      }
    }
  }

  /** Writes the four most frequent values (ties: larger value first) and their counts into the counter array. */
  void writeTop4(long[] counters, int valueIndex, int countIndex) {
    boolean[] used = new boolean[size];
    for (int slot = 0; slot < 4; slot++) {
      int best = -1;
      for (int i = 0; i < size; i++) {
        if (!used[i] && (best < 0 || counts[i] > counts[best]
            || (counts[i] == counts[best] && values[i] > values[best]))) {
          best = i;
        }
      }
      if (best < 0) {
        return;
      }
      used[best] = true;
      counters[valueIndex + slot] = values[best];
      counters[countIndex + slot] = counts[best];
    }
  }
}
