package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.tools.LauncherFiles;

/**
 * Reads the trace files each traced phase left and totals their data bytes by role, trace point and direction, per phase
 * and overall; finds when each workload's data calls began and ended in each phase; and bins them over time for the
 * timeline chart.
 */
public final class TraceAnalysis {

  /** Bytes per second over time for each workload, from one trace point. */
  public record Timeline(long originNs, double binSeconds, TracePoint point, Map<String, double[]> mibPerSecond) {
  }

  /** Calls that end a workload's I/O on a file without moving data: syncs and closes. */
  private static final Set<TraceOp> FINISHING = EnumSet.of(TraceOp.HFLUSH, TraceOp.HSYNC, TraceOp.SYNC,
      TraceOp.DATASYNC, TraceOp.CLOSE, TraceOp.POSIX_FSYNC, TraceOp.POSIX_FDATASYNC, TraceOp.POSIX_CLOSE);

  private final PathRoles roles;
  private final long originNs;
  private final double binSeconds;
  private final int bins;
  private final Map<String, Map<String, Long>> totals = new TreeMap<>();
  private final Map<String, Map<String, Map<String, Long>>> byPhase = new LinkedHashMap<>();
  private final Map<String, Map<String, TraceTotals.IoSpan>> ioByPhase = new LinkedHashMap<>();
  private final List<String> cutShort = new ArrayList<>();
  /** Per trace point, per workload: MiB moved in each time bin (binned as records stream by: traces can be huge). */
  private final Map<TracePoint, Map<String, double[]>> binned = new EnumMap<>(TracePoint.class);
  private long records;

  /**
   * @param originNs start of the timeline (the mix's start), ns since the epoch
   * @param endNs end of the timeline (the last phase's end)
   * @param bins how many time bins the timeline has
   */
  public TraceAnalysis(PathRoles roles, long originNs, long endNs, int bins) {
    this.roles = roles;
    this.originNs = originNs;
    this.bins = bins;
    this.binSeconds = Math.max(1e-3, (endNs - originNs) / 1e9) / bins;
  }

  /** Adds every trace file under {@code dir}, attributing its records to phase {@code phaseId}. */
  public void addPhase(String phaseId, Path dir, List<Path> traceFiles) throws IOException {
    Map<String, Map<String, Long>> phase = byPhase.computeIfAbsent(phaseId, k -> new TreeMap<>());
    Map<String, TraceTotals.IoSpan> spans = ioByPhase.computeIfAbsent(phaseId, k -> new TreeMap<>());
    // per workload, the end of its last sync or close of a file of its own: a checkpoint's fsync (IOR -e) is I/O
    Map<String, Long> finished = new TreeMap<>();
    for (Path file : traceFiles) {
      try (TraceReader reader = TraceReader.open(file)) {
        for (TraceRecord r : reader) {
          records++;
          if (!r.succeeded()) {
            continue;
          }
          if (!(r.op().isRead() || r.op().isWrite())) {
            if (FINISHING.contains(r.op()) && LauncherFiles.groupOf(r) == null) {
              String role = roles.roleOf(r.path());
              if (!PathRoles.OTHER.equals(role)) {
                finished.merge(workloadOf(r, role), r.endNs(), Math::max);
              }
            }
            continue;
          }
          if (r.bytes() <= 0) {
            continue;
          }
          boolean launcher = LauncherFiles.groupOf(r) != null;
          String role = launcher ? PathRoles.LAUNCHER : roles.roleOf(r.path());
          String key = r.point().name() + "." + (r.op().isRead() ? "read" : "write");
          add(totals.computeIfAbsent(role, k -> new TreeMap<>()), key, r.bytes());
          add(phase.computeIfAbsent(role, k -> new TreeMap<>()), key, r.bytes());
          if (launcher) {
            // MPI's start-up reads are neither workload's I/O, though the real IOR's ranks made them
            continue;
          }
          // an unmodified program's POSIX calls are what it asked for, as the application point is a Hadoop program's
          TracePoint point = r.point() == TracePoint.POSIX ? TracePoint.APPLICATION : r.point();
          String workload = workloadOf(r, role);
          spans.merge(workload, new TraceTotals.IoSpan(r.startNs(), r.endNs()),
              (was, call) -> was.with(call.firstNs(), call.lastNs()));
          double[] values = binned.computeIfAbsent(point, k -> new TreeMap<>())
              .computeIfAbsent(workload, k -> new double[bins]);
          double from = (r.startNs() - originNs) / 1e9;
          spread(values, binSeconds, from, Math.max(from, (r.endNs() - originNs) / 1e9), r.bytes() / (1024.0 * 1024.0));
        }
        if (reader.cutShort()) {
          cutShort.add(dir.relativize(file) + ": " + reader.cutShortMessage());
        }
      }
    }
    finished.forEach((workload, end) -> spans.computeIfPresent(workload, (k, span) -> span.with(span.firstNs(), end)));
  }

  private static void add(Map<String, Long> map, String key, long bytes) {
    map.merge(key, bytes, Long::sum);
  }

  public TraceTotals totals(String mergedFile) {
    return new TraceTotals(mergedFile, records, List.copyOf(cutShort), totals, byPhase, ioByPhase);
  }

  /**
   * MiB/s per workload over time, from one trace point: APPLICATION when any records have it (what the workloads asked
   * for, without counting read-ahead twice; the real IOR's POSIX calls count there), else whichever point the trace
   * holds. Launcher and system files (MPI's start-up) are left out.
   */
  public Timeline timeline() {
    TracePoint point = binned.containsKey(TracePoint.APPLICATION) || binned.isEmpty() ? TracePoint.APPLICATION
        : binned.keySet().iterator().next();
    Map<String, double[]> series = new TreeMap<>();
    binned.getOrDefault(point, Map.of()).forEach((workload, mib) -> {
      double[] rate = new double[mib.length];
      for (int i = 0; i < mib.length; i++) {
        rate[i] = mib[i] / binSeconds;
      }
      series.put(workload, rate);
    });
    return new Timeline(originNs, binSeconds, point, series);
  }

  /**
   * The workload that made a record: a further workload's directory names it (its job's tasks carry job ids as
   * TFIDF's do); IOR ranks and TFIDF tasks say so themselves; otherwise the path tells.
   *
   * @param role the role of the record's path ({@link PathRoles#roleOf}), found once per record by the caller
   */
  private static String workloadOf(TraceRecord r, String role) {
    String extra = PathRoles.extraOf(role);
    if (extra != null) {
      return extra;
    }
    if (r.context().hasRank()) {
      return Workload.IOR;
    }
    if (!r.context().jobId().isEmpty()) {
      return Workload.TFIDF;
    }
    return PathRoles.workloadOf(role);
  }

  private static void spread(double[] bins, double binSeconds, double from, double to, double mib) {
    int first = clamp((int) (from / binSeconds), bins.length);
    int last = clamp((int) (to / binSeconds), bins.length);
    if (first == last || to <= from) {
      bins[first] += mib;
      return;
    }
    double perSecond = mib / (to - from);
    for (int i = first; i <= last; i++) {
      double lo = Math.max(from, i * binSeconds);
      double hi = Math.min(to, (i + 1) * binSeconds);
      if (hi > lo) {
        bins[i] += perSecond * (hi - lo);
      }
    }
  }

  private static int clamp(int i, int n) {
    return Math.max(0, Math.min(n - 1, i));
  }

  /** The trace files in a phase's trace directory (every regular file, in name order). */
  public static List<Path> traceFilesIn(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).sorted().toList();
    }
  }
}
