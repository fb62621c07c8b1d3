package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Main;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PathRoles;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.format.TracePoint;

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
    Child mix = startMix(results, "--patterns", "n-to-1", "--set", "mix.ior.block=" + BLOCK,
        "--set", "mix.ior.transfer=4k", "--set", "mix.ior.segments=" + SEGMENTS, "--set", "mix.ior.flags=-Y",
        "--set", "mix.tfidf.size=8m");
    try {
      String id = mix.awaitStderr(Pattern.compile("phase (\\S+-mixed-traced) starting"), 240).group(1);
      Path root = mix.root();
      Path checkpoint = root.resolve("mix/ior").resolve(id).resolve("checkpoint");
      Path labels = root.resolve("mix/tfidf/labels").resolve(id);
      awaitDoingIo(mix, id, checkpoint);
      List<ProcessHandle> descendants = mix.process.descendants().toList();

      mix.signal("INT");
      mix.awaitExit(EXIT_BOUND_SECONDS);

      assertThat(mix.process.exitValue()).as(mix.stderr()).isEqualTo(EXIT_SIGINT);
      assertThat(descendants).noneMatch(ProcessHandle::isAlive);
      assertThat(mix.stderr()).contains("interrupted: stopping the workloads and writing what was measured")
          .containsPattern("phase " + id + " cancelled in [0-9.]+ s");
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
    Child mix = startMix(results, "--patterns", "n-to-n", "--set", "mix.tfidf.size=2m");
    try {
      String id = mix.awaitStderr(Pattern.compile("phase (\\S+-tfidf-alone-traced) starting"), 240).group(1);
      awaitDoingIo(mix, id, null);

      // as kill(1) sends it (Process.destroy() sends SIGTERM too, but closes the pipes that carry the child's output)
      mix.signal("TERM");
      mix.awaitExit(EXIT_BOUND_SECONDS);

      assertThat(mix.process.exitValue()).as(mix.stderr()).isEqualTo(EXIT_SIGTERM);
      assertThat(mix.stderr()).contains("interrupted: stopping the workloads and writing what was measured");
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
  private Child startMix(Path results, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--dir", "/mix",
        // the local runner's scratch files in this test's directory, not the machine's /tmp
        "-D", "hadoop.tmp.dir=" + out.resolve("hadoop-tmp")));
    args.addAll(List.of(more));
    return Child.start(out.resolve("home"), MixCli.smallMix(results, args.toArray(new String[0])));
  }

  /**
   * Waits until the child has a request file open (a TFIDF map task reading) and, if {@code checkpoint} is given, the
   * checkpoint open with data in it (IOR writing), as lsof would show them.
   */
  private static void awaitDoingIo(Child mix, String id, Path checkpoint) throws Exception {
    Path requests = mix.root().resolve("mix/tfidf/requests");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    Pattern ended = Pattern.compile("phase " + Pattern.quote(id) + " (ok|failed|cancelled)");
    while (System.nanoTime() < deadline) {
      List<Path> open = openFiles(mix.process.pid());
      boolean iorWriting = checkpoint == null || open.contains(checkpoint) && sizeOrZero(checkpoint) > 0;
      boolean tfidfReading = open.stream().anyMatch(f -> f.startsWith(requests));
      if (iorWriting && tfidfReading) {
        return;
      }
      if (ended.matcher(mix.stderr()).find() || !mix.process.isAlive()) {
        fail("phase " + id + " ended before its workloads were all seen doing I/O (IOR writing: " + iorWriting
            + ", TFIDF reading: " + tfidfReading + "); make the checkpoint or the request data larger\n"
            + mix.stderr());
      }
      Thread.sleep(20);
    }
    fail("the workloads of phase " + id + " were not all seen doing I/O within 120 s\n" + mix.stderr());
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

  /** {@code pfsmix <args>} in a JVM of its own, as ./pfsmix starts it, its output collected as it comes. */
  private static final class Child {

    final Process process;
    private final Path home;
    private final StringBuffer stdout = new StringBuffer();
    private final StringBuffer stderr = new StringBuffer();
    private final List<Thread> readers = new ArrayList<>();

    private Child(Process process, Path home) {
      this.process = process;
      this.home = home;
      readers.add(copy(process.getInputStream(), stdout, System.out));
      readers.add(copy(process.getErrorStream(), stderr, System.err));
    }

    static Child start(Path home, List<String> args) throws IOException {
      String java = ProcessHandle.current().info().command()
          .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      // cli's classes and every module's jar as the tests see them; conf/ is not needed: the runner sets the file
      // system's keys itself
      String classpath = System.getProperty("java.class.path");
      String cli = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
      assertThat(classpath.split(File.pathSeparator)).as("the test classpath holds the cli").contains(cli);
      List<String> command = new ArrayList<>(List.of(
          // a terminal's foreground job takes SIGINT; a test run in the background would pass on an ignored one
          "env", "--default-signal=INT", java, "-Xmx1g", "-Dpfsmix.home=" + home, "-cp", classpath,
          Main.class.getName()));
      command.addAll(args);
      Files.createDirectories(home);
      // in the home: the local runner links job files into the working directory
      return new Child(new ProcessBuilder(command).directory(home.toFile()).start(), home);
    }

    private static Thread copy(InputStream from, StringBuffer to, PrintStream echo) {
      Thread t = new Thread(() -> {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
          for (String line = in.readLine(); line != null; line = in.readLine()) {
            to.append(line).append('\n');
            echo.println(line);
          }
        } catch (IOException e) {
          to.append("(reading the child's output failed: ").append(e.getMessage()).append(")\n");
        }
      }, "child-output");
      t.setDaemon(true);
      t.start();
      return t;
    }

    /** The embedded pfs root under the child's pfsmix.home (PosixBackendFactory.embeddedRoot), as /proc names it. */
    Path root() throws IOException {
      return home.resolve("var/pfs-root").toRealPath();
    }

    String stdout() {
      return stdout.toString();
    }

    String stderr() {
      return stderr.toString();
    }

    Matcher awaitStderr(Pattern pattern, long seconds) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (System.nanoTime() < deadline) {
        Matcher m = pattern.matcher(stderr);
        if (m.find()) {
          return m;
        }
        if (!process.isAlive()) {
          break;
        }
        Thread.sleep(20);
      }
      return fail("no line matching '" + pattern + "' within " + seconds + " s (exit "
          + (process.isAlive() ? "none yet" : process.exitValue()) + ")\n" + stderr);
    }

    /** Sends a signal as a terminal or kill(1) would. */
    void signal(String name) throws IOException, InterruptedException {
      Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
      assertThat(kill.waitFor()).as("kill -" + name).isZero();
    }

    /** Waits for the exit and the end of its output; on a hang, fails with the child's threads. */
    void awaitExit(long seconds) throws IOException, InterruptedException {
      if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
            Long.toString(process.pid()), "Thread.print").redirectErrorStream(true).start();
        String threads = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(30, TimeUnit.SECONDS);
        fail("pfsmix mix still runs " + seconds + " s after the signal\n" + stderr + "\n" + threads);
      }
      for (Thread t : readers) {
        t.join(TimeUnit.SECONDS.toMillis(10));
      }
    }

    void kill() {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }
}
