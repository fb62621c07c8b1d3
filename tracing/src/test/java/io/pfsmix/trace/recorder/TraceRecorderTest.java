package io.pfsmix.trace.recorder;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.TraceContext;
import io.pfsmix.trace.TraceFiles;
import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

class TraceRecorderTest {

  @TempDir
  Path dir;

  @Test
  void sixteenThreadsLoseNoRecord() throws Exception {
    int threads = 16;
    int perThread = 20_000;
    // Small buffers and a short flush interval make buffer hand-over and sweeping happen often.
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(dir),
        new TraceRecorder.Settings(100, 256L << 20, 5), "test");
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int rank = t;
      Thread worker = new Thread(() -> {
        TraceContext.setThreadRank(rank);
        int context = recorder.contextId(TraceContext.resolve(TraceContext.processContext()));
        int path = recorder.pathId("/file-" + rank);
        try {
          start.await();
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
        for (int i = 0; i < perThread; i++) {
          long now = TraceRecorder.now();
          recorder.record(now, now + 5, TraceOp.PWRITE, TracePoint.APPLICATION, path, i * 8L, 8, 8, 0, context);
        }
      });
      workers.add(worker);
      worker.start();
    }
    start.countDown();
    for (Thread worker : workers) {
      worker.join();
    }
    recorder.close();

