package io.pfsmix.mix;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/** The study's figures computed from the raw phases: throughput alone vs mixed, runtime serial vs mixed, tracing cost. */
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
   * @param serialSeconds per repetition, TFIDF alone plus IOR alone: the two run one after the other
   * @param mixedSeconds per repetition, the mixed phase from start until both finished
   */
  public record Row(String fs, String pattern, boolean traced, Stats iorAlone, Stats iorMixed, Stats tfidfAlone,
      Stats tfidfMixed, Stats tfidfAloneSeconds, Stats iorAloneSeconds, Stats serialSeconds, Stats mixedSeconds) {

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
  }

  /**
   * What tracing cost one kind of phase: runtime traced over untraced, minus one.
   *
   * @param paired per repetition, that repetition's traced runtime over its untraced one, minus one: the pairs share
   *     the machine's state of the moment, so their spread is the overhead's own, not the runs' drift
   */
  public record Overhead(String fs, String pattern, PhaseKind kind, Stats untracedSeconds, Stats tracedSeconds,
      Stats paired) {

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
    for (PhaseRecord p : ok) {
      fileSystems.add(p.fs());
      if (p.pattern() != null) {
        patterns.add(p.pattern());
      }
      tracedValues.add(p.traced());
    }
    List<Row> rows = new ArrayList<>();
    List<Overhead> overheads = new ArrayList<>();
    for (String fs : fileSystems) {
      for (String pattern : patterns) {
        for (boolean traced : tracedValues) {
          Row row = row(ok, fs, pattern, traced);
          if (row != null) {
            rows.add(row);
          }
        }
        if (tracedValues.size() == 2) {
          for (PhaseKind kind : List.of(PhaseKind.TFIDF_ALONE, PhaseKind.IOR_ALONE, PhaseKind.MIXED)) {
            String p = kind == PhaseKind.TFIDF_ALONE ? null : pattern;
            Stats untraced = seconds(ok, fs, p, kind, false);
            Stats traced = seconds(ok, fs, p, kind, true);
            if (!untraced.empty() && !traced.empty()) {
              overheads.add(new Overhead(fs, p, kind, untraced, traced, paired(ok, fs, p, kind)));
            }
          }
        }
      }
    }
    // TFIDF alone is measured once per repetition and shared by the patterns: report its overhead once per fs
    List<Overhead> distinct = overheads.stream().distinct().toList();
    return new MixSummary(List.copyOf(rows), distinct);
  }

  private static Row row(List<PhaseRecord> ok, String fs, String pattern, boolean traced) {
    Predicate<PhaseRecord> here = p -> p.fs().equals(fs) && p.traced() == traced;
    List<PhaseRecord> tfidfAlone = select(ok, here.and(p -> p.kind() == PhaseKind.TFIDF_ALONE));
    List<PhaseRecord> iorAlone = select(ok, here.and(p -> p.kind() == PhaseKind.IOR_ALONE
        && pattern.equals(p.pattern())));
    List<PhaseRecord> mixed = select(ok, here.and(p -> p.kind() == PhaseKind.MIXED && pattern.equals(p.pattern())));
    if (iorAlone.isEmpty() && mixed.isEmpty()) {
      return null;
    }
    List<Double> serial = new ArrayList<>();
    for (PhaseRecord ior : iorAlone) {
      tfidfAlone.stream().filter(t -> t.repetition() == ior.repetition()).findFirst()
          .ifPresent(t -> serial.add(t.seconds() + ior.seconds()));
    }
    return new Row(fs, pattern, traced,
        throughput(iorAlone, Workload.IOR), throughput(mixed, Workload.IOR),
        throughput(tfidfAlone, Workload.TFIDF), throughput(mixed, Workload.TFIDF),
        Stats.of(tfidfAlone.stream().map(PhaseRecord::seconds).toList()),
        Stats.of(iorAlone.stream().map(PhaseRecord::seconds).toList()),
        Stats.of(serial),
        Stats.of(mixed.stream().map(PhaseRecord::seconds).toList()));
  }

  private static Stats seconds(List<PhaseRecord> ok, String fs, String pattern, PhaseKind kind, boolean traced) {
    return Stats.of(ok.stream().filter(p -> p.fs().equals(fs) && p.kind() == kind && p.traced() == traced
        && Objects.equals(p.pattern(), pattern)).map(PhaseRecord::seconds).toList());
  }

  private static Stats paired(List<PhaseRecord> ok, String fs, String pattern, PhaseKind kind) {
    List<Double> ratios = new ArrayList<>();
    List<PhaseRecord> here = select(ok, p -> p.fs().equals(fs) && p.kind() == kind
        && Objects.equals(p.pattern(), pattern));
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
