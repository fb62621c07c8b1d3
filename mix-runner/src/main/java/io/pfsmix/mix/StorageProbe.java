package io.pfsmix.mix;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.Sizes;

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

  private static double mib(long bytes) {
    return bytes / (double) (1 << 20);
  }
}
