package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntToDoubleFunction;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner itself, real, on pfs over a directory of the test's, with workloads of the test's own in place of IOR and
 * TFIDF: each takes the time its size says on a clock of the test's (so balancing is checked without waiting or timing
 * anything), or fails, or runs until it is cancelled.
 */
class MixRunnerTest {

  private static final double TFIDF_SECONDS = 20;
  /** How long a fake waits for its partner or a cancel before the test fails: a bound on a hang, never a measurement. */
  private static final long GUARD_SECONDS = 60;

  @TempDir
  Path tmp;

  private final AtomicLong clock = new AtomicLong(WallClock.nowNs());
  private final ByteArrayOutputStream said = new ByteArrayOutputStream();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  /** How each workload behaves in a phase, by workload name and phase id. */
  private interface Script {
    Fake make(String workload, String phaseId, int segments);
  }

  /**
   * A test double of {@link Workload}: finishes after its time on the test's clock, or fails, or runs until cancelled;
   * it records whether it was cancelled. {@code running} is counted down as it starts; a failing fake fails once it is
   * down to zero (its partner runs too).
   */
  private record Fake(String name, long bytes, double seconds, String failure, boolean hangs, CountDownLatch running,
      CountDownLatch cancelled, AtomicLong clock) implements Workload {

    @Override
    public WorkloadResult run() throws Exception {
      running.countDown();
      if (hangs) {
        await(cancelled, name + " was never cancelled");
        throw new IOException(name + " cancelled");
      }
      if (failure != null) {
        await(running, name + "'s partner never started");
        throw new IOException(failure);
      }
      long start = clock.get();
      long end = clock.addAndGet(Math.round(seconds * 1e9));
      return new WorkloadResult(name, bytes, seconds, start, end, Map.of());
    }

    @Override
    public void cancel() {
      cancelled.countDown();
    }

    boolean wasCancelled() {
      return cancelled.getCount() == 0;
    }
  }

  /** Finishes after {@code seconds} of the test's clock, having moved {@code bytes}. */
  private Fake finishing(String name, long bytes, double seconds) {
    return new Fake(name, bytes, seconds, null, false, new CountDownLatch(1), new CountDownLatch(1), clock);
  }

  /** Fails with {@code message} once {@code running} is down to zero. */
  private Fake failing(String name, String message, CountDownLatch running) {
    return new Fake(name, 0, 0, message, false, running, new CountDownLatch(1), clock);
  }

  /** Runs until cancelled, counting {@code running} down as it starts. */
  private Fake hanging(String name, CountDownLatch running) {
    return new Fake(name, 0, 0, null, true, running, new CountDownLatch(1), clock);
  }

  private static void await(CountDownLatch latch, String problem) throws InterruptedException {
    if (!latch.await(GUARD_SECONDS, TimeUnit.SECONDS)) {
      throw new IllegalStateException(problem);
    }
  }

  /** Makes the script's fakes, keeping each in the order made; prepares nothing. */
  private static final class FakeWorkloads implements WorkloadFactory {
    private final Script script;
    final List<Fake> made = new ArrayList<>();

    FakeWorkloads(Script script) {
      this.script = script;
    }

    @Override
    public void prepare(Configuration conf, MixSettings settings, Progress progress) {
    }

    @Override
    public Workload tfidf(Configuration conf, MixSettings settings, String outputDir) {
      return keep(script.make(Workload.TFIDF, phaseId(outputDir), 0));
    }

    @Override
    public Workload ior(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir) {
      return keep(script.make(Workload.IOR, phaseId(dir), segments));
    }

    @Override
    public Workload extra(Configuration conf, MixSettings settings, ExtraWorkload workload, int scale,
        String phaseDir) {
      return keep(script.make(workload.name(), phaseId(phaseDir), scale));
    }

    private synchronized Fake keep(Fake fake) {
      made.add(fake);
      return fake;
    }

    private static String phaseId(String dir) {
      return dir.substring(dir.lastIndexOf('/') + 1);
    }
  }

