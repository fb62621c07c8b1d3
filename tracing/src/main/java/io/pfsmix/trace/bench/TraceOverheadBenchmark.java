package io.pfsmix.trace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;
import io.pfsmix.trace.Tracing;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.hadoop.TraceRecorders;
import io.pfsmix.trace.recorder.BinaryTraceDestination;
import io.pfsmix.trace.recorder.TraceRecorder;
import io.pfsmix.trace.tools.OutputTarget;

/**
 * Tracing overhead, traced against untraced in one run with the runs interleaved (untraced, traced, untraced, ...):
 * (a) 4 KiB application reads of a file through pfs:// with the STORAGE trace point behind the read-ahead buffer,
 * (b) an IOR-like checkpoint written in 64 MiB blocks through pfs:// with positioned writes, traced at both points,
 * (c) both at once on two threads; (d) for comparison, the 4 KiB reads traced above the buffer as well; (e) the native
 * side: a C program's checkpoint writes under the LD_PRELOAD library; then the cost of one recorded event.
 */
public final class TraceOverheadBenchmark {

  /**
   * Sizes and repetitions of a run. {@code nativeDirectory} holds libpfsmix-trace.so and pfsmix_posix_bench (the
   * module's target/native); null or missing files skip the POSIX scenario.
   */
  public record Settings(Path directory, long readFileBytes, int readSize, long writeFileBytes, int blockSize,
      int repetitions, long events, Path nativeDirectory) {

    /** The pfs root the scenarios read and write. */
    Path root() {
      return directory.resolve("root");
    }

    /** Where the traced runs write their traces. */
    Path traces() {
      return directory.resolve("traces");
    }
  }

  /**
   * Medians of one scenario, untraced and traced: wall-clock seconds, and CPU seconds of the whole process (every
   * thread, the trace flusher and GC included) — the figure that stays meaningful on a shared, loaded machine.
   */
  public record Outcome(String scenario, double untracedSeconds, double tracedSeconds, double untracedCpuSeconds,
      double tracedCpuSeconds, long tracedRecords) {
    public double wallOverheadPercent() {
      return (tracedSeconds / untracedSeconds - 1) * 100;
    }

    public double cpuOverheadPercent() {
      return (tracedCpuSeconds / untracedCpuSeconds - 1) * 100;
    }
  }

  /** CPU nanoseconds per recorded event: the caller's thread alone, and the whole process (flusher and GC too). */
  public record EventCost(int threads, long events, double callerCpuNanos, double processCpuNanos, long lost) {
  }

  private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory
      .getThreadMXBean();

  private final Settings settings;
  private final Configuration base;
  private final PrintStream out;

  public TraceOverheadBenchmark(Settings settings, Configuration base, PrintStream out) {
    this.settings = settings;
    this.base = base;
    this.out = out;
  }

