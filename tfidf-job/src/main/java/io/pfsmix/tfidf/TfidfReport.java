package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.tfidf.generate.DatasetGenerator;
import io.pfsmix.tfidf.generate.RequestGenerator;

/**
 * The accuracy report. Today's split: train on one seed, classify another (whose attacks use building blocks the training
 * seed never used), with the confusion matrix and scores per context (where requests carry their payload or content);
 * accuracy and model size for each dictionary size K; and leave-one-family-out folds: each trains without one family of
 * every class (of payloads and of normal traffic) and tests on those families alone, so the pooled scores measure what a
 * model makes of kinds of requests it never saw. Test requests are classified in this process by the classifier the
 * classification job runs, so each can be grouped by the family and context its record label names.
 */
public final class TfidfReport {

  /** Report parameters; defaults are what docs/benchmarks.md records. */
  public static final class Options {
    public Path work;
    public long trainRecords = 20_000;
    public long testRecords = 10_000;
    /** Test requests of each leave-one-family-out fold (only the families it leaves out); 0 skips the folds. */
    public long foldTestRecords = 4_000;
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

  /** What the report measured. */
  public static final class Result {
    public final List<Row> rows = new ArrayList<>();
    /** Today's split at the report's K. */
    public ConfusionMatrix split;
    /** All leave-one-family-out folds pooled; null when they were skipped. */
    public ConfusionMatrix leaveOneFamilyOut;
    public final Map<String, ReportScores.Group> contexts = new TreeMap<>();
    public final Map<String, ReportScores.Group> families = new TreeMap<>();
  }

  private TfidfReport() {
  }

  public static Result run(Configuration conf, Options o, PrintStream out) throws IOException, InterruptedException {
    FileSystem fs = o.work.getFileSystem(conf);
    if (fs.exists(o.work)) {
      throw new IOException("work directory " + o.work + " already exists; the report needs a fresh one");
    }
    if (o.foldTestRecords < 0) {
      throw new IllegalArgumentException("--fold-test-records must be 0 or more, got " + o.foldTestRecords);
    }
    Result result = new Result();
    try {
      Path train = new Path(o.work, "train");
      Path test = new Path(o.work, "test");
      DatasetGenerator.Result trained = generate(conf, train, o.trainRecords, o.trainSeed, o.attackShare, null);
      DatasetGenerator.Result tested = generate(conf, test, o.testRecords, o.testSeed, o.attackShare, null);
      out.printf(Locale.ROOT, "train: %,d requests (seed %d), test: %,d requests (seed %d), attack share %.2f, "
          + "%d centroid(s) per class%n", o.trainRecords, o.trainSeed, o.testRecords, o.testSeed, o.attackShare,
          o.centroidsPerClass);
      int[] ks = o.ks.clone();
      Arrays.sort(ks);
      for (int k : ks) {
        Path model = new Path(o.work, "k" + k + ".model");
        TfidfModel m = TfidfJobs.train(conf, train, model, k, o.centroidsPerClass);
        ReportScores scores = new ReportScores(m).add(conf, m, tested.files);
        ConfusionMatrix c = scores.confusion;
        result.rows.add(new Row(k, m.termCount(), m.toBytes().length, c.accuracy(), c.macroF1()));
        if (k == o.reportK) {
          result.split = c;
          result.contexts.putAll(scores.contexts);
          out.printf(Locale.ROOT, "%nconfusion matrix, K=%d (rows: true label, columns: predicted)%n", k);
          out.print(c.format());
          out.printf(Locale.ROOT, "%nper context, K=%d (benign: share flagged as an attack; attacks: share given their "
              + "class, share flagged as any attack)%n", k);
          out.print(ReportScores.format("context", scores.contexts));
        }
      }
      out.printf(Locale.ROOT, "%n%8s %8s %12s %9s %9s%n", "K", "terms", "model bytes", "accuracy", "macro-F1");
      for (Row row : result.rows) {
        out.printf(Locale.ROOT, "%8d %8d %12d %9.4f %9.4f%n", row.k, row.terms, row.modelBytes, row.accuracy,
            row.macroF1);
      }
      if (o.foldTestRecords > 0) {
        leaveOneFamilyOut(conf, o, families(conf, trained.files), result, out);
      }
      return result;
    } finally {
      fs.delete(o.work, true);
    }
  }