  /** One repetition of n-to-n on pfs over the test's directory, untraced, with nothing settled or probed. */
  private MixSettings settings(Map<String, String> more) throws IOException {
    Map<String, String> values = new HashMap<>(Map.of(MixKeys.FS, "pfs@" + Files.createDirectories(tmp.resolve("root")),
        MixKeys.DIR, "/mix", MixKeys.RESULTS, tmp.resolve("results").toString(), MixKeys.PATTERNS, "n-to-n"));
    // 1 MiB a segment
    values.putAll(Map.of(MixKeys.IOR_RANKS, "1", MixKeys.IOR_BLOCK, "1m", MixKeys.IOR_TRANSFER, "1m",
        MixKeys.IOR_SEGMENTS, "16"));
    values.putAll(Map.of(MixKeys.REPETITIONS, "1", MixKeys.WARMUP, "false", MixKeys.TRACING, "off",
        MixKeys.SETTLE, "none", MixKeys.PROBE_SIZE, "0"));
    values.putAll(more);
    return MixSettings.parse(values);
  }

  private MixRunner runner(MixSettings settings, WorkloadFactory workloads) {
    return new MixRunner(settings, workloads, new TraceSupport(),
        new Progress(new PrintStream(said, true, StandardCharsets.UTF_8)),
        new PrintStream(printed, true, StandardCharsets.UTF_8), clock::get);
  }

  /** TFIDF in {@link #TFIDF_SECONDS}; IOR in the time {@code iorSeconds} gives for its segments; 1 MiB a segment. */
  private Script timed(IntToDoubleFunction iorSeconds) {
    return (workload, phaseId, segments) -> workload.equals(Workload.TFIDF) ? finishing(workload, 64 << 20, TFIDF_SECONDS)
        : finishing(workload, (long) segments << 20, iorSeconds.applyAsDouble(segments));
  }

  private MixResults balance(IntToDoubleFunction iorSeconds, Map<String, String> more) throws Exception {
    Map<String, String> values = new HashMap<>(more);
    values.put(MixKeys.BALANCE, "true");
    MixResults results = runner(settings(values), new FakeWorkloads(timed(iorSeconds))).run();
    assertThat(results.complete()).as(said()).isTrue();
    return results;
  }

  private static List<String> steps(MixResults results) {
    return results.balancing().stream().map(s -> s.round() + ": " + s.segments() + " segments, IOR "
        + s.iorSeconds() + " s vs TFIDF " + s.tfidfSeconds() + " s").toList();
  }

  /** The segments the measured IOR phases ran with. */
  private static List<Integer> measuredSegments(MixResults results) {
    return results.phases().stream().filter(p -> p.kind() == PhaseKind.IOR_ALONE || p.kind() == PhaseKind.MIXED)
        .map(PhaseRecord::iorSegments).toList();
  }

  private String said() {
    return said.toString(StandardCharsets.UTF_8);
  }

  private String printed() {
    return printed.toString(StandardCharsets.UTF_8);
  }

  private String label() {
    return "pfs@" + tmp.resolve("root");
  }

  @Test
  void balancingScalesTheCheckpointToTfidfsTimeAndMeasuresWithIt() throws Exception {
    // a file system as fast at every size: one proportional step lands on the target
    MixResults results = balance(segments -> segments * 0.5, Map.of());

    assertThat(steps(results)).containsExactly(
        "1: 16 segments, IOR 8.0 s vs TFIDF 20.0 s",
        "2: 40 segments, IOR 20.0 s vs TFIDF 20.0 s");
    assertThat(results.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.BALANCE_TFIDF,
        PhaseKind.BALANCE_IOR, PhaseKind.BALANCE_IOR, PhaseKind.TFIDF_ALONE, PhaseKind.IOR_ALONE, PhaseKind.MIXED);
    assertThat(measuredSegments(results)).containsExactly(40, 40);
    assertThat(results.phases().get(4).result(Workload.IOR).bytes()).isEqualTo(40L << 20);
    assertThat(said()).contains("  balancing " + label() + " N-to-N: 16 segments -> IOR 8.00 s vs TFIDF 20.00 s (60% off)")
        .contains("  balancing " + label() + " N-to-N: 40 segments -> IOR 20.00 s vs TFIDF 20.00 s (0% off)")
        .doesNotContain("no segment count");
    assertThat(ResultsFiles.read(tmp.resolve("results")).balancing()).isEqualTo(results.balancing());
  }

