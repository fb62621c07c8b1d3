package io.pfsmix.ior;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns the ranks' records into IOR's numbers (ReduceIterResults: earliest start and latest end of each timer pair
 * over all ranks) and feeds them to the report as each phase completes.
 */
final class IorAggregator {

  private final IorOptions options;
  private final IorReport report;
  private final Map<String, RankRecord[]> records = new ConcurrentHashMap<>();
  private final List<IorIteration> iterations = new ArrayList<>();
  /**
   * Per row of {@link #iterations}: the most transfers by the stonewall, the mean bytes by then and rank 0's time
   * to it (null without -O stoneWallingWearOut).
   */
  private final List<RankRecord.Stonewall> stonewalls = new ArrayList<>();
  private final List<IorDataError> dataErrors = new ArrayList<>();
  private boolean tableStarted;

  IorAggregator(IorOptions options, IorReport report) {
    this.options = options;
    this.report = report;
  }

  private static String key(int iteration, Phase phase) {
    return iteration + "/" + phase;
  }

  void add(RankRecord record) {
    records.computeIfAbsent(key(record.iteration(), record.phase()), k -> new RankRecord[options.numTasks])[record.rank()] =
        record;
  }

  /** Every (iteration, phase) with records, in run order — for replaying a YARN run's records. */
  List<int[]> completedPhases() {
    Map<Integer, List<Phase>> byIteration = new TreeMap<>();
    for (String key : records.keySet()) {
      String[] parts = key.split("/");
      byIteration.computeIfAbsent(Integer.parseInt(parts[0]), k -> new ArrayList<>()).add(Phase.valueOf(parts[1]));
    }
    List<int[]> phases = new ArrayList<>();
    byIteration.forEach((iteration, list) -> list.stream().sorted().forEach(p -> phases.add(new int[] {iteration,
        p.ordinal()})));
    return phases;
  }

  synchronized void iterationStart(int iteration, int signature) {
    report.iterationStart(iteration, signature);
    tableStarted = true;
  }

  void phaseStart(Phase phase) {
    report.phaseStart(phase);
  }

  void log(String line, int verbosity) {
    report.log(line, verbosity);
  }

  synchronized void phaseComplete(int iteration, Phase phase) throws IOException {
    RankRecord[] ranks = records.get(key(iteration, phase));
    if (ranks == null) {
      return;
    }
    if (!tableStarted) {
      // ranks elsewhere (YARN) announce no iterations here: the table starts with the first record replayed
      iterationStart(0, ranks[0] == null ? 0 : ranks[0].signature());
    }
    if (phase == Phase.REMOVE) {
      RankRecord root = ranks[0];
      report.remove(root.timers()[RankRecord.CLOSE_STOP] - root.timers()[RankRecord.OPEN_START], iteration);
      return;
    }
    long errors = 0;
    List<IorDataError> firsts = new ArrayList<>();
    for (RankRecord record : ranks) {
      if (record == null) {
        throw new IllegalStateException("iteration " + iteration + " " + phase + ": a rank's record is missing");
      }
      errors += record.errors();
      if (record.firstError() != null) {
        firsts.add(record.firstError());
      }
    }
    if (errors > 0) {
      // IOR counts them at the end of the phase's transfers, before its close and its row; its format ends in a
      // newline of its own, hence the blank line
      dataErrors.addAll(firsts);
      warn("Incorrect data on " + phase.access + " (" + errors + " errors found).\n");
      report.usedTimeStamp(ranks[0].signature());
    }
    RankRecord.Stonewall stonewall = stonewall(ranks);
    if (phase != Phase.WRITE_CHECK) {
      IorIteration row = reduce(iteration, phase, ranks);
      checkFileSize(ranks, row);
      report.taskTimes(options, iteration, phase, ranks);
      iterations.add(row);
      stonewalls.add(stonewall);
      report.iteration(options, row);
      if (options.outlierThreshold != 0) {
        outliers(ranks, phase);
      }
      if (options.saveRankDetailsCsv != null) {
        saveRankDetails(ranks, row);
      }
    }
  }

