package io.pfsmix.tfidf;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Counts of (true label, predicted label) with per-class precision, recall and F1. Rows and columns are the model's classes
 * plus "malformed". Macro-F1 averages F1 over the real classes that occur in the input (rows with support), leaving the
 * malformed pseudo-class out.
 */
public final class ConfusionMatrix {

  private final String[] labels;
  private final long[][] counts;

  public ConfusionMatrix(List<String> labels) {
    this.labels = labels.toArray(new String[0]);
    this.counts = new long[this.labels.length][this.labels.length];
  }

  public List<String> labels() {
    return List.of(labels);
  }

  public int indexOf(String label) {
    for (int i = 0; i < labels.length; i++) {
      if (labels[i].equals(label)) {
        return i;
      }
    }
    return -1;
  }

  public void add(int actual, int predicted, long n) {
    counts[actual][predicted] += n;
  }

  public long count(String actual, String predicted) {
    int a = indexOf(actual);
    int p = indexOf(predicted);
    return a < 0 || p < 0 ? 0 : counts[a][p];
  }

  public long count(int actual, int predicted) {
    return counts[actual][predicted];
  }

  public long total() {
    long sum = 0;
    for (long[] row : counts) {
      sum += Arrays.stream(row).sum();
    }
    return sum;
  }

  public long support(int actual) {
    return Arrays.stream(counts[actual]).sum();
  }

  private long predictedCount(int predicted) {
    long sum = 0;
    for (long[] row : counts) {
      sum += row[predicted];
    }
    return sum;
  }

  public double precision(int c) {
    long predicted = predictedCount(c);
    return predicted == 0 ? 0 : counts[c][c] / (double) predicted;
  }

  public double recall(int c) {
    long support = support(c);
    return support == 0 ? 0 : counts[c][c] / (double) support;
  }

  public double f1(int c) {
    double p = precision(c);
    double r = recall(c);
    return p + r == 0 ? 0 : 2 * p * r / (p + r);
  }

  public double accuracy() {
    long total = total();
    long correct = 0;
    for (int i = 0; i < labels.length; i++) {
      correct += counts[i][i];
    }
    return total == 0 ? 0 : correct / (double) total;
  }

  public double macroF1() {
    double sum = 0;
    int n = 0;
    for (int c = 0; c < labels.length; c++) {
      if (!labels[c].equals(HttpClass.MALFORMED_LABEL) && support(c) > 0) {
        sum += f1(c);
        n++;
      }
    }
    return n == 0 ? 0 : sum / n;
  }

  /** The matrix as a table (rows: true label, columns: predicted) and per-class precision, recall, F1. */
  public String format() {
    int width = 8;
    for (String l : labels) {
      width = Math.max(width, l.length());
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%-" + width + "s", "true\\pred"));
    for (String l : labels) {
      out.append(String.format(Locale.ROOT, " %" + Math.max(9, l.length()) + "s", l));
    }
    out.append(String.format(Locale.ROOT, " %9s %9s %9s %9s%n", "support", "precision", "recall", "F1"));
    for (int a = 0; a < labels.length; a++) {
      if (support(a) == 0 && predictedCount(a) == 0) {
        continue;
      }
      out.append(String.format(Locale.ROOT, "%-" + width + "s", labels[a]));
      for (int p = 0; p < labels.length; p++) {
        out.append(String.format(Locale.ROOT, " %" + Math.max(9, labels[p].length()) + "d", counts[a][p]));
      }
      out.append(String.format(Locale.ROOT, " %9d %9.4f %9.4f %9.4f%n", support(a), precision(a), recall(a), f1(a)));
    }
    out.append(String.format(Locale.ROOT, "accuracy %.4f  macro-F1 %.4f  (%d labelled requests)%n", accuracy(), macroF1(),
        total()));
    return out.toString();
  }

  public String toJson() {
    StringBuilder out = new StringBuilder("{\n  \"labels\": [");
    for (int i = 0; i < labels.length; i++) {
      out.append(i > 0 ? ", " : "").append('"').append(labels[i]).append('"');
    }
    out.append("],\n  \"matrix\": [");
    for (int a = 0; a < labels.length; a++) {
      out.append(a > 0 ? ",\n    " : "\n    ").append(Arrays.toString(counts[a]));
    }
    out.append("\n  ],\n  \"classes\": {");
    for (int c = 0; c < labels.length; c++) {
      out.append(c > 0 ? "," : "").append(String.format(Locale.ROOT,
          "\n    \"%s\": {\"support\": %d, \"precision\": %.6f, \"recall\": %.6f, \"f1\": %.6f}", labels[c], support(c),
          precision(c), recall(c), f1(c)));
    }
    out.append(String.format(Locale.ROOT, "\n  },\n  \"total\": %d,\n  \"accuracy\": %.6f,\n  \"macroF1\": %.6f\n}\n",
        total(), accuracy(), macroF1()));
    return out.toString();
  }
}