  @Test
  void anotherModulesTablesEndTheReportAndOneThatFailsIsLeftOutWithTheReason() throws Exception {
    MixResults results = runner(settings(Map.of()), new FakeWorkloads(timed(segments -> 1.0)))
        .withReportTables((dir, finished, progress) -> {
          // called once results.json holds every phase
          assertThat(ResultsFiles.read(dir).phases()).hasSize(finished.phases().size()).hasSize(3);
          return List.of(new ReportWriter.Table("Predicted", "from elsewhere", List.of("figure", "value"),
              List.of(List.of("mixed s", "1.234"))));
        }).run();
    assertThat(results.complete()).isTrue();
    String md = Files.readString(tmp.resolve("results").resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("## Predicted\n\nfrom elsewhere\n\n| figure | value |").contains("| mixed s | 1.234 |");
    assertThat(md.indexOf("## Predicted")).isGreaterThan(md.indexOf("## Settings and environment"));
    assertThat(Files.readString(tmp.resolve("results").resolve(ResultsFiles.REPORT_HTML))).contains(
        "<h2>Predicted</h2>", "<td>1.234</td>");

    runner(settings(Map.of(MixKeys.RESULTS, tmp.resolve("results2").toString())),
        new FakeWorkloads(timed(segments -> 1.0))).withReportTables((dir, finished, progress) -> {
          throw new IOException("no simulator here");
        }).run();
    assertThat(said()).contains("  left out of the report: no simulator here");
    assertThat(Files.readString(tmp.resolve("results2").resolve(ResultsFiles.REPORT_MD))).contains("## Every phase")
        .doesNotContain("## Predicted");
  }

  /** Fast while the checkpoint fits the page cache (64 segments), then at disk speed: 0.5 s a segment. */
  private static double cacheThenDisk(int segments) {
    return segments <= 64 ? segments * 0.05 : 3.2 + (segments - 64) * 0.5;
  }

  @Test
  void balancingGrowsAtMostEightfoldAndStaysInsideTheBracketUntilWithinTolerance() throws Exception {
    MixResults results = balance(MixRunnerTest::cacheThenDisk, Map.of());

    // 16 segments in 0.8 s would extrapolate to 400: capped at 8 x 16; 128 overshoots past the cache, 73 (proportional)
    // falls short, and 190 (proportional again) lies past 128, known too long: halfway between 73 and 128 instead
    assertThat(steps(results)).containsExactly(
        "1: 16 segments, IOR 0.8 s vs TFIDF 20.0 s",
        "2: 128 segments, IOR 35.2 s vs TFIDF 20.0 s",
        "3: 73 segments, IOR 7.7 s vs TFIDF 20.0 s",
        "4: 100 segments, IOR 21.2 s vs TFIDF 20.0 s");
    assertThat(results.balancing().get(3).mismatch()).isLessThanOrEqualTo(MixKeys.BALANCE_TOLERANCE_DEFAULT);
    assertThat(measuredSegments(results)).containsExactly(100, 100);
    assertThat(said()).contains("  balancing " + label() + " N-to-N: 100 segments -> IOR 21.20 s vs TFIDF 20.00 s (6% off)")
        .doesNotContain("no segment count");
  }

  @Test
  void balancingOutOfRoundsUsesTheClosestTryAndSaysSo() throws Exception {
    MixResults results = balance(MixRunnerTest::cacheThenDisk, Map.of(MixKeys.BALANCE_ROUNDS, "2"));

    assertThat(results.balancing()).extracting(BalanceStep::segments).containsExactly(16, 128);
    assertThat(measuredSegments(results)).containsExactly(128, 128);
    assertThat(said()).contains("  balancing " + label() + " N-to-N: no segment count within 15% in 2 tries;"
        + " using 128 (76% off)");
  }

  @Test
  void balancingStopsWhenTheBracketLeavesOnlySizesAlreadyTried() throws Exception {
    // a step between 10 segments (too short) and 11 (too long): no size is within 15%
    MixResults results = balance(segments -> segments * (segments <= 10 ? 1.5 : 2.5),
        Map.of(MixKeys.BALANCE_ROUNDS, "10"));

    assertThat(results.balancing()).extracting(BalanceStep::segments).containsExactly(16, 8, 13, 10, 11);
    assertThat(measuredSegments(results)).containsExactly(10, 10);
    assertThat(said()).contains("no segment count within 15% in 5 tries; using 10 (25% off)");
  }

  @Test
  void aFurtherWorkloadRunsAloneAndInEveryMixedPhaseAndIsBalancedToTfidf() throws Exception {
    Path program = Files.writeString(tmp.resolve("ckpt"), "#!/bin/sh\nexit 0\n");
    assertThat(program.toFile().setExecutable(true)).isTrue();
    Map<String, String> values = new HashMap<>(Map.of(MixKeys.BALANCE, "true", MixKeys.WORKLOADS, "ckpt2",
        "mix.workload.ckpt2.run", "command:" + program + " {dir} {scale}", "mix.workload.ckpt2.balance", "true",
        MixKeys.HADOOP_PREFIX + io.pfsmix.ior.IorConfigKeys.NATIVE_PRELOAD,
        Files.writeString(tmp.resolve("libtrace.so"), "").toString()));
    // ckpt2 takes a quarter of a second per unit of {scale}, 1 MiB each; IOR half a second a segment
    Script script = (workload, phaseId, size) -> workload.equals("ckpt2")
        ? finishing(workload, (long) size << 20, size * 0.25) : timed(s -> s * 0.5).make(workload, phaseId, size);
    FakeWorkloads workloads = new FakeWorkloads(script);
    MixResults results = runner(settings(values), workloads).run();
    assertThat(results.complete()).as(said()).isTrue();

    assertThat(results.balancing()).extracting(s -> s.workload() + " " + s.pattern() + " " + s.segments() + ": "
        + s.iorSeconds()).containsExactly("ior n-to-n 16: 8.0", "ior n-to-n 40: 20.0", "ckpt2 null 16: 4.0",
        "ckpt2 null 80: 20.0");
    assertThat(said()).contains("  balancing " + label() + " ckpt2: scale 16 -> ckpt2 4.00 s vs TFIDF 20.00 s (80%"
        + " off)");
    assertThat(results.phases()).extracting(p -> p.kind() + (p.workload() == null ? "" : " " + p.workload()))
        .containsExactly("BALANCE_TFIDF", "BALANCE_IOR", "BALANCE_IOR", "BALANCE_WORKLOAD ckpt2",
            "BALANCE_WORKLOAD ckpt2", "TFIDF_ALONE", "WORKLOAD_ALONE ckpt2", "IOR_ALONE", "MIXED");
    // the mixed phase ran all three, released together, ckpt2 at its balanced scale
    PhaseRecord mixed = results.phases().get(8);
    assertThat(mixed.workloads()).extracting(WorkloadResult::workload).containsExactlyInAnyOrder(Workload.TFIDF,
        Workload.IOR, "ckpt2");
    assertThat(mixed.result("ckpt2").bytes()).isEqualTo(80L << 20);
    assertThat(results.phases().get(6).result("ckpt2").bytes()).isEqualTo(80L << 20);
    // serial: TFIDF alone + ckpt2 alone + IOR alone of the repetition
    MixSummary.Row row = MixSummary.of(results.phases()).rows().get(0);
    assertThat(row.serialSeconds().mean()).isEqualTo(results.phases().get(5).seconds()
        + results.phases().get(6).seconds() + results.phases().get(7).seconds());
    assertThat(row.extra("ckpt2").aloneSeconds().mean()).isEqualTo(20.0);
    assertThat(ResultsFiles.read(tmp.resolve("results")).phases().get(6).workload()).isEqualTo("ckpt2");
    assertThat(printed()).contains("| ckpt2 alone | ckpt2 mixed | ckpt2 slowdown |");
  }

  /** TFIDF alone and IOR alone finish; in the mixed phase TFIDF runs until cancelled and IOR does {@code ior}. */
  private Script stoppedInTheMixedPhase(CountDownLatch running, Script ior) {
    return (workload, phaseId, segments) -> !phaseId.contains("-mixed-")
        ? timed(s -> s * 0.5).make(workload, phaseId, segments)
        : workload.equals(Workload.TFIDF) ? hanging(workload, running) : ior.make(workload, phaseId, segments);
  }

  @Test
  void aFailingWorkloadCancelsItsPartnerAndTheResultsSoFarAreKeptAndMarked() throws Exception {
    CountDownLatch running = new CountDownLatch(2);
    FakeWorkloads workloads = new FakeWorkloads(stoppedInTheMixedPhase(running,
        (workload, phaseId, segments) -> failing(workload, "checkpoint: No space left on device", running)));
    MixResults results = runner(settings(Map.of()), workloads).run();

    // the phase stopped, and so the mix: nothing after it ran
    assertThat(workloads.made).extracting(Workload::name).containsExactly(Workload.TFIDF, Workload.IOR,
        Workload.TFIDF, Workload.IOR);
    assertThat(workloads.made.get(2).wasCancelled()).isTrue();
    PhaseRecord mixed = results.phases().get(2);
    assertThat(mixed.kind()).isEqualTo(PhaseKind.MIXED);
    assertThat(mixed.status()).isEqualTo(PhaseRecord.FAILED);
    assertThat(mixed.error()).isEqualTo("ior: checkpoint: No space left on device (stopped: tfidf)");
    assertThat(mixed.workloads()).isEmpty();
    assertKeptAndMarked(results, "phase " + mixed.id() + " failed: ior: checkpoint: No space left on device"
        + " (stopped: tfidf)");
    assertThat(said()).contains("phase " + mixed.id() + " failed in ");
  }

  @Test
  void cancellingTheMixStopsBothWorkloadsOfThePhaseAndReleasesTheLock() throws Exception {
    CountDownLatch running = new CountDownLatch(2);
    FakeWorkloads workloads = new FakeWorkloads(stoppedInTheMixedPhase(running,
        (workload, phaseId, segments) -> hanging(workload, running)));
    MixRunner runner = runner(settings(Map.of()), workloads);
    CompletableFuture<MixResults> mix = CompletableFuture.supplyAsync(() -> {
      try {
        return runner.run();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    await(running, "the mixed phase's workloads never both started");
    assertThat(lockEntries()).hasSize(1);

    // as the shutdown hook does on Ctrl-C
    runner.cancel("interrupted (Ctrl-C or the JVM shutting down)");
    MixResults results = mix.get(GUARD_SECONDS, TimeUnit.SECONDS);

    assertThat(workloads.made).hasSize(4);
    assertThat(workloads.made.subList(2, 4)).allMatch(Fake::wasCancelled);
    PhaseRecord stopped = results.phases().get(2);
    assertThat(stopped.status()).isEqualTo(PhaseRecord.CANCELLED);
    assertThat(stopped.error()).isEqualTo("interrupted (Ctrl-C or the JVM shutting down)");
    assertThat(stopped.workloads()).isEmpty();
    assertKeptAndMarked(results, "phase " + stopped.id() + " cancelled: interrupted (Ctrl-C or the JVM shutting down)");
  }

  /**
   * TFIDF alone and IOR alone finished before the stop: their figures are in the results file, which, like the report
   * and what was printed, says why the mix is incomplete; the directory's lock is released.
   */
  private void assertKeptAndMarked(MixResults results, String reason) throws IOException {
    assertThat(results.complete()).isFalse();
    assertThat(results.reason()).isEqualTo(reason);
    MixResults onDisk = ResultsFiles.read(tmp.resolve("results"));
    assertThat(onDisk.status()).isEqualTo(MixResults.INCOMPLETE);
    assertThat(onDisk.reason()).isEqualTo(reason);
    assertThat(onDisk.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.TFIDF_ALONE,
        PhaseKind.IOR_ALONE, PhaseKind.MIXED);
    assertThat(onDisk.phases()).extracting(PhaseRecord::status).containsExactly(PhaseRecord.OK, PhaseRecord.OK,
        results.phases().get(2).status());
    assertThat(onDisk.phases().get(0).result(Workload.TFIDF).bytes()).isEqualTo(64L << 20);
    assertThat(onDisk.phases().get(0).seconds()).isEqualTo(TFIDF_SECONDS);
    assertThat(onDisk.phases().get(1).result(Workload.IOR).bytes()).isEqualTo(16L << 20);
    assertThat(onDisk.phases().get(1).seconds()).isEqualTo(8.0);
    assertThat(Files.readString(tmp.resolve("results").resolve(ResultsFiles.REPORT_MD)))
        .contains("Status: INCOMPLETE — " + reason);
    assertThat(printed()).contains("INCOMPLETE: " + reason);
    assertThat(lockEntries()).isEmpty();
  }

  private List<String> lockEntries() throws IOException {
    Path lock = tmp.resolve("root/mix").resolve(RunLock.DIR_NAME);
    if (!Files.isDirectory(lock)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(lock)) {
      return entries.map(p -> p.getFileName().toString()).toList();
    }
  }

  /** pfs that notes the configurations its instances were made with. */
  public static final class NotingPfs extends io.pfsmix.fs.PfsFileSystem {
    static final java.util.Set<Configuration> MADE_WITH =
        java.util.Collections.synchronizedSet(java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));

    @Override
    public void initialize(java.net.URI name, Configuration conf) throws IOException {
      super.initialize(name, conf);
      MADE_WITH.add(conf);
    }
  }

  @Test
  void eachPhasesFileSystemInstanceIsMadeBeforeItsWorkloadsStart() throws Exception {
    // a mount (libcephfs, OrangeFS's client) made by a workload fell inside its time, and on Ceph two workloads making
    // it at once ran one after the other
    List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    WorkloadFactory noting = new WorkloadFactory() {
      @Override
      public void prepare(Configuration conf, MixSettings settings, Progress progress) {
      }

      @Override
      public Workload tfidf(Configuration conf, MixSettings settings, String outputDir) {
        return noting(Workload.TFIDF, conf);
      }

      @Override
      public Workload ior(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir) {
        return noting(Workload.IOR, conf);
      }

      @Override
      public Workload extra(Configuration conf, MixSettings settings, ExtraWorkload workload, int scale, String dir) {
        throw new UnsupportedOperationException();
      }

      private Workload noting(String name, Configuration conf) {
        return new Workload() {
          @Override
          public String name() {
            return name;
          }

          @Override
          public WorkloadResult run() {
            seen.add(name + (NotingPfs.MADE_WITH.contains(conf) ? " after" : " before") + " its phase's instance");
            long start = clock.get();
            return new WorkloadResult(name, 1 << 20, 1.0, start, clock.addAndGet(1_000_000_000L), Map.of());
          }

          @Override
          public void cancel() {
          }
        };
      }
    };
    MixSettings settings = settings(Map.of("hadoop.fs.pfs.impl", NotingPfs.class.getName()));
    MixResults results = runner(settings, noting).run();
    assertThat(results.complete()).as(said()).isTrue();
    // TFIDF alone, IOR alone, both mixed
    assertThat(seen).as(said()).containsExactlyInAnyOrder("tfidf after its phase's instance",
        "ior after its phase's instance", "tfidf after its phase's instance", "ior after its phase's instance");
  }
}
