package io.pfsmix.ior;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Ranks spread over the tasks of a YARN job, coordinated through marker files in a directory of the shared file
 * system: barrier k is complete when barrier-k/ holds one marker per rank; rank 0's broadcasts and any abort reason
 * are small files beside them. One instance serves the ranks of one task (threads), each counting its own barriers.
 */
final class FileRankGroup implements RankGroup {

  static final String ABORT = "ABORT";
  static final String RECORDS = "records";
  private static final long MAX_POLL_MILLIS = 100;

  private final FileSystem fs;
  private final Path directory;
  private final int size;
  private final long timeoutMillis;
  private final int[] barrierCounts;
  private final List<RankRecord> records = new ArrayList<>();

  FileRankGroup(FileSystem fs, Path directory, int size, long timeoutMillis) {
    this.fs = fs;
    this.timeoutMillis = timeoutMillis;
    this.directory = directory;
    this.size = size;
    this.barrierCounts = new int[size];
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public void barrier(int rank) throws IOException {
    int count;
    synchronized (barrierCounts) {
      count = barrierCounts[rank]++;
    }
    Path barrier = new Path(directory, String.format(Locale.ROOT, "barrier-%08d", count));
    fs.create(new Path(barrier, String.format(Locale.ROOT, "rank-%08d", rank)), true).close();
    long sleep = 5;
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (true) {
      checkAborted();
      int arrived = 0;
      try {
        arrived = fs.listStatus(barrier).length;
        if (arrived >= size) {
          return;
        }
      } catch (FileNotFoundException e) {
        // another rank is still creating the directory
      }
      if (System.currentTimeMillis() > deadline) {
        IOException timeout = new IorAbortedException("rank " + rank + " waited " + timeoutMillis / 1000 + " s at barrier "
            + count + " but only " + arrived + " of " + size + " ranks arrived: every task of the IOR job must run at"
            + " once, so the cluster needs room for all of them (or raise " + IorConfigKeys.YARN_BARRIER_TIMEOUT + ")");
        abort(rank, timeout);
        throw timeout;
      }
      try {
        Thread.sleep(sleep);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IorAbortedException("rank " + rank + " interrupted at a barrier");
      }
      sleep = Math.min(MAX_POLL_MILLIS, sleep * 2);
    }
  }

  private void checkAborted() throws IOException {
    Path abort = new Path(directory, ABORT);
    if (fs.exists(abort)) {
      throw new IorAbortedException(readText(fs, abort));
    }
  }

  @Override
  public String broadcast(int rank, String key, Supplier<String> rootValue) throws IOException {
    Path value = new Path(directory, "bcast-" + key);
    if (rank == 0) {
      writeText(fs, value, rootValue.get());
    }
    barrier(rank);
    return readText(fs, value);
  }

  @Override
  public long[] allGather(int rank, String key, long value) throws IOException {
    Path values = new Path(directory, "gather-" + key);
    writeText(fs, new Path(values, String.format(Locale.ROOT, "rank-%08d", rank)), Long.toString(value));
    barrier(rank);
    long[] all = new long[size];
    for (int r = 0; r < size; r++) {
      all[r] = Long.parseLong(readText(fs, new Path(values, String.format(Locale.ROOT, "rank-%08d", r))).strip());
    }
    return all;
  }

  @Override
  public void abort(int rank, Throwable cause) {
    try {
      writeText(fs, new Path(directory, ABORT), "stopped because rank " + rank + " failed: " + cause.getMessage());
    } catch (IOException e) {
      cause.addSuppressed(e);
    }
  }

  @Override
  public synchronized void record(RankRecord record) {
    records.add(record);
  }

  @Override
  public void phaseComplete(int iteration, Phase phase) {
    // the client reduces after the job: tasks have no report to print to
  }

  /** Hands this task's records to the client. */
  synchronized void saveRecords(int task) throws IOException {
    StringBuilder text = new StringBuilder();
    for (RankRecord record : records) {
      text.append(record.toLine()).append('\n');
    }
    writeText(fs, new Path(new Path(directory, RECORDS), String.format(Locale.ROOT, "task-%08d", task)), text.toString());
  }

  static void writeText(FileSystem fs, Path path, String text) throws IOException {
    Path temporary = new Path(path.getParent(), "." + path.getName() + ".tmp");
    try (FSDataOutputStream out = fs.create(temporary, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    fs.delete(path, false);
    if (!fs.rename(temporary, path)) {
      throw new IOException("could not rename " + temporary + " to " + path);
    }
  }

  static String readText(FileSystem fs, Path path) throws IOException {
    try (InputStream in = fs.open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
