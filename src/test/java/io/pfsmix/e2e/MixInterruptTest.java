package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PathRoles;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/**
 * Stopping a mix as a user does: {@code pfsmix mix} runs in a JVM of its own (as ./pfsmix starts it) and gets SIGINT, as
 * Ctrl-C in a terminal sends it, once the mixed phase runs and both workloads are seen doing I/O; or SIGTERM, as kill(1)
 * sends it, while TFIDF runs alone.
 */
class MixInterruptTest {

  private static final int RANKS = 2;
  private static final long BLOCK = 1 << 20;
  /**
   * Checkpoint of 2 x 1 MiB x 16 = 32 MiB in 4 KiB transfers, each synced (IOR -Y): seconds alone on these machines,
   * where unsynced writes of any size a test may leave on disk land in the page cache in under a second.
   */
  private static final int SEGMENTS = 16;
  private static final long EXIT_BOUND_SECONDS = 60;
  /** A shell reports a program ended by a signal as 128 + its number (the JVM exits so after its shutdown hooks). */
  private static final int EXIT_SIGINT = 128 + 2;
  private static final int EXIT_SIGTERM = 128 + 15;

  @TempDir
  Path out;

  @Test
  void ctrlCInTheMixedPhaseStopsBothWorkloadsAndKeepsWhatWasMeasured() throws Exception {
    Path results = out.resolve("results");
    PfsmixChild mix = startMix(results, "--patterns", "n-to-1", "--set", "mix.ior.block=" + BLOCK,
        "--set", "mix.ior.transfer=4k", "--set", "mix.ior.segments=" + SEGMENTS, "--set", "mix.ior.flags=-Y",
        "--set", "mix.tfidf.size=8m");
    try {
      String id = mix.awaitStderr(Pattern.compile("phase (\\S+-mixed-traced) starting"), 240).group(1);
      Path root = mix.root();
      Path checkpoint = root.resolve("mix/ior").resolve(id).resolve("checkpoint");
      Path labels = root.resolve("mix/tfidf/labels").resolve(id);
      awaitDoingIo(mix, results, id, checkpoint);
      List<ProcessHandle> descendants = mix.process.descendants().toList();

      mix.signal("INT");
      mix.awaitExit(EXIT_BOUND_SECONDS);

      assertThat(mix.process.exitValue()).as(mix.stderr()).isEqualTo(EXIT_SIGINT);
      assertThat(descendants).noneMatch(ProcessHandle::isAlive);
      assertThat(mix.stderr()).contains("interrupted: stopping the workloads and writing what was measured")
          .containsPattern("phase " + id + " cancelled in [0-9.]+ s");
      assertNoStackTrace(mix);
      assertThat(mix.stdout()).contains("INCOMPLETE: phase " + id + " cancelled: interrupted (Ctrl-C")
          .contains("report: " + results.resolve(ResultsFiles.REPORT_HTML));

      // nothing writes after the exit: the stopped phase's checkpoint and labels are gone, no file appears or grows
      assertThat(checkpoint).doesNotExist();
      assertThat(labels).doesNotExist();
      assertNothingChangesAfterExit(root, results);
    } finally {
      mix.kill();
    }

    MixResults measured = ResultsFiles.read(results);
    assertThat(measured.complete()).isFalse();
    assertThat(measured.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.TFIDF_ALONE,
        PhaseKind.IOR_ALONE, PhaseKind.MIXED);
    PhaseRecord tfidfAlone = measured.phases().get(0);
    PhaseRecord iorAlone = measured.phases().get(1);
    PhaseRecord mixed = measured.phases().get(2);
    assertThat(measured.reason()).isEqualTo("phase " + mixed.id() + " cancelled: " + mixed.error());

    // the phases that finished before keep their numbers: the whole request data read, the whole checkpoint written
    long inputBytes = requestBytes(mix.root());
    assertThat(tfidfAlone.ok()).isTrue();
    WorkloadResult tfidf = tfidfAlone.result("tfidf");
    assertThat(tfidf.bytes()).isEqualTo(inputBytes).isGreaterThan(7 << 20);
    assertThat(tfidf.seconds()).isPositive();
    assertThat(iorAlone.ok()).isTrue();
    WorkloadResult ior = iorAlone.result("ior");
    assertThat(ior.bytes()).isEqualTo(RANKS * BLOCK * SEGMENTS);
    assertThat(ior.seconds()).isPositive();

    // the mixed phase was stopped in the middle: neither workload finished
    assertThat(mixed.status()).isEqualTo(PhaseRecord.CANCELLED);
    assertThat(mixed.error()).startsWith("interrupted (Ctrl-C");
    assertThat(mixed.workloads()).isEmpty();

    String md = Files.readString(results.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("Status: INCOMPLETE — phase " + mixed.id() + " cancelled: interrupted (Ctrl-C")
        .contains("| " + tfidfAlone.id() + " | ok | " + String.format(Locale.ROOT, "%.2f", tfidfAlone.seconds())
            + " | — | " + String.format(Locale.ROOT, "%.1f", tfidf.throughputMiBs()) + " (" + inputBytes + " B) |")
        .contains("| " + iorAlone.id() + " | ok | " + String.format(Locale.ROOT, "%.2f", iorAlone.seconds()) + " | "
            + String.format(Locale.ROOT, "%.1f", ior.throughputMiBs()) + " (" + ior.bytes() + " B) | — |")
        .contains("| " + mixed.id() + " | cancelled | ");
    assertThat(Files.readString(results.resolve(ResultsFiles.REPORT_HTML)))
        .contains("<p class=\"incomplete\">Status: INCOMPLETE — phase " + mixed.id() + " cancelled: interrupted");

    // the merged trace is whole; each finished phase's part holds the bytes its workload said it moved, and the
    // stopped phase's part what both did before the signal
    assertThat(measured.trace().cutShort()).isEmpty();
    Map<String, Long> traced = MixCli.traceBytes(results.resolve(ResultsFiles.MERGED_TRACE),
        List.of("/mix/ior/", "/mix/tfidf/requests/"));
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "write", "/mix/ior/")).isGreaterThan(ior.bytes());
    Map<String, Map<String, Map<String, Long>>> byPhase = measured.trace().bytesByPhase();
    assertThat(byPhase.get(tfidfAlone.id()).get(PathRoles.TFIDF_INPUT)).containsEntry("APPLICATION.read", inputBytes);
    assertThat(byPhase.get(iorAlone.id()).get(PathRoles.IOR_CHECKPOINT)).containsEntry("APPLICATION.write", ior.bytes())
        .containsEntry("STORAGE.write", ior.bytes());
    assertThat(byPhase.get(mixed.id()).get(PathRoles.IOR_CHECKPOINT).get("APPLICATION.write")).isPositive()
        .isLessThan(ior.bytes());
    assertThat(byPhase.get(mixed.id()).get(PathRoles.TFIDF_INPUT).get("APPLICATION.read")).isPositive();
  }

  @Test
  void sigtermWhileTfidfRunsAloneEndsTheMixTheSameWay() throws Exception {
    Path results = out.resolve("results");
    PfsmixChild mix = startMix(results, "--patterns", "n-to-n", "--set", "mix.tfidf.size=8m");
    try {
      String id = mix.awaitStderr(Pattern.compile("phase (\\S+-tfidf-alone-traced) starting"), 240).group(1);
      awaitDoingIo(mix, results, id, null);

      // as kill(1) sends it (Process.destroy() sends SIGTERM too, but closes the pipes that carry the child's output)
      mix.signal("TERM");
      mix.awaitExit(EXIT_BOUND_SECONDS);

      assertThat(mix.process.exitValue()).as(mix.stderr()).isEqualTo(EXIT_SIGTERM);
      assertThat(mix.stderr()).contains("interrupted: stopping the workloads and writing what was measured");
      assertNoStackTrace(mix);
      assertThat(mix.stdout()).contains("INCOMPLETE: phase " + id + " cancelled: interrupted");
      assertThat(mix.root().resolve("mix/tfidf/labels").resolve(id)).doesNotExist();
      assertNothingChangesAfterExit(mix.root(), results);
    } finally {
      mix.kill();
    }

    // the first phase was stopped: nothing measured, and the results and report say so
    MixResults measured = ResultsFiles.read(results);
    assertThat(measured.complete()).isFalse();
    assertThat(measured.phases()).hasSize(1);
    PhaseRecord stopped = measured.phases().get(0);
    assertThat(stopped.kind()).isEqualTo(PhaseKind.TFIDF_ALONE);
    assertThat(stopped.status()).isEqualTo(PhaseRecord.CANCELLED);
    assertThat(stopped.workloads()).isEmpty();
    assertThat(Files.readString(results.resolve(ResultsFiles.REPORT_MD))).contains("Status: INCOMPLETE — phase ");
    assertThat(measured.trace().cutShort()).isEmpty();
    Map<String, Long> traced = MixCli.traceBytes(results.resolve(ResultsFiles.MERGED_TRACE),
        List.of("/mix/tfidf/requests/"));
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "read", "/mix/tfidf/requests/")).isPositive();
  }

  /** The small mix on the embedded pfs, under a pfsmix home of this test's own, with {@code more} arguments. */
  private PfsmixChild startMix(Path results, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--dir", "/mix",
        // the local runner's scratch files in this test's directory, not the machine's /tmp
        "-D", "hadoop.tmp.dir=" + out.resolve("hadoop-tmp"),
        // the tests wait for the phase's trace to show a read: the recorder writes each thread's records this often
        "-D", TraceConfigKeys.FLUSH_INTERVAL_MS + "=100"));
    args.addAll(List.of(more));
    return PfsmixChild.start(out.resolve("home"), MixCli.smallMix(results, args.toArray(new String[0])));
  }

  /**
   * Waits until the phase's trace holds a completed read of the request data at the application point (a TFIDF task
   * has read) and, if {@code checkpoint} is given, the child has the checkpoint open with data in it (IOR writing, as
   * lsof would show it). A request file open is not a read: the runner opens one briefly for every stat (the pfs root's
   * O_PATH descriptors) and a task opens it before its first read returns, so a signal then found nothing read.
   */
  private static void awaitDoingIo(PfsmixChild mix, Path results, String id, Path checkpoint) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    Pattern ended = Pattern.compile("phase " + Pattern.quote(id) + " (ok|failed|cancelled)");
    while (System.nanoTime() < deadline) {
      boolean iorWriting = checkpoint == null
          || openFiles(mix.process.pid()).contains(checkpoint) && sizeOrZero(checkpoint) > 0;
      boolean tfidfRead = requestBytesTraced(results.resolve(ResultsFiles.PHASE_TRACES_DIR).resolve(id)) > 0;
      if (iorWriting && tfidfRead) {
        return;
      }
      if (ended.matcher(mix.stderr()).find() || !mix.process.isAlive()) {
        fail("phase " + id + " ended before its workloads were all seen doing I/O (IOR writing: " + iorWriting
            + ", TFIDF read traced: " + tfidfRead + "); make the checkpoint or the request data larger\n"
            + mix.stderr());
      }
      Thread.sleep(20);
    }
    fail("the workloads of phase " + id + " were not all seen doing I/O within 120 s\n" + mix.stderr());
  }

  /**
   * Request bytes read at the application point in a phase's trace files as the child has written them so far (whole
   * blocks: the recorder writes every thread's records at least once a flush interval).
   */
  private static long requestBytesTraced(Path phaseTraces) throws IOException {
    if (!Files.isDirectory(phaseTraces)) {
      return 0;
    }
    long bytes = 0;
    try (Stream<Path> files = Files.list(phaseTraces)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        try (TraceReader reader = TraceReader.open(file)) {
          for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
            if (r.point() == TracePoint.APPLICATION && r.op().isRead() && r.succeeded() && r.bytes() > 0
                && r.path() != null && java.net.URI.create(r.path()).getPath().startsWith("/mix/tfidf/requests/")) {
              bytes += r.bytes();
            }
          }
        } catch (IOException e) {
          // a file the child is creating (no whole header yet): read again on the next round
        }
      }
    }
    return bytes;
  }

  /** The files a process has open (Linux /proc). */
  private static List<Path> openFiles(long pid) {
    List<Path> open = new ArrayList<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        try {
          open.add(Files.readSymbolicLink(fd));
        } catch (IOException e) {
          // closed while listing
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      // the process has just exited
    }
    return open;
  }

  private static long sizeOrZero(Path file) {
    try {
      return Files.size(file);
    } catch (IOException e) {
      return 0;
    }
  }

  private static long requestBytes(Path root) throws IOException {
    try (Stream<Path> files = Files.list(root.resolve("mix/tfidf/requests"))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".req")).mapToLong(f -> f.toFile().length()).sum();
    }
  }

  /**
   * Stopping the workloads interrupts Hadoop's job, task and shell threads, which log it with stack traces: the mix
   * says in one line that it stops, and Hadoop's complaints about it are not shown (on stderr with ./pfsmix's
   * conf/log4j.properties, on stdout with the test classpath's).
   */
  private static void assertNoStackTrace(PfsmixChild mix) {
    assertThat(mix.stdout() + mix.stderr()).doesNotContainPattern("(?m)^\\s+at |^Caused by|Exception");
  }

  /** The process is gone: no file under the pfs root or the results appears, disappears or changes size. */
  private static void assertNothingChangesAfterExit(Path root, Path results) throws Exception {
    Map<String, Long> before = sizes(root, results);
    Thread.sleep(1000);
    assertThat(sizes(root, results)).isEqualTo(before);
  }

  /** Every file and directory under {@code dirs} with its size (-1 for a directory). */
  private static Map<String, Long> sizes(Path... dirs) throws IOException {
    Map<String, Long> sizes = new TreeMap<>();
    for (Path dir : dirs) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          sizes.put(f.toString(), Files.isRegularFile(f) ? Files.size(f) : -1);
        }
      }
    }
    return sizes;
  }
}
