package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/**
 * `pfsmix mix --analytics jar:... | spark:...`: a user's hadoop jar job and a user's Spark application in TFIDF's place
 * beside IOR, each measured by the bytes its trace shows it read and wrote under {dir}, which must be its input's and
 * its output's sizes.
 */
class MixWithAnalyticsJobTest {

  private static final List<String> WORDS = List.of("alpha", "beta", "gamma", "delta", "pfs", "mix", "spark");

  @TempDir
  Path root;

  @TempDir
  Path out;

  private long inputBytes;
  private long outputBytes;

  /**
   * Writes the job's input under the mix's {dir} (DIR/analytics on pfs@root) and works out the size of its
   * "word TAB count" output.
   */
  private void writeInput() throws IOException {
    Random random = new Random(15);
    StringBuilder text = new StringBuilder();
    Map<String, Integer> counts = new TreeMap<>();
    for (int line = 0; line < 4000; line++) {
      for (int i = 0; i < 6; i++) {
        String word = WORDS.get(random.nextInt(WORDS.size()));
        counts.merge(word, 1, Integer::sum);
        text.append(i == 0 ? "" : " ").append(word);
      }
      text.append('\n');
    }
    Path input = root.resolve("mix/analytics/input/words.txt");
    Files.createDirectories(input.getParent());
    Files.writeString(input, text);
    inputBytes = Files.size(input);
    outputBytes = counts.entrySet().stream().mapToLong(e -> e.getKey().length() + 1 + e.getValue().toString().length()
        + 1).sum();
  }

  /** Mixes with IOR N-to-N on pfs@root, one repetition, the analytics side (and any more flags) as given. */
  private Cli.Run mix(Path results, String tracing, String... analytics) {
    List<String> args = new java.util.ArrayList<>(List.of("mix", "--fs", "pfs@" + root, "--dir", "/mix",
        "--patterns", "n-to-n", "-N", "2", "-b", "256k", "-t", "64k", "-s", "4", "-r", "1",
        "--set", "mix.warmup=false", "--set", "mix.probe.size=1m", "--tracing", tracing, "-o", results.toString()));
    args.addAll(List.of(analytics));
    return MixCli.run(args.toArray(new String[0]));
  }

  /** A mix that must complete, as {@link #mix}; what it wrote. */
  private MixResults completeMix(Path results, String tracing, String... analytics) throws IOException {
    Cli.Run run = mix(results, tracing, analytics);
    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    return mix;
  }

  /** The job's input written, and the job packed as a user's wordcount.jar. */
  private Path wordCountJar() throws IOException {
    writeInput();
    Path jar = out.resolve("wordcount.jar");
    MixCli.packJob(jar, WordCountJob.class);
    return jar;
  }

