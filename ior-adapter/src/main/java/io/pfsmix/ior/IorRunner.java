package io.pfsmix.ior;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
    List<IorOptions> tests = options.scriptFile == null ? List.of(options) : IorScript.tests(options);
    for (IorOptions test : tests) {
      test.validate();
    }
    List<IorStorage> storages = new ArrayList<>();
    try {
      // every test's checks before the first one's I/O; whether a later test's file is there to read depends on
      // the tests before it, so that is checked as it starts
      for (IorOptions test : tests) {
        IorStorage storage = IorStorage.open(conf, test);
        storages.add(storage);
        check(test, storage);
      }
      if (warmup && !tests.get(0).yarn) {
        // after the checks (a refused test warms nothing), before IOR's clock starts: its header's "Began"
        IorWarmup.run(tests.get(0));
      }
      return run(conf, options, tests, storages, out);
    } finally {
      for (IorStorage storage : storages) {
        storage.close();
      }
    }
  }

  private static void check(IorOptions test, IorStorage storage) throws IOException {
    storage.checkSupported();
    if (test.testId == 0) {
      storage.checkReadable();
    }
    if (!test.yarn) {
      // every rank is a thread of this JVM with a transfer buffer of its own
      try {
        BufferMemory.require("-t " + Sizes.human(test.transferSize) + " x -N " + test.numTasks + " ranks",
            test.transferSize * test.numTasks, storage.directTransferBuffers());
      } catch (IllegalArgumentException e) {
        throw new IorUsageException(e.getMessage());
      }
      checkHeldMemory(test);
    }
    storage.checkFreeSpace();
  }

  /** -M and -O memoryPerTask with ranks as threads: what they hold must fit this JVM's heap. */
  private static void checkHeldMemory(IorOptions test) {
    long held = test.memoryPerRank() * test.numTasks;
    if (held == 0) {
      return;
    }
    Runtime runtime = Runtime.getRuntime();
    long available = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    // room left for Hadoop and the driver themselves
    long margin = 256L << 20;
    if (held > available - margin) {
      String asked = test.memoryPerTask != 0 ? "-O memoryPerTask=" + Sizes.human(test.memoryPerTask)
          : "-M " + Sizes.human(test.memoryPerNode) + " per node";
      throw new IorUsageException("holding " + Sizes.human(held) + " of memory (" + asked + ": "
          + Sizes.human(test.memoryPerRank()) + " for each of " + test.numTasks + " ranks) needs more than this JVM's"
          + " heap has free (" + Sizes.human(Math.max(0, available - margin)) + "): ask for less, or raise the heap"
          + " (PFSMIX_JAVA_OPTS=-Xmx...)");
    }
  }

  private static IorResult run(Configuration conf, IorOptions options, List<IorOptions> tests,
      List<IorStorage> storages, OutputStream out) throws IOException {
    // IOR's summary format and file are global: the last test's setting holds for the whole run
    IorOptions last = tests.get(tests.size() - 1);
    PrintStream log = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream results = log;
    if (last.summaryFile != null) {
      results = new PrintStream(new FileOutputStream(last.summaryFile), true, StandardCharsets.UTF_8);
      log.println("Writing output to " + last.summaryFile);
    }
    try {
      startRankDetails(tests);
      IorReport report = new IorReport(results, log, last.summaryFormat, tests.get(0).verbose);
      // IOR validates every test before its header, so their warnings come first
      for (IorOptions test : tests) {
        test.resets.forEach(report::warning);
      }
      report.header(options.commandLineWithProgram());
      List<IorReport.TestSummaries> done = new ArrayList<>();
      List<IorDataError> errors = new ArrayList<>();
      IorResult result = null;
      for (int i = 0; i < tests.size(); i++) {
        IorOptions test = tests.get(i);
        result = runTest(conf, test, storages.get(i), report, log);
        done.add(new IorReport.TestSummaries(test, result.summaries()));
        errors.addAll(result.dataErrors());
      }
      report.summaryAll(done);
      report.finished();
      // a script's run answers with its last test, and the data errors of all
      return result.withDataErrors(errors);
    } finally {
      if (results != log) {
        results.close();
      }
      log.flush();
    }
  }

  private static IorResult runTest(Configuration conf, IorOptions test, IorStorage storage, IorReport report,
      PrintStream log) throws IOException {
    if (test.testId > 0) {
      storage.checkReadable();
    }
    IorAggregator aggregator = new IorAggregator(test, report);
    report.testStart(test, storage.space());
    report.setup(test);
    report.memoryHeld(test);
    for (String file : storage.existingTestFiles()) {
      aggregator.existingTestFile(file);
    }
    if (test.yarn) {
      IorYarnJob.run(conf, test, aggregator, log);
    } else {
      runThreads(test, storage, aggregator);
    }
    IorResult result = aggregator.result();
    report.testIterationsEnd(test, aggregator.iterations(), result.summaries(), aggregator.firstWriteReached());
    return result;
  }

  /** -O saveRankPerformanceDetailsCSV: each file is started anew with IOR's header line, once per run. */
  private static void startRankDetails(List<IorOptions> tests) throws IOException {
    Set<String> started = new HashSet<>();
    for (IorOptions test : tests) {
      if (test.saveRankDetailsCsv != null && started.add(test.saveRankDetailsCsv)) {
        try {
          Files.writeString(Path.of(test.saveRankDetailsCsv),
              "access,rank,runtime-with-openclose,runtime,throughput-withopenclose,throughput\n");
        } catch (IOException e) {
          throw new IorUsageException("-O saveRankPerformanceDetailsCSV=" + test.saveRankDetailsCsv + ": cannot write"
              + " it: " + e.getMessage());
        }
      }
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
