package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What a model makes of labelled request files, classified in this process with the classifier the job uses: the confusion
 * matrix, and per context and per family (from the generator's record labels, {@link RecordLabel}) how many benign
 * requests were flagged as attacks and how many attacks got their class.
 */
final class ReportScores {

  /** Counts of one context or family. */
  static final class Group {
    long benign;
    long falsePositives;
    long attacks;
    long rightClass;
    long flagged;

    double falsePositiveRate() {
      return benign == 0 ? Double.NaN : falsePositives / (double) benign;
    }

    double recall() {
      return attacks == 0 ? Double.NaN : rightClass / (double) attacks;
    }

    double flaggedRate() {
      return attacks == 0 ? Double.NaN : flagged / (double) attacks;
    }
  }

  final ConfusionMatrix confusion;
  final Map<String, Group> contexts = new TreeMap<>();
  /** By "class/family". */
  final Map<String, Group> families = new TreeMap<>();
  private final List<String> labels;

  ReportScores(TfidfModel model) {
    labels = ClassifyJob.labels(model);
    confusion = new ConfusionMatrix(labels);
  }

  /** Classifies every record of {@code files} and adds it to the scores. */
  ReportScores add(Configuration conf, TfidfModel model, List<Path> files) throws IOException {
    RequestClassifier classifier = model.newClassifier(TfidfSettings.maxLineBytes(conf));
    int validIndex = labels.indexOf(HttpClass.VALID.label());
    int malformedIndex = labels.size() - 1;
    RequestRecord record = new RequestRecord();
    for (Path file : files) {
      try (InputStream in = file.getFileSystem(conf).open(file);
          RequestStreamReader reader = new RequestStreamReader(in, 0, Long.MAX_VALUE,
              TfidfSettings.maxRecordBytes(conf))) {
        while (reader.next(record)) {
          int row = confusion.indexOf(record.label());
          if (row < 0) {
            continue;
          }
          int predicted = record.oversize() ? RequestClassifier.MALFORMED
              : classifier.classify(record.bytes(), 0, record.length());
          int column = predicted == RequestClassifier.MALFORMED ? malformedIndex : predicted;
          confusion.add(row, column, 1);
          if (row == malformedIndex) {
            continue;
          }
          boolean flagged = column != validIndex && column != malformedIndex;
          for (Group g : new Group[] {group(contexts, record.context()),
              group(families, record.label() + "/" + record.family())}) {
            if (row == validIndex) {
              g.benign++;
              g.falsePositives += flagged ? 1 : 0;
            } else {
              g.attacks++;
              g.rightClass += column == row ? 1 : 0;
              g.flagged += flagged ? 1 : 0;
            }
          }
        }
      }
    }
    return this;
  }

  private static Group group(Map<String, Group> groups, String key) {
    return groups.computeIfAbsent(key.isEmpty() ? "-" : key, k -> new Group());
  }

  /** The highest false-positive rate of any context or family with benign requests, and where. */
  static String worstFalsePositives(Map<String, Group> groups) {
    String worst = null;
    double rate = -1;
    for (Map.Entry<String, Group> e : groups.entrySet()) {
      if (e.getValue().benign > 0 && e.getValue().falsePositiveRate() > rate) {
        rate = e.getValue().falsePositiveRate();
        worst = e.getKey();
      }
    }
    return worst == null ? "none" : String.format(Locale.ROOT, "%.4f (%s)", rate, worst);
  }

  /**
   * A table of groups: benign requests and the share flagged as an attack; attacks, the share given their class and the
   * share flagged as any attack.
   */
  static String format(String title, Map<String, Group> groups) {
    int width = title.length();
    for (String key : groups.keySet()) {
      width = Math.max(width, key.length());
    }
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%-" + width + "s %8s %9s %8s %11s %9s%n", title, "benign", "false-pos",
        "attacks", "right-class", "flagged"));
    List<String> keys = new ArrayList<>(groups.keySet());
    for (String key : keys) {
      Group g = groups.get(key);
      out.append(String.format(Locale.ROOT, "%-" + width + "s %8d %9s %8d %11s %9s%n", key, g.benign,
          rate(g.falsePositiveRate()), g.attacks, rate(g.recall()), rate(g.flaggedRate())));
    }
    return out.toString();
  }

  private static String rate(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.4f", value);
  }
}