  /**
   * Fold i leaves out the i-th family (in name order) of every class that has one: its model never sees them, and its
   * test data holds only them. Every family is left out exactly once; the folds' test predictions are pooled.
   */
  private static void leaveOneFamilyOut(Configuration conf, Options o, Map<String, List<String>> families, Result result,
      PrintStream out) throws IOException, InterruptedException {
    int folds = families.values().stream().mapToInt(List::size).max().orElse(0);
    out.printf(Locale.ROOT, "%nleave-one-family-out, K=%d: %d folds; fold i trains on %,d requests (seed %d) without the "
        + "i-th family of each class and tests on %,d requests of those families alone (seed %d)%n", o.reportK, folds,
        o.trainRecords, o.trainSeed, o.foldTestRecords, o.testSeed);
    ReportScores pooled = null;
    for (int fold = 0; fold < folds; fold++) {
      Set<String> heldOut = new TreeSet<>();
      for (Map.Entry<String, List<String>> e : families.entrySet()) {
        if (fold < e.getValue().size()) {
          heldOut.add(e.getKey() + "/" + e.getValue().get(fold));
        }
      }
      out.printf(Locale.ROOT, "  fold %d leaves out %s%n", fold + 1, String.join(" ", heldOut));
      Path dir = new Path(o.work, "fold" + fold);
      Path train = new Path(dir, "train");
      Path model = new Path(dir, "model");
      generate(conf, train, o.trainRecords, o.trainSeed, o.attackShare, g -> !heldOut.contains(g.label + "/" + g.family));
      DatasetGenerator.Result test = generate(conf, new Path(dir, "test"), o.foldTestRecords, o.testSeed, o.attackShare,
          g -> heldOut.contains(g.label + "/" + g.family));
      TfidfModel m = TfidfJobs.train(conf, train, model, o.reportK, o.centroidsPerClass);
      pooled = (pooled == null ? new ReportScores(m) : pooled).add(conf, m, test.files);
      dir.getFileSystem(conf).delete(dir, true);
    }
    if (pooled == null) {
      return;
    }
    result.leaveOneFamilyOut = pooled.confusion;
    result.families.putAll(pooled.families);
    out.printf(Locale.ROOT, "%nleave-one-family-out, all folds pooled (rows: true label, columns: predicted)%n");
    out.print(pooled.confusion.format());
    out.printf(Locale.ROOT, "%neach family when left out (benign: share flagged as an attack; attacks: share given their "
        + "class, share flagged as any attack)%n");
    out.print(ReportScores.format("class/family", pooled.families));
    out.printf(Locale.ROOT, "%nleave-one-family-out macro-F1 %.4f; highest benign false-positive rate: per family %s, "
        + "per context %s%n", pooled.confusion.macroF1(), ReportScores.worstFalsePositives(pooled.families),
        ReportScores.worstFalsePositives(result.contexts));
  }

  /** The families of each class (but malformed) in labelled request files, in name order. */
  private static Map<String, List<String>> families(Configuration conf, List<Path> files) throws IOException {
    Map<String, Set<String>> found = new TreeMap<>();
    RequestRecord record = new RequestRecord();
    for (Path file : files) {
      try (InputStream in = file.getFileSystem(conf).open(file);
          RequestStreamReader reader = new RequestStreamReader(in, 0, Long.MAX_VALUE, 1)) {
        while (reader.next(record)) {
          if (HttpClass.fromLabel(record.label()) != null && !record.family().isEmpty()) {
            found.computeIfAbsent(record.label(), l -> new TreeSet<>()).add(record.family());
          }
        }
      }
    }
    Map<String, List<String>> families = new TreeMap<>();
    found.forEach((label, names) -> families.put(label, new ArrayList<>(names)));
    return families;
  }

  private static DatasetGenerator.Result generate(Configuration conf, Path out, long records, long seed, double attackShare,
      Predicate<RequestGenerator.Generated> keep) throws IOException {
    DatasetGenerator.Options g = new DatasetGenerator.Options();
    g.output = out;
    g.records = records;
    g.seed = seed;
    g.attackShare = attackShare;
    g.files = 2;
    g.keep = keep;
    return DatasetGenerator.generate(conf, g, null);
  }
}
