package io.pfsmix.ior;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
    if (phase != Phase.WRITE_CHECK) {
      IorIteration row = reduce(iteration, phase, ranks);
      iterations.add(row);
      report.iteration(options, row);
      checkTransferred(row);
    }
    if (errors > 0) {
      dataErrors.addAll(firsts);
      report.dataErrors(phase.access, errors, ranks[0].signature(), firsts);
    }
  }

  private void checkTransferred(IorIteration row) throws IOException {
    long expected = options.expectedAggFileSize();
    if (row.aggregateBytes() != expected && options.deadlineForStonewalling == 0) {
      report.warning("Expected aggregate file size       = " + expected);
      report.warning("Using actual aggregate bytes moved = " + row.aggregateBytes());
    }
    if (row.aggregateBytes() != expected && options.deadlineForStonewalling == 0 && options.warningAsErrors) {
      throw new IorRankException("--warningAsErrors: " + row.access() + " moved " + row.aggregateBytes()
          + " bytes, not the expected " + expected, null);
    }
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
    RankRecord root = ranks[0];
    double latency = root.transfers() == 0 ? 0
        : (root.timers()[RankRecord.RDWR_STOP] - root.timers()[RankRecord.RDWR_START]) / root.transfers();
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
        summaries.add(IorSummary.of(access, rows, options.transferSize));
      }
    }
    return new IorResult(options.api, options.testFileName, options.filePerProc, options.numTasks, options.tasksPerNode(),
        options.blockSize, options.transferSize, options.segmentCount, options.repetitions, iterations, summaries,
        dataErrors);
  }

  synchronized List<IorIteration> iterations() {
    return List.copyOf(iterations);
  }
}
