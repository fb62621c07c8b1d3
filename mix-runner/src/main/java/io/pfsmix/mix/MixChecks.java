package io.pfsmix.mix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a reader must know before taking the figures as the workloads' interference: a workload that ran faster mixed
 * than alone, with the conditions the run can name (the repetitions' spread, the phase order, the page cache, caches
 * left in place), phases that ran faster than the storage sustains (page-cache speed, not the storage's) unless
 * they waited for it (IOR with -e or -Y), and reads that may have come from memory because caches were kept.
 */
final class MixChecks {

  /** A phase this much faster than the storage probe did not wait for the storage. */
  static final double BEYOND_STORAGE = 1.25;

  /**
   * One finding.
   *
   * @param check which check: "faster mixed than alone", "faster than the storage", "caches kept", or "none"
   * @param text what was found, with the figures
   */
  record Finding(String check, String text) {
  }

  private MixChecks() {
  }

  static List<Finding> of(MixResults results, MixSummary summary) {
    String hpc = HpcCommand.labelOf(results.settings());
    String an = AnalyticsJob.labelOf(results.settings());
    Map<String, String> labels = new LinkedHashMap<>(ReportWriter.extraLabels(results.settings(), summary));
    labels.put(Workload.IOR, hpc);
    labels.put(Workload.TFIDF, an);
    List<Finding> findings = new ArrayList<>();
    List<PhaseRecord> measured = results.phases().stream().filter(PhaseRecord::ok)
        .filter(p -> p.kind() == PhaseKind.TFIDF_ALONE || p.kind() == PhaseKind.IOR_ALONE
            || p.kind() == PhaseKind.WORKLOAD_ALONE || p.kind() == PhaseKind.MIXED).toList();
    for (MixSummary.Row row : summary.rows()) {
      Map<String, String> env = results.environment().getOrDefault(row.fs(), Map.of());
      fasterMixed(findings, row, Workload.IOR, row.iorAlone(), row.iorMixed(), row.iorSlowdown(), measured, env,
          iorSyncs(results.settings()), labels);
      fasterMixed(findings, row, Workload.TFIDF, row.tfidfAlone(), row.tfidfMixed(), row.tfidfSlowdown(), measured,
          env, false, labels);
      for (MixSummary.Extra x : row.extras()) {
        fasterMixed(findings, row, x.workload(), x.alone(), x.mixed(), x.slowdown(), measured, env, false, labels);
      }
    }
    boolean iorSyncs = iorSyncs(results.settings());
    results.environment().forEach((fs, env) -> {
      StorageProbe probe = StorageProbe.from(env);
      if (probe != null) {
        if (!iorSyncs) {
          beyondStorage(findings, fs, hpc, probe.writeMiBs(), "written and synced", measured);
        }
      }
      // the classifier reads its input once per phase: with caches dropped before each phase it read from storage;
      // without, the input an earlier phase read may still be in memory, and no probe can bound that
      String before = env.get(MixRunner.BEFORE_EVERY_PHASE);
      if (before != null && before.contains(Settling.CACHES_KEPT)) {
        findings.add(new Finding("caches kept", an + " on " + fs + " may have read its input from memory (the page"
            + " cache) in every phase after the first: before every phase, " + before + "."));
      }
    });
    if (findings.isEmpty()) {
      boolean probed = results.environment().values().stream().anyMatch(env -> StorageProbe.from(env) != null);
      findings.add(new Finding("none", "No workload ran faster mixed than alone"
          + (probed ? ", and no phase ran faster than the storage probe." : "; without a storage probe ("
          + MixKeys.PROBE_SIZE + " = 0) whether the phases reached the storage is not known.")));
    }
    return findings;
  }

  /**
   * @param workload {@link Workload#IOR}, {@link Workload#TFIDF} or a further workload's name
   * @param labels every workload's label by name
   */
  private static void fasterMixed(List<Finding> findings, MixSummary.Row row, String workload, Stats alone,
      Stats mixed, double slowdown, List<PhaseRecord> measured, Map<String, String> env, boolean iorSyncs,
      Map<String, String> labels) {
    if (!(slowdown < 1)) {
      return;
    }
    boolean ior = labels.get(Workload.IOR).equals(HpcCommand.IOR_LABEL);
    // a further workload's alone phases serve every pattern, as the analytics side's do: its mixed phases differ
    boolean extra = !workload.equals(Workload.IOR) && !workload.equals(Workload.TFIDF);
    String pattern = !ior ? "" : workload.equals(Workload.IOR) ? " " + row.patternLabel()
        : extra ? " beside IOR " + row.patternLabel() : "";
    String name = labels.get(workload) + pattern + " on " + row.fs() + (row.traced() ? " (traced)" : " (untraced)");
    StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
        "%s ran faster mixed than alone: slowdown %.2f× (alone %s, mixed %s MiB/s).", name, slowdown,
        alone.format(1), mixed.format(1)));
    if (alone.n() > 1 && mixed.n() > 1 && alone.mean() + alone.stddev() >= mixed.mean() - mixed.stddev()) {
      text.append(" The difference is within the repetitions' spread.");
    } else if (alone.n() < 2 || mixed.n() < 2) {
      text.append(" With one repetition the spread is unknown (repeat with -r 3 or more).");
    }
    text.append(orderEffect(row, workload, measured, labels.get(workload)));
    StorageProbe probe = StorageProbe.from(env);
    boolean waited = workload.equals(Workload.IOR) && iorSyncs;
    // a further workload may read, write or both: no one probe figure bounds it
    double bound = probe == null || waited || extra ? Double.NaN : workload.equals(Workload.IOR) ? probe.writeMiBs()
        : probe.readFromStorage() ? probe.readMiBs() : Double.NaN;
    if (probe == null && !waited) {
      text.append(" There was no storage probe (" + MixKeys.PROBE_SIZE + " = 0) to tell page-cache speed from the"
          + " storage's.");
    } else if (!Double.isNaN(bound) && Math.max(alone.mean(), mixed.mean()) > BEYOND_STORAGE * bound) {
      text.append(String.format(Locale.ROOT, " It ran faster than the storage sustained (%.1f MiB/s): the page cache,"
          + " not the storage, set its speed%s.", bound, !workload.equals(Workload.IOR) ? "" : ior
          ? "; make checkpoints reach the storage with IOR -e (fsync) or make them larger than memory"
          : "; make its writes reach the storage (fsync) or larger than memory"));
    }
    findings.add(new Finding("faster mixed than alone", text.toString()));
  }

  /** Per-repetition slowdowns split by whether the alone phase ran before the mixed one. */
  private static String orderEffect(MixSummary.Row row, String workload, List<PhaseRecord> measured, String label) {
    PhaseKind aloneKind = workload.equals(Workload.IOR) ? PhaseKind.IOR_ALONE : workload.equals(Workload.TFIDF)
        ? PhaseKind.TFIDF_ALONE : PhaseKind.WORKLOAD_ALONE;
    String aloneWorkload = aloneKind == PhaseKind.WORKLOAD_ALONE ? workload : null;
    String alonePattern = workload.equals(Workload.IOR) ? row.pattern() : null;
    List<Double> aloneFirst = new ArrayList<>();
    List<Double> mixedFirst = new ArrayList<>();
    for (PhaseRecord mixed : measured) {
      if (mixed.kind() != PhaseKind.MIXED || !mixed.fs().equals(row.fs()) || mixed.traced() != row.traced()
          || !row.pattern().equals(mixed.pattern()) || mixed.result(workload) == null) {
        continue;
      }
      for (PhaseRecord alone : measured) {
        if (alone.kind() == aloneKind && alone.fs().equals(row.fs()) && alone.traced() == row.traced()
            && alone.repetition() == mixed.repetition() && Objects.equals(alone.pattern(), alonePattern)
            && Objects.equals(alone.workload(), aloneWorkload) && alone.result(workload) != null) {
          double slowdown = alone.result(workload).throughputMiBs() / mixed.result(workload).throughputMiBs();
          (alone.startNs() < mixed.startNs() ? aloneFirst : mixedFirst).add(slowdown);
        }
      }
    }
    if (aloneFirst.isEmpty() || mixedFirst.isEmpty()) {
      return " Every repetition ran the phases in one order (" + MixKeys.PHASE_ORDER + "), so an effect of the order"
          + " cannot be told apart from the mix's.";
    }
    Stats before = Stats.of(aloneFirst);
    Stats after = Stats.of(mixedFirst);
    return String.format(Locale.ROOT, " Slowdown with %s alone run before the mixed phase %s, after it %s%s.",
        label, before.format(2), after.format(2),
        (before.mean() < 1) != (after.mean() < 1) ? ": the phase order, not the mix, decides whether it is faster" : "");
  }

  /** @param hpc the HPC side's label (IOR or the command's): whose throughput is checked */
  private static void beyondStorage(List<Finding> findings, String fs, String hpc, double bound, String how,
      List<PhaseRecord> measured) {
    int phases = 0;
    int beyond = 0;
    double fastest = 0;
    for (PhaseRecord p : measured) {
      WorkloadResult w = p.fs().equals(fs) ? p.result(Workload.IOR) : null;
      if (w != null) {
        phases++;
        if (w.throughputMiBs() > BEYOND_STORAGE * bound) {
          beyond++;
          fastest = Math.max(fastest, w.throughputMiBs());
        }
      }
    }
    if (beyond > 0) {
      findings.add(new Finding("faster than the storage", String.format(Locale.ROOT,
          "%s on %s ran faster than the storage sustained in %d of %d phases (up to %.1f MiB/s, against %.1f MiB/s %s"
              + " by the storage probe): those figures are page-cache speed, not the storage's.",
          hpc, fs, beyond, phases, fastest, bound, how)));
    }
  }

  /**
   * Whether IOR waited for the storage: with -e (fsync at close) or -Y (fsync after every write) its time includes
   * the storage's, so however fast it ran, it is not page-cache speed.
   */
  static boolean iorSyncs(Map<String, String> settings) {
    String flags = settings.getOrDefault(MixKeys.IOR_FLAGS, "");
    return java.util.Arrays.stream(flags.trim().split("\\s+")).anyMatch(f -> f.equals("-e") || f.equals("-Y"));
  }

}
