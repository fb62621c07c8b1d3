package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.IntStream;

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
    public int reportK = TfidfConfigKeys.TOP_K_DEFAULT;
    public int[] ks = {32, 64, 128, 256, 512, 1024, 4096};
  }

  /** One row of the K table: one model kind at one K. */
  public static final class Row {
    public final String model;
    public final int k;
    public final int terms;
    public final int modelBytes;
    public final double accuracy;
    public final double macroF1;

    Row(String model, int k, int terms, int modelBytes, double accuracy, double macroF1) {
      this.model = model;
      this.k = k;
      this.terms = terms;
      this.modelBytes = modelBytes;
      this.accuracy = accuracy;
      this.macroF1 = macroF1;
    }
  }

  /** What the report measured for one model kind. */
  public static final class ModelResult {
    public final List<Row> rows = new ArrayList<>();
    /** Today's split at the report's K. */
    public ConfusionMatrix split;
    public final Map<String, ReportScores.Group> contexts = new TreeMap<>();
    /** All leave-one-family-out folds pooled; null when they were skipped. */
    public ConfusionMatrix leaveOneFamilyOut;
    public final Map<String, ReportScores.Group> families = new TreeMap<>();
    public final Map<String, ReportScores.Group> foldContexts = new TreeMap<>();
  }

  private TfidfReport() {
  }

  /**
   * Runs the report for each model kind of {@code models} (values of {@link TfidfConfigKeys#MODEL}), the report to
   * {@code out}; each model of the K table, as it is scored, to {@code progress} (the table comes after all of them).
   */
  public static Map<String, ModelResult> run(Configuration conf, Options o, List<String> models, PrintStream out,
      PrintStream progress) throws IOException, InterruptedException {
    FileSystem fs = o.work.getFileSystem(conf);
    if (fs.exists(o.work)) {
      throw new IOException("work directory " + o.work + " already exists; the report needs a fresh one (one left"
          + " by a run that was stopped can be deleted), or name another with --work");
    }
    if (o.foldTestRecords < 0) {
      throw new IllegalArgumentException("--fold-test-records must be 0 or more, got " + o.foldTestRecords);
    }
    if (o.reportK < 1) {
      throw new IllegalArgumentException("--top-k must be a whole number above 0, got " + o.reportK);
    }
    for (int k : o.ks) {
      if (k < 1) {
        throw new IllegalArgumentException("--k-values must be whole numbers above 0, got " + k);
      }
    }
    Map<String, ModelResult> results = new LinkedHashMap<>();
    try {
      Path train = new Path(o.work, "train");
      Path test = new Path(o.work, "test");
      DatasetGenerator.Result trained = generate(conf, train, o.trainRecords, o.trainSeed, o.attackShare, null);
      DatasetGenerator.Result tested = generate(conf, test, o.testRecords, o.testSeed, o.attackShare, null);
      out.printf(Locale.ROOT, "train: %,d requests (seed %d), test: %,d requests (seed %d), attack share %.2f, "
          + "models: %s (nearest centroids: %d per class)%n", o.trainRecords, o.trainSeed, o.testRecords, o.testSeed,
          o.attackShare, String.join(", ", models), o.centroidsPerClass);
      // the report's K is measured on the split too, or the confusion matrix and the summary would have nothing
      int[] ks = IntStream.concat(Arrays.stream(o.ks), IntStream.of(o.reportK)).distinct().sorted().toArray();
      int scored = 0;
      for (String kind : models) {
        Configuration modelConf = new Configuration(conf);
        modelConf.set(TfidfConfigKeys.MODEL, kind);
        ModelResult result = new ModelResult();
        results.put(kind, result);
        for (int k : ks) {
          Path model = new Path(o.work, kind + "-k" + k + ".model");
          TfidfModel m = TfidfJobs.train(modelConf, train, model, k, o.centroidsPerClass);
          ReportScores scores = new ReportScores(m).add(conf, m, tested.files);
          ConfusionMatrix c = scores.confusion;
          result.rows.add(new Row(kind, k, m.termCount(), m.toBytes().length, c.accuracy(), c.macroF1()));
          progress.printf(Locale.ROOT, "tfidf report: %s, K=%d trained and scored (%d of %d): accuracy %.4f, macro-F1 "
              + "%.4f%n", kind, k, ++scored, models.size() * ks.length, c.accuracy(), c.macroF1());
          if (k == o.reportK) {
            result.split = c;
            result.contexts.putAll(scores.contexts);
            out.printf(Locale.ROOT, "%n%s, K=%d: confusion matrix (rows: true label, columns: predicted)%n", kind, k);
            out.print(c.format());
            out.printf(Locale.ROOT, "%n%s, K=%d, per context (benign: share flagged as an attack; attacks: share given "
                + "their class, share flagged as any attack)%n", kind, k);
            out.print(ReportScores.format("context", scores.contexts));
          }
        }
      }
      out.printf(Locale.ROOT, "%n%-9s %8s %8s %12s %9s %9s%n", "model", "K", "terms", "model bytes", "accuracy",
          "macro-F1");
      for (ModelResult result : results.values()) {
        for (Row row : result.rows) {
          out.printf(Locale.ROOT, "%-9s %8d %8d %12d %9.4f %9.4f%n", row.model, row.k, row.terms, row.modelBytes,
              row.accuracy, row.macroF1);
        }
      }
      if (o.foldTestRecords > 0) {
        Map<String, List<String>> families = families(conf, trained.files);
        for (Map.Entry<String, ModelResult> e : results.entrySet()) {
          leaveOneFamilyOut(conf, o, e.getKey(), families, e.getValue(), out);
        }
      }
      out.printf(Locale.ROOT, "%nsummary, K=%d%n%-9s %9s %9s %9s  %s%n", o.reportK, "model", "accuracy", "macro-F1",
          "LOFO-F1", "highest benign false-positive rate: split per context; leave-one-family-out per context, per family");
      for (Map.Entry<String, ModelResult> e : results.entrySet()) {
        ModelResult r = e.getValue();
        out.printf(Locale.ROOT, "%-9s %9.4f %9.4f %9s  %s; %s, %s%n", e.getKey(), r.split == null ? 0 : r.split.accuracy(),
            r.split == null ? 0 : r.split.macroF1(), r.leaveOneFamilyOut == null ? "-" : String.format(Locale.ROOT,
            "%.4f", r.leaveOneFamilyOut.macroF1()), ReportScores.worstFalsePositives(r.contexts),
            ReportScores.worstFalsePositives(r.foldContexts), ReportScores.worstFalsePositives(r.families));
      }
      return results;
    } finally {
      fs.delete(o.work, true);
    }
  }

  /**
   * Fold i leaves out the i-th family (in name order) of every class that has one: its model never sees them (a normal
   * family neither alone nor carrying an attack), and its test data holds only them. Every family is left out exactly
   * once; the folds' test predictions are pooled.
   */
  private static void leaveOneFamilyOut(Configuration conf, Options o, String kind, Map<String, List<String>> families,
      ModelResult result, PrintStream out) throws IOException, InterruptedException {
    int folds = families.values().stream().mapToInt(List::size).max().orElse(0);
    out.printf(Locale.ROOT, "%n%s, K=%d, leave-one-family-out: %d folds; fold i trains on %,d requests (seed %d) without "
        + "the i-th family of each class and tests on %,d requests of those families alone (seed %d)%n", kind, o.reportK,
        folds, o.trainRecords, o.trainSeed, o.foldTestRecords, o.testSeed);
    Configuration modelConf = new Configuration(conf);
    modelConf.set(TfidfConfigKeys.MODEL, kind);
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
      // a normal family left out is also left out as the request an attack was written into
      generate(conf, train, o.trainRecords, o.trainSeed, o.attackShare, g -> !heldOut.contains(g.label + "/" + g.family)
          && !heldOut.contains(HttpClass.VALID.label() + "/" + g.base));
      DatasetGenerator.Result test = generate(conf, new Path(dir, "test"), o.foldTestRecords, o.testSeed, o.attackShare,
          g -> heldOut.contains(g.label + "/" + g.family));
      TfidfModel m = TfidfJobs.train(modelConf, train, model, o.reportK, o.centroidsPerClass);
      pooled = (pooled == null ? new ReportScores(m) : pooled).add(conf, m, test.files);
      dir.getFileSystem(conf).delete(dir, true);
    }
    if (pooled == null) {
      return;
    }
    result.leaveOneFamilyOut = pooled.confusion;
    result.families.putAll(pooled.families);
    result.foldContexts.putAll(pooled.contexts);
    out.printf(Locale.ROOT, "%n%s, leave-one-family-out, all folds pooled (rows: true label, columns: predicted)%n", kind);
    out.print(pooled.confusion.format());
    out.printf(Locale.ROOT, "%n%s, each family when left out (benign: share flagged as an attack; attacks: share given "
        + "their class, share flagged as any attack)%n", kind);
    out.print(ReportScores.format("class/family", pooled.families));
    out.printf(Locale.ROOT, "%n%s, leave-one-family-out per context%n", kind);
    out.print(ReportScores.format("context", pooled.contexts));
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