  /**
   * -O stoneWallingWearOut: IOR's line on where the stonewall left the ranks (fewest and most transfers, fewest and
   * mean bytes, rank 0's time), and the row's stonewall figures for the summary.
   */
  private RankRecord.Stonewall stonewall(RankRecord[] ranks) {
    if (ranks[0].stonewall() == null) {
      return null;
    }
    long min = Long.MAX_VALUE;
    long max = 0;
    long minBytes = Long.MAX_VALUE;
    long totalBytes = 0;
    for (RankRecord record : ranks) {
      min = Math.min(min, record.stonewall().transfers());
      max = Math.max(max, record.stonewall().transfers());
      minBytes = Math.min(minBytes, record.stonewall().bytes());
      totalBytes += record.stonewall().bytes();
    }
    long meanBytes = totalBytes / options.numTasks;
    double seconds = ranks[0].stonewall().seconds();
    double gib = 1024.0 * 1024 * 1024;
    report.log(String.format(Locale.ROOT, "stonewalling pairs accessed min: %d max: %d -- min data: %.1f GiB mean data:"
        + " %.1f GiB time: %.1fs", min, max, minBytes / gib, meanBytes / gib, seconds), 0);
    return new RankRecord.Stonewall(max, meanBytes, seconds);
  }

  /**
   * IOR's CheckFileSize: the bytes moved against the expected size and the file size the ranks' stats gave (summed over
   * -F's files; the smallest for a shared file), warned about when they differ. The bytes moved count either way.
   */
  private void checkFileSize(RankRecord[] ranks, IorIteration row) throws IOException {
    long sum = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (RankRecord record : ranks) {
      if (record.fileSize() < 0) {
        return; // not looked at: a dry run
      }
      sum += record.fileSize();
      min = Math.min(min, record.fileSize());
      max = Math.max(max, record.fileSize());
    }
    long stat = options.filePerProc ? sum : min;
    if (!options.filePerProc && min != max) {
      warn("inconsistent file size by different tasks");
    }
    long expected = options.expectedAggFileSize();
    long moved = row.aggregateBytes();
    if (expected != moved || stat != moved) {
      warn("Expected aggregate file size       = " + expected);
      warn("Stat() of aggregate file size      = " + stat);
      warn("Using actual aggregate bytes moved = " + moved);
      if (options.deadlineForStonewalling != 0) {
        warn("Maybe caused by deadlineForStonewalling");
      }
    }
  }

  /** IOR's warning before a test's iterations: a test file an earlier run left is written over. */
  void existingTestFile(String name) throws IOException {
    warn("The file \"" + name + "\" exists already and will be overwritten");
  }

  /** IOR's WARN: printed, or with --warningAsErrors the end of the run. */
  private void warn(String message) throws IOException {
    if (options.warningAsErrors) {
      throw new IorRankException("--warningAsErrors: " + message.strip(), null);
    }
    report.warning(message);
  }

  /** -j: IOR's CheckForOutliers, each rank's start, phase times and end against the ranks' mean. */
  private void outliers(RankRecord[] ranks, Phase phase) throws IOException {
    String[] names = {"start time", "elapsed create time", "elapsed transfer time", "elapsed close time", "end time"};
    double[][] values = new double[names.length][ranks.length];
    for (int r = 0; r < ranks.length; r++) {
      double[] t = ranks[r].timers();
      values[0][r] = t[RankRecord.OPEN_START];
      values[1][r] = t[RankRecord.OPEN_STOP] - t[RankRecord.OPEN_START];
      values[2][r] = t[RankRecord.RDWR_STOP] - t[RankRecord.RDWR_START];
      values[3][r] = t[RankRecord.CLOSE_STOP] - t[RankRecord.CLOSE_START];
      values[4][r] = t[RankRecord.CLOSE_STOP];
    }
    String host = IorReport.hostName();
    for (int r = 0; r < ranks.length; r++) {
      for (int v = 0; v < names.length; v++) {
        double mean = 0;
        for (double value : values[v]) {
          mean += value;
        }
        mean /= ranks.length;
        double variance = 0;
        for (double value : values[v]) {
          variance += (mean - value) * (mean - value);
        }
        double sd = Math.sqrt(variance / ranks.length);
        if (Math.abs(values[v][r] - mean) > options.outlierThreshold) {
          warn(String.format(Locale.ROOT, "for %s, task %d, %s %s is %f (mean=%f, stddev=%f)", host, r, phase.access,
              names[v], values[v][r], mean, sd));
        }
      }
    }
  }

