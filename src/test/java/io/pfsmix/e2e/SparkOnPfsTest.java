package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.pfsmix.fs.PfsFileSystem;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.hadoop.TracingFileSystem;
import io.pfsmix.trace.shim.TracingBackendDecorator;

/**
 * A Spark application (PyPI's pyspark, which bundles the Hadoop 3.5.0 client) reading and writing pfs:// with the shim
 * put on Spark's class path both ways docs/spark.md gives, checked against the files and, traced, against the trace.
 */
class SparkOnPfsTest {

  private static final String SPARK_SUBMIT_ENV = "PFSMIX_TEST_SPARK_SUBMIT";
  private static final List<String> WORDS = List.of("alpha", "beta", "gamma", "delta", "pfs", "spark");

  @TempDir
  static Path work;

  private static Path sparkSubmit;
  private static Path script;
  private static Map<String, Long> expectedCounts;

  @BeforeAll
  static void findSparkAndWriteInput() throws IOException {
    String submit = System.getenv(SPARK_SUBMIT_ENV);
    assumeTrue(submit != null && Files.isExecutable(Path.of(submit)), SPARK_SUBMIT_ENV
        + " names no spark-submit: ./run-tests installs PyPI's pyspark into ~/.cache/pfsmix/pyspark and sets it");
    sparkSubmit = Path.of(submit);
    script = work.resolve("word_count.py");
    try (var in = SparkOnPfsTest.class.getResourceAsStream("/spark/word_count.py")) {
      Files.copy(in, script);
    }
    // about 1 MB of text, so that each of the two input splits is read by its own task
    Random random = new Random(42);
    StringBuilder text = new StringBuilder();
    expectedCounts = new TreeMap<>();
    for (int line = 0; line < 20_000; line++) {
      for (int i = 0; i < 8; i++) {
        String word = WORDS.get(random.nextInt(WORDS.size()));
        expectedCounts.merge(word, 1L, Long::sum);
        text.append(i == 0 ? "" : " ").append(word);
      }
      text.append('\n');
    }
    Path input = work.resolve("root/in/words.txt");
    Files.createDirectories(input.getParent());
    Files.writeString(input, text);
  }

  @Test
  void jarsWithTheSchemeKeyTracedAtBothPointsByteExactWithTaskAttempts() throws Exception {
    Path shim = codeSource(PfsFileSystem.class);
    Path tracing = codeSource(TracingFileSystem.class);
    assumeTrue(shim.toString().endsWith(".jar") && tracing.toString().endsWith(".jar"),
        "--jars takes jars; the modules' classes are directories here (" + shim + "): run through Maven's verify");
    Path root = work.resolve("root");
    Path traces = work.resolve("traces");
    List<String> conf = List.of(
        "--jars", shim + "," + tracing,
        "--conf", "spark.hadoop.fs.pfs.impl=" + TracingFileSystem.class.getName(),
        "--conf", "spark.hadoop.pfsmix.trace.wrapped.pfs.impl=" + PfsFileSystem.class.getName(),
        "--conf", "spark.hadoop.fs.pfs.backend.decorators=" + TracingBackendDecorator.class.getName(),
        "--conf", "spark.hadoop.pfsmix.trace.enabled=true",
        "--conf", "spark.hadoop.pfsmix.trace.destination=" + traces,
        "--conf", "spark.hadoop.fs.pfs.posix.root=" + root);
    Map<String, Long> scanned = submit(conf, "pfs:///in/words.txt", "pfs:///out/traced");

    assertThat(scanned).isEqualTo(expectedCounts);
    assertThat(countsFiles(root.resolve("out/traced/counts"))).isEqualTo(expectedCounts);

    List<TraceRecord> records = new ArrayList<>();
    try (Stream<Path> files = Files.list(traces)) {
      for (Path file : files.toList()) {
        try (TraceReader reader = TraceReader.open(file)) {
          reader.forEach(records::add);
          assertThat(reader.lostRecords()).as(file.toString()).isZero();
        }
      }
    }
    // every byte of the committed output was written once through Hadoop's API and once to storage
    for (String dir : List.of("counts", "parquet")) {
      Path out = root.resolve("out/traced/" + dir);
      long onDisk = sizeOfFiles(out);
      assertThat(onDisk).as(dir).isPositive();
      Predicate<TraceRecord> under = r -> unscheme(r.path()).startsWith("/out/traced/" + dir + "/");
      assertThat(bytes(records, TracePoint.APPLICATION, TraceOp.WRITE, under)).as(dir).isEqualTo(onDisk);
      assertThat(bytes(records, TracePoint.STORAGE, TraceOp.PWRITE, under)).as(dir).isEqualTo(onDisk);
    }
    // the input was read whole, by two tasks (one per split), each record naming its Spark task
    long inputSize = Files.size(root.resolve("in/words.txt"));
    Predicate<TraceRecord> input = r -> unscheme(r.path()).equals("/in/words.txt");
    assertThat(bytes(records, TracePoint.APPLICATION, TraceOp.READ, input)).isGreaterThanOrEqualTo(inputSize);
    assertThat(bytes(records, TracePoint.STORAGE, TraceOp.PREAD, input)).isGreaterThanOrEqualTo(inputSize);
    assertThat(tasks(records, r -> input.test(r) && r.op() == TraceOp.READ)).hasSize(2)
        .allMatch(t -> t.matches("spark-task-\\d+\\.\\d+-tid-\\d+ in spark-stage-\\d+\\.\\d+"));
    // the text output's two reduce tasks are Spark tasks, and so is the Parquet scan, one task per part file (the
    // driver's process reads a footer too, for the schema)
    assertThat(tasks(records, r -> r.op() == TraceOp.WRITE && unscheme(r.path()).startsWith("/out/traced/counts/")))
        .hasSize(2).allMatch(t -> t.startsWith("spark-task-"));
    assertThat(tasks(records, r -> r.op() == TraceOp.READ && r.point() == TracePoint.APPLICATION
        && unscheme(r.path()).startsWith("/out/traced/parquet/part-"))).filteredOn(t -> t.startsWith("spark-task-"))
        .hasSize(2);
  }

