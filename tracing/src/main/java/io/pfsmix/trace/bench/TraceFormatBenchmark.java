package io.pfsmix.trace.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceDictionary;
import io.pfsmix.trace.format.TraceFormat;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.recorder.BinaryTraceDestination;
import io.pfsmix.trace.tools.OutputTarget;

/**
 * The trace format's versions side by side on real traces: each trace's records are written again as format 1.1
 * (64-byte records), 2.0 (packed, zstd) and the current version (packed, LZ4), the way a recorder's flusher writes them
 * (buffers of 1,024 records handed to a {@link BinaryTraceDestination}, a PROGRESS block after each), then read back
 * and exported; the versions' runs alternate. Rates are records per CPU-second of the one thread doing the work (what
 * one core gives, whatever else the machine runs) and, for reading and exporting, records per wall-clock second.
 */
public final class TraceFormatBenchmark {

  /** Exports one trace; the command line gives sim-export's, which this module does not depend on. */
  @FunctionalInterface
  public interface Exporter {
    void export(Path trace, Path output) throws IOException;
  }

  /** Medians of one trace in one format version. */
  public record Figures(String version, long records, long fileBytes, double writtenPerCpuSecond,
      double readPerCpuSecond, double readPerSecond, double exportedPerCpuSecond, double exportedPerSecond) {
    public double bytesPerRecord() {
      return (double) fileBytes / records;
    }
  }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  /** 1.1's 64-byte records, 2.0's zstd-packed blocks, the current version's LZ4-packed ones. */
  private static final int[][] VERSIONS = {{1, 1}, {2, 0}, {TraceFormat.VERSION_MAJOR, TraceFormat.VERSION_MINOR}};

  private final Path directory;
  private final int repetitions;
  private final Exporter exporter;
  private final String exportName;
  private final PrintStream out;

  /**
   * @param directory scratch directory for the rewritten traces and exports (emptied of them afterwards)
   * @param exporter null to skip the export measurement
   */
  public TraceFormatBenchmark(Path directory, int repetitions, Exporter exporter, String exportName, PrintStream out) {
    this.directory = directory;
    this.repetitions = repetitions;
    this.exporter = exporter;
    this.exportName = exportName;
    this.out = out;
  }

  /** Measures one trace and prints its table. */
  public List<Figures> measure(Path trace) throws IOException {
    TraceHeader header;
    TraceDictionary dictionary;
    List<ByteBuffer> buffers = new ArrayList<>();
    long records = 0;
    try (TraceReader reader = TraceReader.open(trace)) {
      header = reader.header();
      dictionary = new TraceDictionary(EventContext.ofProcess(header.host(), header.pid()));
      ByteBuffer buffer = null;
      for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
        if (buffer == null || !buffer.hasRemaining()) {
          buffer = ByteBuffer.allocate(TraceFormat.RECORDS_PER_BLOCK * TraceFormat.RECORD_SIZE)
              .order(ByteOrder.LITTLE_ENDIAN);
          buffers.add(buffer);
        }
        TraceFormat.putRecord(buffer, r.startNs(), r.durationNs(), r.op().code(), r.point().code(),
            dictionary.pathId(r.path()), r.offset(), r.length(), r.bytes(), dictionary.resultId(r.result()),
            r.threadId(), dictionary.contextId(r.context()));
        records++;
      }
    }
    for (ByteBuffer buffer : buffers) {
      buffer.flip();
    }
    if (records == 0) {
      throw new IOException(trace + " holds no records to measure");
    }
    out.printf(Locale.ROOT, "%s: %,d records (format %d.%d), load average %.2f%n", trace, records,
        header.versionMajor(), header.versionMinor(), loadAverage());

