package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pfsmix tfidf report} on a small data set, read as a user reads its tables. */
class TfidfReportTest {

  @TempDir
  java.nio.file.Path dir;

  /**
   * A --top-k missing from --k-values printed no confusion matrix and a summary of accuracy 0.0000 and macro-F1
   * 0.0000: the report's K was never trained on the split.
   */
  @Test
  void theReportsKIsMeasuredOnTheSplitWhenTheKValuesLeaveItOut() throws Exception {
    Configuration conf = localJobs();
    TfidfReport.Options o = new TfidfReport.Options();
    o.work = new Path(dir.resolve("work").toUri());
    o.trainRecords = 3000;
    o.testRecords = 1000;
    o.foldTestRecords = 0;
    o.ks = new int[] {32};
    o.reportK = 64;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ByteArrayOutputStream progressBytes = new ByteArrayOutputStream();
    Map<String, TfidfReport.ModelResult> results = TfidfReport.run(conf, o, List.of(TfidfConfigKeys.MODEL_LOGISTIC),
        new PrintStream(bytes, true, StandardCharsets.UTF_8), new PrintStream(progressBytes, true,
        StandardCharsets.UTF_8));
    String out = bytes.toString(StandardCharsets.UTF_8);
    String progress = progressBytes.toString(StandardCharsets.UTF_8);

    assertThat(out).contains("logistic, K=64: confusion matrix").contains("logistic, K=64, per context");
    Matcher row = Pattern.compile("(?m)^logistic +64 +\\d+ +\\d+ +(\\d\\.\\d{4}) +(\\d\\.\\d{4})$").matcher(out);
    assertThat(row.find()).as("a K=64 row in the K table:%n%s", out).isTrue();
    assertThat(out).containsPattern("(?m)^logistic +32 +\\d+");
    Matcher summary = Pattern.compile("(?m)^logistic +(\\d\\.\\d{4}) +(\\d\\.\\d{4}) +- ").matcher(out);
    assertThat(summary.find()).as("the summary line:%n%s", out).isTrue();
    assertThat(summary.group(1)).isEqualTo(row.group(1));
    assertThat(summary.group(2)).isEqualTo(row.group(2));
    assertThat(Double.parseDouble(summary.group(1))).isGreaterThan(0.5);
    assertThat(results.get(TfidfConfigKeys.MODEL_LOGISTIC).split.accuracy())
        .isEqualTo(Double.parseDouble(row.group(1)), within(0.00005));
    // each model of the K table announced as it was scored, with the figures its row then shows
    assertThat(progress.lines()).hasSize(2);
    assertThat(progress.lines().findFirst().orElse("")).startsWith("tfidf report: logistic, K=32 trained and scored "
        + "(1 of 2): accuracy ");
    assertThat(progress).contains("tfidf report: logistic, K=64 trained and scored (2 of 2): accuracy " + row.group(1)
        + ", macro-F1 " + row.group(2) + "\n");
    assertThat(dir.resolve("work")).doesNotExist();
  }

  /** A dictionary size below 1 failed after the data was generated, naming --top-k for a bad --k-values. */
  @Test
  void aDictionarySizeBelowOneIsRefusedNamingItsFlagBeforeAnythingIsGenerated() {
    TfidfReport.Options kValues = new TfidfReport.Options();
    kValues.work = new Path(dir.resolve("work").toUri());
    kValues.ks = new int[] {64, 0};
    TfidfReport.Options topK = new TfidfReport.Options();
    topK.work = kValues.work;
    topK.reportK = -1;
    assertThatThrownBy(() -> TfidfReport.run(localJobs(), kValues, List.of(TfidfConfigKeys.MODEL_LOGISTIC),
        System.out, System.err)).hasMessage("--k-values must be whole numbers above 0, got 0");
    assertThatThrownBy(() -> TfidfReport.run(localJobs(), topK, List.of(TfidfConfigKeys.MODEL_LOGISTIC),
        System.out, System.err)).hasMessage("--top-k must be a whole number above 0, got -1");
    assertThat(dir.resolve("work")).doesNotExist();
  }

  private static Configuration localJobs() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    return conf;
  }
}
