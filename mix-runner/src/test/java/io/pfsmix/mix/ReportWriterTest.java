package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

  private static final long MIB = 1 << 20;
  private static final long S = 1_000_000_000L;

  @TempDir
  Path dir;

  /** A phase starting at {@code at} seconds; each workload given as {name, MiB moved, seconds}. */
  private static PhaseRecord phase(String id, PhaseKind kind, String pattern, int rep, double at, double seconds,
      Object[]... workloads) {
    long start = (long) (at * S);
    List<WorkloadResult> results = new ArrayList<>();
    for (Object[] w : workloads) {
      double sec = (double) w[2];
      results.add(new WorkloadResult((String) w[0], (long) w[1] * MIB, sec, start, start + (long) (sec * S), Map.of()));
    }
    return new PhaseRecord(id, "pfs", pattern, kind, null, rep, true, 8, start, start + (long) (seconds * S),
        PhaseRecord.OK, null, results, null);
  }

  private static List<PhaseRecord> twoRepetitions() {
    return List.of(
        phase("t1", PhaseKind.TFIDF_ALONE, null, 1, 0, 10.5, new Object[] {"tfidf", 100L, 10.0}),
        phase("i1", PhaseKind.IOR_ALONE, "n-to-1", 1, 11, 4.5, new Object[] {"ior", 400L, 4.0}),
        phase("m1", PhaseKind.MIXED, "n-to-1", 1, 16, 12.0, new Object[] {"tfidf", 100L, 12.0},
            new Object[] {"ior", 400L, 8.0}),
        phase("t2", PhaseKind.TFIDF_ALONE, null, 2, 30, 12.5, new Object[] {"tfidf", 100L, 12.5}),
        phase("i2", PhaseKind.IOR_ALONE, "n-to-1", 2, 43, 5.5, new Object[] {"ior", 400L, 5.0}),
        phase("m2", PhaseKind.MIXED, "n-to-1", 2, 49, 14.0, new Object[] {"tfidf", 100L, 14.0},
            new Object[] {"ior", 400L, 10.0}));
  }

  @Test
  void summaryHasTheStudysFiguresComputedFromThePhases() {
    MixSummary.Row row = MixSummary.of(twoRepetitions()).rows().get(0);
    // IOR alone: 400 MiB in 4 s and 5 s
    assertThat(row.iorAlone().mean()).isCloseTo((100 + 80) / 2.0, within(1e-9));
    assertThat(row.iorAlone().stddev()).isCloseTo(Math.sqrt(2 * 100.0 / 1), within(1e-9));
    assertThat(row.iorMixed().mean()).isCloseTo((50 + 40) / 2.0, within(1e-9));
    assertThat(row.tfidfAlone().mean()).isCloseTo((10 + 8) / 2.0, within(1e-9));
    assertThat(row.tfidfMixed().n()).isEqualTo(2);
    // serial = TFIDF alone + IOR alone of the same repetition, from the phases' wall times
    assertThat(row.serialSeconds().mean()).isCloseTo(((10.5 + 4.5) + (12.5 + 5.5)) / 2, within(1e-9));
    assertThat(row.mixedSeconds().mean()).isCloseTo(13.0, within(1e-9));
    assertThat(row.iorSlowdown()).isCloseTo(90.0 / 45.0, within(1e-9));
    assertThat(row.mixedOverSerial()).isCloseTo(13.0 / 16.5, within(1e-9));
  }

  @Test
  void reportsCarryTheNumbersAndReadableCharts() throws Exception {
    List<PhaseRecord> phases = twoRepetitions();
    MixResults results = new MixResults(MixResults.VERSION, MixResults.INCOMPLETE, "phase x failed: disk full", 0,
        70 * S, Map.of("mix.fs", "pfs"), Map.of("pfs", Map.of("jobs", "local")), List.of(), phases, null);
    TraceAnalysis.Timeline timeline = new TraceAnalysis.Timeline(0, 1.0, io.pfsmix.trace.format.TracePoint.APPLICATION,
        Map.of("ior", ramp(70, 11, 16, 100), "tfidf", ramp(70, 0, 11, 10)));
    ReportWriter.write(dir, results, timeline);

    String md = Files.readString(dir.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("Status: INCOMPLETE — phase x failed: disk full");
    assertThat(md).contains("| pfs | N-to-1 | yes | 90.0 ± 14.1 (n=2) | 45.0 ± 7.1 (n=2) | 2.00× | 9.0 ± 1.4 (n=2) |");
    assertThat(md).contains("| 16.50 ± 2.12 (n=2) | 13.00 ± 1.41 (n=2) | 0.788 |");
    String html = Files.readString(dir.resolve(ResultsFiles.REPORT_HTML));
    assertThat(html).contains("class=\"incomplete\"").contains("data:image/png;base64,");
    for (String chart : List.of("throughput-ior.png", "throughput-tfidf.png", "runtime.png", "timeline.png")) {
      BufferedImage image = ImageIO.read(dir.resolve(ResultsFiles.CHARTS_DIR).resolve(chart).toFile());
      assertThat(image).as(chart).isNotNull();
      assertThat(image.getWidth()).as(chart).isGreaterThanOrEqualTo(800);
      assertThat(md).contains("](charts/" + chart + ")");
    }
  }

  /**
   * {@link #twoRepetitions} with a further workload, ckpt2: alone once per repetition (60 MiB in 2 s, then 3 s) and in
   * each mixed phase (60 MiB in 1.5 s, then 2 s).
   */
  private static List<PhaseRecord> threeWorkloads() {
    List<PhaseRecord> two = twoRepetitions();
    return List.of(
        two.get(0),
        extraAlone("x1", 1, 11, 3.0, 2.0),
        two.get(1),
        phase("m1", PhaseKind.MIXED, "n-to-1", 1, 16, 12.0, new Object[] {"tfidf", 100L, 12.0},
            new Object[] {"ior", 400L, 8.0}, new Object[] {"ckpt2", 60L, 1.5}),
        two.get(3),
        extraAlone("x2", 2, 43, 4.0, 3.0),
        two.get(4),
        phase("m2", PhaseKind.MIXED, "n-to-1", 2, 49, 14.0, new Object[] {"tfidf", 100L, 14.0},
            new Object[] {"ior", 400L, 10.0}, new Object[] {"ckpt2", 60L, 2.0}));
  }

  private static PhaseRecord extraAlone(String id, int rep, double at, double seconds, double own) {
    PhaseRecord p = phase(id, PhaseKind.WORKLOAD_ALONE, null, rep, at, seconds, new Object[] {"ckpt2", 60L, own});
    return new PhaseRecord(p.id(), p.fs(), null, p.kind(), "ckpt2", rep, true, 0, p.startNs(), p.endNs(), p.status(),
        null, p.workloads(), p.cpu());
  }

  @Test
  void summaryAndReportsCoverAFurtherWorkload() throws Exception {
    MixSummary.Row row = MixSummary.of(threeWorkloads()).rows().get(0);
    MixSummary.Extra ckpt = row.extra("ckpt2");
    // alone 30 and 20 MiB/s, mixed 40 and 30 MiB/s
    assertThat(ckpt.alone().mean()).isCloseTo(25.0, within(1e-9));
    assertThat(ckpt.mixed().mean()).isCloseTo(35.0, within(1e-9));
    assertThat(ckpt.slowdown()).isCloseTo(25.0 / 35.0, within(1e-9));
    assertThat(ckpt.aloneSeconds().mean()).isCloseTo(3.5, within(1e-9));
    // serial = TFIDF alone + ckpt2 alone + IOR alone of the same repetition
    assertThat(row.serialSeconds().mean()).isCloseTo(((10.5 + 3.0 + 4.5) + (12.5 + 4.0 + 5.5)) / 2, within(1e-9));
    assertThat(row.mixedOverSerial()).isCloseTo(13.0 / 20.0, within(1e-9));
    // the sides' figures are those of the two-workload mix
    assertThat(row.iorSlowdown()).isCloseTo(90.0 / 45.0, within(1e-9));

    TraceTotals trace = new TraceTotals("trace.ptrace", 10, List.of(), Map.of(PathRoles.workloadRole("ckpt2"),
        Map.of("POSIX.write", 240 * MIB)), Map.of(), null);
    MixResults results = new MixResults(MixResults.VERSION, MixResults.COMPLETE, null, 0, 70 * S,
        Map.of("mix.fs", "pfs", "mix.workloads", "ckpt2", "mix.workload.ckpt2.name", "checkpoint 2"),
        Map.of("pfs", Map.of("jobs", "local")), List.of(), threeWorkloads(), trace);
    TraceAnalysis.Timeline timeline = new TraceAnalysis.Timeline(0, 1.0, io.pfsmix.trace.format.TracePoint.APPLICATION,
        Map.of("ior", ramp(70, 11, 16, 100), "tfidf", ramp(70, 0, 11, 10), "ckpt2", ramp(70, 11, 14, 20)));
    ReportWriter.write(dir, results, timeline);

    String md = Files.readString(dir.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("| IOR slowdown | TFIDF alone | TFIDF mixed | TFIDF slowdown | checkpoint 2 alone"
        + " | checkpoint 2 mixed | checkpoint 2 slowdown |");
    assertThat(md).contains("| 25.0 ± 7.1 (n=2) | 35.0 ± 7.1 (n=2) | 0.71× |");
    assertThat(md).contains("Serial = TFIDF alone + checkpoint 2 alone + IOR alone of the same repetition.");
    assertThat(md).contains("| pfs | N-to-1 | yes | 11.50 ± 1.41 (n=2) | 3.50 ± 0.71 (n=2) | 5.00 ± 0.71 (n=2)"
        + " | 20.00 ± 2.83 (n=2) | 13.00 ± 1.41 (n=2) | 0.650 |");
    assertThat(md).contains("| faster mixed than alone | checkpoint 2 beside IOR N-to-1 on pfs (traced) ran faster"
        + " mixed than alone: slowdown 0.71× (alone 25.0 ± 7.1 (n=2), mixed 35.0 ± 7.1 (n=2) MiB/s). The difference"
        + " is within the repetitions' spread.");
    // the trace's bytes under DIR/workloads/ckpt2 beside what ckpt2 reported in its four traced phases
    assertThat(md).contains("| checkpoint 2 reads and writes under its directory | " + 240 * MIB + " | 0 | 0 | "
        + 240 * MIB + " |");
    assertThat(md).contains("| x1 | ok | 3.00 | — | — | 30.0 (" + 60 * MIB + " B) |  |");
    for (String chart : List.of("throughput-ckpt2.png", "runtime.png", "timeline.png")) {
      assertThat(ImageIO.read(dir.resolve(ResultsFiles.CHARTS_DIR).resolve(chart).toFile())).as(chart).isNotNull();
      assertThat(md).contains("](charts/" + chart + ")");
    }
    assertThat(ReportWriter.terminalTables(results)).contains("checkpoint 2 slowdown");
  }

  @Test
  void eachFurtherWorkloadHasAColourOfItsOwnInTheTimeline() {
    Map<String, String> extras = new java.util.LinkedHashMap<>();
    extras.put("ckpt2", "checkpoint 2");
    extras.put("scan", "scan");
    Map<String, double[]> series = new java.util.LinkedHashMap<>();
    for (String w : List.of("ior", "tfidf", "ckpt2", "scan", "other")) {
      series.put(w, ramp(10, 0, 5, 10));
    }
    var chart = ReportCharts.timeline(new TraceAnalysis.Timeline(0, 1.0, io.pfsmix.trace.format.TracePoint.APPLICATION,
        series), List.of(), "IOR", "TFIDF", extras);
    Map<String, java.awt.Color> colours = new java.util.LinkedHashMap<>();
    chart.getSeriesMap().forEach((name, s) -> colours.put(name.replaceAll(" \\((left|right) scale\\)$", ""),
        (java.awt.Color) s.getLineColor()));
    assertThat(colours.keySet()).containsExactly("IOR", "TFIDF", "checkpoint 2", "scan", "other (job setup, runner)");
    assertThat(new java.util.HashSet<>(colours.values())).hasSize(5);
  }

  private static TraceTotals.IoSpan span(double first, double last) {
    return new TraceTotals.IoSpan((long) (first * S), (long) (last * S));
  }

  @Test
  void startUpAndIoAreToldApartPerWorkloadAloneAndMixed() throws Exception {
    // TFIDF's first and last data calls: alone from 3 s to 9 s after its start, then 3.5 s to 11.5 s; mixed 4 s to
    // 11 s, then 5 s to 13 s; IOR's alone and mixed phases traced in the first repetition only
    Map<String, Map<String, TraceTotals.IoSpan>> io = Map.of(
        "t1", Map.of("tfidf", span(3, 9)),
        "t2", Map.of("tfidf", span(33.5, 41.5)),
        "i1", Map.of("ior", span(11.5, 15)),
        "m1", Map.of("tfidf", span(20, 27), "ior", span(16.2, 24)),
        "m2", Map.of("tfidf", span(54, 62)));
    TraceTotals trace = new TraceTotals("trace.ptrace", 10, List.of(), Map.of(), Map.of(), io);
    MixResults results = new MixResults(MixResults.VERSION, MixResults.COMPLETE, null, 0, 70 * S,
        Map.of("mix.fs", "pfs"), Map.of("pfs", Map.of("jobs", "local")), List.of(), twoRepetitions(), trace);
    ReportWriter.write(dir, results, null);

    String md = Files.readString(dir.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("| pfs | TFIDF | alone | — | 3.25 ± 0.35 (n=2) | 7.00 ± 1.41 (n=2) | 11.25 ± 1.77 (n=2)"
        + " | 14.6 ± 2.9 (n=2) |");
    assertThat(md).contains("| pfs | TFIDF | mixed | N-to-1 | 4.50 ± 0.71 (n=2) | 7.50 ± 0.71 (n=2) | 13.00 ± 1.41"
        + " (n=2) | 13.4 ± 1.3 (n=2) |");
    // IOR: 400 MiB; alone 0.5 s of start-up and 3.5 s of I/O, mixed 0.2 s and 7.8 s
    assertThat(md).contains("| pfs | IOR | alone | N-to-1 | 0.50 ± 0.00 (n=1) | 3.50 ± 0.00 (n=1) | 4.00 ± 0.00 (n=1)"
        + " | 114.3 ± 0.0 (n=1) |");
    assertThat(md).contains("| pfs | IOR | mixed | N-to-1 | 0.20 ± 0.00 (n=1) | 7.80 ± 0.00 (n=1) | 8.00 ± 0.00 (n=1)"
        + " | 51.3 ± 0.0 (n=1) |");
  }

  @Test
  void tracingOverheadIsGivenForAFurtherWorkloadAlone() {
    List<PhaseRecord> phases = new ArrayList<>();
    // per repetition ckpt2 alone untraced, then traced: 2.0 s then 2.2 s, 3.0 s then 3.6 s; and IOR alone, whose
    // pattern makes the summary's row
    double[][] seconds = {{2.0, 2.2}, {3.0, 3.6}};
    for (int rep = 1; rep <= 2; rep++) {
      for (int traced = 0; traced < 2; traced++) {
        for (PhaseRecord p : List.of(extraAlone("x" + rep + traced, rep, rep * 10 + traced * 5,
            seconds[rep - 1][traced], 1.0), phase("i" + rep + traced, PhaseKind.IOR_ALONE, "n-to-1", rep,
            rep * 10 + traced * 5 + 4, 1.0, new Object[] {"ior", 400L, 1.0}))) {
          phases.add(new PhaseRecord(p.id(), p.fs(), p.pattern(), p.kind(), p.workload(), rep, traced == 1,
              p.iorSegments(), p.startNs(), p.endNs(), p.status(), null, p.workloads(), p.cpu()));
        }
      }
    }
    List<MixSummary.Overhead> overheads = MixSummary.of(phases).overheads();
    assertThat(overheads).extracting(MixSummary.Overhead::kind).containsExactly(PhaseKind.WORKLOAD_ALONE,
        PhaseKind.IOR_ALONE);
    MixSummary.Overhead o = overheads.get(0);
    assertThat(o.pattern()).isNull();
    assertThat(o.workload()).isEqualTo("ckpt2");
    // the mean of 2.2 / 2.0 - 1 and 3.6 / 3.0 - 1
    assertThat(o.overhead()).isCloseTo((0.1 + 0.2) / 2, within(1e-9));
  }

  private static double[] ramp(int bins, int from, int to, double value) {
    double[] v = new double[bins];
    for (int i = from; i < to; i++) {
      v[i] = value;
    }
    return v;
  }
}
