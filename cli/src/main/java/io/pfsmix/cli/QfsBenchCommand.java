package io.pfsmix.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import io.pfsmix.fs.OptionalBackendKeys;
import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.Sizes;
import io.pfsmix.fs.api.PositionedWriter;
import io.pfsmix.fs.api.PositionedWrites;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The cost of shared writes on QFS: N-to-1 against N-to-N, each write timed, at QFS's retry delays. */
@Command(name = "qfs", mixinStandardHelpOptions = true,
    header = "QFS N-to-1 vs N-to-N through pfs:// (fs.pfs.backend=qfs): throughput and per-write latency.",
    description = {"WRITERS threads write IOR's layout (each writer's BLOCK in every one of SEGMENTS, in TRANSFER "
        + "writes, then close) into one shared file (N-to-1, each writer with a QFS client of its own) and into a "
        + "file each (N-to-N), once per retry delay (fs.pfs.qfs.retry.delay: how long a writer waits before it "
        + "retries, e.g. for a chunk's write lease held by another writer), N-to-1 and N-to-N alternating; print MiB/s "
        + "(bytes over the time from the first open to the last close) and the distribution of the time each write "
        + "and each close took, with the load average. Needs a running QFS (./pfsmix qfs up); files go to "
        + "/pfsmix-bench-qfs in it and are deleted afterwards."})
final class QfsBenchCommand implements Runnable {

  private static final String BENCH_ROOT = "/pfsmix-bench-qfs";

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Option(names = "--metaserver", paramLabel = "HOST:PORT",
      description = "the QFS metaserver. Default: the one of ./pfsmix qfs up (fs.pfs.qfs.metaserver unset)")
  String metaserver;

  @Option(names = {"-N", "--writers"}, description = "writers (threads). Default: ${DEFAULT-VALUE}")
  int writers = 4;

  @Option(names = {"-b", "--block"}, description = "bytes each writer writes per segment. Default: ${DEFAULT-VALUE}")
  String block = "4m";

  @Option(names = {"-s", "--segments"}, description = "segments. Default: ${DEFAULT-VALUE}")
  int segments = 4;

  @Option(names = {"-t", "--transfer"}, description = "bytes per write. Default: ${DEFAULT-VALUE}")
  String transfer = "1m";

  @Option(names = "--retry-delays", split = ",", paramLabel = "SECONDS",
      description = "values of fs.pfs.qfs.retry.delay to run at, each N-to-1 and N-to-N. Default: 5,1 (5 is QFS's)")
  int[] retryDelays = {5, 1};

  @Option(names = {"-r", "--repetitions"}, description = "runs of each case, interleaved. Default: ${DEFAULT-VALUE}")
  int repetitions = 1;

  @Override
  public void run() {
    long blockBytes = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--block", block));
    long transferBytes = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--transfer", transfer));
    if (transferBytes > Integer.MAX_VALUE || blockBytes % transferBytes != 0) {
      throw new ParameterException(spec.commandLine(), "--transfer must divide --block and be below 2 GiB, got "
          + transfer + " and " + block);
    }
    if (writers < 1 || segments < 1 || repetitions < 1) {
      throw new ParameterException(spec.commandLine(), "--writers, --segments and --repetitions must be at least 1");
    }
    for (int delay : retryDelays) {
      if (delay < 0) {
        throw new ParameterException(spec.commandLine(), "--retry-delays must not be negative, got " + delay);
      }
    }
    PrintStream out = System.out;
    try {
      out.printf(Locale.ROOT, "%d writers x %d segments x %s blocks in %s writes: %s per case; load average %s%n",
          writers, segments, Sizes.human(blockBytes), Sizes.human(transferBytes),
          Sizes.human(writers * segments * blockBytes), ReadBenchmark.loadAverage());
      out.printf(Locale.ROOT, "%-7s %-6s %3s %9s %11s %11s %11s %11s %8s %11s%n", "delay", "layout", "run", "MiB/s",
          "write p50", "write p90", "write p99", "write max", ">= 1 s", "close max");
      for (int run = 1; run <= repetitions; run++) {
        for (int delay : retryDelays) {
          for (boolean shared : new boolean[] {true, false}) {
            Result result = runCase(delay, shared, blockBytes, (int) transferBytes, run);
            out.printf(Locale.ROOT, "%-7s %-6s %3d %9.1f %11s %11s %11s %11s %8d %11s%n", delay + " s",
                shared ? "N-to-1" : "N-to-N", run, result.mibPerSecond(), millis(result.percentile(0.5)),
                millis(result.percentile(0.9)), millis(result.percentile(0.99)), millis(result.percentile(1)),
                result.slowWrites(), millis(result.closeMax()));
          }
        }
      }
      out.printf(Locale.ROOT, "load average after: %s%n", ReadBenchmark.loadAverage());
    } catch (IOException e) {
      throw new IllegalStateException("qfs benchmark failed: " + e.getMessage(), e);
    }
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
  }

