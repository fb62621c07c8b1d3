package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pfsmix.export.predict.Calibration;
import io.pfsmix.export.predict.PhaseCalls;
import io.pfsmix.export.predict.Predictor;
import io.pfsmix.export.predict.SimModel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `pfsmix predict` on a results directory made of real trace files: calibration, replay, errors. */
class PredictTest {
  static final long MIB = TestTraces.MIB;
  /** rankAccesses: each access takes 1 ms, 10 us apart; open and close take 1 us. */
  static final long ACCESS_NS = 1_000_000;

  @TempDir
  Path dir;

  /** A TFIDF-like reader (10 reads of 1 MiB) alone, two IOR-like ranks writing 10 x 1 MiB each at once alone. */
  private Path results() throws IOException {
    long t0 = TestTraces.T0;
    long[][] reads = new long[10][];
    for (int i = 0; i < 10; i++) {
      reads[i] = new long[] {0, i * MIB, MIB};
    }
    TestTraces tfidf = new TestTraces().rankAccesses("n1", 0, "/in/part-0", reads, t0);
    long[][] w0 = new long[10][];
    long[][] w1 = new long[10][];
    for (int i = 0; i < 10; i++) {
      w0[i] = new long[] {1, 2 * i * MIB, MIB};
      w1[i] = new long[] {1, (2 * i + 1) * MIB, MIB};
    }
    long t1 = t0 + 1_000_000_000L;
    TestTraces ior = new TestTraces().rankAccesses("n1", 0, "/ior/ckpt", w0, t1).rankAccesses("n1", 1, "/ior/ckpt", w1, t1);
    tfidf.write(Files.createDirectories(dir.resolve("traces/002-pfs-r1-tfidf-alone-traced")));
    ior.write(Files.createDirectories(dir.resolve("traces/003-pfs-r1-n-to-1-ior-alone-traced")));
    // each workload started 1 ms before its first call and ended 2 ms after its last
    long tEnd = end(tfidf);
    long iEnd = end(ior);
    long m0 = t0 + 2_000_000_000L;
    String json = "{\"version\":1,\"status\":\"complete\",\"phases\":["
        + phase("002-pfs-r1-tfidf-alone-traced", "TFIDF_ALONE", null, t0 - 1_000_000, tEnd + 2_000_000,
            workload("tfidf", t0 - 1_000_000, tEnd + 2_000_000)) + ","
        + phase("003-pfs-r1-n-to-1-ior-alone-traced", "IOR_ALONE", "n-to-1", t1 - 1_000_000, iEnd + 2_000_000,
            workload("ior", t1 - 1_000_000, iEnd + 2_000_000)) + ","
        // measured mixed: IOR 20% slower, TFIDF 10% slower
        + phase("004-pfs-r1-n-to-1-mixed-traced", "MIXED", "n-to-1", m0, m0 + 40_000_000,
            workload("tfidf", m0, m0 + 30_000_000) + "," + workload("ior", m0, m0 + 40_000_000))
        + "]}";
    Files.writeString(dir.resolve("results.json"), json);
    return dir;
  }

  private static long end(TestTraces t) {
    return t.records.stream().mapToLong(r -> r.endNs()).max().orElseThrow();
  }

  private static String phase(String id, String kind, String pattern, long start, long end, String workloads) {
    return "{\"id\":\"" + id + "\",\"fs\":\"pfs\",\"pattern\":" + (pattern == null ? "null" : "\"" + pattern + "\"")
        + ",\"kind\":\"" + kind + "\",\"repetition\":1,\"traced\":true,\"startNs\":" + start + ",\"endNs\":" + end
        + ",\"status\":\"ok\",\"workloads\":[" + workloads + "]}";
  }

  /** The alone phase of a workload given the CPU the mix measured: machineSeconds, 10 ms of it the storage's. */
  private static String withCpu(String json, String workload, double machineSeconds) {
    String phaseOf = "\"status\":\"ok\",\"workloads\":[{\"workload\":\"" + workload + "\"";
    return json.replace(phaseOf, "\"status\":\"ok\",\"cpu\":{\"machineSeconds\":" + machineSeconds
        + ",\"mixProcessSeconds\":0.01,\"storageSeconds\":0.01}," + phaseOf.substring("\"status\":\"ok\",".length()));
  }

  private static String workload(String name, long start, long end) {
    return "{\"workload\":\"" + name + "\",\"startNs\":" + start + ",\"endNs\":" + end + "}";
  }

  @Test
  void calibrationIsBytesOverTransferTimeAndTheLatencyIntercept() throws Exception {
    Path r = results();
    PhaseCalls tfidf = PhaseCalls.load(r.resolve("traces/002-pfs-r1-tfidf-alone-traced"), "tfidf", 0, 0);
    PhaseCalls ior = PhaseCalls.load(r.resolve("traces/003-pfs-r1-n-to-1-ior-alone-traced"), "ior", 0, 0);
    Calibration c = Calibration.fit(List.of(tfidf, ior), 2, 0);
    // equal sizes leave no slope to fit: no latency; 10 MiB read in 10 ms of reads
    assertThat(c.readLatency()).isZero();
    assertThat(c.readBandwidth()).isCloseTo(10 * MIB / 0.010, within(1.0));
    // the two ranks wrote at the same times: 20 MiB in 10 ms during which writes were under way
    assertThat(c.writeBandwidth()).isCloseTo(20 * MIB / 0.010, within(1.0));
    assertThat(c.reads()).isEqualTo(10);
    assertThat(c.writes()).isEqualTo(20);
  }

