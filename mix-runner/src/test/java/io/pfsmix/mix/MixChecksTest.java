package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The report's checks and tracing's overhead figures, from phases as a run records them. */
class MixChecksTest {

  private static final long MIB = 1 << 20;

  @Test
  void aWorkloadFasterMixedIsNamedWithThePhaseOrderThatMadeIt() {
    List<PhaseRecord> phases = new ArrayList<>();
    // repetition 1 runs IOR alone before the mixed phase, repetition 2 after it (alternate order)
    phases.add(tfidf(PhaseKind.TFIDF_ALONE, 1, 0, 10));
    phases.add(ior(PhaseKind.IOR_ALONE, 1, 1, 100));
    phases.add(mixed(1, 2, 200, 10));
    phases.add(mixed(2, 3, 100, 10));
    phases.add(ior(PhaseKind.IOR_ALONE, 2, 4, 120));
    phases.add(tfidf(PhaseKind.TFIDF_ALONE, 2, 5, 10));
    MixResults results = results(phases, Map.of());

    List<MixChecks.Finding> findings = MixChecks.of(results, MixSummary.of(phases));

    assertThat(findings).extracting(MixChecks.Finding::check).containsExactly("faster mixed than alone");
    assertThat(findings.get(0).text()).startsWith("IOR N-to-1 on pfs (traced) ran faster mixed than alone:"
        + " slowdown 0.73× (alone 110.0 ± 14.1 (n=2), mixed 150.0 ± 70.7 (n=2) MiB/s).")
        .contains("The difference is within the repetitions' spread.")
        .contains("Slowdown with IOR alone run before the mixed phase 0.50 ± 0.00 (n=1), after it 1.20 ± 0.00 (n=1):"
            + " the phase order, not the mix, decides whether it is faster.")
        .contains("There was no storage probe (mix.probe.size = 0)");
  }

  @Test
  void phasesFasterThanTheStorageProbeAndKeptCachesAreFlagged() {
    List<PhaseRecord> phases = oneRepetition(300, 200);
    Map<String, String> env = probedAt100MibPerSecond();
    env.put(MixRunner.BEFORE_EVERY_PHASE, "sync, caches not dropped: Permission denied (dropping caches needs root)");

    List<MixChecks.Finding> findings = MixChecks.of(results(phases, Map.of("pfs", env)), MixSummary.of(phases));

    assertThat(findings).extracting(MixChecks.Finding::text).containsExactly(
        "IOR on pfs ran faster than the storage sustained in 2 of 2 phases (up to 300.0 MiB/s, against 100.0 MiB/s"
            + " written and synced by the storage probe): those figures are page-cache speed, not the storage's.",
        "TFIDF on pfs may have read its input from memory (the page cache) in every phase after the first: before"
            + " every phase, sync, caches not dropped: Permission denied (dropping caches needs root).");

    // with -e every IOR phase waited for its data to reach the storage, and with caches dropped TFIDF read from it
    env.put(MixRunner.BEFORE_EVERY_PHASE, "sync, caches dropped; on this machine only");
    MixResults synced = new MixResults(MixResults.VERSION, MixResults.COMPLETE, null, 0, 1,
        Map.of(MixKeys.IOR_FLAGS, "-e"), Map.of("pfs", env), List.of(), phases, null);
    assertThat(MixChecks.of(synced, MixSummary.of(phases))).extracting(MixChecks.Finding::check)
        .containsExactly("none");
  }

  @Test
  void withoutFindingsTheChecksSaySo() {
    List<PhaseRecord> phases = oneRepetition(90, 60);

    assertThat(MixChecks.of(results(phases, Map.of("pfs", probedAt100MibPerSecond())), MixSummary.of(phases)))
        .extracting(MixChecks.Finding::text)
        .containsExactly("No workload ran faster mixed than alone, and no phase ran faster than the storage probe.");
  }