  /** Each write's time and each close's, and the case's wall time. */
  record Result(long[] writeNanos, long closeMax, long bytes, long wallNanos) {

    long percentile(double fraction) {
      int index = (int) Math.ceil(fraction * writeNanos.length) - 1;
      return writeNanos[Math.max(0, Math.min(writeNanos.length - 1, index))];
    }

    long slowWrites() {
      return Arrays.stream(writeNanos).filter(nanos -> nanos >= 1_000_000_000L).count();
    }

    double mibPerSecond() {
      return bytes / (1024.0 * 1024.0) / (wallNanos / 1e9);
    }
  }

  private Result runCase(int retryDelay, boolean shared, long blockBytes, int transferBytes, int run)
      throws IOException {
    Configuration conf = new Configuration();
    conf.set(PfsConfigKeys.BACKEND, OptionalBackendKeys.Qfs.BACKEND_NAME);
    conf.set(OptionalBackendKeys.Qfs.ROOT, BENCH_ROOT);
    conf.setInt(OptionalBackendKeys.Qfs.RETRY_DELAY_SECONDS, retryDelay);
    if (metaserver != null) {
      conf.set(OptionalBackendKeys.Qfs.METASERVER, metaserver);
    }
    String name = String.format(Locale.ROOT, "/delay-%d-run-%d-%s", retryDelay, run, shared ? "n-to-1" : "n-to-n");
    int transfers = (int) (blockBytes / transferBytes);
    ExecutorService threads = Executors.newFixedThreadPool(writers);
    try (FileSystem fs = FileSystem.newInstance(URI.create("pfs:///"), conf)) {
      List<Future<long[]>> results = new ArrayList<>();
      long start = System.nanoTime();
      for (int writer = 0; writer < writers; writer++) {
        int rank = writer;
        Path file = new Path(shared ? name : name + "." + rank);
        results.add(threads.submit(() -> write(fs, file, rank, shared, blockBytes, transferBytes, transfers)));
      }
      long[] writes = new long[writers * segments * transfers];
      long closeMax = 0;
      for (int writer = 0; writer < writers; writer++) {
        long[] times = get(results.get(writer));
        System.arraycopy(times, 0, writes, writer * segments * transfers, segments * transfers);
        closeMax = Math.max(closeMax, times[times.length - 1]);
      }
      long wall = System.nanoTime() - start;
      fs.delete(new Path("/"), true);
      Arrays.sort(writes);
      return new Result(writes, closeMax, writers * segments * blockBytes, wall);
    } finally {
      threads.shutdownNow();
    }
  }

  /** One writer's IOR layout; the time of each write, then of the close. */
  private long[] write(FileSystem fs, Path file, int rank, boolean shared, long blockBytes, int transferBytes,
      int transfers) throws IOException {
    ByteBuffer data = ByteBuffer.allocateDirect(transferBytes);
    for (int i = 0; i < transferBytes; i++) {
      data.put(i, (byte) (rank + i));
    }
    long[] times = new long[segments * transfers + 1];
    int count = 0;
    PositionedWriter writer = PositionedWrites.open(fs, file);
    try {
      for (int segment = 0; segment < segments; segment++) {
        long base = shared ? ((long) segment * writers + rank) * blockBytes : segment * blockBytes;
        for (int t = 0; t < transfers; t++) {
          long begin = System.nanoTime();
          writer.write(base + (long) t * transferBytes, data.duplicate());
          times[count++] = System.nanoTime() - begin;
        }
      }
    } finally {
      long begin = System.nanoTime();
      writer.close();
      times[count] = System.nanoTime() - begin;
    }
    return times;
  }

  private static long[] get(Future<long[]> result) throws IOException {
    try {
      return result.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    }
  }
}
