package io.pfsmix.ior;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.BufferMemory;
import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.Sizes;

/**
 * Runs an IOR test through the Hadoop FileSystem API and prints IOR's report. Ranks are threads of this JVM, or with
 * --yarn the tasks of a YARN job ({@link IorYarnJob}). This is the entry point for other modules:
 * {@code IorRunner.run(conf, IorOptions.parse("-a", "HADOOP", "-w", "-r", "-b", "64m", "-t", "1m", "-N", "4", "-o",
 * "pfs:///ckpt/file"), System.out)}.
 */
public final class IorRunner {

  private IorRunner() {
  }

  /** Runs the test quietly (no report) and returns what it measured. */
  public static IorResult run(Configuration conf, IorOptions options) throws IOException {
    return run(conf, options, PrintStream.nullOutputStream());
  }

  /**
   * Validates (before any I/O), runs, prints IOR's report to {@code out} (or to -O summaryFile) and returns the result.
   *
   * @throws IorUsageException for bad flags or what the file system cannot do, before any I/O
   * @throws IorRankException when a rank's I/O fails, naming rank, offset and cause
   */
  public static IorResult run(Configuration conf, IorOptions options, OutputStream out) throws IOException {
    return run(conf, options, out, PfsConfigValues.of(conf).bool(IorConfigKeys.WARMUP, IorConfigKeys.WARMUP_DEFAULT));
  }

  /** As {@link #run(Configuration, IorOptions, OutputStream)}, warming the ranks' code up first or not. */
  static IorResult run(Configuration conf, IorOptions options, OutputStream out, boolean warmup) throws IOException {
    options.validate();
    try (IorStorage storage = IorStorage.open(conf, options)) {
      return run(conf, options, storage, out, warmup);
    }
  }

  private static IorResult run(Configuration conf, IorOptions options, IorStorage storage, OutputStream out,
      boolean warmup) throws IOException {
    storage.checkSupported();
    storage.checkReadable();
    if (!options.yarn) {
      // every rank is a thread of this JVM with a transfer buffer of its own
      try {
        BufferMemory.require("-t " + Sizes.human(options.transferSize) + " x -N " + options.numTasks + " ranks",
            options.transferSize * options.numTasks, storage.directTransferBuffers());
      } catch (IllegalArgumentException e) {
        throw new IorUsageException(e.getMessage());
      }
    }
    storage.checkFreeSpace();
    if (warmup && !options.yarn) {
      // after the checks (a refused test warms nothing), before IOR's clock starts: its header's "Began"
      IorWarmup.run(options);
    }
    PrintStream log = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream results = log;
    if (options.summaryFile != null) {
      results = new PrintStream(new FileOutputStream(options.summaryFile), true, StandardCharsets.UTF_8);
      log.println("Writing output to " + options.summaryFile);
    }
    try {
      IorReport report = new IorReport(results, log, options.summaryFormat, options.verbose);
      IorAggregator aggregator = new IorAggregator(options, report);
      report.header(options.commandLineWithProgram());
      report.testStart(options, storage.space());
      report.setup(options);
      if (options.yarn) {
        IorYarnJob.run(conf, options, aggregator, log);
      } else {
        runThreads(options, storage, aggregator);
      }
      report.testIterationsEnd(options, aggregator.iterations());
      IorResult result = aggregator.result();
      report.summaryAll(options, result.summaries());
      report.finished();
      return result;
    } finally {
      if (results != log) {
        results.close();
      }
      log.flush();
    }
  }

  private static void runThreads(IorOptions options, IorStorage storage, IorAggregator aggregator) throws IOException {
    ThreadRankGroup group = new ThreadRankGroup(options.numTasks, aggregator);
    ExecutorService pool = Executors.newFixedThreadPool(options.numTasks, runnable -> {
      Thread thread = new Thread(runnable);
      thread.setName("ior-rank");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<?>> ranks = new ArrayList<>();
      for (int rank = 0; rank < options.numTasks; rank++) {
        RankWorker worker = new RankWorker(options, storage, group, rank);
        ranks.add(pool.submit(() -> {
          worker.run();
          return null;
        }));
      }
      awaitRanks(ranks);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Waits for every rank and rethrows the failure that started an abort, not the aborts it caused. */
  static void awaitRanks(List<Future<?>> ranks) throws IOException {
    IOException first = null;
    for (Future<?> rank : ranks) {
      try {
        rank.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IorAbortedException("interrupted while waiting for the ranks");
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        IOException failure = cause instanceof IOException io ? io : new IorRankException("a rank failed", cause);
        if (first == null || (first instanceof IorAbortedException && !(failure instanceof IorAbortedException))) {
          first = failure;
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