  @Test
  void aloneRunsReplayToTheirMeasuredTimeAndTogetherTheyShareTheDisk() throws Exception {
    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator
        + " (install Debian libsimgrid-dev; the build compiles it when /usr/include/simgrid/s4u.hpp exists)");
    Path r = results();
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    List<Predictor.Row> rows = new Predictor(r, new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"),
        2, 1e12, 0, MIB, 1, false, null, null, null), new PrintStream(text, true, StandardCharsets.UTF_8)).run();
    assertThat(rows).hasSize(1);
    double[] measured = rows.get(0).measured();
    double[] predicted = rows.get(0).predicted();
    // TFIDF alone, IOR alone, serial: the model replays the phases it was calibrated on (write-back lets IOR's
    // gaps between writes overlap its transfers, which the traced calls did not: a little faster)
    for (int f = 0; f < 3; f++) {
      assertThat(predicted[f]).as(Predictor.FIGURES[f]).isCloseTo(measured[f], within(measured[f] * 0.05));
    }
    // measured figures are read from results.json: mixed runtime 40 ms, IOR 40 / alone
    assertThat(measured[3]).isCloseTo(0.040, within(1e-9));
    // one disk, read and written at once: each slows the other, and the mix beats running them one after the other
    assertThat(predicted[5]).as("TFIDF slowdown").isGreaterThan(1.05);
    assertThat(predicted[4]).as("mixed/serial").isLessThan(1);
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("| pfs | 1 | n-to-1 | mixed s | 0.040 |");
  }

  /** Loads one rank's accesses, written as a phase's traces, as that workload's calls (started at its first call). */
  private PhaseCalls phase(String name, String workload, long[][] accesses, long startNs) throws IOException {
    TestTraces t = new TestTraces().rankAccesses("n1", 0, "/" + workload + "/f", accesses, startNs);
    Path d = Files.createDirectories(dir.resolve("traces").resolve(name));
    t.write(d);
    return PhaseCalls.load(d, workload, startNs, end(t));
  }

  @Test
  void theCopysCpuPerByteIsTheLowestTenthOfTheCallsAtTheirShareOfACore() throws Exception {
    long t0 = TestTraces.T0;
    // 20 reads of 1 MiB, one at a time: 4 took 0.5 ms (the copy alone), 16 took 2 ms (they also waited for the disk)
    long[][] reads = new long[20][];
    for (int i = 0; i < 20; i++) {
      reads[i] = new long[] {0, i * MIB, MIB, i % 5 == 0 ? 500_000 : 2_000_000};
    }
    PhaseCalls reader = phase("reader", "tfidf", reads, t0);
    Calibration c = Calibration.fit(List.of(reader), 2, 1);
    assertThat(c.cpuPerByte("tfidf", EventKind.READ) * MIB).isCloseTo(0.0005, within(1e-9));
    assertThat(c.cpuPerByte("tfidf", EventKind.WRITE)).isZero();
    // the disk still holds the whole transfer time: 20 MiB in 4 x 0.5 + 16 x 2 ms
    assertThat(c.readBandwidth()).isCloseTo(20 * MIB / 0.034, within(1.0));
    // charged at half the measured cost, and not at all on a file system whose clients only wait
    assertThat(Calibration.fit(List.of(reader), 2, 0.5).cpuPerByte("tfidf", EventKind.READ) * MIB)
        .isCloseTo(0.00025, within(1e-9));
    assertThat(Calibration.fit(List.of(reader), 2, 0).cpuPerByte("tfidf", EventKind.READ)).isZero();
    assertThatThrownBy(() -> Calibration.fit(List.of(reader), 2, 1.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("got 1.5");

    // a writer whose 10 writes of 1 ms per MiB ran while another actor computed (between its two calls 50 ms apart):
    // on one core each write had half of it, so its copy cost 0.5 ms per MiB; on two cores it had a whole one
    long[][] writes = new long[10][];
    for (int i = 0; i < 10; i++) {
      writes[i] = new long[] {1, i * MIB, MIB, 1_000_000, i == 0 ? 5_000_000 : 10_000};
    }
    TestTraces shared = new TestTraces().rankAccesses("n1", 0, "/ior/ckpt", writes, t0)
        .rankAccesses("n1", 1, "/ior/other", new long[][] {{0, 0, 1, 1000}, {0, 1, 1, 1000, 50_000_000}}, t0);
    Path d = Files.createDirectories(dir.resolve("traces/shared"));
    shared.write(d);
    PhaseCalls ior = PhaseCalls.load(d, "ior", t0, end(shared));
    assertThat(Calibration.fit(List.of(ior), 1, 1).cpuPerByte("ior", EventKind.WRITE) * MIB)
        .isCloseTo(0.0005, within(1e-9));
    assertThat(Calibration.fit(List.of(ior), 2, 1).cpuPerByte("ior", EventKind.WRITE) * MIB)
        .isCloseTo(0.001, within(1e-9));
  }

  @Test
  void actorsSharingOneCoreTakeTheSumOfTheirCpuTimeIncludingTheirCallsCopies() throws Exception {
    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    long t0 = TestTraces.T0;
    // TFIDF-like: two 1-byte reads 1 s apart (1 s of computing between them); IOR-like: one write of 1 MiB whose copy
    // costs 1 s of CPU
    PhaseCalls tfidf = phase("t", "tfidf", new long[][] {{0, 0, 1, 1000}, {0, 1, 1, 1000, 1_000_000_000}}, t0);
    PhaseCalls ior = phase("i", "ior", new long[][] {{1, 0, MIB, 1000}}, t0);
    Calibration cal = new Calibration(1e15, 1e15, 0, 0, 2, 1, 1, Map.of("ior",
        new Calibration.CpuPerByte(0, 1.0 / MIB)));
    double[] alone = new double[2];
    double[] together = new double[2];
    for (int cores = 1; cores <= 2; cores++) {
      SimModel.Machine m = new SimModel.Machine(cal, 1, MIB, cores, 1e15, 0, false, 1);
      Path models = dir.resolve("models-" + cores);
      double t = SimModel.run(simulator.toAbsolutePath(), models.resolve("t"), m, List.of(new SimModel.Workload(tfidf, 1,
          1))).runtime();
      double i = SimModel.run(simulator.toAbsolutePath(), models.resolve("i"), m, List.of(new SimModel.Workload(ior, 1,
          1))).runtime();
      assertThat(t).as("TFIDF alone").isCloseTo(1.0, within(0.001));
      assertThat(i).as("IOR alone").isCloseTo(1.0, within(0.001));
      alone[cores - 1] = Math.max(t, i);
      together[cores - 1] = SimModel.run(simulator.toAbsolutePath(), models.resolve("both"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1))).runtime();
    }
    // one core: the copy and the computing share it, both end at 2 s (the sum); two cores: 1 s (the max)
    assertThat(together[0]).isCloseTo(2.0, within(0.001));
    assertThat(together[1]).isCloseTo(1.0, within(0.001));
  }

  @Test
  void whatTheMachineSpentBeyondComputingRunsBesideEachCallOnTheSharedCores() throws Exception {
    Path r = results();
    // the mix measured the machine's CPU in the alone phases, with the storage's servers on it: TFIDF's 1.11 ms of
    // computing (1 ms to its open, 11 gaps of 10 us) and 20.004 ms more beside its 10.002 ms of calls (10 reads, an
    // open and a close); IOR's two ranks twice its computing, and 20.004 ms beside their 20.004 ms of calls
    String json = withCpu(withCpu(Files.readString(r.resolve("results.json")), "tfidf", 0.021114), "ior", 0.022224);
    Files.writeString(r.resolve("results.json"), json);
    assertThat(json).contains("\"machineSeconds\":0.021114", "\"machineSeconds\":0.022224");
    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    new Predictor(r, new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"), 2, 1e12, 0, MIB, 1, false,
        0.0, null, null), new PrintStream(text, true, StandardCharsets.UTF_8)).run();
    assertThat(text.toString(StandardCharsets.UTF_8))
        .contains("CPU beside tfidf's calls 2.00 cores, CPU beside ior's calls 1.00 cores");
    // each 1 ms read of TFIDF has 2 ms of CPU beside it, on two cores at once
    assertThat(Files.readString(r.resolve("models/pfs-r1-n-to-1/mixed/actions/tfidf.0.0.txt")))
        .contains("tfidf.0.0 serve 0.002000000 2\ntfidf.0.0 read target-0 " + MIB + " ");

    // one write of 1 s beside which the machine spends a core (1 s of CPU), and 1 s of computing
    long t0 = TestTraces.T0;
    PhaseCalls tfidf = phase("t", "tfidf", new long[][] {{0, 0, 1, 1000}, {0, 1, 1, 1000, 1_000_000_000}}, t0);
    PhaseCalls ior = phase("i", "ior", new long[][] {{1, 0, MIB, 1_000_000_000}}, t0);
    Calibration cal = new Calibration(1e15, 1e15, 0, 0, 2, 1, 0, Map.of(), Double.NaN, 0, Map.of("ior", 1.0));
    SimModel.Result[] together = new SimModel.Result[2];
    for (int cores = 1; cores <= 2; cores++) {
      SimModel.Machine m = new SimModel.Machine(cal, 1, MIB, cores, 1e15, 0, false, 1);
      Path models = dir.resolve("serve-" + cores);
      assertThat(SimModel.run(simulator.toAbsolutePath(), models.resolve("i"), m,
          List.of(new SimModel.Workload(ior, 1, 1))).runtime()).as("the write alone").isCloseTo(1.0, within(0.005));
      together[cores - 1] = SimModel.run(simulator.toAbsolutePath(), models.resolve("both"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1)));
    }
    // one core: that CPU and the computing share it, the write's ten times the weight (the scheduler runs the storage's
    // short bursts first), so the write ends at 1.1 s and the computing at 2 s (their sum); two cores: each has one
    // (1 s); the write's open and close add a few ms
    assertThat(together[0].seconds().get("ior")).isCloseTo(1.1, within(0.005));
    assertThat(together[0].runtime()).isCloseTo(2.0, within(0.005));
    assertThat(together[1].runtime()).isCloseTo(1.0, within(0.005));
  }

  @Test
  void callsThatStartWhileTheOtherWorkloadComputesTakeTheBusySlowdownTimesAsLong() throws Exception {
    long t0 = TestTraces.T0;
    // IOR: a 1-byte read, then 10 fsyncs of 1 ms back to back; the job (another process): a 1-byte read, 30 ms of
    // computing, an fsync of 1 ms. IOR's calls all start while the job computes.
    long[][] rank = new long[11][];
    rank[0] = new long[] {0, 0, 1, 1000};
    for (int i = 1; i <= 10; i++) {
      rank[i] = new long[] {2, 0, 0, 1_000_000, 10_000};
    }
    TestTraces ranks = new TestTraces().rankAccesses("n1", 9000, 0, "/ior/ckpt", rank, t0);
    Path iorDir = Files.createDirectories(dir.resolve("traces/busy-ior"));
    ranks.write(iorDir);
    long[][] job = {{0, 0, 1, 1000}, {2, 0, 0, 1_000_000, 30_000_000}};
    TestTraces jobTraces = new TestTraces().rankAccesses("n1", 9001, 1, "/job/in", job, t0);
    Path jobDir = Files.createDirectories(dir.resolve("traces/busy-job"));
    jobTraces.write(jobDir);
    PhaseCalls ior = PhaseCalls.load(iorDir, "ior", t0, end(ranks));
    PhaseCalls tfidf = PhaseCalls.load(jobDir, "tfidf", t0, end(jobTraces));

    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    Calibration cal = Calibration.fit(List.of(tfidf, ior), 2, 0);
    double[] iorAlone = new double[2];
    double[] iorTogether = new double[2];
    double[] factors = {1, 2};
    for (int f = 0; f < factors.length; f++) {
      SimModel.Machine m = new SimModel.Machine(cal, 1, MIB, 2, 1e15, 0, false, factors[f]);
      Path models = dir.resolve("busy-" + f);
      iorAlone[f] = SimModel.run(simulator.toAbsolutePath(), models.resolve("i"), m,
          List.of(new SimModel.Workload(ior, 1, 1))).runtime();
      iorTogether[f] = SimModel.run(simulator.toAbsolutePath(), models.resolve("both"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1))).seconds().get("ior");
    }
    // alone nothing else computes: about 11 ms whatever the factor; beside the job's computing the fsyncs take 2 ms
    // each with the factor 2 (about 21 ms), 1 ms without
    assertThat(iorAlone[0]).isCloseTo(0.011, within(0.001));
    assertThat(iorAlone[1]).isCloseTo(iorAlone[0], within(1e-6));
    assertThat(iorTogether[0]).isCloseTo(iorAlone[0], within(0.0005));
    assertThat(iorTogether[1]).isCloseTo(0.021, within(0.001));
  }

  @Test
  void whereTheClientLetsOneCallOfAProcessInAtATimeItsCallsTakeTurns() throws Exception {
    long t0 = TestTraces.T0;
    // two ranks of one process (pid 9000) through a client that lets one call in at a time: both ask at once, rank 0
    // gets it for 1 ms, rank 1 then for 1 ms (its calls took 2 ms, half of it waiting), rank 0 computes 1 ms between
    // calls; 10 calls each (fsyncs that found nothing to store: their time is all the client's), after a 1-byte read
    long[][] r0 = new long[11][];
    long[][] r1 = new long[11][];
    r0[0] = new long[] {0, 0, 1, 1000};
    r1[0] = new long[] {0, 1, 1, 1000};
    for (int i = 1; i <= 10; i++) {
      r0[i] = new long[] {2, 0, 0, 1_000_000, i == 1 ? 10_000 : 1_000_000};
      r1[i] = new long[] {2, 0, 0, 2_000_000, i == 1 ? 10_000 : 0};
    }
    TestTraces ranks = new TestTraces().rankAccesses("n1", 9000, 0, "/ior/ckpt", r0, t0)
        .rankAccesses("n1", 9000, 1, "/ior/ckpt", r1, t0);
    Path iorDir = Files.createDirectories(dir.resolve("traces/lock-ior"));
    ranks.write(iorDir);
    // a job in the same process: 10 calls of 1 ms, 1 ms of computing between them
    long[][] job = new long[11][];
    job[0] = new long[] {0, 0, 1, 1000};
    for (int i = 1; i <= 10; i++) {
      job[i] = new long[] {2, 0, 0, 1_000_000, i == 1 ? 10_000 : 1_000_000};
    }
    TestTraces jobTraces = new TestTraces().rankAccesses("n1", 9000, 2, "/job/out", job, t0);
    Path jobDir = Files.createDirectories(dir.resolve("traces/lock-job"));
    jobTraces.write(jobDir);

    PhaseCalls ior = PhaseCalls.load(iorDir, "ior", t0, end(ranks), null, true, 0);
    PhaseCalls tfidf = PhaseCalls.load(jobDir, "tfidf", t0, end(jobTraces), null, true, 0);
    assertThat(ior.processOf("rank-0")).isEqualTo(ior.processOf("rank-1")).isEqualTo(tfidf.processOf("rank-2"));
    // rank 1's fsyncs took 2 ms, of which they had the client 1 ms (the last 11 us less: rank 0 closed meanwhile)
    List<PhaseCalls.Call> syncs = ior.byActor().get("rank-1").stream()
        .filter(c -> c.kind() == EventKind.FSYNC).toList();
    assertThat(syncs).hasSize(10).allSatisfy(c -> assertThat(c.endNs() - c.startNs()).isEqualTo(2_000_000));
    assertThat(syncs.subList(0, 9)).allSatisfy(c -> assertThat(c.serviceNs()).isEqualTo(1_000_000));
    assertThat(syncs.get(9).serviceNs()).isEqualTo(1_000_000 - 11_000);

    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    Calibration cal = Calibration.fit(List.of(tfidf, ior), 2, 0);
    SimModel.Machine m = new SimModel.Machine(cal, 1, MIB, 2, 1e15, 0, false, 1);
    double iorAlone = SimModel.run(simulator.toAbsolutePath(), dir.resolve("lock/i"), m,
        List.of(new SimModel.Workload(ior, 1, 1))).runtime();
    double jobAlone = SimModel.run(simulator.toAbsolutePath(), dir.resolve("lock/t"), m,
        List.of(new SimModel.Workload(tfidf, 1, 1))).runtime();
    double together = SimModel.run(simulator.toAbsolutePath(), dir.resolve("lock/both"), m,
        List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1))).runtime();
    // alone each replays about as measured (20 ms and 19 ms; the ranks' turns may come in another order, a call
    // apart); together the client serves 30 ms of calls one at a time
    assertThat(iorAlone).isCloseTo(0.020, within(0.0015));
    assertThat(jobAlone).isCloseTo(0.019, within(0.0005));
    assertThat(together).isCloseTo(0.030, within(0.0015));

    // the same traces through a client that takes calls at once: the job's calls overlap the ranks'
    PhaseCalls iorFree = PhaseCalls.load(iorDir, "ior", t0, end(ranks));
    PhaseCalls jobFree = PhaseCalls.load(jobDir, "tfidf", t0, end(jobTraces));
    SimModel.Machine free = new SimModel.Machine(Calibration.fit(List.of(jobFree, iorFree), 2, 0), 1, MIB, 2, 1e15, 0,
        false, 1);
    assertThat(SimModel.run(simulator.toAbsolutePath(), dir.resolve("free/both"), free,
        List.of(new SimModel.Workload(jobFree, 1, 1), new SimModel.Workload(iorFree, 1, 1))).runtime())
        .isCloseTo(0.020, within(0.0005));
  }

  /**
   * A client that walks paths itself (OrangeFS's backend: a lookup and a getattr per component) takes a turn in its
   * library per call of the walk, each behind the other threads' calls: beside a rank that keeps the library busy, a
   * stat of a four-component path waits eight times, not once. Alone, the turns cost nothing.
   */
  @Test
  void aStatThatWalksItsPathWaitsOnceForEachOfItsTurns() throws Exception {
    long t0 = TestTraces.T0;
    // a rank's byte read (to calibrate from) and 100 fsyncs of 1 ms, back to back, and in the same process a job's
    // two stats of 0.8 ms, 1 ms apart
    long[][] syncs = new long[101][];
    Arrays.fill(syncs, new long[] {2, 0, 0, 1_000_000});
    syncs[0] = new long[] {0, 0, 1, 1000};
    TestTraces ranks = new TestTraces().rankAccesses("n1", 9000, 0, "/ior/ckpt", syncs, t0);
    Path iorDir = Files.createDirectories(dir.resolve("traces/walk-ior"));
    ranks.write(iorDir);
    TestTraces job = new TestTraces().rankStats("n1", 9000, 2, "/a/b/c/d",
        new long[][] {{800_000, 1_000_000}, {800_000, 1_000_000}}, t0);
    Path jobDir = Files.createDirectories(dir.resolve("traces/walk-job"));
    job.write(jobDir);

    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    double[] added = new double[3];
    for (int perComponent : new int[] {0, 2}) {
      PhaseCalls ior = PhaseCalls.load(iorDir, "ior", t0, end(ranks), null, true, perComponent);
      PhaseCalls tfidf = PhaseCalls.load(jobDir, "tfidf", t0, end(job), null, true, perComponent);
      assertThat(tfidf.turns(tfidf.byActor().get("rank-2").get(0))).isEqualTo(perComponent == 0 ? 1 : 8);
      SimModel.Machine m = new SimModel.Machine(Calibration.fit(List.of(tfidf, ior), 2, 0), 1, MIB, 2, 1e15, 0,
          false, 1);
      Path out = dir.resolve("walk-" + perComponent);
      double alone = SimModel.run(simulator.toAbsolutePath(), out.resolve("alone"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1))).seconds().get("tfidf");
      double together = SimModel.run(simulator.toAbsolutePath(), out.resolve("both"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1))).seconds().get("tfidf");
      // alone as measured: 1 ms, 0.8 ms, 1 ms, 0.8 ms
      assertThat(alone).as("the job alone, %d calls per component", perComponent).isCloseTo(0.0036, within(0.0003));
      added[perComponent] = together - alone;
    }
    // each stat waits for the rank's 1 ms fsync under way: once as one turn, eight times as eight
    assertThat(added[0]).as("one turn per stat").isBetween(0.0, 0.0025);
    assertThat(added[2]).as("eight turns per stat").isCloseTo(2 * 8 * 0.001, within(0.002));
  }

  @Test
  void fsyncsStoreWhatTheirFilesWritesLeftInTheCacheOnTheDeviceTheReadsUse() throws Exception {
    long t0 = TestTraces.T0;
    // a checkpoint: 10 writes of 1 MiB at 1 ms each into the cache, then an fsync that took 100 ms to store them
    // (100 MiB/s), a second fsync with nothing left to store (2 ms), then 5 MiB more and an fsync of 50 ms
    long[][] ckpt = new long[18][];
    for (int i = 0; i < 10; i++) {
      ckpt[i] = new long[] {1, i * MIB, MIB};
    }
    ckpt[10] = new long[] {2, 0, 0, 100_000_000};
    ckpt[11] = new long[] {2, 0, 0, 2_000_000};
    for (int i = 0; i < 5; i++) {
      ckpt[12 + i] = new long[] {1, (10 + i) * MIB, MIB};
    }
    ckpt[17] = new long[] {2, 0, 0, 50_000_000};
    PhaseCalls ior = phase("ckpt", "ior", ckpt, t0);
    // a reader: 20 reads of 1 MiB from the device at 10 ms each (100 MiB/s)
    long[][] reads = new long[20][];
    for (int i = 0; i < 20; i++) {
      reads[i] = new long[] {0, i * MIB, MIB, 10_000_000};
    }
    PhaseCalls tfidf = phase("reader", "tfidf", reads, t0);
    Calibration cal = Calibration.fit(List.of(tfidf, ior), 2, 0);
    // 15 MiB found dirty by two fsyncs lasting 150 ms; the one that found nothing is no part of it
    assertThat(cal.syncs()).isEqualTo(2);
    assertThat(cal.writeBackBandwidth()).isCloseTo(15 * MIB / 0.150, within(1.0));
    assertThat(cal.writeBandwidth()).isCloseTo(15 * MIB / 0.015, within(1.0));
    assertThat(cal.describe()).contains("write-back 100.0 MiB/s (2 fsyncs)");
    // without fsyncs there is nothing to fit: writes are replayed on the disk as before
    assertThat(Calibration.fit(List.of(tfidf), 2, 0).hasWriteBack()).isFalse();

    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    SimModel.Machine m = new SimModel.Machine(cal, 1, 64 * MIB, 2, 1e15, 0, false, 1);
    Path models = dir.resolve("models");
    double i = SimModel.run(simulator.toAbsolutePath(), models.resolve("i"), m,
        List.of(new SimModel.Workload(ior, 1, 1))).runtime();
    double t = SimModel.run(simulator.toAbsolutePath(), models.resolve("t"), m,
        List.of(new SimModel.Workload(tfidf, 1, 1))).runtime();
    // alone: 15 writes of 1 ms and 150 ms of storing; the fsync that found nothing dirty had no store to wait for
    assertThat(i).as("checkpoint alone").isCloseTo(0.165, within(0.001));
    assertThat(t).as("reader alone").isCloseTo(0.200, within(0.002));
    String file = "f0-" + Integer.toHexString("/ior/f".hashCode());
    assertThat(Files.readString(models.resolve("i/actions/ior.0.0.txt")))
        .contains("ior.0.0 fsync " + file + " target-0 " + 10 * MIB + "\n", "ior.0.0 fsync " + file + "\n",
            "ior.0.0 fsync " + file + " target-0 " + 5 * MIB + "\n");
    // together the device's 100 MiB/s is shared while both use it: 35 MiB of reads and stores need 350 ms, and the
    // reader, whose reads outlast the stores, ends at about that
    SimModel.Result both = SimModel.run(simulator.toAbsolutePath(), models.resolve("both"), m,
        List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1)));
    assertThat(both.seconds().get("tfidf")).as("reader mixed").isCloseTo(0.35, within(0.02));
    assertThat(both.seconds().get("ior")).as("checkpoint mixed").isGreaterThan(0.25);
  }

  @Test
  void ofRanksFsyncingOneSharedFileTheFirstStoresWhatAllOfThemWrote() throws Exception {
    long t0 = TestTraces.T0;
    // two ranks write 4 MiB each into one file at the same times; rank 0 then fsyncs for 80 ms, rank 1 1 ms later for
    // 79 ms, waiting on the same pages
    long[][] r0 = new long[5][];
    long[][] r1 = new long[5][];
    for (int i = 0; i < 4; i++) {
      r0[i] = new long[] {1, i * MIB, MIB};
      r1[i] = new long[] {1, (4 + i) * MIB, MIB};
    }
    r0[4] = new long[] {2, 0, 0, 80_000_000};
    r1[4] = new long[] {2, 0, 0, 79_000_000, 1_010_000};
    TestTraces t = new TestTraces().rankAccesses("n1", 0, "/ior/shared", r0, t0).rankAccesses("n1", 1, "/ior/shared",
        r1, t0);
    Path d = Files.createDirectories(dir.resolve("traces/shared-fsync"));
    t.write(d);
    PhaseCalls ior = PhaseCalls.load(d, "ior", t0, end(t));
    Calibration cal = Calibration.fit(List.of(ior), 2, 0);
    assertThat(cal.syncs()).isEqualTo(1);
    assertThat(cal.writeBackBandwidth()).isCloseTo(8 * MIB / 0.080, within(1.0));

    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    Path models = dir.resolve("shared-models");
    double replayed = SimModel.run(simulator.toAbsolutePath(), models, new SimModel.Machine(cal, 1, 64 * MIB, 2, 1e15,
        0, false, 1), List.of(new SimModel.Workload(ior, 1, 1))).runtime();
    List<String> first = Files.readAllLines(models.resolve("actions/ior.0.0.txt"));
    List<String> second = Files.readAllLines(models.resolve("actions/ior.1.0.txt"));
    String file = "f0-" + Integer.toHexString("/ior/shared".hashCode());
    assertThat(first).contains("ior.0.0 fsync " + file + " target-0 " + 8 * MIB);
    // the second found nothing left to store: it waits for the first's store of the file
    assertThat(second).contains("ior.1.0 fsync " + file);
    // 4 ms of writes, then 80 ms storing 8 MiB, which both fsyncs end with: as traced
    assertThat(replayed).isCloseTo(end(t) / 1e9 - t0 / 1e9, within(0.002));
  }

  @Test
  void aJobsStartUpWaitsForTheFlushesOfADiskItsLocalFilesShare() throws Exception {
    long t0 = TestTraces.T0;
    // a job: a 1 KiB read of its model, 300 ms of start-up, then 20 reads of 1 MiB of its input (its main file) 2 ms
    // apart; its start is its first call's
    long[][] model = {{0, 0, 1024}};
    long[][] input = new long[20][];
    for (int i = 0; i < 20; i++) {
      input[i] = new long[] {0, i * MIB, MIB, 1_000_000, 2_000_000};
    }
    long inputStart = t0 + 1_010_000 + 1000 + 300_000_000;
    TestTraces job = new TestTraces().rankAccesses("n1", 0, "/tfidf/model", model, t0)
        .rankAccesses("n1", 0, "/tfidf/input", input, inputStart);
    Path jobDir = Files.createDirectories(dir.resolve("traces/job"));
    job.write(jobDir);
    PhaseCalls tfidf = PhaseCalls.load(jobDir, "tfidf", t0, end(job));
    // the input's first read: after its open (1 us) and 2 ms
    assertThat(tfidf.startupEndNs()).isEqualTo(inputStart + 1000 + 2_000_000);
    // a checkpoint: 10 writes of 1 MiB into the cache, then an fsync that stored them in 500 ms
    long[][] ckpt = new long[11][];
    for (int i = 0; i < 10; i++) {
      ckpt[i] = new long[] {1, i * MIB, MIB};
    }
    ckpt[10] = new long[] {2, 0, 0, 500_000_000};
    PhaseCalls ior = phase("flush", "ior", ckpt, t0);
    Calibration cal = Calibration.fit(List.of(tfidf, ior), 2, 0);

    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    double[] jobMixed = new double[2];
    for (boolean shared : new boolean[] {false, true}) {
      SimModel.Machine m = new SimModel.Machine(cal, 1, 64 * MIB, 2, 1e15, 0, shared, 1);
      Path models = dir.resolve("client-disk-" + shared);
      double alone = SimModel.run(simulator.toAbsolutePath(), models.resolve("t"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1))).runtime();
      assertThat(alone).as("job alone").isCloseTo((end(job) - t0) / 1e9, within(0.002));
      List<String> actions = Files.readAllLines(models.resolve("t/actions/tfidf.0.0.txt"));
      // the gaps up to the input's first read are start-up (CPU held up by flushes), those after it computing
      assertThat(actions.stream().filter(a -> a.contains(" startup ")).mapToDouble(a -> Double.parseDouble(
          a.split(" ")[2])).sum()).isCloseTo(0.302, within(0.001));
      assertThat(actions.stream().filter(a -> a.contains(" compute ")).mapToDouble(a -> Double.parseDouble(
          a.split(" ")[2])).sum()).isCloseTo(19 * 0.002, within(0.001));
      assertThat(Files.readString(models.resolve("t/platform.xml")).contains("client_disk")).isEqualTo(shared);
      SimModel.Result both = SimModel.run(simulator.toAbsolutePath(), models.resolve("both"), m,
          List.of(new SimModel.Workload(tfidf, 1, 1), new SimModel.Workload(ior, 1, 1)));
      jobMixed[shared ? 1 : 0] = both.seconds().get("tfidf");
    }
    double alone = (end(job) - t0) / 1e9;
    // separate disks: the start-up goes on beside the flush; the input's reads, after it, share the disk with the
    // flush's last part
    assertThat(jobMixed[0]).isLessThan(alone + 0.1);
    // a shared disk: the start-up stops from the flush's start (10 ms in) to its end (510 ms), then does its other
    // 290 ms: the input's reads begin 500 ms later than alone, after the flush
    assertThat(jobMixed[1]).isCloseTo(alone + 0.5, within(0.01));
  }

  /**
   * Where the mix recorded a client that walks paths itself, an open takes a turn per call of its walk, each with its
   * share of the CPU beside the call (all of it beside the first turn held that turn until it was spent).
   */
  @Test
  void theMixsEntryForAWalkingClientSplitsAnOpenIntoTurnsWithTheirShareOfTheCpu() throws Exception {
    Path r = results();
    String json = withCpu(Files.readString(r.resolve("results.json")), "tfidf", 0.021114);
    String walking = json.replace("\"phases\":[", "\"environment\":{\"pfs\":{\"client calls\":\"one at a time per"
        + " process\",\"client calls per path component\":\"2 (a lookup and a getattr)\"}},\"phases\":[");
    Files.writeString(r.resolve("results.json"), walking);
    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    Predictor.Options options = new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"), 2, 1e12, 0,
        MIB, 1, false, 0.0, null, null);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    new Predictor(r, options, new PrintStream(text, true, StandardCharsets.UTF_8)).run();
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("a walk of a path 2 per component (client calls per"
        + " path component)");
    // the open of /in/part-0 (1 us, 2 us of CPU beside it): four turns of a quarter each
    String turn = "tfidf.0.0 serve 0.000000500 2\ntfidf.0.0 sleep 0.000000250\n";
    assertThat(Files.readString(r.resolve("models/pfs-r1-n-to-1/mixed/actions/tfidf.0.0.txt")))
        .contains("tfidf.0.0 startup 0.001000000\n" + turn.repeat(4) + "tfidf.0.0 startup");

    Files.writeString(r.resolve("results.json"), walking.replace("\"2 (a lookup", "\"two (a lookup"));
    assertThatThrownBy(() -> new Predictor(r, options, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8)).run()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(r.resolve("results.json").toString())
        .hasMessageContaining("'client calls per path component' must start with a whole number, got 'two");
  }

  @Test
  void theStorageProbesSlowdownBesideComputingGoesIntoTheModelUnlessTheOptionSaysOtherwise() throws Exception {
    Path r = results();
    String json = Files.readString(r.resolve("results.json"));
    java.util.function.Function<String, String> probed = value -> json.replace("\"phases\":[", "\"environment\":{\"pfs\":"
        + "{\"storage probe: slowdown beside a computing thread\":\"" + value + "\"}},\"phases\":[");
    Path simulator = Paths.get(System.getProperty("pfsmix.simgrid.predict", "target/native/pfsmix-simgrid-predict"));
    assumeTrue(Files.isExecutable(simulator), "SimGrid predictor not built at " + simulator);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
    Files.writeString(r.resolve("results.json"), probed.apply("1.613"));
    new Predictor(r, new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"), 2, 1e12, 0, MIB, 1, false,
        null, null, null), out).run();
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("pfs: a call takes 1.61 times as long while the other"
        + " workload computes (the mix's storage probe)");
    Path platform = r.resolve("models/pfs-r1-n-to-1/mixed/platform.xml");
    assertThat(Files.readString(platform)).contains("<prop id=\"busy_slowdown\" value=\"1.613000000\"/>");
    assertThat(Files.readString(r.resolve("models/pfs-r1-n-to-1/mixed/actions/ior.0.0.txt")))
        .startsWith("ior.0.0 workload ior\n");

    // the option wins; 1 leaves the property out
    text.reset();
    new Predictor(r, new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"), 2, 1e12, 0, MIB, 1, false,
        null, null, 1.0), out).run();
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("pfs: a call takes 1.00 times as long while the other"
        + " workload computes (--busy-slowdown)");
    assertThat(Files.readString(platform)).doesNotContain("busy_slowdown");

    // computing cannot speed the storage up: a probe below 1 measured its spread, and counts as 1
    text.reset();
    Files.writeString(r.resolve("results.json"), probed.apply("0.58"));
    new Predictor(r, new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"), 2, 1e12, 0, MIB, 1, false,
        null, null, null), out).run();
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("pfs: the storage probe measured calls 0.58 times as"
        + " long beside computing; taken as 1");
    assertThat(Files.readString(platform)).doesNotContain("busy_slowdown");

    Files.writeString(r.resolve("results.json"), probed.apply("fast"));
    assertThatThrownBy(() -> new Predictor(r, new Predictor.Options(simulator.toAbsolutePath(), r.resolve("models"), 2,
        1e12, 0, MIB, 1, false, null, null, null), out).run()).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(r.resolve("results.json") + ": environment entry 'storage probe: slowdown beside a computing"
            + " thread' of pfs is 'fast', not a positive number");
  }

  @Test
  void aRepetitionWhoseAloneTracesAreDamagedOrMissingIsLeftOutSayingWhy() throws Exception {
    Path r = results();
    Path iorDir = r.resolve("traces/003-pfs-r1-n-to-1-ior-alone-traced");
    Path trace;
    try (java.util.stream.Stream<Path> files = Files.list(iorDir)) {
      trace = files.filter(f -> f.toString().endsWith(".ptrace")).findFirst().orElseThrow();
    }
    byte[] whole = Files.readAllBytes(trace);
    // its last block lost, as a killed writer leaves it
    Files.write(trace, Arrays.copyOf(whole, whole.length - 16));
    Predictor.Options options = new Predictor.Options(Path.of("/bin/true"), dir.resolve("m"), 1, 1e9, 0, MIB, 1, false,
        null, null, null);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
    // a replay of a cut trace would come out short: the repetition is left out, and with it the only one here
    assertThatThrownBy(() -> new Predictor(r, options, out).run()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("whose traces could be read (see the lines above)")
        .hasMessageNotContaining("--tracing on");
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("pfs: repetition 1 left out: phase"
        + " 003-pfs-r1-n-to-1-ior-alone-traced: " + trace).contains("was cut short at byte offset");

    text.reset();
    deleteRecursively(iorDir);
    assertThatThrownBy(() -> new Predictor(r, options, out).run()).isInstanceOf(IllegalArgumentException.class);
    assertThat(text.toString(StandardCharsets.UTF_8)).contains("pfs: repetition 1 left out: phase"
        + " 003-pfs-r1-n-to-1-ior-alone-traced: no trace directory " + iorDir);
  }

  private static void deleteRecursively(Path p) throws IOException {
    try (java.util.stream.Stream<Path> all = Files.walk(p)) {
      for (Path f : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    }
  }

  @Test
  void aDamagedResultsFileIsNamedWithWhereItBreaksInTheParsersOwnWords() throws Exception {
    Predictor.Options options = new Predictor.Options(Path.of("/bin/true"), dir.resolve("m"), 1, 1e9, 0, MIB, 1, false,
        null, null, null);
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("results.json"), "{\"phases\": [\n");
    assertThatThrownBy(() -> new Predictor(dir, options, out).run()).isInstanceOf(IOException.class)
        .hasMessageStartingWith(dir.resolve("results.json") + ": not a results file pfsmix mix wrote: Unexpected"
            + " end-of-input").hasMessageEndingWith("(line 2, column 1)").hasMessageNotContaining("Source");
    Files.writeString(dir.resolve("results.json"), "");
    assertThatThrownBy(() -> new Predictor(dir, options, out).run()).isInstanceOf(IOException.class)
        .hasMessage(dir.resolve("results.json") + ": not a results file pfsmix mix wrote: it is empty");
  }

  @Test
  void aResultsDirectoryWithoutResultsOrTracesIsRefusedNamingWhatIsMissing() throws Exception {
    Predictor.Options options = new Predictor.Options(Path.of("/bin/true"), dir.resolve("m"), 1, 1e9, 0, MIB, 1, false,
        null, null, null);
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    assertThatThrownBy(() -> new Predictor(dir, options, out).run()).isInstanceOf(IOException.class)
        .hasMessageContaining(dir.resolve("results.json").toString()).hasMessageContaining("no such results file");
    Files.writeString(dir.resolve("results.json"), "{\"phases\":[]}");
    assertThatThrownBy(() -> new Predictor(dir, options, out).run()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--tracing on");
  }
  @Test
  void howCloseTheModelCameStandsBesideHowCloseTheOtherRepetitionsCame() {
    // figures: TFIDF alone, IOR alone, serial, mixed s, mixed/serial, TFIDF slowdown, IOR slowdown
    List<Predictor.Row> rows = List.of(
        new Predictor.Row("orangefs", 1, "n-to-1", new double[] {1, 2, 3, 3.0, 1.0, 1.8, 1.40},
            new double[] {1, 2, 3, 3.0, 1.0, 1.8, 1.15}),
        new Predictor.Row("orangefs", 2, "n-to-1", new double[] {1, 2, 3, 3.0, 1.0, 1.8, 1.50},
            new double[] {1, 2, 3, 3.0, 1.0, 1.8, 1.30}),
        new Predictor.Row("orangefs", 3, "n-to-1", new double[] {1, 2, 3, 3.0, 1.0, 1.8, 1.20},
            new double[] {1, 2, 3, 3.0, 1.0, 1.8, 1.19}),
        // another pattern is not another repetition of this one
        new Predictor.Row("orangefs", 1, "n-to-n", new double[] {1, 2, 3, 3.0, 1.0, 1.8, 3.00},
            new double[] {1, 2, 3, 3.0, 1.0, 1.8, 3.00}),
        new Predictor.Row("ceph", 1, "n-to-1", new double[] {1, 2, 3, 2.0, 0.8, 1.5, 1.10},
            new double[] {1, 2, 3, 2.2, 0.8, 1.5, 1.10}));
    List<List<String>> cells = Predictor.agreementCells(rows, Predictor.FIGURES);

    // the mixed figures only, per file system in the rows' order
    assertThat(cells).extracting(c -> c.get(0) + " " + c.get(1)).containsExactly("orangefs mixed s",
        "orangefs mixed/serial", "orangefs TFIDF slowdown", "orangefs IOR slowdown", "ceph mixed s",
        "ceph mixed/serial", "ceph TFIDF slowdown", "ceph IOR slowdown");
    // predicted: -17.9 %, -13.3 %, -0.8 %, 0 % (sizes: 0, 0.8, 13.3, 17.9); each n-to-1 repetition against the mean
    // of the other two: 1.35 for 1.40 (-3.6 %), 1.30 for 1.50 (-13.3 %), 1.45 for 1.20 (+20.8 %); n-to-n has no other
    assertThat(cells.get(3)).containsExactly("orangefs", "IOR slowdown", "3 of 4", "7.1%", "-7.1%", "2 of 3",
        "13.3%");
    assertThat(cells.get(0)).containsExactly("orangefs", "mixed s", "4 of 4", "0.0%", "+0.0%", "3 of 3", "0.0%");
    // one repetition: nothing to compare it with
    assertThat(cells.get(4)).containsExactly("ceph", "mixed s", "1 of 1", "10.0%", "+10.0%", "-", "-");
    assertThat(Predictor.AGREEMENT_HEADER).containsExactly("fs", "figure", "predicted within 15 %", "median error size",
        "median error", "the other repetitions within 15 %", "their median error size");
  }
}
