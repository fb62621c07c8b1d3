package io.pfsmix.trace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.PositionedWriter;
import io.pfsmix.fs.PositionedWrites;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.hadoop.TraceRecorders;
import io.pfsmix.trace.hadoop.TracingFileSystem;
import io.pfsmix.trace.recorder.BinaryTraceDestination;
import io.pfsmix.trace.recorder.TraceRecorder;
import io.pfsmix.trace.shim.TracingBackendDecorator;

/**
 * Tracing overhead, traced against untraced in one run with the runs interleaved (untraced, traced, untraced, ...):
 * (a) 4 KiB application reads of a file through pfs:// with the STORAGE trace point behind the read-ahead buffer,
 * (b) an IOR-like checkpoint written in 64 MiB blocks through pfs:// with positioned writes, traced at both points,
 * (c) both at once on two threads; (d) for comparison, the 4 KiB reads traced above the buffer as well; then the cost
 * of one recorded event.
 */
public final class TraceOverheadBenchmark {

  /** Sizes and repetitions of a run. */
  public record Settings(Path directory, long readFileBytes, int readSize, long writeFileBytes, int blockSize,
      int repetitions, long events) {
  }

  /** Median seconds of one scenario, untraced and traced. */
  public record Outcome(String scenario, double untracedSeconds, double tracedSeconds, long tracedRecords) {
    public double overheadPercent() {
      return (tracedSeconds / untracedSeconds - 1) * 100;
    }
  }

  private final Settings settings;
  private final Configuration base;
  private final PrintStream out;
  private final Path root;
  private final Path traces;

  public TraceOverheadBenchmark(Settings settings, Configuration base, PrintStream out) {
    this.settings = settings;
    this.base = base;
    this.out = out;
    this.root = settings.directory().resolve("root");
    this.traces = settings.directory().resolve("traces");
  }

  public List<Outcome> run() throws Exception {
    Files.createDirectories(root);
    List<Outcome> outcomes = new ArrayList<>();
    try {
      out.printf("writing the %d-byte read file...%n", settings.readFileBytes());
      writeReadFile();
      outcomes.add(scenario("(a) 4 KiB reads, STORAGE point",
          destination -> readPass(conf(destination, false))));
      outcomes.add(scenario("(b) 64 MiB-block checkpoint write, both points",
          destination -> writePass(conf(destination, true))));
      outcomes.add(scenario("(c) (a) and (b) at once",
          destination -> bothPass(conf(destination, false), conf(destination, true))));
      outcomes.add(scenario("(d) 4 KiB reads, APPLICATION and STORAGE points",
          destination -> readPass(conf(destination, true))));
      out.println();
      out.printf("%-48s %12s %12s %10s %14s%n", "scenario", "untraced s", "traced s", "overhead", "traced records");
      for (Outcome o : outcomes) {
        out.printf("%-48s %12.3f %12.3f %9.2f%% %14d%n", o.scenario(), o.untracedSeconds(), o.tracedSeconds(),
            o.overheadPercent(), o.tracedRecords());
      }
      out.println();
      eventCost(1);
      eventCost(2);
      return outcomes;
    } finally {
      deleteTree(settings.directory());
    }
  }

  /** One timed pass; {@code traceDestination} is null for the untraced pass. */
  @FunctionalInterface
  private interface Pass {
    void run(Path traceDestination) throws Exception;
  }

  private Configuration conf(Path traceDestination, boolean applicationPoint) {
    return traceDestination == null ? untracedConf() : tracedConf(traceDestination, applicationPoint);
  }

  private Outcome scenario(String name, Pass pass) throws Exception {
    double[] untraced = new double[settings.repetitions()];
    double[] traced = new double[settings.repetitions()];
    long records = 0;
    for (int i = 0; i < settings.repetitions(); i++) {
      untraced[i] = timed(() -> pass.run(null));
      Path runTraces = traces.resolve("run-" + System.nanoTime());
      traced[i] = timed(() -> {
        pass.run(runTraces);
        TraceRecorders.closeAll(); // the traced run pays for finishing its trace
      });
      records += countRecords(runTraces);
      deleteTree(runTraces);
      out.printf("  %s: run %d untraced %.3f s, traced %.3f s%n", name, i + 1, untraced[i], traced[i]);
    }
    return new Outcome(name, median(untraced), median(traced), records / settings.repetitions());
  }

  private Configuration untracedConf() {
    Configuration conf = new Configuration(base);
    conf.set("fs.pfs.backend", "posix");
    conf.set("fs.pfs.posix.root", root.toString());
    conf.setBoolean("fs.pfs.impl.disable.cache", true);
    return conf;
  }

