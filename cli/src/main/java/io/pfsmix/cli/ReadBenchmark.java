package io.pfsmix.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsStatisticNames;

/**
 * Reads one file five ways in one run, interleaved: 4 KiB application reads through pfs:// (POSIX backend; with the
 * read-ahead the directory's file system gets, with 4 MiB chunks as on a parallel file system, and with
 * fs.pfs.readahead.mmap), 4 KiB reads through Hadoop's RawLocalFileSystem (file://), and 4 MiB reads with java.nio into
 * a direct buffer — the figure the study's read-ahead shim is measured against. Prints MB/s per run and the ratios of
 * the means. Part of the command line, not of the fs-shim jar that goes onto clusters.
 */
final class ReadBenchmark {

  public static final int APPLICATION_READ = 4096;
  public static final int NIO_READ = 4 << 20;
  static final String FILE_NAME = "pfsmix-bench-read.dat";

  /** One way of reading the file. */
  public enum Method {
    PFS("pfs:// 4 KiB reads"),
    PFS_4M("pfs:// 4 KiB reads, 4 MiB read-ahead"),
    PFS_MMAP("pfs:// 4 KiB reads, mmap read-ahead"),
    FILE("file:// (RawLocalFileSystem) 4 KiB reads"),
    NIO("java.nio 4 MiB reads");

    final String description;

    Method(String description) {
      this.description = description;
    }
  }

  /**
   * Mean throughput per method over the repetitions, in MB (10^6 bytes) per second of wall time and per second of the
   * reading thread's CPU time (user + system): the second depends far less on what else runs on a shared machine.
   */
  public record Summary(long fileBytes, int repetitions, Map<Method, Double> meanMegabytesPerSecond,
      Map<Method, Double> meanMegabytesPerCpuSecond) {

    public double ratio(Method numerator, Method denominator) {
      return meanMegabytesPerSecond.get(numerator) / meanMegabytesPerSecond.get(denominator);
    }

    public double cpuRatio(Method numerator, Method denominator) {
      return meanMegabytesPerCpuSecond.get(numerator) / meanMegabytesPerCpuSecond.get(denominator);
    }
  }

  private final java.nio.file.Path directory;
  private final long size;
  private final int repetitions;
  private final Configuration conf;
  private final PrintStream out;

  /**
   * @param conf configuration for the pfs and file:// file systems (fs.pfs.* keys apply; the POSIX root is set to
   *     {@code directory})
   */
  public ReadBenchmark(java.nio.file.Path directory, long size, int repetitions, Configuration conf, PrintStream out) {
    if (size <= 0) {
      throw new IllegalArgumentException("benchmark file size must be positive, is " + size);
    }
    if (repetitions <= 0) {
      throw new IllegalArgumentException("repetitions must be positive, is " + repetitions);
    }
    this.directory = directory;
    this.size = size;
    this.repetitions = repetitions;
    this.conf = new Configuration(conf);
    this.conf.set(PfsConfigKeys.BACKEND, "posix");
    this.conf.set(PfsConfigKeys.POSIX_ROOT, directory.toString());
    this.out = out;
  }