  @Test
  void aUsersHadoopJarJobIsMeasuredByTheBytesItsTraceShowsUnderItsDirectory() throws Exception {
    Path results = out.resolve("jar-mix");
    MixResults mix = completeMix(results, "overhead", "--analytics", "jar:" + wordCountJar() + " {dir}/input {out}");

    long tracedBytes = checkJobPhases(mix, "wordcount", 4);
    String md = Files.readString(results.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("| file system | pattern | traced | IOR alone | IOR mixed | IOR slowdown |"
        + " wordcount alone | wordcount mixed | wordcount slowdown |")
        .contains("| wordcount reads and writes under {dir} | " + tracedBytes + " | " + tracedBytes + " | ")
        .contains("analytics side | wordcount: traced at the application point in every phase")
        .doesNotContain("TFIDF");
    // untraced phases' traces were counted and removed; each phase's {out} was removed, the input kept
    assertNoFilesUnder(results.resolve("untraced-analytics-traces"));
    try (Stream<Path> left = Files.list(root.resolve("mix/analytics/out"))) {
      assertThat(left).isEmpty();
    }
    assertThat(Files.size(root.resolve("mix/analytics/input/words.txt"))).isEqualTo(inputBytes);
    assertThat(results.resolve("analytics-output")).isDirectory();
  }

  @Test
  void theJarJobRunsAsYarnTasksWithJobsOnYarn() throws Exception {
    Path results = out.resolve("yarn-mix");
    MixResults mix = completeMix(results, "on", "--analytics", "jar:" + wordCountJar() + " {dir}/input {out}",
        "--jobs", "yarn-mini");

    checkJobPhases(mix, "wordcount", 2);
    // the job's reads and writes were its map and reduce tasks', as YARN ran them (attempt ids of the cluster's
    // application, not the local runner's)
    assertThat(attemptsMovingBytes(results)).allMatch(a -> a.matches("attempt_\\d+_\\d+_[mr]_\\d+_\\d+"))
        .anyMatch(a -> a.contains("_m_")).anyMatch(a -> a.contains("_r_"));
  }

  @Test
  void aJarJobThatFailsStopsTheMixNamingItsLabelAndOutput() throws Exception {
    Path jar = wordCountJar();
    Path results = out.resolve("failed-mix");
    // one argument: the job prints its usage and exits with status 2
    Cli.Run run = mix(results, "off", "--analytics", "jar:" + jar + " {dir}/input", "--set", "mix.probe.size=0");

    assertThat(run.exitCode()).isEqualTo(1);
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isFalse();
    assertThat(mix.reason()).contains("wordcount: the jar job exited with status 2 (" + jar
        + " pfs:/mix/analytics/input; its output: analytics-output/");
    String output = mix.reason().replaceFirst(".*its output: (analytics-output/[^)]*)\\).*", "$1");
    assertThat(Files.readString(results.resolve(output))).contains("usage: wordcount INPUT OUTPUT");
    // the untraced phase's scratch trace was removed although the job failed
    assertNoFilesUnder(results.resolve("untraced-analytics-traces"));
  }

  private static void assertNoFilesUnder(Path dir) throws IOException {
    try (Stream<Path> left = Files.walk(dir)) {
      assertThat(left.filter(Files::isRegularFile)).isEmpty();
    }
  }

  @Test
  void aUsersSparkApplicationIsMeasuredByTheBytesItsTraceShowsUnderItsDirectory() throws Exception {
    String submit = System.getenv("PFSMIX_TEST_SPARK_SUBMIT");
    assumeTrue(submit != null && Files.isExecutable(Path.of(submit)), "PFSMIX_TEST_SPARK_SUBMIT names no"
        + " spark-submit: ./run-tests installs PyPI's pyspark into ~/.cache/pfsmix/pyspark and sets it");
    Path python = Path.of(submit).resolveSibling("python");
    Path sparkHome;
    try (Stream<Path> homes = Files.find(Path.of(submit).getParent().getParent().resolve("lib"), 3,
        (p, a) -> p.endsWith("site-packages/pyspark") && Files.isDirectory(p))) {
      sparkHome = homes.findFirst().orElseThrow();
    }
    writeInput();
    Path script = out.resolve("count_words.py");
    try (InputStream in = getClass().getResourceAsStream("/spark/count_words.py")) {
      Files.copy(in, script);
    }
    Path results = out.resolve("spark-mix");
    MixResults mix = completeMix(results, "on", "--analytics", "spark:" + sparkHome + " --master local[1]"
        + " --conf spark.ui.enabled=false --conf spark.driver.host=127.0.0.1 --conf spark.driver.bindAddress=127.0.0.1"
        + " --conf spark.pyspark.python=" + python + " --conf spark.pyspark.driver.python=" + python
        + " " + script + " {dir}/input/words.txt {out}", "--analytics-name", "spark words");

    long tracedBytes = checkJobPhases(mix, "spark words", 2);
    assertThat(Files.readString(results.resolve(ResultsFiles.REPORT_MD)))
        .contains("| spark words reads and writes under {dir} | " + tracedBytes + " | " + tracedBytes + " | ");
    // with the shim on the class path and the keys as spark.hadoop.*, each read and write names its Spark task
    assertThat(attemptsMovingBytes(results)).isNotEmpty().allMatch(a -> a.matches("spark-task-\\d+\\.\\d+-tid-\\d+"));
  }

  /** The task attempts of the records in the merged trace that read or wrote bytes under the job's {dir}. */
  private static Set<String> attemptsMovingBytes(Path results) throws IOException {
    Set<String> attempts = new TreeSet<>();
    try (TraceReader reader = TraceReader.open(results.resolve(ResultsFiles.MERGED_TRACE))) {
      for (TraceRecord r : reader) {
        if (r.point() == TracePoint.APPLICATION && (r.op().isRead() || r.op().isWrite())
            && r.path().contains("/mix/analytics/")) {
          attempts.add(r.context().taskAttemptId());
        }
      }
    }
    return attempts;
  }

  /**
   * Every phase of the job: it read its input whole and wrote its output once, as its details and (traced) the mix's
   * trace say; returns the bytes of its traced phases.
   */
  private long checkJobPhases(MixResults mix, String label, int phases) {
    long traced = 0;
    int seen = 0;
    for (PhaseRecord p : mix.phases()) {
      WorkloadResult job = p.result("tfidf");
      if (job == null) {
        continue;
      }
      seen++;
      assertThat(job.details()).as(p.id()).containsEntry("label", label);
      assertThat(((Number) job.details().get("bytesRead")).longValue()).as(p.id()).isEqualTo(inputBytes);
      assertThat(((Number) job.details().get("bytesWritten")).longValue()).as(p.id()).isEqualTo(outputBytes);
      assertThat(job.bytes()).as(p.id()).isEqualTo(inputBytes + outputBytes);
      if (p.traced()) {
        assertThat(mix.trace().bytesByPhase().get(p.id()).get("tfidf-input")).as(p.id())
            .containsEntry("APPLICATION.read", inputBytes).containsEntry("APPLICATION.write", outputBytes);
        traced += job.bytes();
      }
    }
    assertThat(seen).isEqualTo(phases);
    return traced;
  }
}