  @Test
  void extraClassPathFindsTheSchemeWithoutAnyKey() throws Exception {
    String classPath = codeSource(PfsFileSystem.class).toString();
    Path root = work.resolve("root");
    List<String> conf = List.of(
        "--conf", "spark.driver.extraClassPath=" + classPath,
        "--conf", "spark.executor.extraClassPath=" + classPath,
        "--conf", "spark.hadoop.fs.pfs.posix.root=" + root);
    Map<String, Long> scanned = submit(conf, "pfs:///in/words.txt", "pfs:///out/plain");

    assertThat(scanned).isEqualTo(expectedCounts);
    assertThat(countsFiles(root.resolve("out/plain/counts"))).isEqualTo(expectedCounts);
  }

  /** Runs the word count under spark-submit on two local cores, on loopback only; returns the Parquet scan's counts. */
  private static Map<String, Long> submit(List<String> conf, String input, String output) throws Exception {
    List<String> command = new ArrayList<>(List.of(sparkSubmit.toString(), "--master", "local[2]",
        "--conf", "spark.ui.enabled=false",
        "--conf", "spark.driver.host=127.0.0.1",
        "--conf", "spark.driver.bindAddress=127.0.0.1"));
    command.addAll(conf);
    command.addAll(List.of(script.toString(), input, output));
    Path log = Files.createTempFile(work, "spark-submit", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("PYSPARK_PYTHON", sparkSubmit.resolveSibling("python").toString());
    builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process process = builder.start();
    boolean done = process.waitFor(5, TimeUnit.MINUTES);
    if (!done) {
      process.destroyForcibly();
    }
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    assertThat(done).as("spark-submit finished within 5 minutes; its log ends:\n" + tail).isTrue();
    assertThat(process.exitValue()).as("spark-submit's exit status; its log ends:\n" + tail).isZero();
    String result = lines.stream().filter(l -> l.startsWith("RESULT ")).findFirst()
        .orElseThrow(() -> new AssertionError("no RESULT line; the log ends:\n" + tail));
    return new TreeMap<>(new ObjectMapper().readValue(result.substring("RESULT ".length()),
        new TypeReference<Map<String, Long>>() { }));
  }

  /** The "word TAB count" lines of a saveAsTextFile directory's part files. */
  private static Map<String, Long> countsFiles(Path dir) throws IOException {
    Map<String, Long> counts = new TreeMap<>();
    try (Stream<Path> parts = Files.list(dir)) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        for (String line : Files.readAllLines(part)) {
          String[] fields = line.split("\t");
          assertThat(counts.put(fields[0], Long.parseLong(fields[1]))).as("word %s twice", fields[0]).isNull();
        }
      }
    }
    return counts;
  }

  private static long sizeOfFiles(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  private static long bytes(List<TraceRecord> records, TracePoint point, TraceOp op, Predicate<TraceRecord> which) {
    return records.stream().filter(r -> r.point() == point && r.op() == op && r.succeeded() && which.test(r))
        .mapToLong(TraceRecord::bytes).sum();
  }

  /** The distinct "task in job" of the records chosen. */
  private static Set<String> tasks(List<TraceRecord> records, Predicate<TraceRecord> which) {
    return records.stream().filter(which)
        .map(r -> r.context().taskAttemptId().isEmpty() ? "driver pid " + r.context().pid()
            : r.context().taskAttemptId() + " in " + r.context().jobId())
        .collect(Collectors.toSet());
  }

  /** The application point names files as Hadoop prints pfs:///x (pfs:/x); the storage point as /x. */
  private static String unscheme(String path) {
    return path.startsWith("pfs:") ? path.substring("pfs:".length()) : path;
  }

  private static Path codeSource(Class<?> type) throws Exception {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