  public Summary run() throws IOException {
    Files.createDirectories(directory);
    java.nio.file.Path file = directory.resolve(FILE_NAME);
    Configuration largeConf = new Configuration(conf);
    largeConf.set(PfsConfigKeys.READAHEAD_SIZE, "4m");
    Configuration mappedConf = new Configuration(conf);
    mappedConf.setBoolean(PfsConfigKeys.READAHEAD_MMAP, true);
    try (FileSystem pfs = FileSystem.newInstance(URI.create("pfs:///"), conf);
        FileSystem pfsLarge = FileSystem.newInstance(URI.create("pfs:///"), largeConf);
        FileSystem pfsMapped = FileSystem.newInstance(URI.create("pfs:///"), mappedConf);
        RawLocalFileSystem local = new RawLocalFileSystem()) {
      local.initialize(URI.create("file:///"), conf);
      Map<Method, FileSystem> systems = new EnumMap<>(Map.of(Method.PFS, pfs, Method.PFS_4M, pfsLarge,
          Method.PFS_MMAP, pfsMapped, Method.FILE, local));
      write(file);
      if (!mappable(file)) {
        out.printf("note: %s refuses mmap (a FUSE mount with direct_io?): '%s' falls back to ordinary reads%n",
            directory, Method.PFS_MMAP.description);
      }
      out.println("warming up (one untimed read per method)...");
      for (Method method : Method.values()) {
        read(method, file, systems.get(method));
      }
      out.println("pfs:// read-ahead: " + backendReads(pfs));
      out.printf("load average before the timed runs: %s%n", loadAverage());
      Map<Method, List<Double>> runs = new LinkedHashMap<>();
      Map<Method, List<Double>> cpuRuns = new LinkedHashMap<>();
      for (Method method : Method.values()) {
        runs.put(method, new ArrayList<>());
        cpuRuns.put(method, new ArrayList<>());
      }
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      Method[] methods = Method.values();
      for (int repetition = 0; repetition < repetitions; repetition++) {
        for (int i = 0; i < methods.length; i++) {
          // rotate the order so that no method always runs first (or right after the file was written)
          Method method = methods[(i + repetition) % methods.length];
          long start = System.nanoTime();
          long cpuStart = threads.getCurrentThreadCpuTime();
          long bytes = read(method, file, systems.get(method));
          double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
          double seconds = (System.nanoTime() - start) / 1e9;
          if (bytes != size) {
            throw new IOException(method.description + " read " + bytes + " bytes of " + size + " from " + file);
          }
          double megabytesPerSecond = bytes / 1e6 / seconds;
          double megabytesPerCpuSecond = bytes / 1e6 / cpuSeconds;
          runs.get(method).add(megabytesPerSecond);
          cpuRuns.get(method).add(megabytesPerCpuSecond);
          out.printf("run %d/%d  %-42s %9.1f MB/s  (%.3f s)  %9.1f MB/cpu-s  (%.3f cpu-s)%n", repetition + 1,
              repetitions, method.description, megabytesPerSecond, seconds, megabytesPerCpuSecond, cpuSeconds);
        }
      }
      Summary summary = new Summary(size, repetitions, means(runs), means(cpuRuns));
      out.printf("load average after the timed runs: %s%n", loadAverage());
      out.println();
      for (Method method : methods) {
        out.printf("mean      %-42s %9.1f MB/s             %9.1f MB/cpu-s%n", method.description,
            summary.meanMegabytesPerSecond().get(method), summary.meanMegabytesPerCpuSecond().get(method));
      }
      Map<Method, String> names = new EnumMap<>(Map.of(Method.PFS, "pfs", Method.PFS_4M, "pfs-4m",
          Method.PFS_MMAP, "pfs-mmap"));
      names.forEach((pfsMethod, name) -> {
        out.printf("ratio %-8s/nio  = %.3f wall, %.3f cpu   (target >= 0.9)%n", name,
            summary.ratio(pfsMethod, Method.NIO), summary.cpuRatio(pfsMethod, Method.NIO));
        out.printf("ratio %-8s/file = %.3f wall, %.3f cpu   (target >= 1.0)%n", name,
            summary.ratio(pfsMethod, Method.FILE), summary.cpuRatio(pfsMethod, Method.FILE));
      });
      // the read-ahead the directory's file system gets against the large requests parallel file systems keep
      out.printf("ratio pfs     /pfs-4m = %.3f wall, %.3f cpu%n", summary.ratio(Method.PFS, Method.PFS_4M),
          summary.cpuRatio(Method.PFS, Method.PFS_4M));
      return summary;
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** The last minute's load average and the cores it shares: figures from a busy machine say so themselves. */
  static String loadAverage() {
    return String.format(Locale.ROOT, "%.2f on %d cores", ManagementFactory.getOperatingSystemMXBean()
        .getSystemLoadAverage(), Runtime.getRuntime().availableProcessors());
  }

  /** The backend reads that one pfs:// read of the file made, as its stream counted them. */
  private static String backendReads(FileSystem pfs) throws IOException {
    try (FSDataInputStream in = pfs.open(new Path("/" + FILE_NAME))) {
      drain(in);
      Map<String, Long> counters = in.getIOStatistics().counters();
      long operations = counters.get(PfsStatisticNames.BACKEND_READ_OPERATIONS);
      long bytes = counters.get(PfsStatisticNames.BACKEND_READ_BYTES);
      return String.format(Locale.ROOT, "%d backend reads of %d bytes on average for %d-byte application reads",
          operations, operations == 0 ? 0 : bytes / operations, APPLICATION_READ);
    }
  }

  private static Map<Method, Double> means(Map<Method, List<Double>> runs) {
    Map<Method, Double> means = new LinkedHashMap<>();
    runs.forEach((method, values) -> means.put(method,
        values.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
    return means;
  }

  private void write(java.nio.file.Path file) throws IOException {
    out.printf("writing %s (%d bytes)...%n", file, size);
    ByteBuffer chunk = ByteBuffer.allocateDirect(NIO_READ);
    byte[] random = new byte[NIO_READ];
    new Random(2009).nextBytes(random);
    chunk.put(random).flip();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.TRUNCATE_EXISTING)) {
      long written = 0;
      while (written < size) {
        chunk.clear().limit((int) Math.min(NIO_READ, size - written));
        while (chunk.hasRemaining()) {
          written += channel.write(chunk, written);
        }
      }
    }
  }

  private static boolean mappable(java.nio.file.Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      channel.map(FileChannel.MapMode.READ_ONLY, 0, Math.min(channel.size(), APPLICATION_READ));
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  /**
   * Opens, reads with the method's read size, closes; file systems are made beforehand and not timed.
   *
   * @param fs the method's file system, null for java.nio
   */
  private static long read(Method method, java.nio.file.Path file, FileSystem fs) throws IOException {
    if (method == Method.NIO) {
      return readNio(file);
    }
    try (InputStream in = method == Method.FILE ? fs.open(new Path(file.toUri()), APPLICATION_READ)
        : fs.open(new Path("/" + FILE_NAME))) {
      return drain(in);
    }
  }

  /** Reads with 4 KiB application reads; touches one byte per read so that nothing is optimised away. */
  private static long drain(InputStream in) throws IOException {
    byte[] buffer = new byte[APPLICATION_READ];
    long total = 0;
    long checksum = 0;
    int n;
    while ((n = in.read(buffer, 0, APPLICATION_READ)) > 0) {
      total += n;
      checksum += buffer[n - 1];
    }
    return checksum == Long.MIN_VALUE ? -1 : total;
  }

  private static long readNio(java.nio.file.Path file) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocateDirect(NIO_READ);
    long total = 0;
    long checksum = 0;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      int n;
      while ((n = channel.read(buffer, total)) > 0) {
        total += n;
        checksum += buffer.get(n - 1);
        buffer.clear();
      }
    }
    return checksum == Long.MIN_VALUE ? -1 : total;
  }
}