    assertThat(recorder.lostRecords()).isZero();
    assertThat(recorder.deliveredRecords()).isEqualTo((long) threads * perThread);
    List<Path> files = TraceFiles.list(dir);
    assertThat(files).hasSize(1);
    Map<Integer, List<Long>> offsetsByRank = new HashMap<>();
    try (TraceReader reader = TraceReader.open(files.get(0))) {
      for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
        assertThat(r.path()).isEqualTo("/file-" + r.context().rank());
        offsetsByRank.computeIfAbsent(r.context().rank(), k -> new ArrayList<>()).add(r.offset());
      }
      assertThat(reader.complete()).isTrue();
      assertThat(reader.lostRecords()).isZero();
    }
    assertThat(offsetsByRank).hasSize(threads);
    for (List<Long> offsets : offsetsByRank.values()) {
      // each thread's records arrive complete and in its own order
      assertThat(offsets).hasSize(perThread);
      for (int i = 0; i < perThread; i++) {
        assertThat(offsets.get(i)).isEqualTo(i * 8L);
      }
    }
  }

  @Test
  void recordsCarryWallClockTimesFromOneAnchor() throws Exception {
    long before = System.currentTimeMillis() * 1_000_000L;
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(dir),
        TraceRecorder.Settings.DEFAULT, "test");
    long start = TraceRecorder.now();
    Thread.sleep(20);
    recorder.record(start, TraceRecorder.now(), TraceOp.READ, TracePoint.APPLICATION, recorder.pathId("/x"), 0, 1, 1,
        0, 0);
    recorder.close();
    long after = System.currentTimeMillis() * 1_000_000L;
    TraceRecord record = TraceFiles.records(TraceFiles.list(dir).get(0)).get(0);
    assertThat(record.startNs()).isBetween(before - 1_000_000L, after);
    assertThat(record.durationNs()).isGreaterThanOrEqualTo(20_000_000L);
    assertThat(record.context()).isEqualTo(TraceContext.processContext());
  }

  @Test
  void anUnwritableDestinationLosesRecordsButNeverFailsTheCaller() throws Exception {
    Path notADirectory = Files.writeString(dir.resolve("plain-file"), "x");
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(notADirectory.resolve("traces")),
        new TraceRecorder.Settings(64, 1L << 20, 10), "test");
    for (int i = 0; i < 1000; i++) {
      long now = TraceRecorder.now();
      recorder.record(now, now, TraceOp.READ, TracePoint.APPLICATION, recorder.pathId("/f"), i, 1, 1, 0, 0);
    }
    recorder.close();
    assertThat(recorder.lostRecords()).isEqualTo(1000);
    assertThat(recorder.deliveredRecords()).isZero();
    assertThat(recorder.destinationFailure()).isNotNull();
    assertThat(recorder.destinationFailure().getMessage()).contains("plain-file");
  }

  @Test
  void aDestinationThatFillsUpKeepsWhatItTookAndCountsTheRest() throws Exception {
    Path file = dir.resolve("full.ptrace");
    long capacity = 20_000;
    BinaryTraceDestination destination = new BinaryTraceDestination(name -> new FilterOutputStream(
        Files.newOutputStream(file)) {
      private long written;

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (written + len > capacity) {
          throw new IOException("No space left on device");
        }
        written += len;
        out.write(b, off, len);
      }
    }, "a small disk");
    TraceRecorder recorder = new TraceRecorder(destination, new TraceRecorder.Settings(100, 1L << 20, 1000), "test");
    int total = 5000;
    java.util.Random offsets = new java.util.Random(20); // scattered offsets: a packed block does not shrink them
    for (int i = 0; i < total; i++) {
      long now = TraceRecorder.now();
      recorder.record(now, now, TraceOp.WRITE, TracePoint.APPLICATION, recorder.pathId("/f"), offsets.nextLong(), 1,
          1, 0, 0);
      if (i % 100 == 99) {
        recorder.flush(); // one block per 100 records reaches the disk, until it is full
      }
    }
    recorder.close();
    assertThat(recorder.destinationFailure()).hasMessageContaining("No space left");
    assertThat(recorder.deliveredRecords() + recorder.lostRecords()).isEqualTo(total);
    assertThat(recorder.lostRecords()).isPositive();
    try (TraceReader reader = TraceReader.open(file)) {
      long read = 0;
      while (reader.next() != null) {
        read++;
      }
      assertThat(reader.cutShort()).isTrue();
      assertThat(read).isEqualTo(recorder.deliveredRecords());
    }
  }

  /**
   * A trace on a full disk (a file size limit: the kernel refuses to extend the file, as on a full file system)
   * keeps whole blocks only and counts the rest as lost in an END block written in room reserved for it; the log says
   * so in one line, without a stack trace.
   */
  @Test
  void aFullDiskKeepsTheLostCountInTheEndBlock() throws Exception {
    Path traces = dir.resolve("traces");
    int count = 50_000; // about 450 KB of packed records against a 256 KiB limit
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"),
        FullDiskTraceMain.class.getName(), traces.toString(), Integer.toString(count), Integer.toString(256 << 10))
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    List<String> lines = output.lines().toList();
    String[] counts = lines.get(lines.size() - 1).split(" ");
    long written = Long.parseLong(counts[0]);
    long lost = Long.parseLong(counts[1]);
    assertThat(written).isPositive().isLessThan(count);
    assertThat(written + lost).isEqualTo(count);

    List<Path> files = TraceFiles.list(traces);
    assertThat(files).hasSize(1);
    assertThat(Files.size(files.get(0))).isLessThanOrEqualTo(256 << 10);
    try (TraceReader reader = TraceReader.open(files.get(0))) {
      long read = 0;
      while (reader.next() != null) {
        read++;
      }
      assertThat(reader.complete()).as("END block written in the reserved room").isTrue();
      assertThat(read).isEqualTo(written);
      assertThat(reader.lostRecords()).isEqualTo(lost);
    }
    List<String> warnings = lines.stream().filter(l -> l.contains("WARN")).toList();
    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0)).contains("TraceRecorder: pfsmix trace destination " + files.get(0)
        + " failed (java.io.IOException: File too large)");
    assertThat(output).contains(written + " records written, " + lost + " lost").doesNotContain("\tat ");
  }

  @Test
  void log4jDestinationWritesOneLinePerRecord() throws Exception {
    StringWriter log = new StringWriter();
    Logger logger = Logger.getLogger("io.pfsmix.trace.test-records");
    WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), log);
    logger.addAppender(appender);
    logger.setLevel(org.apache.log4j.Level.INFO);
    try {
      TraceRecorder recorder = new TraceRecorder(new Log4jTraceDestination("io.pfsmix.trace.test-records"),
          TraceRecorder.Settings.DEFAULT, "test");
      int context = recorder.contextId(new EventContext("h1", 42, "job_1", "attempt_1_m_000001_0", -1));
      for (int i = 0; i < 3; i++) {
        recorder.record(1000, 1500, TraceOp.READ, TracePoint.APPLICATION, recorder.pathId("/in/part-" + i), 4096L * i,
            4096, 4000, 0, context);
      }
      recorder.close();
    } finally {
      logger.removeAppender(appender);
    }
    List<String> lines = log.toString().lines().toList();
    assertThat(lines).hasSize(3);
    String[] fields = lines.get(2).split("\t");
    assertThat(fields[0]).isEqualTo(Log4jTraceDestination.LINE_TAG);
    assertThat(fields[2]).isEqualTo("500");
    assertThat(fields).contains("READ", "APPLICATION", "/in/part-2", "8192", "4096", "4000", "ok", "42", "h1", "job_1",
        "attempt_1_m_000001_0");
  }
}
