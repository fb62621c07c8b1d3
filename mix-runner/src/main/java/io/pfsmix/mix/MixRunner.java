package io.pfsmix.mix;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;

import io.pfsmix.fs.FreeSpace;
import io.pfsmix.fs.Sizes;

/**
 * Runs a mix: per file system, prepares the data, balances the checkpoint size if asked, then repeats TFIDF alone, IOR
 * alone and both together per pattern; records every phase as it ends, and at the end (also after a failure or Ctrl-C)
 * merges the traces and writes the report.
 */
public final class MixRunner {

  /** Runs before the tracer's recorders and Hadoop's file systems are closed at JVM exit. */
  private static final int SHUTDOWN_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 20;
  private static final long SHUTDOWN_WAIT_SECONDS = 120;
  /** Share of the file system's free space one checkpoint may take (TFIDF's output and other users need the rest). */
  private static final double CHECKPOINT_SHARE_OF_FREE_SPACE = 0.8;
  /** The reason results.json gives while the mix runs. */
  private static final String RUNNING = "still running (written after each phase)";
  /** The environment entry saying how storage was settled before each phase (the report's checks read it). */
  static final String BEFORE_EVERY_PHASE = "before every phase";

  private final MixSettings settings;
  private final WorkloadFactory workloads;
  private final Progress progress;
  private final PrintStream out;
  private final TraceSupport tracing;
  private final Settling settling;
  /** Wall clock in ns since the epoch that times the mix and its phases, and so what balancing sizes by. */
  private final LongSupplier clock;
  private final List<PhaseRecord> phases = new ArrayList<>();
  private final List<BalanceStep> balancing = new ArrayList<>();
  private final Map<String, Map<String, String>> environment = new LinkedHashMap<>();
  /** Where the real IOR wrote the checkpoints, as local paths (its traces name those), per file system run. */
  private final List<String> localIorDirs = new ArrayList<>();
  /** Where further workloads' commands ran, as local paths (their traces name those), per file system run. */
  private final List<String> localWorkloadDirs = new ArrayList<>();
  /** Each further workload's {scale} on the file system being run: its own, or what balancing found. */
  private final Map<String, Integer> scales = new LinkedHashMap<>();
  private final CountDownLatch finished = new CountDownLatch(1);
  private volatile PhaseExecutor current;
  private volatile String cancelReason;
  private String failure;
  private long startedNs;
  private ReportTables reportTables;

  MixRunner(MixSettings settings, WorkloadFactory workloads, TraceSupport tracing, Progress progress, PrintStream out,
      LongSupplier clock) {
    this.settings = settings;
    this.workloads = workloads;
    this.tracing = tracing;
    this.progress = progress;
    this.out = out;
    this.clock = clock;
    this.settling = new Settling(settings.method(), progress);
  }

  /**
   * A runner of the study's workloads (IOR through the Hadoop FileSystem API, the TFIDF MapReduce job), reporting
   * progress to {@code progress} and the final tables and report path to {@code out}.
   */
  public static MixRunner of(MixSettings settings, Progress progress, PrintStream out) {
    return new MixRunner(settings, new StudyWorkloads(), new TraceSupport(), progress, out, WallClock::nowNs);
  }

  /** Tables another module adds to the report from the finished results (the command line adds the prediction). */
  @FunctionalInterface
  public interface ReportTables {
    /**
     * The tables, empty when there is nothing to add; a failure leaves them out of the report with the reason said.
     *
     * @param resultsDir the results directory, results.json and the phases' traces written
     */
    List<ReportWriter.Table> of(Path resultsDir, MixResults results, Progress progress) throws Exception;
  }

  /** Adds these tables to the report (this runner's only). */
  public MixRunner withReportTables(ReportTables tables) {
    this.reportTables = tables;
    return this;
  }

  /** Stops the mix from another thread: the running phase's workloads are cancelled and the report marked incomplete. */
  public void cancel(String reason) {
    cancelReason = reason;
    PhaseExecutor phase = current;
    if (phase != null) {
      phase.cancel(reason);
    }
  }