  @Test
  void tracingOverheadIsPairedByRepetitionWithItsConfidenceInterval() {
    List<PhaseRecord> phases = new ArrayList<>();
    double[][] untracedTraced = {{10, 10.5}, {12, 12.72}, {11, 11.66}};
    for (int rep = 1; rep <= 3; rep++) {
      phases.add(timed(rep, false, untracedTraced[rep - 1][0]));
      phases.add(timed(rep, true, untracedTraced[rep - 1][1]));
    }
    // the summary is per IOR pattern: one IOR phase makes the pattern known
    phases.add(ior(PhaseKind.IOR_ALONE, 1, 100, 50));
    MixSummary.Overhead o = MixSummary.of(phases).overheads().get(0);
    assertThat(o.kind()).isEqualTo(PhaseKind.TFIDF_ALONE);

    // +5%, +6%, +6%: mean 5.67%, sd 0.577%, t(0.975, 2) = 4.303
    assertThat(o.overhead()).isCloseTo(0.05667, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(o.paired().stddev()).isCloseTo(0.00577, org.assertj.core.data.Offset.offset(1e-4));
    assertThat(o.paired().halfWidth95()).isCloseTo(4.303 * 0.00577 / Math.sqrt(3),
        org.assertj.core.data.Offset.offset(1e-4));
    assertThat(o.paired().differsFromZero()).isTrue();
    assertThat(Stats.of(List.of(0.1, -0.1, 0.02)).differsFromZero()).isFalse();
    assertThat(Stats.of(List.of(0.1)).differsFromZero()).isFalse();
  }

  @Test
  void alternateOrderReversesEveryEvenRepetition() {
    MeasurementMethod alternate = new MeasurementMethod(true, true, true, 0);
    MeasurementMethod fixed = new MeasurementMethod(false, true, true, 0);
    assertThat(alternate.order(List.of("tfidf", "ior", "mixed"), 1)).containsExactly("tfidf", "ior", "mixed");
    assertThat(alternate.order(List.of("tfidf", "ior", "mixed"), 2)).containsExactly("mixed", "ior", "tfidf");
    assertThat(fixed.order(List.of("tfidf", "ior", "mixed"), 2)).containsExactly("tfidf", "ior", "mixed");
  }

  /** TFIDF alone at 10 MiB/s, IOR alone at {@code iorMibs}, and both mixed, IOR at {@code mixedIorMibs}. */
  private static List<PhaseRecord> oneRepetition(double iorMibs, double mixedIorMibs) {
    return List.of(tfidf(PhaseKind.TFIDF_ALONE, 1, 0, 10), ior(PhaseKind.IOR_ALONE, 1, 1, iorMibs),
        mixed(1, 2, mixedIorMibs, 8));
  }

  /** A file system's environment with a storage probe that wrote at 100 MiB/s and read at 500. */
  private static Map<String, String> probedAt100MibPerSecond() {
    Map<String, String> env = new LinkedHashMap<>();
    new StorageProbe(64 * MIB, 100, 500, true).describeInto(env);
    return env;
  }

  private static PhaseRecord timed(int rep, boolean traced, double seconds) {
    long start = (rep * 10L + (traced ? 5 : 0)) * 1_000_000_000L;
    return new PhaseRecord("p" + rep + traced, "pfs", null, PhaseKind.TFIDF_ALONE, null, rep, traced, 0, start,
        start + (long) (seconds * 1e9), PhaseRecord.OK, null,
        List.of(result(Workload.TFIDF, 10 * MIB, seconds, start)), null);
  }

  private static PhaseRecord tfidf(PhaseKind kind, int rep, int slot, double mibs) {
    return phase(kind, null, rep, slot, List.of(result(Workload.TFIDF, (long) (mibs * MIB), 1, slot)));
  }

  private static PhaseRecord ior(PhaseKind kind, int rep, int slot, double mibs) {
    return phase(kind, "n-to-1", rep, slot, List.of(result(Workload.IOR, (long) (mibs * MIB), 1, slot)));
  }

  private static PhaseRecord mixed(int rep, int slot, double iorMibs, double tfidfMibs) {
    return phase(PhaseKind.MIXED, "n-to-1", rep, slot, List.of(result(Workload.IOR, (long) (iorMibs * MIB), 1, slot),
        result(Workload.TFIDF, (long) (tfidfMibs * MIB), 1, slot)));
  }

  /** A phase in time slot {@code slot} (one second each), so that the order of phases is their slots'. */
  private static PhaseRecord phase(PhaseKind kind, String pattern, int rep, int slot, List<WorkloadResult> results) {
    long start = slot * 2_000_000_000L;
    return new PhaseRecord("p" + slot, "pfs", pattern, kind, null, rep, true, pattern == null ? 0 : 16, start,
        start + 1_000_000_000L, PhaseRecord.OK, null, results, null);
  }

  private static WorkloadResult result(String workload, long bytes, double seconds, long slot) {
    return new WorkloadResult(workload, bytes, seconds, slot, slot + (long) (seconds * 1e9), Map.of());
  }

  private static MixResults results(List<PhaseRecord> phases, Map<String, Map<String, String>> environment) {
    return new MixResults(MixResults.VERSION, MixResults.COMPLETE, null, 0, 1, Map.of(), environment, List.of(),
        phases, null);
  }
}
