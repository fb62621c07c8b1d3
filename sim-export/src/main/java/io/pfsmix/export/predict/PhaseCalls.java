package io.pfsmix.export.predict;

import io.pfsmix.export.EventKind;
import io.pfsmix.export.EventNormalizer;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The calls one workload made in one traced phase, per actor (IOR rank, Hadoop task, process), at the lowest trace point
 * the phase has: the storage point (what reached the file system, behind pfs's read-ahead) when it recorded anything,
 * else the POSIX point (the LD_PRELOAD library), else the application point.
 */
public final class PhaseCalls {
  /** One call as the model replays it; times in ns since the epoch. */
  public record Call(long startNs, long endNs, EventKind kind, long bytes, String path, long offset) {
  }

  /**
   * Two calls of different ranks start this close together (or closer) at a barrier. A barrier is recognised where every
   * rank starts a call within it of one another and at least one of them had waited {@link #BARRIER_WAIT_NS} before.
   */
  static final long BARRIER_SKEW_NS = 50_000_000;
  static final long BARRIER_WAIT_NS = 100_000_000;

  private final String workload;
  private final long workloadStartNs;
  private final long workloadEndNs;
  private final TracePoint point;
  private final Map<String, List<Call>> byActor;
  /** Per rank actor: call index -> the barrier it followed. */
  private final Map<String, Map<Integer, Integer>> barriers;
  /** Starts and ends of every actor's gaps between calls, each sorted; computed on first use. */
  private long[] gapStarts;
  private long[] gapEnds;

  private PhaseCalls(String workload, long workloadStartNs, long workloadEndNs, TracePoint point,
      Map<String, List<Call>> byActor, Map<String, Map<Integer, Integer>> barriers) {
    this.barriers = barriers;
    this.workload = workload;
    this.workloadStartNs = workloadStartNs;
    this.workloadEndNs = workloadEndNs;
    this.point = point;
    this.byActor = byActor;
  }

  /**
   * Reads every trace file of a phase's trace directory. The workload's start and end (from results.json) bound it: the
   * model idles from the start to an actor's first call and adds the time from the last call to the end.
   */
  public static PhaseCalls load(Path phaseDir, String workload, long startNs, long endNs) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(phaseDir)) {
      files = s.filter(f -> f.getFileName().toString().endsWith(".ptrace")).sorted().toList();
    } catch (IOException e) {
      throw new IOException("cannot list the phase's traces in " + phaseDir + ": " + e.getMessage(), e);
    }
    if (files.isEmpty()) {
      throw new IOException("no trace file (*.ptrace) in " + phaseDir);
    }
    EventNormalizer normalizer = new EventNormalizer(EnumSet.allOf(TracePoint.class));
    Map<TracePoint, Map<String, List<Call>>> byPoint = new EnumMap<>(TracePoint.class);
    java.util.Set<String> ranks = new java.util.LinkedHashSet<>();
    for (Path f : files) {
      try (TraceReader reader = TraceReader.open(f)) {
        for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
          ExportEvent e = normalizer.normalize(r);
          if (e == null || e.fsPath == null || e.kind == EventKind.SEEK || e.kind == EventKind.UNKNOWN
              || r.point() == null) {
            continue; // seeks only move a client-side position
          }
          if (r.context().hasRank()) {
            ranks.add(e.actor.name());
          }
          byPoint.computeIfAbsent(r.point(), p -> new LinkedHashMap<>())
              .computeIfAbsent(e.actor.name(), a -> new ArrayList<>())
              .add(new Call(e.startNs(), e.endNs(), e.kind, e.transferred, e.fsPath, e.offset));
        }
      }
    }
    TracePoint point = byPoint.containsKey(TracePoint.STORAGE) ? TracePoint.STORAGE
        : byPoint.containsKey(TracePoint.POSIX) ? TracePoint.POSIX : TracePoint.APPLICATION;
    Map<String, List<Call>> calls = byPoint.getOrDefault(point, Map.of());
    if (calls.isEmpty()) {
      throw new IOException("the traces in " + phaseDir + " hold no call on a file");
    }
    calls.values().forEach(l -> l.sort(Comparator.comparingLong(Call::startNs)));
    return new PhaseCalls(workload, startNs, endNs, point, calls, barriers(calls, ranks));
  }

  /**
   * The barriers IOR's ranks (MPI ranks in general) met at: per rank actor, the indices of its calls that followed one,
   * numbered in order. Ranks wait there for one another, so the gap before such a call is waiting, not computing.
   */
  private static Map<String, Map<Integer, Integer>> barriers(Map<String, List<Call>> calls, java.util.Set<String> ranks) {
    List<String> actors = ranks.stream().filter(calls::containsKey).toList();
    Map<String, Map<Integer, Integer>> out = new LinkedHashMap<>();
    if (actors.size() < 2) {
      return out;
    }
    Map<String, long[]> starts = new LinkedHashMap<>();
    for (String a : actors) {
      starts.put(a, calls.get(a).stream().mapToLong(Call::startNs).toArray());
    }
    List<Call> first = calls.get(actors.get(0));
    Map<String, Integer> lastMatched = new java.util.HashMap<>();
    int barrier = 0;
    for (int i = 1; i < first.size(); i++) {
      long at = first.get(i).startNs();
      Map<String, Integer> hit = new LinkedHashMap<>();
      boolean waited = false;
      for (String a : actors) {
        int j = nearest(starts.get(a), at);
        // each rank's call meets one barrier, and barriers come in order
        if (j <= lastMatched.getOrDefault(a, 0) || Math.abs(starts.get(a)[j] - at) > BARRIER_SKEW_NS) {
          hit = null;
          break;
        }
        List<Call> own = calls.get(a);
        long previousEnd = own.subList(0, j).stream().mapToLong(Call::endNs).max().orElse(Long.MIN_VALUE);
        waited |= own.get(j).startNs() - previousEnd >= BARRIER_WAIT_NS;
        hit.put(a, j);
      }
      if (hit != null && waited) {
        int id = barrier++;
        lastMatched.putAll(hit);
        hit.forEach((a, j) -> out.computeIfAbsent(a, k -> new java.util.HashMap<>()).put(j, id));
      }
    }
    return out;
  }

  private static int nearest(long[] sorted, long t) {
    int i = java.util.Arrays.binarySearch(sorted, t);
    if (i >= 0) {
      return i;
    }
    int after = -i - 1;
    if (after == 0) {
      return 0;
    }
    if (after == sorted.length) {
      return sorted.length - 1;
    }
    return t - sorted[after - 1] <= sorted[after] - t ? after - 1 : after;
  }

  /** The barrier the actor's call at this index followed (numbered within the phase), or -1. */
  public int barrierBefore(String actor, int callIndex) {
    return barriers.getOrDefault(actor, Map.of()).getOrDefault(callIndex, -1);
  }

  /** How many ranks meet at each barrier. */
  public int barrierRanks() {
    return barriers.size();
  }

  public String workload() {
    return workload;
  }

  public TracePoint point() {
    return point;
  }

  public long workloadStartNs() {
    return workloadStartNs;
  }

  public long workloadEndNs() {
    return workloadEndNs;
  }

  public Map<String, List<Call>> byActor() {
    return byActor;
  }

  /**
   * How many of the phase's actors were between two of their calls (computing, by the model's reading) at that instant:
   * an actor that measured a gap while others computed too got only its share of the cores during it.
   */
  public int computing(long atNs) {
    if (gapStarts == null) {
      List<long[]> gaps = new ArrayList<>();
      for (List<Call> calls : byActor.values()) {
        long previousEnd = Long.MIN_VALUE;
        for (Call c : calls) {
          if (previousEnd != Long.MIN_VALUE && c.startNs() > previousEnd) {
            gaps.add(new long[] {previousEnd, c.startNs()});
          }
          previousEnd = Math.max(previousEnd, c.endNs());
        }
      }
      gapStarts = gaps.stream().mapToLong(g -> g[0]).sorted().toArray();
      gapEnds = gaps.stream().mapToLong(g -> g[1]).sorted().toArray();
    }
    return atOrBefore(gapStarts, atNs) - atOrBefore(gapEnds, atNs);
  }

  private static int atOrBefore(long[] sorted, long t) {
    int i = java.util.Arrays.binarySearch(sorted, t);
    if (i < 0) {
      return -i - 1;
    }
    while (i + 1 < sorted.length && sorted[i + 1] == t) {
      i++;
    }
    return i + 1;
  }

  /** End of the workload's last traced call. */
  public long lastCallEndNs() {
    return byActor.values().stream().flatMap(List::stream).mapToLong(Call::endNs).max().orElse(workloadStartNs);
  }
}
