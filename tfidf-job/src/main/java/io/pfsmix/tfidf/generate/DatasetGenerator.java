package io.pfsmix.tfidf.generate;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
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
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ShutdownHookManager;

import io.pfsmix.fs.FreeSpace;
import io.pfsmix.tfidf.OutputPaths;
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
    /** How the size was given (a flag or key), for messages. */
    public String sizeName = "--size";
    /** Which generated records are written (null: all): the report leaves families out of training with it. */
    public Predicate<RequestGenerator.Generated> keep;
  }

  /** What was written. */
  public static final class Result {
    public final List<Path> files;
    public final long records;
    public final long bytes;
    /** Bytes of the requests alone, without their record headers. */
    public final long requestBytes;
    /** Records per class label. */
    public final Map<String, Long> labels;

    Result(List<Path> files, long records, long bytes, long requestBytes, Map<String, Long> labels) {
      this.files = files;
      this.records = records;
      this.bytes = bytes;
      this.requestBytes = requestBytes;
      this.labels = labels;
    }
  }

  static final long AUTO_FILE_BYTES = 256L << 20;
  static final long ESTIMATED_RECORD_BYTES = 700;
  /** Above the longest record the generator writes: a header line of at most 16 KiB with the rest of its request. */
  static final long LARGEST_RECORD_BYTES = 20 << 10;
  /** How long a stopped run waits for its writers before it deletes what they wrote. */
  private static final long SHUTDOWN_WAIT_SECONDS = 30;

  private DatasetGenerator() {
  }

  /**
   * Writes the data set into a hidden staging directory beside the output ({@code .NAME.generating-RANDOM}) and renames
   * it into place when every file is complete, so that the output never exists half written: a failure, Ctrl-C or
   * SIGTERM removes the staging directory; after kill -9 it stays, hidden from Hadoop's input listing, and may be
   * deleted. An existing output is replaced (--overwrite) only then.
   */
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
    // through a string: a Path made from a directory's URI keeps its trailing slash, and with it an empty name
    Path output = fs.makeQualified(new Path(options.output.toString()));
    checkOutput(fs, output, options.overwrite);
    if (options.sizeBytes > 0) {
      FreeSpace.require(options.sizeName + ": the data set is", options.sizeBytes, fs, output);
    }
    Path staging = new Path(output.getParent(), "." + output.getName() + ".generating-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE));
    if (!fs.mkdirs(staging)) {
      throw new IOException("cannot create the staging directory " + staging);
    }
    Progress progress = new Progress(progressOut, "generate", estimatedBytes);
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(files, options.threads)));
    List<Future<FileResult>> futures = new ArrayList<>();
    // Ctrl-C or SIGTERM: stop the writers and remove what they wrote, before Hadoop closes the file systems
    Runnable onShutdown = () -> discard(fs, staging, pool);
    ShutdownHookManager.get().addShutdownHook(onShutdown, FileSystem.SHUTDOWN_HOOK_PRIORITY + 1,
        SHUTDOWN_WAIT_SECONDS + 10, TimeUnit.SECONDS);
    boolean complete = false;
    try {
      for (int i = 0; i < files; i++) {
        final int index = i;
        long bytes = options.sizeBytes > 0 ? share(options.sizeBytes, files, i) : Long.MAX_VALUE;
        long records = options.records > 0 ? share(options.records, files, i) : Long.MAX_VALUE;
        Path file = new Path(staging, String.format(Locale.ROOT, "requests-%05d.req", i));
        futures.add(pool.submit(() -> writeFile(fs, file, generator, options.keep, fileSeed(options.seed, index), bytes,
            records, progress)));
      }
      List<Path> written = new ArrayList<>();
      long totalRecords = 0;
      long totalBytes = 0;
      long requestBytes = 0;
      Map<String, Long> labels = new TreeMap<>();
      for (Future<FileResult> future : futures) {
        FileResult r = get(future);
        written.add(new Path(output, r.file.getName()));
        totalRecords += r.records;
        totalBytes += r.bytes;
        requestBytes += r.requestBytes;
        r.labels.forEach((k, v) -> labels.merge(k, v, Long::sum));
      }
      if (fs.exists(output)) {
        checkOutput(fs, output, options.overwrite);
        fs.delete(output, true);
      }
      if (!fs.rename(staging, output)) {
        throw new IOException("cannot rename the generated data " + staging + " to " + output);
      }
      complete = true;
      progress.finish();
      return new Result(written, totalRecords, totalBytes, requestBytes, labels);
    } catch (InterruptedIOException e) {
      // the writer's message names the staging directory, which is gone
      InterruptedIOException stopped = new InterruptedIOException("interrupted: " + output + " was not written");
      stopped.initCause(e);
      throw stopped;
    } finally {
      if (!ShutdownHookManager.get().isShutdownInProgress()) {
        ShutdownHookManager.get().removeShutdownHook(onShutdown);
      }
      if (!complete) {
        discard(fs, staging, pool);
      }
      pool.shutdownNow();
    }
  }

  /** Stops the writers and deletes the staging directory, also when the caller was interrupted. */
  private static void discard(FileSystem fs, Path staging, ExecutorService pool) {
    pool.shutdownNow();
    // the interrupt that stopped the run must not stop its cleanup (nor fail the delete's I/O)
    boolean interrupted = Thread.interrupted();
    try {
      // a writer still running could create its file (and the directory) again after the delete
      if (pool.awaitTermination(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS)) {
        fs.delete(staging, true);
      }
    } catch (InterruptedException e) {
      interrupted = true;
    } catch (IOException e) {
      // nothing more to do: the staging directory's hidden name keeps it out of any input
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Refuses, before anything is written, an output that exists (without overwrite), is a file, or is below a file. */
  private static void checkOutput(FileSystem fs, Path output, boolean overwrite) throws IOException {
    if (output.getParent() == null) {
      throw new IllegalArgumentException("output " + output + " is the root of its file system; generate writes a new"
          + " directory: name one below it");
    }
    if (fs.exists(output)) {
      if (fs.getFileStatus(output).isFile()) {
        throw new IOException("output " + output + " is a file; generate writes a directory of files");
      }
      if (!overwrite) {
        throw new IOException("output " + output + " already exists; pass --overwrite to replace it");
      }
      return;
    }
    OutputPaths.checkCreatable(fs, output, "output");
  }

  /**
   * Whether {@code bytes} of request files are what generating {@code sizeBytes} (with the default file count) writes:
   * that size, and at most one record more per file, since each file ends with the record that reaches its share.
   */
  public static boolean isGeneratedSize(long bytes, long sizeBytes) {
    long files = Math.max(1, Math.min(100_000, (sizeBytes + AUTO_FILE_BYTES - 1) / AUTO_FILE_BYTES));
    return bytes >= sizeBytes && bytes - sizeBytes <= files * LARGEST_RECORD_BYTES;
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
    final long requestBytes;
    final Map<String, Long> labels;

    FileResult(Path file, long records, long bytes, long requestBytes, Map<String, Long> labels) {
      this.file = file;
      this.records = records;
      this.bytes = bytes;
      this.requestBytes = requestBytes;
      this.labels = labels;
    }
  }

  private static FileResult writeFile(FileSystem fs, Path file, RequestGenerator generator,
      Predicate<RequestGenerator.Generated> keep, long seed, long maxBytes, long maxRecords, Progress progress)
      throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    Map<String, Long> labels = new TreeMap<>();
    long records = 0;
    long bytes = 0;
    long requestBytes = 0;
    long skipped = 0;
    try (OutputStream out = new BufferedOutputStream(fs.create(file, false), 1 << 20)) {
      while (bytes < maxBytes && records < maxRecords) {
        if (Thread.currentThread().isInterrupted()) {
          throw new InterruptedIOException("generation of " + file + " cancelled");
        }
        RequestGenerator.Generated g = generator.next(random);
        if (keep != null && !keep.test(g)) {
          if (++skipped > 1000 * (records + 1000)) {
            throw new IllegalArgumentException("the generator makes almost no record the filter keeps (" + records
                + " kept, " + skipped + " skipped)");
          }
          continue;
        }
        int n = RequestFormat.write(out, g.recordLabel(), g.request, 0, g.request.length);
        bytes += n;
        requestBytes += g.request.length;
        records++;
        labels.merge(g.label, 1L, Long::sum);
        progress.add(n);
      }
    }
    return new FileResult(file, records, bytes, requestBytes, labels);
  }

  private static FileResult get(Future<FileResult> future) throws IOException {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while generating");
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
