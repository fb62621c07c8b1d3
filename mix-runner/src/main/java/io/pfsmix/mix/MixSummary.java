package io.pfsmix.mix;

import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The study's figures computed from the raw phases: throughput alone vs mixed, runtime serial vs mixed, tracing cost;
 * for the two sides and every further workload (mix.workloads).
 */
public final class MixSummary {

  /**
   * One file system and pattern, traced or not.
   *
   * @param iorAlone IOR throughput (MiB/s) with nothing else running
   * @param iorMixed IOR throughput while TFIDF ran
   * @param tfidfAlone TFIDF throughput alone (the same TFIDF-alone phases serve every pattern)
   * @param tfidfMixed TFIDF throughput while IOR ran
   * @param tfidfAloneSeconds runtime of TFIDF alone
   * @param iorAloneSeconds runtime of IOR alone
   * @param serialSeconds per repetition, TFIDF alone plus IOR alone plus every further workload alone: all run one
   *     after the other
   * @param mixedSeconds per repetition, the mixed phase from start until every workload finished
   * @param extras the further workloads' figures, in the order they first ran
   */
  public record Row(String fs, String pattern, boolean traced, Stats iorAlone, Stats iorMixed, Stats tfidfAlone,
      Stats tfidfMixed, Stats tfidfAloneSeconds, Stats iorAloneSeconds, Stats serialSeconds, Stats mixedSeconds,
      List<Extra> extras) {

    /** How many times slower IOR ran mixed (alone / mixed throughput). */
    public double iorSlowdown() {
      return iorAlone.mean() / iorMixed.mean();
    }

    public double tfidfSlowdown() {
      return tfidfAlone.mean() / tfidfMixed.mean();
    }

    /** Mixed runtime over serial runtime: below 1, running both at once finished sooner than one after the other. */
    public double mixedOverSerial() {
      return mixedSeconds.mean() / serialSeconds.mean();
    }

    public String patternLabel() {
      return IorPattern.of(pattern).label();
    }

    /** The figures of further workload {@code name}, or null when it has none here. */
    public Extra extra(String name) {
      return extras.stream().filter(x -> x.workload().equals(name)).findFirst().orElse(null);
    }
  }

  /**
   * A further workload's figures in one row: like the sides', its alone phases are shared by every pattern.
   *
   * @param workload its name (mix.workloads)
   * @param alone its throughput (MiB/s) with nothing else running
   * @param mixed its throughput in the row's mixed phases
   * @param aloneSeconds runtime of its alone phases
   */
  public record Extra(String workload, Stats alone, Stats mixed, Stats aloneSeconds) {

    /** How many times slower it ran mixed (alone / mixed throughput). */
    public double slowdown() {
      return alone.mean() / mixed.mean();
    }
  }

  /**
   * What tracing cost one kind of phase: runtime traced over untraced, minus one.
   *
   * @param workload the further workload of a {@link PhaseKind#WORKLOAD_ALONE} phase, else null
   * @param paired per repetition, that repetition's traced runtime over its untraced one, minus one: the pairs share
   *     the machine's state of the moment, so their spread is the overhead's own, not the runs' drift
   */
  public record Overhead(String fs, String pattern, PhaseKind kind, String workload, Stats untracedSeconds,
      Stats tracedSeconds, Stats paired) {

    /** The mean of the paired overheads, or, without pairs, of the means. */
    public double overhead() {
      return paired.empty() ? tracedSeconds.mean() / untracedSeconds.mean() - 1 : paired.mean();
    }
  }

  private final List<Row> rows;
  private final List<Overhead> overheads;