  /** -O saveRankPerformanceDetailsCSV: a line per rank, its times with and without open and close, and its rates. */
  private void saveRankDetails(RankRecord[] ranks, IorIteration row) throws IOException {
    StringBuilder lines = new StringBuilder();
    double perRank = (double) row.aggregateBytes() / ranks.length;
    for (RankRecord record : ranks) {
      double[] t = record.timers();
      double total = t[RankRecord.CLOSE_STOP] - t[RankRecord.OPEN_START];
      double access = t[RankRecord.RDWR_STOP] - t[RankRecord.RDWR_START];
      lines.append(String.format(Locale.ROOT, "%s,%d,%.10e,%.10e,%.10e,%.10e%n", row.access(), record.rank(), total,
          access, perRank / total, perRank / access));
    }
    Files.writeString(Path.of(options.saveRankDetailsCsv), lines, StandardOpenOption.APPEND);
  }

  /**
   * IOR's results[0].write.pairs_accessed, which -O stoneWallingStatusFile keeps: the first iteration's write count (the
   * busiest rank's with wear-out); 0 without a write.
   */
  synchronized long firstWriteReached() {
    long reached = 0;
    for (RankRecord record : records.getOrDefault(key(0, Phase.WRITE), new RankRecord[0])) {
      reached = Math.max(reached, record.transfers());
    }
    return reached;
  }

  private IorIteration reduce(int iteration, Phase phase, RankRecord[] ranks) {
    double[] reduced = new double[6];
    long bytes = 0;
    for (int t = 0; t < 6; t++) {
      reduced[t] = t % 2 == 0 ? Double.MAX_VALUE : -Double.MAX_VALUE;
    }
    for (RankRecord record : ranks) {
      for (int t = 0; t < 6; t++) {
        reduced[t] = t % 2 == 0 ? Math.min(reduced[t], record.timers()[t]) : Math.max(reduced[t], record.timers()[t]);
      }
      bytes += record.bytes();
    }
    double open = reduced[RankRecord.OPEN_STOP] - reduced[RankRecord.OPEN_START];
    double access = reduced[RankRecord.RDWR_STOP] - reduced[RankRecord.RDWR_START];
    double close = reduced[RankRecord.CLOSE_STOP] - reduced[RankRecord.CLOSE_START];
    double total = reduced[RankRecord.CLOSE_STOP] - reduced[RankRecord.OPEN_START];
    double bw = bytes / total / 1048576.0;
    double iops = ((double) bytes / options.transferSize) / access;
    // IOR divides rank 0's transfer time by one block's transfers (blockSize / transferSize, in whole numbers), not by
    // the transfers it made: with -s N its latency is N times the time per transfer
    RankRecord root = ranks[0];
    double latency = (root.timers()[RankRecord.RDWR_STOP] - root.timers()[RankRecord.RDWR_START])
        / (options.blockSize / options.transferSize);
    return new IorIteration(phase.access, iteration, bw, iops, latency, open, access, close, total, bytes);
  }

  synchronized IorResult result() {
    List<IorSummary> summaries = new ArrayList<>();
    for (String access : List.of("write", "read")) {
      List<IorIteration> rows = new ArrayList<>();
      for (IorIteration row : iterations) {
        if (row.access().equals(access)) {
          rows.add(row);
        }
      }
      if (!rows.isEmpty()) {
        summaries.add(IorSummary.of(access, rows, options.transferSize, stonewallsOf(access)));
      }
    }
    return new IorResult(options.api, options.testFileName, options.filePerProc, options.numTasks, options.tasksPerNode(),
        options.blockSize, options.transferSize, options.segmentCount, options.repetitions, iterations, summaries,
        dataErrors);
  }

  private List<RankRecord.Stonewall> stonewallsOf(String access) {
    List<RankRecord.Stonewall> of = new ArrayList<>();
    for (int i = 0; i < iterations.size(); i++) {
      if (iterations.get(i).access().equals(access) && stonewalls.get(i) != null) {
        of.add(stonewalls.get(i));
      }
    }
    return of;
  }

  synchronized List<IorIteration> iterations() {
    return List.copyOf(iterations);
  }
}
