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
import java.util.Arrays;
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
  /**
   * One call as the model replays it; times in ns since the epoch. serviceNs is how long it had the storage client to
   * itself: its duration, or, where the client lets one call of a process in at a time, the time from the end of the
   * process's previous call (or from its own start, if later) to its end; the rest it waited for the others.
   */
  public record Call(long startNs, long endNs, EventKind kind, long bytes, String path, long offset, long serviceNs) {
    Call(long startNs, long endNs, EventKind kind, long bytes, String path, long offset) {
      this(startNs, endNs, kind, bytes, path, offset, endNs - startNs);
    }

    /** {@link #serviceNs()} in seconds. */
    public double serviceSeconds() {
      return serviceNs / 1e9;
    }
  }

  /** A rank that went this long without a call was waiting for the others (IOR's barriers). */
  static final long BARRIER_WAIT_NS = 100_000_000;
  /** Calls of ranks leaving one barrier start at most this far apart. */
  static final long BARRIER_SKEW_NS = 50_000_000;

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
  private Map<Call, List<Call>> storedBy;
  private long startupEndNs = Long.MIN_VALUE;
  private final PhaseCpu cpu;
  /** Per actor, its process (host and pid); the actors of a process share its client library. */
  private final Map<String, String> processOf;
  private final boolean oneCallAtATime;
  private final int callsPerPathComponent;

  private PhaseCalls(String workload, long workloadStartNs, long workloadEndNs, TracePoint point,
      Map<String, List<Call>> byActor, Map<String, Map<Integer, Integer>> barriers, PhaseCpu cpu,
      Map<String, String> processOf, boolean oneCallAtATime, int callsPerPathComponent) {
    this.cpu = cpu;
    this.processOf = processOf;
    this.oneCallAtATime = oneCallAtATime;
    this.callsPerPathComponent = callsPerPathComponent;
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
    return load(phaseDir, workload, startNs, endNs, null, false, 0);
  }

  /**
   * CPU seconds the client's machine spent during a phase (results.json's cpu): all of it (machineSeconds), and that of
   * the storage's servers where they run on it (a local cluster).
   */
  public record PhaseCpu(double machineSeconds, double storageSeconds) {
  }

  /**
   * As {@link #load(Path, String, long, long)}, with what the machine's CPU spent during the phase (null: unknown), and
   * whether the file system's client lets one call of a process in at a time (OrangeFS's binding): each call's service
   * is then what it had the client to itself. Such a client may walk a path itself, callsPerPathComponent calls into
   * its library per component, each a turn (0: a call is one turn).
   */
  public static PhaseCalls load(Path phaseDir, String workload, long startNs, long endNs, PhaseCpu cpu,
      boolean oneCallAtATime, int callsPerPathComponent) throws IOException {
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
    Map<String, String> processOf = new LinkedHashMap<>();
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
          processOf.putIfAbsent(e.actor.name(), r.context().host() + "/" + r.context().pid());
          byPoint.computeIfAbsent(r.point(), p -> new LinkedHashMap<>())
              .computeIfAbsent(e.actor.name(), a -> new ArrayList<>())
              .add(new Call(e.startNs(), e.endNs(), e.kind, e.transferred, e.fsPath, e.offset));
        }
        if (reader.cutShortMessage() != null) {
          // the phase's calls after the cut are missing: a replay of it would come out short
          throw new IOException(reader.cutShortMessage() + ": the phase cannot be replayed from it");
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
    if (oneCallAtATime) {
      calls = withService(calls, processOf);
    }
    return new PhaseCalls(workload, startNs, endNs, point, calls, barriers(calls, ranks), cpu, processOf,
        oneCallAtATime, callsPerPathComponent);
  }

  /**
   * The calls with their service where a process's calls go through its client one at a time: in the order they
   * ended, each had the client from the end of the one before (or its own start, if later).
   */
  private static Map<String, List<Call>> withService(Map<String, List<Call>> calls, Map<String, String> processOf) {
    Map<String, List<Call>> byProcess = new LinkedHashMap<>();
    calls.forEach((actor, own) -> byProcess.computeIfAbsent(processOf.get(actor), p -> new ArrayList<>()).addAll(own));
    java.util.IdentityHashMap<Call, Long> service = new java.util.IdentityHashMap<>();
    for (List<Call> process : byProcess.values()) {
      process.sort(Comparator.comparingLong(Call::endNs));
      long previousEnd = Long.MIN_VALUE;
      for (Call c : process) {
        service.put(c, c.endNs() - Math.max(c.startNs(), previousEnd));
        previousEnd = c.endNs();
      }
    }
    Map<String, List<Call>> out = new LinkedHashMap<>();
    calls.forEach((actor, own) -> out.put(actor, own.stream().map(c -> new Call(c.startNs(), c.endNs(), c.kind(),
        c.bytes(), c.path(), c.offset(), service.get(c))).toList()));
    return out;
  }

  /**
   * The turns a call takes in a client that lets one call in at a time: where the client walks a path itself, a call
   * that walks its path (an open, a stat, a namespace call) takes one per call into the library; any other call one.
   */
  public int turns(Call c) {
    boolean walks = switch (c.kind()) {
      case OPEN, STAT, METADATA -> true;
      default -> false;
    };
    if (!oneCallAtATime || callsPerPathComponent == 0 || !walks) {
      return 1;
    }
    // the path as the file system names it (EventNormalizer.fsPath: no scheme or authority)
    long components = Arrays.stream(c.path().split("/")).filter(part -> !part.isEmpty()).count();
    return (int) Math.max(1, callsPerPathComponent * components);
  }

  /** The actor's process (host/pid), whose calls share one client library where it lets one call in at a time. */
  public String processOf(String actor) {
    return processOf.get(actor);
  }

  /** Whether the file system's client lets one call of a process in at a time. */
  public boolean oneCallAtATime() {
    return oneCallAtATime;
  }

  /**
   * The barriers IOR's ranks (MPI ranks in general) met at, found where a rank waited: a call that starts at least
   * {@link #BARRIER_WAIT_NS} after the rank's previous call ended. Every rank meets that barrier before its first call
   * that starts no earlier than {@link #BARRIER_SKEW_NS} before it, or at its end when it has none (IOR's rank 0 waits
   * for the others' closes before it checks and removes the shared file). Per rank actor: call index (the number of
   * calls when at its end) -> barrier number. The gap a rank waited there is waiting, not computing.
   */
  private static Map<String, Map<Integer, Integer>> barriers(Map<String, List<Call>> calls, java.util.Set<String> ranks) {
    List<String> actors = ranks.stream().filter(calls::containsKey).toList();
    Map<String, Map<Integer, Integer>> out = new LinkedHashMap<>();
    if (actors.size() < 2) {
      return out;
    }
    List<long[]> waits = new ArrayList<>(); // start of the call after a wait
    for (String a : actors) {
      long previousEnd = Long.MAX_VALUE;
      for (Call c : calls.get(a)) {
        if (c.startNs() - previousEnd >= BARRIER_WAIT_NS) {
          waits.add(new long[] {c.startNs()});
        }
        previousEnd = previousEnd == Long.MAX_VALUE ? c.endNs() : Math.max(previousEnd, c.endNs());
      }
    }
    waits.sort(java.util.Comparator.comparingLong(w -> w[0]));
    Map<String, Integer> placed = new java.util.HashMap<>();
    int barrier = 0;
    for (long[] w : waits) {
      Map<String, Integer> at = new LinkedHashMap<>();
      for (String a : actors) {
        List<Call> own = calls.get(a);
        int j = 0;
        while (j < own.size() && own.get(j).startNs() < w[0] - BARRIER_SKEW_NS) {
          j++;
        }
        at.put(a, j);
      }
      // a barrier every rank reaches after the previous one (waits close together are one barrier)
      boolean progressed = at.entrySet().stream().allMatch(e -> e.getValue() > placed.getOrDefault(e.getKey(), -1));
      boolean waitedThere = at.entrySet().stream().anyMatch(e -> e.getValue() < calls.get(e.getKey()).size()
          && calls.get(e.getKey()).get(e.getValue()).startNs() <= w[0] + BARRIER_SKEW_NS);
      if (progressed && waitedThere) {
        int id = barrier++;
        placed.putAll(at);
        at.forEach((a, j) -> out.computeIfAbsent(a, k -> new java.util.HashMap<>()).put(j, id));
      }
    }
    return out;
  }

  /** The barrier the actor meets before its call at this index (or, at the number of calls, at its end), or -1. */
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

  /** What the machine's CPU spent during the phase, or null when the mix did not measure it. */
  public PhaseCpu cpu() {
    return cpu;
  }

  /**
   * The CPU seconds an actor's gap between two instants held, by the model's reading: its length times the actor's
   * share of the cores while it was measured (cores / the actors computing at its middle, at most 1).
   */
  public double gapCpuSeconds(long fromNs, long toNs, int cores) {
    int busy = Math.max(1, computing(fromNs + (toNs - fromNs) / 2));
    return Math.max(0, (toNs - fromNs) / 1e9) * Math.min(1.0, (double) cores / busy);
  }

  /** Whether the rank, idle since previousEndNs, waited for the others at a barrier before its call at this index. */
  public boolean waitedAtBarrier(String actor, int callIndex, long previousEndNs) {
    return barrierBefore(actor, callIndex) >= 0
        && byActor.get(actor).get(callIndex).startNs() - previousEndNs >= BARRIER_WAIT_NS;
  }

  /** The CPU seconds the model gives the actors between their calls, start-ups included, on that many cores. */
  public double computeSeconds(int cores) {
    double seconds = 0;
    for (Map.Entry<String, List<Call>> actor : byActor.entrySet()) {
      long previousEnd = workloadStartNs;
      List<Call> calls = actor.getValue();
      for (int i = 0; i < calls.size(); i++) {
        Call c = calls.get(i);
        if (c.startNs() > previousEnd && !waitedAtBarrier(actor.getKey(), i, previousEnd)) {
          seconds += gapCpuSeconds(previousEnd, c.startNs(), cores);
        }
        previousEnd = Math.max(previousEnd, c.endNs());
      }
    }
    return seconds;
  }

  /**
   * How many of the phase's actors were between two of their calls (computing, by the model's reading) at that instant:
   * an actor that measured a gap or a call while others computed too got only its share of the cores during it. A rank
   * waiting at a barrier is not computing (the model makes it wait there).
   */
  public int computing(long atNs) {
    if (gapStarts == null) {
      List<long[]> gaps = new ArrayList<>();
      for (Map.Entry<String, List<Call>> actor : byActor.entrySet()) {
        long previousEnd = Long.MIN_VALUE;
        List<Call> calls = actor.getValue();
        for (int i = 0; i < calls.size(); i++) {
          Call c = calls.get(i);
          boolean waiting = barrierBefore(actor.getKey(), i) >= 0 && c.startNs() - previousEnd >= BARRIER_WAIT_NS;
          if (previousEnd != Long.MIN_VALUE && c.startNs() > previousEnd && !waiting) {
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

  /**
   * Per fsync of the phase, the writes it stored: those to its file, by any of the phase's actors, that ended before it
   * started and that no earlier fsync of the file stored (the kernel writes out a file's dirty pages whoever dirtied
   * them: of IOR's ranks fsyncing one shared file, the first stores what all of them wrote). Keyed by identity; an fsync
   * that found nothing dirty maps to an empty list. Computed on first use.
   */
  public Map<Call, List<Call>> storedBy() {
    if (storedBy == null) {
      Map<String, java.util.ArrayDeque<Call>> pending = new java.util.HashMap<>();
      List<Call> writes = new ArrayList<>();
      List<Call> syncs = new ArrayList<>();
      for (List<Call> calls : byActor.values()) {
        for (Call c : calls) {
          if (c.kind() == EventKind.WRITE && c.bytes() > 0) {
            writes.add(c);
          } else if (c.kind() == EventKind.FSYNC || c.kind() == EventKind.FDATASYNC) {
            syncs.add(c);
          }
        }
      }
      writes.sort(Comparator.comparingLong(Call::endNs));
      syncs.sort(Comparator.comparingLong(Call::startNs));
      storedBy = new java.util.IdentityHashMap<>();
      int next = 0;
      for (Call sync : syncs) {
        while (next < writes.size() && writes.get(next).endNs() <= sync.startNs()) {
          Call w = writes.get(next++);
          pending.computeIfAbsent(w.path(), f -> new java.util.ArrayDeque<>()).add(w);
        }
        java.util.ArrayDeque<Call> dirty = pending.remove(sync.path());
        storedBy.put(sync, dirty == null ? List.of() : List.copyOf(dirty));
      }
    }
    return storedBy;
  }

  /**
   * Where the workload's start-up ends: the start of its first read or write of its main file, the one it moved the
   * most bytes of (TFIDF's requests, IOR's checkpoint). Before it a job is being submitted and set up: the time between
   * its calls there went into work the traces do not see (the client's own files, processes, scheduling). Computed on
   * first use; the workload's start when it moved no data.
   */
  public long startupEndNs() {
    if (startupEndNs == Long.MIN_VALUE) {
      Map<String, Long> bytes = new java.util.HashMap<>();
      for (List<Call> calls : byActor.values()) {
        for (Call c : calls) {
          if (isData(c)) {
            bytes.merge(c.path(), c.bytes(), Long::sum);
          }
        }
      }
      String main = bytes.entrySet().stream().max(Map.Entry.<String, Long>comparingByValue()
          .thenComparing(Map.Entry.comparingByKey())).map(Map.Entry::getKey).orElse(null);
      startupEndNs = byActor.values().stream().flatMap(List::stream).filter(c -> isData(c) && c.path().equals(main))
          .mapToLong(Call::startNs).min().orElse(workloadStartNs);
    }
    return startupEndNs;
  }

  private static boolean isData(Call c) {
    return (c.kind() == EventKind.READ || c.kind() == EventKind.WRITE) && c.bytes() > 0;
  }

  /** End of the workload's last traced call. */
  public long lastCallEndNs() {
    return byActor.values().stream().flatMap(List::stream).mapToLong(Call::endNs).max().orElse(workloadStartNs);
  }
}
