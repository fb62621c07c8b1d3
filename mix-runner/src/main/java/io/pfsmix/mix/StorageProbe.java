package io.pfsmix.mix;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.Sizes;
import io.pfsmix.ior.IorConfigKeys;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorRunner;

/**
 * What the storage sustains, measured before the phases through the same file system: a file written and synced
 * (hsync, as IOR -e does), storage settled, then read back, in {@link #ROUNDS} rounds. A phase faster than the best
 * round did not wait for the storage (the page cache absorbed its writes or served its reads), and the report says so.
 *
 * @param bytes the probe file's size
 * @param writeMiBs MiB/s of writing the file until it was synced, best round
 * @param readMiBs MiB/s of reading it back, best round
 * @param readFromStorage whether caches were dropped before the read (else it may have come from memory)
 */
record StorageProbe(long bytes, double writeMiBs, double readMiBs, boolean readFromStorage) {

  /** Environment keys (results.json, the report's settings table) the probe and the checks share. */
  static final String WRITE_KEY = "storage probe: write MiB/s (synced)";
  static final String READ_KEY = "storage probe: read MiB/s";
  static final String READ_FROM_KEY = "storage probe: read from";
  static final String STORAGE = "storage (caches dropped)";
  static final String MEMORY = "possibly memory (caches not dropped)";

  private static final int BUFFER = 1 << 20;

  /** Rounds of the probe: the best of them is what the storage can sustain (the others met other load). */
  static final int ROUNDS = 3;