  /**
   * Runs the whole mix, writes the results directory and prints the study's tables and where the report is. Returns the
   * results whether complete or not; the report says which.
   */
  public MixResults run() throws IOException {
    startedNs = clock.getAsLong();
    ResultsFiles.claim(settings.results(), results(RUNNING, null));
    ReportCharts.startJava2d();
    Runnable hook = () -> {
      if (finished.getCount() > 0) {
        progress.say("interrupted: stopping the workloads and writing what was measured");
        cancel("interrupted (Ctrl-C or the JVM shutting down)");
        try {
          finished.await(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
    ShutdownHookManager.get().addShutdownHook(hook, SHUTDOWN_PRIORITY, SHUTDOWN_WAIT_SECONDS + 10, TimeUnit.SECONDS);
    try {
      try {
        for (FileSystemSpec fs : settings.fileSystems()) {
          runOn(fs);
        }
      } catch (PhaseStopped e) {
        failure = e.getMessage();
      } catch (Exception e) {
        failure = PhaseExecutor.describe(e);
        progress.say("mix failed: " + failure);
      }
      MixResults results;
      try {
        results = finish();
      } catch (IOException e) {
        throw new IOException("cannot write the results in " + settings.results() + ": "
            + ResultsFiles.reason(e, settings.results()), e);
      }
      out.println();
      out.print(ReportWriter.terminalTables(results));
      if (!results.complete()) {
        out.println("INCOMPLETE: " + results.reason());
      }
      out.println("report: " + settings.results().resolve(ResultsFiles.REPORT_HTML) + " (and "
          + ResultsFiles.REPORT_MD + ", " + ResultsFiles.RESULTS_JSON + (results.trace() != null
          ? ", " + ResultsFiles.MERGED_TRACE : "") + " beside it)");
      out.flush();
      return results;
    } finally {
      HadoopLogs.restore();
      finished.countDown();
      if (!ShutdownHookManager.get().isShutdownInProgress()) {
        ShutdownHookManager.get().removeShutdownHook(hook);
      }
    }
  }

  /** A phase failed or was cancelled: the mix stops there. */
  private static final class PhaseStopped extends Exception {
    PhaseStopped(String message) {
      super(message, null, false, false);
    }
  }

  private void runOn(FileSystemSpec fs) throws Exception {
    checkCancelled();
    Path workDir = settings.results().resolve("work").resolve(safe(fs.label()));
    try (MixEnvironment env = MixEnvironment.start(fs, settings.jobs(), settings, workDir, progress)) {
      Map<String, String> description = new LinkedHashMap<>(env.description());
      description.put("default file system", env.conf().get(FileSystem.FS_DEFAULT_NAME_KEY));
      description.put("phase order", settings.method().describeOrder(settings.hpcLabel(), settings.analyticsLabel(),
          settings.workloads().stream().map(ExtraWorkload::label).toList()));
      if (settings.hpc() != null) {
        description.put("HPC side", settings.hpcLabel() + ": traced by the preload library in every phase, its bytes"
            + " counted from its trace; its untraced phases carry the library's cost too");
      }
      if (settings.analytics() != null) {
        description.put("analytics side", settings.analyticsLabel() + ": traced at the application point in every"
            + " phase, its bytes counted from its trace; its untraced phases carry the tracer's cost too");
      }
      environment.put(fs.label(), description);
      if (settings.iorNative() != null || settings.hpc() != null) {
        localIorDirs.add(NativeIorWorkload.localPath(env.conf(), iorDir()).toString());
      }
      if (settings.workloads().stream().anyMatch(w -> w.command() != null)) {
        localWorkloadDirs.add(NativeIorWorkload.localPath(env.conf(), workloadsDir()).toString());
      }
      checkCancelled();
      // the mix's directory is this run's alone until it ends: no other run writes its checkpoints or labels there
      try (RunLock lock = RunLock.acquire(env.conf(), new org.apache.hadoop.fs.Path(base(), RunLock.DIR_NAME),
          MixKeys.DIR, settings.dir() + " on " + fs.label(), settings.results().toString(), progress)) {
        removeLeftovers(env.conf(), fs);
        try {
          runPhases(env, fs, description);
        } finally {
          description.put(BEFORE_EVERY_PHASE, settling.describe());
        }
        lock.checkHeld();
      }
    }
  }

  /**
   * Removes what a run stopped before its phases ended left in the directory (kill -9 skips the cleanup after each
   * phase): checkpoints, labels (a classify job refuses an existing output), training data. Under the lock, anything
   * there is a dead run's.
   */
  private void removeLeftovers(Configuration conf, FileSystemSpec fs) throws IOException {
    FileSystem fileSystem = FileSystem.get(conf);
    List<org.apache.hadoop.fs.Path> leftovers = new ArrayList<>();
    List<String> phaseDirs = new ArrayList<>(List.of(iorDir(), analyticsOutputDir(settings)));
    settings.workloads().forEach(w -> phaseDirs.add(w.phasesDirectory(settings)));
    for (String dir : phaseDirs) {
      org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir);
      if (fileSystem.exists(path) && fileSystem.getFileStatus(path).isDirectory()) {
        for (org.apache.hadoop.fs.FileStatus child : fileSystem.listStatus(path)) {
          leftovers.add(child.getPath());
        }
      }
    }
    org.apache.hadoop.fs.Path training = TfidfWorkload.trainingData(settings);
    if (fileSystem.exists(training)) {
      leftovers.add(training);
    }
    if (!leftovers.isEmpty()) {
      progress.say("  " + fs.label() + ": removing what an earlier mix left in " + settings.dir() + ": " + leftovers
          .stream().map(p -> p.toUri().getPath().substring(base().length() + 1)).collect(Collectors.joining(", ")));
      for (org.apache.hadoop.fs.Path p : leftovers) {
        fileSystem.delete(p, true);
      }
    }
  }

  private void runPhases(MixEnvironment env, FileSystemSpec fs, Map<String, String> description) throws Exception {
    progress.say(fs.label() + (settings.analytics() != null ? ": preparing " + settings.analyticsLabel()
        + "'s directories" : ": preparing the TFIDF data and model (generated or trained when absent)"));
    workloads.prepare(env.conf(), settings, progress);
    long free = FreeSpace.of(FileSystem.get(env.conf()), new org.apache.hadoop.fs.Path(settings.dir()));
    long room = free == FreeSpace.UNKNOWN ? free : (long) (free * CHECKPOINT_SHARE_OF_FREE_SPACE);
    // a command's size in bytes is known only once it ran: balancing learns it from the first run
    if (settings.hpc() == null) {
      try {
        FreeSpace.require(settings.iorSegments() + " segments make a checkpoint of",
            settings.checkpointBytes(settings.iorSegments()), free, CHECKPOINT_SHARE_OF_FREE_SPACE, fs.label());
      } catch (FreeSpace.NotEnoughSpaceException e) {
        throw MixConfigException.unavailable(MixKeys.IOR_SEGMENTS, e.getMessage());
      }
    }
    Map<IorPattern, Integer> segments = new EnumMap<>(IorPattern.class);
    for (IorPattern pattern : settings.patterns()) {
      segments.put(pattern, settings.hpcSize());
    }
    scales.clear();
    settings.workloads().forEach(w -> scales.put(w.name(), w.scale()));
    boolean firstPassTraced = settings.tracing().passes().get(0);
    if (settings.warmup()) {
      IorPattern first = settings.patterns().get(0);
      phase(env, fs, new Step(PhaseKind.WARMUP, first, null, firstPassTraced), 0, segments.get(first));
    }
    // after the warm-up, so that the probe measures the storage, not the JVM's first use of the file system
    if (settings.method().probeBytes() > 0) {
      progress.say(fs.label() + ": probing the storage (" + Sizes.human(settings.method().probeBytes())
          + " written and synced, then read back, best of " + StorageProbe.ROUNDS + ")");
      StorageProbe probe = StorageProbe.measure(env.conf(), base(), settings.method().probeBytes(), settling);
      probe.describeInto(description);
      save();
      progress.say(String.format(Locale.ROOT, "  %s sustains %.1f MiB/s written and synced, %.1f MiB/s read from %s",
          fs.label(), probe.writeMiBs(), probe.readMiBs(), probe.readFromStorage() ? "storage" : "possibly memory"));
      if (env.clusterDir() != null) {
        probeBesideComputing(env, fs, description);
      }
    }
    if (settings.balance()) {
      PhaseRecord target = phase(env, fs, new Step(PhaseKind.BALANCE_TFIDF, null, null, firstPassTraced), 0, 0);
      for (IorPattern pattern : settings.patterns()) {
        segments.put(pattern, balance(env, fs, new Step(PhaseKind.BALANCE_IOR, pattern, null, firstPassTraced),
            target.seconds(), room));
      }
      for (ExtraWorkload w : settings.workloads()) {
        if (w.balance()) {
          scales.put(w.name(), balance(env, fs, new Step(PhaseKind.BALANCE_WORKLOAD, null, w, firstPassTraced),
              target.seconds(), room));
        }
      }
    }
    for (int rep = 1; rep <= settings.repetitions(); rep++) {
      List<Step> steps = new ArrayList<>();
      for (boolean traced : settings.tracing().passes()) {
        steps.add(new Step(PhaseKind.TFIDF_ALONE, null, null, traced));
        for (ExtraWorkload w : settings.workloads()) {
          steps.add(new Step(PhaseKind.WORKLOAD_ALONE, null, w, traced));
        }
        for (IorPattern pattern : settings.patterns()) {
          steps.add(new Step(PhaseKind.IOR_ALONE, pattern, null, traced));
          steps.add(new Step(PhaseKind.MIXED, pattern, null, traced));
        }
      }
      for (Step step : settings.method().order(steps, rep)) {
        phase(env, fs, step, rep, step.pattern() == null ? 0 : segments.get(step.pattern()));
      }
    }
  }

  /**
   * One phase: its kind, the IOR pattern of a phase that runs the HPC side, the further workload of a phase that runs
   * one alone, whether it is traced.
   */
  private record Step(PhaseKind kind, IorPattern pattern, ExtraWorkload workload, boolean traced) {

    /** Whether the phase runs {@code w}: every workload runs in a mixed phase and the warm-up. */
    boolean runs(ExtraWorkload w) {
      return kind == PhaseKind.MIXED || kind == PhaseKind.WARMUP || w.equals(workload);
    }
  }

  /**
   * Adjusts IOR segments (or the HPC command's, or a further workload's, {scale}) until the workload of {@code step}
   * alone takes as long as TFIDF alone; returns the best size found.
   *
   * @param step a {@link PhaseKind#BALANCE_IOR} step of a pattern, or a {@link PhaseKind#BALANCE_WORKLOAD} step
   */
  /** The storage probe's checkpoint alone and beside a computing thread, in a directory of its own, removed after. */
  private void probeBesideComputing(MixEnvironment env, FileSystemSpec fs, Map<String, String> description)
      throws IOException, InterruptedException {
    int probeSegments = (int) Math.max(1, settings.method().probeBytes()
        / ((long) settings.iorRanks() * settings.iorBlock()));
    org.apache.hadoop.fs.Path probeDir = new org.apache.hadoop.fs.Path(base() + "/probe-busy");
    List<String> flags = IorWorkload.flags(settings, settings.patterns().get(0), probeSegments, probeDir.toString());
    progress.say(fs.label() + ": probing the storage beside a computing thread (the checkpoint at "
        + Sizes.human(settings.checkpointBytes(probeSegments)) + ", alone and beside it, "
        + StorageProbe.BesideComputing.BUSY_ROUNDS + " rounds each)");
    StorageProbe.BesideComputing busy;
    try {
      busy = StorageProbe.BesideComputing.measure(env.conf(), flags, settling);
    } finally {
      FileSystem.get(env.conf()).delete(probeDir, true);
    }
    busy.describeInto(description);
    save();
    progress.say(String.format(Locale.ROOT, "  %.1f MiB/s beside it, %.1f alone (medians): %s", busy.busyMiBs(),
        busy.aloneMiBs(), busy.verdict()));
  }

  private int balance(MixEnvironment env, FileSystemSpec fs, Step step, double tfidfSeconds, long room)
      throws Exception {
    ExtraWorkload extra = step.workload();
    String workload = extra == null ? Workload.IOR : extra.name();
    String label = extra == null ? settings.hpcLabel() : extra.label();
    String where = step.pattern() != null ? step.pattern().label() : label;
    boolean iorSegments = extra == null && settings.hpc() == null;
    IntFunction<String> size = n -> iorSegments ? n + " segments" : "scale " + n;
    // a command's or job's bytes per unit of {scale} are known once it ran; the most it has moved per unit is taken
    long bytesPerUnit = iorSegments ? settings.checkpointBytes(1) : 0;
    int segments = extra == null ? settings.hpcSize() : extra.scale();
    BalanceStep best = null;
    List<BalanceStep> tried = new ArrayList<>();
    for (int round = 1; round <= settings.balanceRounds(); round++) {
      PhaseRecord run = phase(env, fs, step, 0, segments);
      if (!iorSegments) {
        bytesPerUnit = Math.max(bytesPerUnit, run.result(workload).bytes() / segments);
      }
      int maxSegments = (int) Math.min(Integer.MAX_VALUE, Math.max(1, room / Math.max(1, bytesPerUnit)));
      BalanceStep attempt = new BalanceStep(fs.label(), workload, step.pattern() == null ? null
          : step.pattern().setting(), round, segments, run.seconds(), tfidfSeconds);
      tried.add(attempt);
      balancing.add(attempt);
      save();
      if (best == null || attempt.mismatch() < best.mismatch()) {
        best = attempt;
      }
      progress.say(String.format(Locale.ROOT, "  balancing %s %s: %s -> %s %.2f s vs %s %.2f s (%.0f%% off)",
          fs.label(), where, size.apply(segments), label, run.seconds(), settings.analyticsLabel(),
          tfidfSeconds, attempt.mismatch() * 100));
      if (attempt.mismatch() <= settings.balanceTolerance()) {
        break;
      }
      int next = BalanceSizer.next(tried);
      if (next > maxSegments) {
        progress.say(String.format(Locale.ROOT, "  balancing %s %s: %s (%s) would not fit; trying %d, the most"
            + " that %.0f%% of the free space holds", fs.label(), where, size.apply(next),
            Sizes.human(next * bytesPerUnit), maxSegments, CHECKPOINT_SHARE_OF_FREE_SPACE * 100));
        next = maxSegments;
      }
      int chosen = next;
      if (tried.stream().anyMatch(t -> t.segments() == chosen)) {
        break;
      }
      segments = next;
    }
    if (best.mismatch() > settings.balanceTolerance()) {
      progress.say(String.format(Locale.ROOT, "  balancing %s %s: no %s within %.0f%% in %d tries;"
          + " using %d (%.0f%% off)", fs.label(), where, iorSegments ? "segment count" : "scale",
          settings.balanceTolerance() * 100,
          tried.size(), best.segments(), best.mismatch() * 100));
    }
    return best.segments();
  }

  /**
   * Runs one phase and records it.
   *
   * @param size the HPC side's segments (or command's {scale}) in a phase that runs it; a further workload's {scale}
   *     in its balancing run
   */
  private PhaseRecord phase(MixEnvironment env, FileSystemSpec fs, Step step, int rep, int size) throws Exception {
    checkCancelled();
    PhaseKind kind = step.kind();
    IorPattern pattern = step.pattern();
    String id = String.format(Locale.ROOT, "%03d-%s-%s%s%s-%s", phases.size() + 1, safe(fs.label()),
        rep == 0 ? "setup" : "r" + rep, pattern != null ? "-" + pattern.setting() : step.workload() != null
        ? "-" + step.workload().name() : "", "-" + kind.name().toLowerCase(Locale.ROOT).replace('_', '-'),
        step.traced() ? "traced" : "untraced");
    // Hadoop caches file system instances by scheme and user, not configuration: drop those of earlier steps so this
    // phase's workloads get instances bound to its own (traced or untraced) configuration
    FileSystem.closeAll();
    Configuration conf = new Configuration(env.conf());
    if (step.traced()) {
      tracing.enable(conf, settings.results().resolve(ResultsFiles.PHASE_TRACES_DIR).resolve(id));
    }
    List<String> dirs = new ArrayList<>(List.of(iorDir() + "/" + id, analyticsOutputDir(settings) + "/" + id));
    List<Workload> run = new ArrayList<>();
    List<String> sizes = new ArrayList<>();
    boolean all = kind == PhaseKind.MIXED || kind == PhaseKind.WARMUP;
    if (kind == PhaseKind.TFIDF_ALONE || kind == PhaseKind.BALANCE_TFIDF || all) {
      run.add(workloads.tfidf(conf, settings, dirs.get(1)));
    }
    boolean hpc = kind == PhaseKind.IOR_ALONE || kind == PhaseKind.BALANCE_IOR || all;
    if (hpc) {
      run.add(workloads.ior(conf, settings, pattern, size, dirs.get(0)));
      sizes.add(settings.hpc() != null ? settings.hpcLabel() + " at scale " + size : "IOR " + size + " segments, "
          + Sizes.human(settings.checkpointBytes(size)));
    }
    for (ExtraWorkload w : settings.workloads()) {
      if (step.runs(w)) {
        int scale = kind == PhaseKind.BALANCE_WORKLOAD ? size : scales.get(w.name());
        String dir = w.phasesDirectory(settings) + "/" + id;
        dirs.add(dir);
        run.add(workloads.extra(conf, settings, w, scale, dir));
        sizes.add(w.label() + " at scale " + scale);
      }
    }
    // The phase's file system instance, made before the workloads start. When they made it themselves, its mount fell
    // inside their time (on Ceph TFIDF alone made its first call 0.36-0.43 s into its phase, 0.001 s with this), and on
    // Ceph two workloads making it at once left one waiting until the other had finished: mixed ran them in turn
    FileSystem.get(conf);
    // last, just before the workloads start: what earlier phases and this one's set-up wrote is on the storage
    settling.settle();
    progress.say("phase " + id + " starting" + (sizes.isEmpty() ? "" : " (" + String.join(", ", sizes) + ")"));
    PhaseExecutor executor = new PhaseExecutor(run, clock);
    current = executor;
    if (cancelReason != null) {
      executor.cancel(cancelReason);
    }
    PhaseExecutor.Outcome outcome;
    CpuUse.Snapshot cpuAtStart = CpuUse.take(env.clusterDir());
    CpuUse cpu;
    try {
      outcome = executor.run(id, progress);
    } finally {
      cpu = CpuUse.between(cpuAtStart, CpuUse.take(env.clusterDir()));
      current = null;
      // Ends this phase's trace files and drops file system instances bound to its configuration
      FileSystem.closeAll();
      tracing.closeRecorders();
    }
    PhaseRecord record = new PhaseRecord(id, fs.label(), pattern == null ? null : pattern.setting(), kind,
        kind == PhaseKind.WORKLOAD_ALONE || kind == PhaseKind.BALANCE_WORKLOAD ? step.workload().name() : null, rep,
        step.traced(), hpc ? size : 0, outcome.startNs(), outcome.endNs(), outcome.status(), outcome.error(),
        outcome.results(), cpu);
    phases.add(record);
    save();
    cleanUp(env.conf(), dirs);
    progress.say("phase " + id + " " + record.status() + String.format(Locale.ROOT, " in %.2f s", record.seconds())
        + describe(record, run));
    if (!record.ok()) {
      throw new PhaseStopped("phase " + id + " " + record.status() + ": " + record.error());
    }
    return record;
  }

  private MixResults finish() throws IOException {
    String reason = failure != null ? failure : cancelReason;
    TraceTotals totals = null;
    TraceAnalysis.Timeline timeline = null;
    List<PhaseRecord> traced = phases.stream().filter(PhaseRecord::traced).toList();
    // the measurements first: whatever happens to the trace or the charts, they are kept
    ResultsFiles.write(settings.results(), results(reason, null));
    if (!traced.isEmpty()) {
      progress.say("merging the traces of " + traced.size() + " phases into " + ResultsFiles.MERGED_TRACE);
      try {
        long endNs = phases.stream().mapToLong(PhaseRecord::endNs).max().orElse(clock.getAsLong());
        List<String> workloadsDirs = new ArrayList<>(List.of(workloadsDir()));
        workloadsDirs.addAll(localWorkloadDirs);
        TraceAnalysis analysis = new TraceAnalysis(new PathRoles(iorDir(), localIorDirs, settings.analytics() != null
            ? AnalyticsJobWorkload.directory(settings) : settings.tfidfData(), tfidfDir(),
            settings.tfidfModel(), workloadsDirs), startedNs, endNs, 400);
        List<Path> all = new ArrayList<>();
        for (PhaseRecord p : traced) {
          Path dir = settings.results().resolve(ResultsFiles.PHASE_TRACES_DIR).resolve(p.id());
          List<Path> files = TraceAnalysis.traceFilesIn(dir);
          analysis.addPhase(p.id(), dir, files);
          all.addAll(files);
        }
        tracing.merge(all, settings.results().resolve(ResultsFiles.MERGED_TRACE));
        totals = analysis.totals(ResultsFiles.MERGED_TRACE);
        timeline = analysis.timeline();
      } catch (IOException | RuntimeException e) {
        String problem = "the traces could not be merged: " + PhaseExecutor.describe(e);
        progress.say(problem);
        reason = reason == null ? problem : reason + "; " + problem;
      }
    }
    MixResults results = results(reason, totals);
    ResultsFiles.write(settings.results(), results);
    List<ReportWriter.Table> more = List.of();
    if (reportTables != null) {
      try {
        more = reportTables.of(settings.results(), results, progress);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        progress.say("  left out of the report: " + PhaseExecutor.describe(e));
      }
    }
    ReportWriter.write(settings.results(), results, timeline, more);
    return results;
  }

  private void save() throws IOException {
    ResultsFiles.write(settings.results(), results(failure != null ? failure : cancelReason == null
        ? RUNNING : cancelReason, null));
  }

  private MixResults results(String reason, TraceTotals trace) {
    boolean complete = reason == null;
    return new MixResults(MixResults.VERSION, complete ? MixResults.COMPLETE : MixResults.INCOMPLETE, reason,
        startedNs, clock.getAsLong(), settings.asWritten(), Map.copyOf(environment), List.copyOf(balancing),
        List.copyOf(phases), trace);
  }

  private void cleanUp(Configuration conf, List<String> dirs) {
    // an instance of its own: during JVM shutdown (Ctrl-C) Hadoop's cache refuses new entries
    try (FileSystem fs = FileSystem.newInstance(conf)) {
      for (String dir : dirs) {
        fs.delete(new org.apache.hadoop.fs.Path(dir), true);
      }
    } catch (IOException | RuntimeException e) {
      progress.say("  could not remove " + String.join(" or ", dirs) + ": " + e.getMessage());
    }
  }

  private void checkCancelled() throws PhaseStopped {
    if (cancelReason != null) {
      throw new PhaseStopped(cancelReason);
    }
  }

  private String iorDir() {
    return base() + "/ior";
  }

  /** The further workloads' directories, DIR/workloads. */
  private String workloadsDir() {
    return base() + "/" + ExtraWorkload.DIR_NAME;
  }

  private String tfidfDir() {
    return base() + "/tfidf";
  }

  /** Where the analytics side's phases write their output: TFIDF's labels, or the user's job's {out}. */
  static String analyticsOutputDir(MixSettings settings) {
    return settings.analytics() != null ? AnalyticsJobWorkload.directory(settings) + "/out"
        : settings.dir().replaceAll("/+$", "") + "/tfidf/labels";
  }

  private String base() {
    return settings.dir().replaceAll("/+$", "");
  }

  /** Each workload's figures in the phase, named by its {@link Workload#label}. */
  private static String describe(PhaseRecord p, List<Workload> run) {
    StringBuilder s = new StringBuilder();
    for (WorkloadResult w : p.workloads()) {
      String name = run.stream().filter(r -> r.name().equals(w.workload())).map(Workload::label).findFirst()
          .orElse(w.workload());
      s.append(String.format(Locale.ROOT, "; %s %.1f MiB/s (%s in %.2f s)", name, w.throughputMiBs(),
          Sizes.human(w.bytes()), w.seconds()));
    }
    return s.toString();
  }

  private static String safe(String label) {
    return label.replaceAll("[^A-Za-z0-9._-]+", "_");
  }
}
