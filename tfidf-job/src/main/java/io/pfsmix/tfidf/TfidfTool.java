package io.pfsmix.tfidf;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.GenericOptionsParser;

import io.pfsmix.fs.Sizes;
import io.pfsmix.tfidf.generate.DatasetGenerator;

/**
 * Main-Class of the job jar, for {@code hadoop jar pfsmix-tfidf-job-*.jar generate|train|classify ...} on a cluster that
 * supplies Hadoop: the same operations as {@code pfsmix tfidf}, with Hadoop's generic options (-D, -conf, -fs) first.
 */
public final class TfidfTool {

  static final String USAGE = String.join("\n",
      "usage: hadoop jar pfsmix-tfidf-job.jar [generic options] COMMAND [--option value ...]",
      "  generate --out PATH (--size 7.2g | --records N) [--seed S] [--attack-share 0.1] [--malformed-share 0]"
          + " [--files N] [--overwrite true]",
      "  train    --input PATH --model PATH [--top-k " + TfidfConfigKeys.TOP_K_DEFAULT + "] [--centroids-per-class "
          + TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT + "]  (-D " + TfidfConfigKeys.MODEL + "="
          + TfidfConfigKeys.MODEL_LOGISTIC + "|" + TfidfConfigKeys.MODEL_CENTROID + ")",
      "  classify --input PATH --model PATH --output PATH");

  private TfidfTool() {
  }

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command; returns the exit code (0 ok, 1 bad input or failed job, 2 usage). */
  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    GenericOptionsParser parser = new GenericOptionsParser(new Configuration(), args);
    Configuration conf = parser.getConfiguration();
    String[] rest = parser.getRemainingArgs();
    if (rest.length == 0 || rest[0].equals("--help") || rest[0].equals("-h")) {
      (rest.length == 0 ? err : out).println(USAGE);
      return rest.length == 0 ? 2 : 0;
    }
    try {
      switch (rest[0]) {
        case "generate": {
          Map<String, String> o = options(rest, Set.of("out", "size", "records", "seed", "attack-share", "malformed-share",
              "files", "overwrite"));
          DatasetGenerator.Options g = new DatasetGenerator.Options();
          g.output = new Path(required(o, "out"));
          g.sizeBytes = o.containsKey("size") ? Sizes.positive("--size", o.get("size")) : 0;
          g.records = o.containsKey("records") ? number(o, "records") : 0;
          g.seed = o.containsKey("seed") ? number(o, "seed") : g.seed;
          g.attackShare = o.containsKey("attack-share") ? fraction(o, "attack-share") : g.attackShare;
          g.malformedShare = o.containsKey("malformed-share") ? fraction(o, "malformed-share") : 0;
          g.files = o.containsKey("files") ? (int) number(o, "files") : 0;
          g.overwrite = Boolean.parseBoolean(o.getOrDefault("overwrite", "false"));
          printGenerated(TfidfJobs.generate(conf, g, err), out);
          return 0;
        }
        case "train": {
          Map<String, String> o = options(rest, Set.of("input", "model", "top-k", "centroids-per-class"));
          Path model = new Path(required(o, "model"));
          int topK = o.containsKey("top-k") ? (int) number(o, "top-k") : TfidfConfigKeys.TOP_K_DEFAULT;
          int centroids = o.containsKey("centroids-per-class") ? (int) number(o, "centroids-per-class")
              : TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT;
          printTrained(TfidfJobs.train(conf, new Path(required(o, "input")), model, topK, centroids), model, out);
          return 0;
        }
        case "classify": {
          Map<String, String> o = options(rest, Set.of("input", "model", "output"));
          printClassified(TfidfJobs.classify(conf, new Path(required(o, "input")), new Path(required(o, "model")),
              new Path(required(o, "output"))), out);
          return 0;
        }
        default:
          err.println("unknown command '" + rest[0] + "'\n" + USAGE);
          return 2;
      }
    } catch (IllegalArgumentException | java.io.IOException e) {
      err.println(rest[0] + ": " + e.getMessage());
      return 1;
    }
  }

  public static void printGenerated(DatasetGenerator.Result r, PrintStream out) {
    out.printf(Locale.ROOT, "wrote %,d requests, %,d bytes in %d file(s)%n", r.records, r.bytes, r.files.size());
    r.labels.forEach((label, n) -> out.printf(Locale.ROOT, "  %-16s %,12d%n", label, n));
  }

  public static void printTrained(TfidfModel m, Path path, PrintStream out) {
    out.printf(Locale.ROOT, "model %s: %s, %d terms, %,d bytes, trained on %,d requests%n", path, m.logistic()
        ? "logistic regression" : m.centroidCount() + " centroids", m.termCount(), m.toBytes().length,
        m.trainingDocuments());
    for (int c = 0; c < m.classCount(); c++) {
      out.printf(Locale.ROOT, "  %-16s %,10d requests", m.className(c), m.classDocuments(c));
      out.printf(Locale.ROOT, m.logistic() ? " bias %+.3f%n" : " %3d centroid(s)%n", m.logistic() ? m.bias(c)
          : m.centroidsPerClass(c));
    }
  }

  public static void printClassified(ClassifyResult r, PrintStream out) {
    out.printf(Locale.ROOT, "classified %,d requests (%,d bytes) in %.2f s: %.1f MB/s; %,d malformed%n", r.requests(),
        r.bytes(), r.elapsedSeconds(), r.bytes() / 1e6 / Math.max(1e-9, r.elapsedSeconds()), r.malformed());
    out.printf(Locale.ROOT, "  %-16s %12s %16s%n", "label", "requests", "bytes");
    r.requestsPerClass().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.printf(Locale.ROOT,
        "  %-16s %,12d %,16d%n", e.getKey(), e.getValue(), r.bytesPerClass().get(e.getKey())));
    r.malformedPerKind().entrySet().stream().filter(e -> e.getValue() > 0).sorted(Map.Entry.comparingByKey())
        .forEach(e -> out.printf(Locale.ROOT, "  malformed %-16s %,8d%n", e.getKey(), e.getValue()));
    if (r.confusion() != null) {
      out.println();
      out.print(r.confusion().format());
      out.println("confusion matrix written to " + r.confusionJson());
    }
    out.println("labels in " + r.output());
  }

  private static Map<String, String> options(String[] args, Set<String> allowed) {
    Map<String, String> options = new HashMap<>();
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("--") || a.length() < 3) {
        throw new IllegalArgumentException("expected an option like --input, got '" + a + "'");
      }
      String name = a.substring(2);
      String value;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      } else if (i + 1 < args.length) {
        value = args[++i];
      } else {
        throw new IllegalArgumentException("option --" + name + " needs a value");
      }
      if (!allowed.contains(name)) {
        throw new IllegalArgumentException("unknown option --" + name + " (allowed: --" + String.join(", --",
            new java.util.TreeSet<>(allowed)) + ")");
      }
      options.put(name, value);
    }
    return options;
  }

  private static String required(Map<String, String> o, String name) {
    String v = o.get(name);
    if (v == null) {
      throw new IllegalArgumentException("missing required option --" + name);
    }
    return v;
  }

  private static long number(Map<String, String> o, String name) {
    try {
      return Long.parseLong(o.get(name));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " must be a whole number, got '" + o.get(name) + "'");
    }
  }

  private static double fraction(Map<String, String> o, String name) {
    try {
      return Double.parseDouble(o.get(name));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " must be a number, got '" + o.get(name) + "'");
    }
  }
}
