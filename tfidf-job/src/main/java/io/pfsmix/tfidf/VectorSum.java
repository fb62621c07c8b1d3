package io.pfsmix.tfidf;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/** A sum of document vectors over a dictionary and how many documents went into it. */
public final class VectorSum implements Writable {

  private long documents;
  private double[] sum = new double[0];

  public VectorSum() {
  }

  VectorSum(int dimensions) {
    sum = new double[dimensions];
  }

  long documents() {
    return documents;
  }

  double[] sum() {
    return sum;
  }

  void addDocument(int[] terms, float[] weights, int count) {
    documents++;
    for (int k = 0; k < count; k++) {
      sum[terms[k]] += weights[k];
    }
  }

  /** Adds {@code vector} times {@code documents}, counting them: a weighted sum whose total divides back to a mean. */
  void addScaled(double[] vector, long documents) {
    this.documents += documents;
    for (int i = 0; i < sum.length; i++) {
      sum[i] += vector[i] * documents;
    }
  }

  void add(VectorSum other) {
    if (sum.length != other.sum.length) {
      throw new IllegalArgumentException("vector sums of " + sum.length + " and " + other.sum.length + " dimensions");
    }
    documents += other.documents;
    for (int i = 0; i < sum.length; i++) {
      sum[i] += other.sum[i];
    }
  }

  void reset(int dimensions) {
    documents = 0;
    if (sum.length != dimensions) {
      sum = new double[dimensions];
    } else {
      java.util.Arrays.fill(sum, 0);
    }
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVLong(out, documents);
    WritableUtils.writeVInt(out, sum.length);
    for (double v : sum) {
      out.writeDouble(v);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    documents = WritableUtils.readVLong(in);
    int n = WritableUtils.readVInt(in);
    if (sum.length != n) {
      sum = new double[n];
    }
    for (int i = 0; i < n; i++) {
      sum[i] = in.readDouble();
    }
  }
}