  static StorageProbe measure(Configuration conf, String dir, long bytes, Settling settling)
      throws IOException, InterruptedException {
    byte[] buffer = new byte[BUFFER];
    // incompressible, so that a compressing or deduplicating storage is measured at what it stores
    new Random(bytes).nextBytes(buffer);
    Path file = new Path(dir, "probe");
    double bestWrite = 0;
    double bestRead = 0;
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      try {
        for (int round = 0; round < ROUNDS; round++) {
          settling.settle();
          long start = System.nanoTime();
          try (FSDataOutputStream out = fs.create(file, true)) {
            for (long left = bytes; left > 0; left -= BUFFER) {
              out.write(buffer, 0, (int) Math.min(BUFFER, left));
            }
            out.hsync();
          }
          bestWrite = Math.max(bestWrite, mib(bytes) / ((System.nanoTime() - start) / 1e9));
          settling.settle();
          start = System.nanoTime();
          long read = 0;
          try (FSDataInputStream in = fs.open(file)) {
            for (int n; (n = in.read(buffer, 0, BUFFER)) > 0; ) {
              read += n;
            }
          }
          bestRead = Math.max(bestRead, mib(bytes) / ((System.nanoTime() - start) / 1e9));
          if (read != bytes) {
            throw new IOException("the storage probe " + file + " read back " + read + " bytes of the " + bytes
                + " written");
          }
        }
        return new StorageProbe(bytes, bestWrite, bestRead, settling.cachesDropped());
      } finally {
        fs.delete(file, false);
      }
    }
  }

  void describeInto(Map<String, String> environment) {
    environment.put(WRITE_KEY, String.format(Locale.ROOT, "%.1f", writeMiBs));
    environment.put(READ_KEY, String.format(Locale.ROOT, "%.1f", readMiBs));
    environment.put(READ_FROM_KEY, readFromStorage ? STORAGE : MEMORY);
    environment.put("storage probe: size", Sizes.human(bytes));
  }

  /** The probe as the environment recorded it, or null when there was none. */
  static StorageProbe from(Map<String, String> environment) {
    String write = environment.get(WRITE_KEY);
    String read = environment.get(READ_KEY);
    if (write == null || read == null) {
      return null;
    }
    return new StorageProbe(0, Double.parseDouble(write), Double.parseDouble(read),
        STORAGE.equals(environment.get(READ_FROM_KEY)));
  }

  /**
   * How much longer the checkpoint's writes take while a thread of this JVM computes beside them, as a job's tasks do in
   * a mix: the checkpoint's own IOR command (its ranks, sizes, pattern and flags), sized to the probe, run alone and
   * beside the thread in turn, {@link #BUSY_ROUNDS} rounds each; the median write bandwidth alone over the median beside
   * it, recorded only where every round beside it was slower than every round alone (were the thread without effect,
   * that order would come by chance in one of 20 draws: a one-sided exact test at 5 %; a storage whose rounds spread
   * more than the computing slows it records none). Measured where the storage's servers run on this machine: the
   * calls' hand-offs (between the ranks in the client library, to the servers and back) then wait for cores the
   * computing keeps busy, more than the CPU they use accounts for, and a single writer of a file of its own shows little
   * of it (docs/predict.md, eighth part). `pfsmix predict` slows a call by this factor while the other workload
   * computes.
   *
   * @param alone IOR's write bandwidth of each round alone, MiB/s
   * @param busy IOR's write bandwidth of each round beside the computing thread, MiB/s
   * @param command the IOR command run
   */
  record BesideComputing(double[] alone, double[] busy, String command) {

    /** Environment key (results.json) that `pfsmix predict` reads the factor from. */
    static final String SLOWDOWN_KEY = "storage probe: slowdown beside a computing thread";
    static final String DETAIL_KEY = "storage probe: checkpoint MiB/s alone and beside a computing thread";
    static final String COMMAND_KEY = "storage probe: checkpoint beside a computing thread";

    /** Rounds of each kind. */
    static final int BUSY_ROUNDS = 3;

    double aloneMiBs() {
      return new Median().evaluate(alone);
    }

    double busyMiBs() {
      return new Median().evaluate(busy);
    }

    double slowdown() {
      return aloneMiBs() / busyMiBs();
    }

    /** Whether every round beside the thread was slower than every round alone. */
    boolean separated() {
      return Arrays.stream(busy).max().orElseThrow() < Arrays.stream(alone).min().orElseThrow();
    }

    /** What the rounds say: the slowdown, or that they overlap. */
    String verdict() {
      return separated() ? String.format(Locale.ROOT, "calls take %.2f times as long", slowdown())
          : "the rounds overlap, so no slowdown is recorded";
    }

    static BesideComputing measure(Configuration conf, List<String> flags, Settling settling)
        throws IOException, InterruptedException {
      Configuration run = new Configuration(conf);
      // the mix's warm-up phase ran before the probe
      run.setBoolean(IorConfigKeys.WARMUP, false);
      double[] alone = new double[BUSY_ROUNDS];
      double[] busy = new double[BUSY_ROUNDS];
      for (int round = 0; round < BUSY_ROUNDS; round++) {
        settling.settle();
        alone[round] = writeBandwidth(run, flags);
        settling.settle();
        try (Spinner spinner = Spinner.start()) {
          busy[round] = writeBandwidth(run, flags);
        }
      }
      return new BesideComputing(alone, busy, String.join(" ", flags));
    }

    private static double writeBandwidth(Configuration conf, List<String> flags) throws IOException {
      return IorRunner.run(conf, IorOptions.parse(flags.toArray(new String[0]))).iterations("write").get(0)
          .bandwidthMiB();
    }

    void describeInto(Map<String, String> environment) {
      if (separated()) {
        environment.put(SLOWDOWN_KEY, String.format(Locale.ROOT, "%.3f", slowdown()));
      }
      environment.put(DETAIL_KEY, "alone " + rounds(alone) + "; beside it " + rounds(busy) + " (IOR's write bandwidth"
          + " per round, in turn)" + (separated() ? "" : "; " + verdict()));
      environment.put(COMMAND_KEY, "pfsmix ior " + command);
    }

    private static String rounds(double[] mibs) {
      return String.join(", ", Arrays.stream(mibs).mapToObj(m -> String.format(Locale.ROOT, "%.1f", m)).toList());
    }
  }

  /** A thread that computes without pause until closed: a task's CPU-bound work, as the classifier's maps do. */
  private static final class Spinner implements AutoCloseable {
    private volatile boolean stopped;
    /** Where the loop's result goes, so that the compiler keeps the loop. */
    private volatile long sink;
    private final Thread thread = new Thread(this::spin, "pfsmix-probe-spinner");

    static Spinner start() {
      Spinner spinner = new Spinner();
      spinner.thread.setDaemon(true);
      spinner.thread.start();
      return spinner;
    }

    private void spin() {
      long x = 1;
      while (!stopped) {
        for (int i = 0; i < 10_000; i++) {
          x = x * 6364136223846793005L + 1442695040888963407L;
        }
      }
      sink = x;
    }

    @Override
    public void close() throws InterruptedException {
      stopped = true;
      thread.join();
    }
  }

  private static double mib(long bytes) {
    return bytes / (double) (1 << 20);
  }
}