    long[] sizes = new long[VERSIONS.length];
    double[][][] rates = new double[VERSIONS.length][5][repetitions];
    // run -1 warms up (the JIT compiles both versions' paths) and is not counted
    for (int run = -1; run < repetitions; run++) {
      for (int v = 0; v < VERSIONS.length; v++) {
        Path written = directory.resolve("run" + run + "-v" + VERSIONS[v][0] + "." + VERSIONS[v][1]);
        int at = Math.max(run, 0);
        Files.createDirectories(written);
        TraceHeader versioned = new TraceHeader(VERSIONS[v][0], VERSIONS[v][1], header.wallAnchorNs(),
            header.monotonicAnchorNs(), header.host(), header.pid(), header.producer());
        long cpu = THREADS.getCurrentThreadCpuTime();
        Path file = write(written, versioned, dictionary, buffers);
        rates[v][0][at] = records / seconds(THREADS.getCurrentThreadCpuTime() - cpu);
        sizes[v] = Files.size(file);

        cpu = THREADS.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        long read = 0;
        try (TraceReader reader = TraceReader.open(file)) {
          while (reader.next() != null) {
            read++;
          }
        }
        rates[v][1][at] = read / seconds(THREADS.getCurrentThreadCpuTime() - cpu);
        rates[v][2][at] = read / seconds(System.nanoTime() - wall);
        if (read != records) {
          throw new IOException(file + " read back " + read + " records of " + records);
        }
        if (exporter != null) {
          cpu = THREADS.getCurrentThreadCpuTime();
          wall = System.nanoTime();
          exporter.export(file, written.resolve("export"));
          rates[v][3][at] = records / seconds(THREADS.getCurrentThreadCpuTime() - cpu);
          rates[v][4][at] = records / seconds(System.nanoTime() - wall);
        }
        OutputTarget.deleteRecursively(written);
      }
    }

    List<Figures> figures = new ArrayList<>();
    out.printf(Locale.ROOT, "  %-7s %12s %14s %13s %13s %15s %15s%n", "format", "bytes/record", "written/CPU-s",
        "read/CPU-s", "read/s", exportName + "/CPU-s", exportName + "/s");
    for (int v = 0; v < VERSIONS.length; v++) {
      double[] m = new double[rates[v].length];
      for (int k = 0; k < m.length; k++) {
        m[k] = TraceOverheadBenchmark.median(rates[v][k]);
      }
      Figures f = new Figures(VERSIONS[v][0] + "." + VERSIONS[v][1], records, sizes[v], m[0], m[1], m[2], m[3], m[4]);
      figures.add(f);
      out.printf(Locale.ROOT, "  %-7s %12.2f %14s %13s %13s %15s %15s%n", f.version(), f.bytesPerRecord(),
          millions(f.writtenPerCpuSecond()), millions(f.readPerCpuSecond()), millions(f.readPerSecond()),
          exporter == null ? "-" : millions(f.exportedPerCpuSecond()),
          exporter == null ? "-" : millions(f.exportedPerSecond()));
    }
    StringBuilder ratios = new StringBuilder();
    for (Figures f : figures.subList(1, figures.size())) {
      ratios.append(String.format(Locale.ROOT, "  %s %.2f", f.version(),
          f.readPerCpuSecond() / figures.get(0).readPerCpuSecond()));
    }
    out.printf(Locale.ROOT, "  read/CPU-s against %s:%s%n", figures.get(0).version(), ratios);
    out.printf(Locale.ROOT, "  medians of %d runs after a warm-up (versions alternating); M = million records; "
        + "load average %.2f%n",
        repetitions, loadAverage());
    return figures;
  }

  /** Writes the records as a recorder's flusher does: one buffer at a time, each followed by a PROGRESS block. */
  private static Path write(Path directory, TraceHeader header, TraceDictionary dictionary, List<ByteBuffer> buffers)
      throws IOException {
    BinaryTraceDestination destination = BinaryTraceDestination.inLocalDirectory(directory);
    destination.open(header, dictionary);
    for (ByteBuffer buffer : buffers) {
      destination.write(buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN), 0);
    }
    destination.finish(0);
    return Path.of(destination.describe());
  }

  /** The system load average over the last minute (what else the machine's cores were doing), or -1. */
  public static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static double seconds(long nanos) {
    return Math.max(nanos, 1) / 1e9;
  }

  private static String millions(double perSecond) {
    return String.format(Locale.ROOT, "%.2f M", perSecond / 1e6);
  }

}
