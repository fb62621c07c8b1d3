package io.pfsmix.tfidf;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/** One count per {@link HttpClass}: documents containing a term, or documents of each class. */
public final class ClassCounts implements Writable {

  private final long[] counts = new long[HttpClass.count()];

  public long get(int classIndex) {
    return counts[classIndex];
  }

  public void increment(int classIndex, long by) {
    counts[classIndex] += by;
  }

  public long total() {
    long sum = 0;
    for (long c : counts) {
      sum += c;
    }
    return sum;
  }

  public void clear() {
    java.util.Arrays.fill(counts, 0);
  }

  public void add(ClassCounts other) {
    for (int i = 0; i < counts.length; i++) {
      counts[i] += other.counts[i];
    }
  }

  @Override
  public void write(DataOutput out) throws IOException {
    for (long c : counts) {
      WritableUtils.writeVLong(out, c);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    for (int i = 0; i < counts.length; i++) {
      counts[i] = WritableUtils.readVLong(in);
    }
  }
}
