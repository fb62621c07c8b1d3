package io.pfsmix.tfidf.generate;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.tfidf.RequestFormat;

/**
 * Writes a labelled request data set to any Hadoop path as files {@code requests-NNNNN.req}. File i draws its records from a
 * random source seeded by (seed, i), so output is the same for the same seed, size and file count however many threads
 * write it.
 */
public final class DatasetGenerator {

  /** What to generate. Exactly one of sizeBytes and records is positive. */
  public static final class Options {
    public Path output;
    public long sizeBytes;
    public long records;
    public long seed = 1;
    public double attackShare = 0.1;
    public double malformedShare;
    /** 0: one file per 256 MiB (at least one). */
    public int files;
    public boolean overwrite;
    public int threads = Runtime.getRuntime().availableProcessors();
  }

  /** What was written. */
  public static final class Result {
    public final List<Path> files;
    public final long records;
    public final long bytes;
    /** Records per label. */
    public final Map<String, Long> labels;

    Result(List<Path> files, long records, long bytes, Map<String, Long> labels) {
      this.files = files;
      this.records = records;
      this.bytes = bytes;
      this.labels = labels;
    }
  }

  static final long AUTO_FILE_BYTES = 256L << 20;
  static final long ESTIMATED_RECORD_BYTES = 700;

  private DatasetGenerator() {
  }

  public static Result generate(Configuration conf, Options options, PrintStream progressOut) throws IOException {
    if ((options.sizeBytes > 0) == (options.records > 0)) {
      throw new IllegalArgumentException("give exactly one of --size and --records (a positive amount)");
    }
    if (options.files < 0) {
      throw new IllegalArgumentException("--files must be positive, got " + options.files);
    }
    RequestGenerator generator = new RequestGenerator(options.seed, options.attackShare, options.malformedShare);
    long estimatedBytes = options.sizeBytes > 0 ? options.sizeBytes : options.records * ESTIMATED_RECORD_BYTES;
    int files = options.files > 0 ? options.files : (int) Math.max(1, Math.min(100_000,
        (estimatedBytes + AUTO_FILE_BYTES - 1) / AUTO_FILE_BYTES));
    if (options.records > 0 && files > options.records) {
      files = (int) options.records;
    }
    FileSystem fs = options.output.getFileSystem(conf);
    prepare(fs, options.output, options.overwrite);
    Progress progress = new Progress(progressOut, "generate", estimatedBytes);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(files, options.threads)));
    List<Future<FileResult>> futures = new ArrayList<>();
    try {
      for (int i = 0; i < files; i++) {
        final int index = i;
        long bytes = options.sizeBytes > 0 ? share(options.sizeBytes, files, i) : Long.MAX_VALUE;
        long records = options.records > 0 ? share(options.records, files, i) : Long.MAX_VALUE;
        Path file = new Path(options.output, String.format(Locale.ROOT, "requests-%05d.req", i));
        futures.add(pool.submit(() -> writeFile(fs, file, generator, fileSeed(options.seed, index), bytes, records, progress)));
      }
      List<Path> written = new ArrayList<>();
      long totalRecords = 0;
      long totalBytes = 0;
      Map<String, Long> labels = new TreeMap<>();
      for (Future<FileResult> future : futures) {
        FileResult r = get(future);
        written.add(r.file);
        totalRecords += r.records;
        totalBytes += r.bytes;
        r.labels.forEach((k, v) -> labels.merge(k, v, Long::sum));
      }
      progress.finish();
      return new Result(written, totalRecords, totalBytes, labels);
    } catch (IOException | RuntimeException e) {
      futures.forEach(f -> f.cancel(true));
      fs.delete(options.output, true);
      throw e;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Parses sizes like 7.2g, 500m, 64k, 1024 (suffixes are powers of 1024). */
  public static long parseSize(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (t.endsWith("b")) {
      t = t.substring(0, t.length() - 1);
    }
    if (!t.isEmpty()) {
      char suffix = t.charAt(t.length() - 1);
      int power = "kmgt".indexOf(suffix);
      if (power >= 0) {
        unit = 1L << (10 * (power + 1));
        t = t.substring(0, t.length() - 1);
      }
    }
    try {
      double value = Double.parseDouble(t);
      if (!(value > 0)) {
        throw new NumberFormatException();
      }
      return (long) Math.ceil(value * unit);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--size must be a positive size like 7.2g, 500m, 64k or 1048576, got '" + text
          + "'");
    }
  }

  private static void prepare(FileSystem fs, Path output, boolean overwrite) throws IOException {
    if (fs.exists(output)) {
      FileStatus status = fs.getFileStatus(output);
      if (!overwrite) {
        throw new IOException("output " + output + " already exists; pass --overwrite to replace it");
      }
      if (status.isFile()) {
        throw new IOException("output " + output + " is a file; generate writes a directory of files");
      }
      fs.delete(output, true);
    }
    if (!fs.mkdirs(output)) {
      throw new IOException("cannot create output directory " + output);
    }
  }

  private static long share(long total, int parts, int index) {
    return total / parts + (index < total % parts ? 1 : 0);
  }

  static long fileSeed(long seed, int index) {
    long z = seed * 0x9E3779B97F4A7C15L + (index + 1) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 31)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 29);
  }

  private static final class FileResult {
    final Path file;
    final long records;
    final long bytes;
    final Map<String, Long> labels;

    FileResult(Path file, long records, long bytes, Map<String, Long> labels) {
      this.file = file;
      this.records = records;
      this.bytes = bytes;
      this.labels = labels;
    }
  }

  private static FileResult writeFile(FileSystem fs, Path file, RequestGenerator generator, long seed, long maxBytes,
      long maxRecords, Progress progress) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    Map<String, Long> labels = new TreeMap<>();
    long records = 0;
    long bytes = 0;
    try (OutputStream out = new BufferedOutputStream(fs.create(file, false), 1 << 20)) {
      while (bytes < maxBytes && records < maxRecords) {
        if (Thread.currentThread().isInterrupted()) {
          throw new java.io.InterruptedIOException("generation of " + file + " cancelled");
        }
        RequestGenerator.Generated g = generator.next(random);
        int n = RequestFormat.write(out, g.label, g.request, 0, g.request.length);
        bytes += n;
        records++;
        labels.merge(g.label, 1L, Long::sum);
        progress.add(n);
      }
    }
    return new FileResult(file, records, bytes, labels);
  }

  private static FileResult get(Future<FileResult> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while generating");
    } catch (java.util.concurrent.ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      throw new IOException(cause);
    }
  }
}