  private MixSummary(List<Row> rows, List<Overhead> overheads) {
    this.rows = rows;
    this.overheads = overheads;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<Overhead> overheads() {
    return overheads;
  }

  /** Summarizes the successful measured phases (balancing runs and failed phases are left out). */
  public static MixSummary of(List<PhaseRecord> phases) {
    List<PhaseRecord> ok = phases.stream().filter(PhaseRecord::ok).toList();
    Set<String> fileSystems = new LinkedHashSet<>();
    Set<String> patterns = new LinkedHashSet<>();
    Set<Boolean> tracedValues = new LinkedHashSet<>();
    Set<String> extras = new LinkedHashSet<>();
    for (PhaseRecord p : ok) {
      fileSystems.add(p.fs());
      if (p.pattern() != null) {
        patterns.add(p.pattern());
      }
      tracedValues.add(p.traced());
      if (p.kind() == PhaseKind.WORKLOAD_ALONE) {
        extras.add(p.workload());
      }
    }
    List<Row> rows = new ArrayList<>();
    List<Overhead> overheads = new ArrayList<>();
    for (String fs : fileSystems) {
      for (String pattern : patterns) {
        for (boolean traced : tracedValues) {
          Row row = row(ok, fs, pattern, traced, extras);
          if (row != null) {
            rows.add(row);
          }
        }
        if (tracedValues.size() == 2) {
          List<Map.Entry<PhaseKind, String>> kinds = new ArrayList<>();
          kinds.add(new SimpleEntry<>(PhaseKind.TFIDF_ALONE, null));
          extras.forEach(x -> kinds.add(new SimpleEntry<>(PhaseKind.WORKLOAD_ALONE, x)));
          kinds.add(new SimpleEntry<>(PhaseKind.IOR_ALONE, null));
          kinds.add(new SimpleEntry<>(PhaseKind.MIXED, null));
          for (Map.Entry<PhaseKind, String> k : kinds) {
            PhaseKind kind = k.getKey();
            // the analytics side's and further workloads' alone phases have no pattern
            String p = kind == PhaseKind.IOR_ALONE || kind == PhaseKind.MIXED ? pattern : null;
            Stats untraced = seconds(ok, fs, p, kind, k.getValue(), false);
            Stats traced = seconds(ok, fs, p, kind, k.getValue(), true);
            if (!untraced.empty() && !traced.empty()) {
              overheads.add(new Overhead(fs, p, kind, k.getValue(), untraced, traced,
                  paired(ok, fs, p, kind, k.getValue())));
            }
          }
        }
      }
    }
    // TFIDF and further workloads alone are measured once per repetition and shared by the patterns: report their
    // overheads once per fs
    List<Overhead> distinct = overheads.stream().distinct().toList();
    return new MixSummary(List.copyOf(rows), distinct);
  }

  private static Row row(List<PhaseRecord> ok, String fs, String pattern, boolean traced, Set<String> extras) {
    Predicate<PhaseRecord> here = p -> p.fs().equals(fs) && p.traced() == traced;
    List<PhaseRecord> tfidfAlone = select(ok, here.and(p -> p.kind() == PhaseKind.TFIDF_ALONE));
    List<PhaseRecord> iorAlone = select(ok, here.and(p -> p.kind() == PhaseKind.IOR_ALONE
        && pattern.equals(p.pattern())));
    List<PhaseRecord> mixed = select(ok, here.and(p -> p.kind() == PhaseKind.MIXED && pattern.equals(p.pattern())));
    if (iorAlone.isEmpty() && mixed.isEmpty()) {
      return null;
    }
    Map<String, List<PhaseRecord>> extrasAlone = new LinkedHashMap<>();
    List<Extra> extraFigures = new ArrayList<>();
    for (String x : extras) {
      List<PhaseRecord> alone = select(ok, here.and(p -> p.kind() == PhaseKind.WORKLOAD_ALONE
          && x.equals(p.workload())));
      extrasAlone.put(x, alone);
      extraFigures.add(new Extra(x, throughput(alone, x), throughput(mixed, x),
          Stats.of(alone.stream().map(PhaseRecord::seconds).toList())));
    }
    // serial: every workload alone in the same repetition, one after the other; a repetition lacking one has none
    List<List<PhaseRecord>> others = new ArrayList<>(List.of(tfidfAlone));
    others.addAll(extrasAlone.values());
    List<Double> serial = new ArrayList<>();
    for (PhaseRecord ior : iorAlone) {
      double sum = 0;
      int found = 0;
      for (List<PhaseRecord> alone : others) {
        for (PhaseRecord a : alone) {
          if (a.repetition() == ior.repetition()) {
            sum += a.seconds();
            found++;
            break;
          }
        }
      }
      if (found == others.size()) {
        serial.add(sum + ior.seconds());
      }
    }
    return new Row(fs, pattern, traced,
        throughput(iorAlone, Workload.IOR), throughput(mixed, Workload.IOR),
        throughput(tfidfAlone, Workload.TFIDF), throughput(mixed, Workload.TFIDF),
        Stats.of(tfidfAlone.stream().map(PhaseRecord::seconds).toList()),
        Stats.of(iorAlone.stream().map(PhaseRecord::seconds).toList()),
        Stats.of(serial),
        Stats.of(mixed.stream().map(PhaseRecord::seconds).toList()), List.copyOf(extraFigures));
  }

  private static Stats seconds(List<PhaseRecord> ok, String fs, String pattern, PhaseKind kind, String workload,
      boolean traced) {
    return Stats.of(ok.stream().filter(p -> p.fs().equals(fs) && p.kind() == kind && p.traced() == traced
        && Objects.equals(p.pattern(), pattern) && Objects.equals(p.workload(), workload))
        .map(PhaseRecord::seconds).toList());
  }

  private static Stats paired(List<PhaseRecord> ok, String fs, String pattern, PhaseKind kind, String workload) {
    List<Double> ratios = new ArrayList<>();
    List<PhaseRecord> here = select(ok, p -> p.fs().equals(fs) && p.kind() == kind
        && Objects.equals(p.pattern(), pattern) && Objects.equals(p.workload(), workload));
    for (PhaseRecord traced : here) {
      if (traced.traced()) {
        here.stream().filter(u -> !u.traced() && u.repetition() == traced.repetition()).findFirst()
            .ifPresent(u -> ratios.add(traced.seconds() / u.seconds() - 1));
      }
    }
    return Stats.of(ratios);
  }

  private static List<PhaseRecord> select(List<PhaseRecord> phases, Predicate<PhaseRecord> which) {
    return phases.stream().filter(which).toList();
  }

  private static Stats throughput(List<PhaseRecord> phases, String workload) {
    return Stats.of(phases.stream().map(p -> p.result(workload)).filter(Objects::nonNull)
        .map(WorkloadResult::throughputMiBs).toList());
  }
}