  public List<Outcome> run() throws Exception {
    Files.createDirectories(settings.root());
    List<Outcome> outcomes = new ArrayList<>();
    try {
      eventCost(1, settings.events() / 4); // warm-up: the JIT compiles the recording path
      EventCost single = eventCost(1, settings.events());
      EventCost two = eventCost(2, settings.events());
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
      out.printf("medians of %d runs; CPU = process CPU time (all threads); estimate = traced records x %.0f ns "
          + "(process CPU per event) / untraced wall time%n", settings.repetitions(), single.processCpuNanos());
      out.printf("%-48s %9s %9s %8s %9s %9s %8s %9s %9s%n", "scenario", "wall s", "traced", "wall +%", "CPU s",
          "traced", "CPU +%", "records", "estimate");
      for (Outcome o : outcomes) {
        double estimate = o.tracedRecords() * single.processCpuNanos() / 1e9 / o.untracedSeconds() * 100;
        out.printf("%-48s %9.3f %9.3f %7.2f%% %9.3f %9.3f %7.2f%% %9d %8.3f%%%n", o.scenario(), o.untracedSeconds(),
            o.tracedSeconds(), o.wallOverheadPercent(), o.untracedCpuSeconds(), o.tracedCpuSeconds(),
            o.cpuOverheadPercent(), o.tracedRecords(), estimate);
      }
      posixScenario();
      out.println();
      for (EventCost cost : List.of(single, two)) {
        out.printf("cost per recorded event, %d thread(s), %d events: %.1f ns CPU in the calling thread (two clock "
            + "reads and the record), %.1f ns CPU for the process (flusher, disk writes, GC included)%s%n",
            cost.threads(), cost.events(), cost.callerCpuNanos(), cost.processCpuNanos(),
            cost.lost() > 0 ? "; " + cost.lost() + " dropped: buffers were full" : "");
      }
      return outcomes;
    } finally {
      OutputTarget.deleteRecursively(settings.directory());
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
    int n = settings.repetitions();
    double[] untraced = new double[n];
    double[] traced = new double[n];
    double[] untracedCpu = new double[n];
    double[] tracedCpu = new double[n];
    long records = 0;
    for (int i = 0; i < n; i++) {
      double[] measured = timed(() -> pass.run(null));
      untraced[i] = measured[0];
      untracedCpu[i] = measured[1];
      Path runTraces = settings.traces().resolve("run-" + System.nanoTime());
      measured = timed(() -> {
        pass.run(runTraces);
        TraceRecorders.closeAll(); // the traced run pays for finishing its trace
      });
      traced[i] = measured[0];
      tracedCpu[i] = measured[1];
      records += countRecords(runTraces);
      OutputTarget.deleteRecursively(runTraces);
      out.printf("  %s: run %d untraced %.3f s (CPU %.3f s), traced %.3f s (CPU %.3f s)%n", name, i + 1, untraced[i],
          untracedCpu[i], traced[i], tracedCpu[i]);
    }
    return new Outcome(name, median(untraced), median(traced), median(untracedCpu), median(tracedCpu), records / n);
  }

  private Configuration untracedConf() {
    Configuration conf = new Configuration(base);
    conf.set(PfsConfigKeys.BACKEND, "posix");
    conf.set(PfsConfigKeys.POSIX_ROOT, settings.root().toString());
    conf.setBoolean(PfsConfigKeys.DISABLE_CACHE, true);
    return conf;
  }

  private Configuration tracedConf(Path destination, boolean applicationPoint) {
    Configuration conf = untracedConf();
    Tracing.enable(conf, "pfs", destination.toString(), applicationPoint, true);
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

  /**
   * (e) The native side: an IOR-like checkpoint written by a C program with pwrite in blocks, and one-byte pwrites for the
   * cost per intercepted call, each run with and without LD_PRELOAD=libpfsmix-trace.so.
   */
  private void posixScenario() throws Exception {
    Path library = settings.nativeDirectory() == null ? null : settings.nativeDirectory().resolve("libpfsmix-trace.so");
    Path program = settings.nativeDirectory() == null ? null : settings.nativeDirectory().resolve("pfsmix_posix_bench");
    if (library == null || !Files.isRegularFile(library) || !Files.isExecutable(program)) {
      out.println("(e) POSIX scenario skipped: libpfsmix-trace.so and pfsmix_posix_bench not found in "
          + settings.nativeDirectory() + " (build the tracing module)");
      return;
    }
    int n = settings.repetitions();
    long blocks = Math.max(1, settings.writeFileBytes() / settings.blockSize());
    long smallCalls = 200_000;
    // checkpoint seconds, small-call CPU ns of the process, of the calling thread; each untraced and traced
    double[][] results = new double[6][n];
    for (int i = 0; i < n; i++) {
      for (int traced = 0; traced < 2; traced++) {
        ProcessBuilder builder = new ProcessBuilder(program.toString(),
            settings.root().resolve("posix.bin").toString(),
            Integer.toString(settings.blockSize()), Long.toString(blocks), Long.toString(smallCalls));
        if (traced == 1) {
          builder.environment().put("LD_PRELOAD", library.toString());
          builder.environment().put("PFSMIX_TRACE_DIR", settings.traces().resolve("posix").toString());
        } else {
          builder.environment().remove("LD_PRELOAD");
        }
        builder.redirectErrorStream(true);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
          throw new IOException(program + " failed: " + output);
        }
        for (String line : output.split("\n")) {
          String[] kv = line.trim().split(" ");
          if (kv[0].equals("checkpoint_ns")) {
            results[traced][i] = Double.parseDouble(kv[1]) / 1e9;
          } else if (kv[0].equals("small_call_cpu_ns")) {
            results[2 + traced][i] = Double.parseDouble(kv[1]);
          } else if (kv[0].equals("small_call_thread_cpu_ns")) {
            results[4 + traced][i] = Double.parseDouble(kv[1]);
          }
        }
      }
      OutputTarget.deleteRecursively(settings.traces().resolve("posix"));
      out.printf("  (e) POSIX checkpoint: run %d untraced %.3f s, traced %.3f s; 1-byte pwrite %.0f ns CPU untraced, "
          + "%.0f ns traced (calling thread %.0f ns)%n", i + 1, results[0][i], results[1][i], results[2][i],
          results[3][i], results[5][i]);
    }
    double untraced = median(results[0]);
    double traced = median(results[1]);
    out.printf("%-48s %9.3f %9.3f %7.2f%%   (%d-byte pwrite blocks, LD_PRELOAD library, %d records)%n",
        "(e) POSIX checkpoint write, preload library", untraced, traced, (traced / untraced - 1) * 100,
        settings.blockSize(), blocks + 2);
    out.printf("    one intercepted 1-byte pwrite: %.0f ns CPU untraced, %.0f ns traced (medians; the library's share is "
        + "the difference, %.0f ns, of which the calling thread's %.0f ns: the packer thread has the rest)%n",
        median(results[2]), median(results[3]), median(results[3]) - median(results[2]),
        median(results[5]) - median(results[4]));
  }

  /** CPU time per recorded event, as a traced call pays it: two clock reads and the record. */
  private EventCost eventCost(int threads, long totalEvents) throws Exception {
    Path destination = settings.traces().resolve("cost-" + threads);
    long perThread = totalEvents / threads;
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(destination),
        TraceRecorder.Settings.DEFAULT, "bench");
    int path = recorder.pathId("/bench/file");
    int context = recorder.contextId(io.pfsmix.trace.TraceContext.processContext());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Callable<Long>> work = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      work.add(() -> {
        long start = THREADS.getCurrentThreadCpuTime();
        for (long i = 0; i < perThread; i++) {
          long begin = TraceRecorder.now();
          recorder.record(begin, TraceRecorder.now(), TraceOp.PREAD, TracePoint.STORAGE, path, i << 12, 4096, 4096,
              0, context);
        }
        return THREADS.getCurrentThreadCpuTime() - start;
      });
    }
    long processStart = processCpuNanos();
    long callerNanos = 0;
    for (Future<Long> f : pool.invokeAll(work)) {
      callerNanos += f.get();
    }
    pool.shutdown();
    recorder.close();
    long processNanos = processCpuNanos() - processStart;
    OutputTarget.deleteRecursively(destination);
    long events = perThread * threads;
    return new EventCost(threads, events, (double) callerNanos / events, (double) processNanos / events,
        recorder.lostRecords());
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
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

  /** Wall and process CPU seconds of {@code body}. */
  private static double[] timed(Timed body) throws Exception {
    long cpu = processCpuNanos();
    long start = System.nanoTime();
    body.run();
    return new double[] {(System.nanoTime() - start) / 1e9, (processCpuNanos() - cpu) / 1e9};
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

}
