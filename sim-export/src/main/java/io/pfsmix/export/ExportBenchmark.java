package io.pfsmix.export;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;
import io.pfsmix.trace.tools.OutputTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Converts a synthetic mixed workload (IOR ranks writing and reading a shared checkpoint file beside Hadoop map tasks
 * reading their splits in 4 KiB stream reads) with every format, at two trace lengths, and reports events per second (wall
 * and per CPU second of the exporting thread, which other load on a shared machine does not inflate), the peak heap in use
 * (garbage included) and the peak live heap (in use after a collection): for streaming formats the live heap must not
 * grow with the trace.
 */
public final class ExportBenchmark {
  private static final long T0 = 1_700_000_000_000_000_000L;
  private final long events;
  private final List<ExportFormat> formats;
  private final Path workDir;
  private final PrintStream out;

  public ExportBenchmark(long events, List<ExportFormat> formats, Path workDir, PrintStream out) {
    if (events < 1000) {
      throw new IllegalArgumentException("--events must be at least 1000, got " + events);
    }
    this.events = events;
    this.formats = formats;
    this.workDir = workDir;
    this.out = out;
  }

  public void run() throws IOException, InterruptedException {
    Files.createDirectories(workDir);
    long small = events / 4;
    Path smallTrace = workDir.resolve("bench-small.ptrace");
    Path largeTrace = workDir.resolve("bench-large.ptrace");
    out.printf(Locale.ROOT, "writing synthetic traces of %,d and %,d events to %s%n", small, events, workDir);
    writeTrace(smallTrace, small);
    writeTrace(largeTrace, events);
    out.printf(Locale.ROOT, "%-8s %12s %8s %11s %7s %13s %9s %12s %13s%n", "format", "events", "wall s", "events/s",
        "cpu s", "events/cpu-s", "heap MiB", "live MiB", "live MiB 1/4");
    for (ExportFormat f : formats) {
      Measurement quarter = measure(f, smallTrace);
      Measurement full = measure(f, largeTrace);
      out.printf(Locale.ROOT, "%-8s %,12d %8.2f %,11.0f %7.2f %,13.0f %9.1f %12.1f %13.1f%n", f.cliName(), full.events,
          full.seconds, full.events / full.seconds, full.cpuSeconds, full.events / full.cpuSeconds,
          full.peakHeap / 1048576.0, full.peakLive / 1048576.0, quarter.peakLive / 1048576.0);
      if (!full.warnings.isEmpty()) {
        out.print(full.warnings.report().lines().map(l -> "         " + l + "\n").reduce("", String::concat));
      }
    }
    Files.deleteIfExists(smallTrace);
    Files.deleteIfExists(largeTrace);
  }

  /** cpuSeconds: CPU time of the exporting thread, which other load on a shared machine does not inflate. */
  private record Measurement(long events, double seconds, double cpuSeconds, long peakHeap, long peakLive,
      ExportWarnings warnings) {
  }

  /** Heap in use right after the latest collection of each pool: what the export keeps alive, without garbage. */
  private static long liveHeap(List<MemoryPoolMXBean> pools) {
    long sum = 0;
    for (MemoryPoolMXBean p : pools) {
      MemoryUsage u = p.getCollectionUsage();
      sum += u == null ? 0 : u.getUsed();
    }
    return sum;
  }

  private Measurement measure(ExportFormat format, Path trace) throws IOException, InterruptedException {
    Path output = workDir.resolve("bench-out." + format.cliName());
    OutputTarget.deleteRecursively(output);
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()).toList();
    System.gc();
    AtomicLong peak = new AtomicLong(memory.getHeapMemoryUsage().getUsed());
    AtomicLong peakLive = new AtomicLong(liveHeap(heapPools));
    Thread sampler = new Thread(() -> {
      while (!Thread.currentThread().isInterrupted()) {
        peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
        peakLive.accumulateAndGet(liveHeap(heapPools), Math::max);
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpuStart = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    ExportRun.Result r;
    try {
      r = new ExportRun(format, new ExportOptions()).replaceExisting(true).run(List.of(trace), output);
    } finally {
      sampler.interrupt();
      sampler.join();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
    OutputTarget.deleteRecursively(output);
    return new Measurement(r.recordsRead(), seconds, cpuSeconds, peak.get(), peakLive.get(), r.warnings());
  }

  /** 16 IOR ranks (N-to-1, 64 KiB transfers) and 16 map tasks (4 KiB reads), interleaved in time. */
  static void writeTrace(Path file, long events) throws IOException {
    int ranks = 16;
    int tasks = 16;
    List<EventContext> contexts = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      contexts.add(new EventContext("node" + (r % 4), 1000 + r, "", "", r));
    }
    for (int t = 0; t < tasks; t++) {
      contexts.add(new EventContext("node" + (t % 4), 2000 + t, "job_1700000000000_0001",
          String.format(Locale.ROOT, "attempt_1700000000000_0001_m_%06d_0", t), EventContext.NO_RANK));
    }
    long[] position = new long[contexts.size()];
    try (TraceWriter w = TraceWriter.create(file, TraceHeader.current(T0, 0, "bench", 1, "pfsmix export bench"))) {
      long t = T0;
      for (int i = 0; i < contexts.size(); i++) {
        boolean ior = i < ranks;
        w.write(t += 1000, 5000, ior ? TraceOp.POSIX_OPEN : TraceOp.OPEN, ior ? TracePoint.POSIX
            : TracePoint.APPLICATION, ior ? "/pfs/ior/checkpoint" : "pfs:///data/split-" + i, TraceRecord.NONE,
            TraceRecord.NONE, TraceRecord.NONE, TraceRecord.OK, i, contexts.get(i));
      }
      for (long n = contexts.size(); n < events; n++) {
        int i = (int) (n % contexts.size());
        EventContext c = contexts.get(i);
        t += 700;
        if (i < ranks) {
          long transfer = 64 << 10;
          long offset = (position[i]++ * ranks + i) * transfer;
          w.write(t, 40_000, TraceOp.POSIX_PWRITE, TracePoint.POSIX, "/pfs/ior/checkpoint", offset, transfer, transfer,
              TraceRecord.OK, i, c);
        } else {
          long offset = position[i]++ * 4096;
          w.write(t, 2_000, TraceOp.READ, TracePoint.APPLICATION, "pfs:///data/split-" + i, offset, 4096, 4096,
              TraceRecord.OK, i, c);
        }
      }
    }
  }
}
