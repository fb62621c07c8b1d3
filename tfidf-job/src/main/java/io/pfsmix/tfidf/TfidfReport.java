package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.tfidf.generate.DatasetGenerator;

/**
 * The accuracy report: train on one seed, classify another seed (whose attacks use building blocks the training seed never
 * used), print the confusion matrix and macro-F1, then accuracy and model size for each dictionary size K.
 */
public final class TfidfReport {

  /** Report parameters; defaults are what docs/benchmarks.md records. */
  public static final class Options {
    public Path work;
    public long trainRecords = 20_000;
    public long testRecords = 10_000;
    public long trainSeed = 1;
    public long testSeed = 2;
    public double attackShare = 0.5;
    public int centroidsPerClass = 8;
    public int reportK = 256;
    public int[] ks = {32, 64, 128, 256, 512, 1024, 4096};
  }

  /** One row of the K table. */
  public static final class Row {
    public final int k;
    public final int terms;
    public final int modelBytes;
    public final double accuracy;
    public final double macroF1;

    Row(int k, int terms, int modelBytes, double accuracy, double macroF1) {
      this.k = k;
      this.terms = terms;
      this.modelBytes = modelBytes;
      this.accuracy = accuracy;
      this.macroF1 = macroF1;
    }
  }

  private TfidfReport() {
  }

  public static List<Row> run(Configuration conf, Options o, PrintStream out) throws IOException, InterruptedException {
    FileSystem fs = o.work.getFileSystem(conf);
    if (fs.exists(o.work)) {
      throw new IOException("work directory " + o.work + " already exists; the report needs a fresh one");
    }
    try {
      Path train = new Path(o.work, "train");
      Path test = new Path(o.work, "test");
      generate(conf, train, o.trainRecords, o.trainSeed, o.attackShare);
      generate(conf, test, o.testRecords, o.testSeed, o.attackShare);
      out.printf(Locale.ROOT, "train: %,d requests (seed %d), test: %,d requests (seed %d), attack share %.2f, "
          + "%d centroid(s) per class%n", o.trainRecords, o.trainSeed, o.testRecords, o.testSeed, o.attackShare,
          o.centroidsPerClass);
      List<Row> rows = new ArrayList<>();
      int[] ks = o.ks.clone();
      java.util.Arrays.sort(ks);
      for (int k : ks) {
        Path model = new Path(o.work, "k" + k + ".model");
        TfidfModel m = TfidfJobs.train(conf, train, model, k, o.centroidsPerClass);
        ClassifyResult r = TfidfJobs.classify(conf, test, model, new Path(o.work, "labels-k" + k));
        ConfusionMatrix c = r.confusion();
        rows.add(new Row(k, m.termCount(), m.toBytes().length, c.accuracy(), c.macroF1()));
        if (k == o.reportK) {
          out.printf(Locale.ROOT, "%nconfusion matrix, K=%d (rows: true label, columns: predicted)%n", k);
          out.print(c.format());
        }
      }
      out.printf(Locale.ROOT, "%n%8s %8s %12s %9s %9s%n", "K", "terms", "model bytes", "accuracy", "macro-F1");
      for (Row row : rows) {
        out.printf(Locale.ROOT, "%8d %8d %12d %9.4f %9.4f%n", row.k, row.terms, row.modelBytes, row.accuracy, row.macroF1);
      }
      return rows;
    } finally {
      fs.delete(o.work, true);
    }
  }

  private static void generate(Configuration conf, Path out, long records, long seed, double attackShare)
      throws IOException {
    DatasetGenerator.Options g = new DatasetGenerator.Options();
    g.output = out;
    g.records = records;
    g.seed = seed;
    g.attackShare = attackShare;
    g.files = 2;
    DatasetGenerator.generate(conf, g, null);
  }
}