  private Configuration tracedConf(Path destination, boolean applicationPoint) {
    Configuration conf = untracedConf();
    conf.set("fs.pfs.backend.decorators", TracingBackendDecorator.class.getName());
    conf.set(TraceConfigKeys.DESTINATION, destination.toString());
    if (applicationPoint) {
      conf.set("fs.pfs.impl", TracingFileSystem.class.getName());
    }
    return conf;
  }

  private void writeReadFile() throws IOException {
    byte[] chunk = new byte[4 << 20];
    Arrays.fill(chunk, (byte) 7);
    try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), untracedConf());
        FSDataOutputStream stream = fs.create(new org.apache.hadoop.fs.Path("/read.bin"), true)) {
      for (long done = 0; done < settings.readFileBytes(); done += chunk.length) {
        stream.write(chunk, 0, (int) Math.min(chunk.length, settings.readFileBytes() - done));
      }
    }
  }

  private void readPass(Configuration conf) throws IOException {
    byte[] buffer = new byte[settings.readSize()];
    long total = 0;
    try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), conf);
        FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/read.bin"))) {
      for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
        total += n;
      }
    }
    if (total != settings.readFileBytes()) {
      throw new IOException("read " + total + " bytes of " + settings.readFileBytes());
    }
  }

  private void writePass(Configuration conf) throws IOException {
    ByteBuffer block = ByteBuffer.allocate(settings.blockSize());
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/checkpoint.bin");
    try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
      fs.delete(file, false);
      try (PositionedWriter writer = PositionedWrites.open(fs, file)) {
        for (long offset = 0; offset < settings.writeFileBytes(); offset += settings.blockSize()) {
          block.clear();
          writer.write(offset, block);
        }
      }
    }
  }

  private void bothPass(Configuration readConf, Configuration writeConf) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Callable<Void>> work = List.of(() -> {
        readPass(readConf);
        return null;
      }, () -> {
        writePass(writeConf);
        return null;
      });
      for (Future<Void> done : pool.invokeAll(work)) {
        done.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  /** Nanoseconds per recorded event: with the two clock reads a traced call makes, and the record alone. */
  private void eventCost(int threads) throws Exception {
    Path destination = traces.resolve("cost-" + threads);
    long perThread = settings.events() / threads;
    double[] results = new double[2];
    for (int variant = 0; variant < 2; variant++) {
      boolean withClock = variant == 0;
      TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(destination),
          TraceRecorder.Settings.DEFAULT, "bench");
      int path = recorder.pathId("/bench/file");
      int context = recorder.contextId(io.pfsmix.trace.TraceContext.processContext());
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      List<Callable<Long>> work = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        work.add(() -> {
          long start = System.nanoTime();
          long fixed = start;
          for (long i = 0; i < perThread; i++) {
            long begin = withClock ? TraceRecorder.now() : fixed;
            long end = withClock ? TraceRecorder.now() : fixed;
            recorder.record(begin, end, TraceOp.PREAD, TracePoint.STORAGE, path, i << 12, 4096, 4096, 0, context);
          }
          return System.nanoTime() - start;
        });
      }
      long maxNanos = 0;
      for (Future<Long> f : pool.invokeAll(work)) {
        maxNanos = Math.max(maxNanos, f.get());
      }
      pool.shutdown();
      recorder.close();
      if (recorder.lostRecords() > 0) {
        out.printf("  note: %d of %d events were dropped (buffers full: the disk was slower than the loop)%n",
            recorder.lostRecords(), perThread * threads);
      }
      results[variant] = (double) maxNanos / perThread;
      deleteTree(destination);
    }
    out.printf("cost per recorded event, %d thread(s), %d events each: %.1f ns with two clock reads, %.1f ns "
        + "record only%n", threads, perThread, results[0], results[1]);
  }

  private static long countRecords(Path directory) throws IOException {
    long count = 0;
    if (!Files.isDirectory(directory)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.toList()) {
        try (io.pfsmix.trace.format.TraceReader reader = io.pfsmix.trace.format.TraceReader.open(file)) {
          while (reader.next() != null) {
            count++;
          }
        }
      }
    }
    return count;
  }

  @FunctionalInterface
  private interface Timed {
    void run() throws Exception;
  }

  private static double timed(Timed body) throws Exception {
    long start = System.nanoTime();
    body.run();
    return (System.nanoTime() - start) / 1e9;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static void deleteTree(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(directory)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
