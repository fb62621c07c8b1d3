package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.TraceTotals;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.format.TracePoint;

/** A small mix on pfs over a directory, through `pfsmix mix`, checked against its raw measurements and its trace. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(RepositoryHome.class) // the report's prediction finds sim-export's SimGrid predictor under it
class MixOnPfsTest {

  private static final long MIB = 1 << 20;

  @TempDir
  static Path root;

  @TempDir
  static Path out;

  @Test
  @Order(1)
  void smallMixReportsWhatItMeasuredAndTheTraceAgrees() throws Exception {
    Path results = out.resolve("mix");
    Cli.Run run = MixCli.run(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/mix")
        .toArray(new String[0]));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    assertThat(run.stdout()).contains("report: " + results.resolve(ResultsFiles.REPORT_HTML));
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).extracting(PhaseRecord::kind).containsExactly(PhaseKind.TFIDF_ALONE,
        PhaseKind.IOR_ALONE, PhaseKind.MIXED, PhaseKind.IOR_ALONE, PhaseKind.MIXED);
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);

    // every IOR phase wrote ranks x block x segments; every TFIDF phase read the request files whole
    long inputBytes;
    try (Stream<Path> files = Files.list(root.resolve("mix/tfidf/requests"))) {
      inputBytes = files.filter(f -> f.getFileName().toString().endsWith(".req")).mapToLong(f -> f.toFile().length())
          .sum();
    }
    assertThat(inputBytes).isGreaterThan(400_000);
    long iorBytes = 0;
    long tfidfBytes = 0;
    for (PhaseRecord p : mix.phases()) {
      for (WorkloadResult w : p.workloads()) {
        if (w.workload().equals("ior")) {
          assertThat(w.bytes()).isEqualTo(2 * 256 * 1024 * 4);
          iorBytes += w.bytes();
        } else {
          assertThat(w.bytes()).isEqualTo(inputBytes);
          tfidfBytes += w.bytes();
        }
      }
    }

    // the report's tables are the raw measurements, summarized
    String md = Files.readString(results.resolve(ResultsFiles.REPORT_MD));
    for (String pattern : List.of("n-to-1", "n-to-n")) {
      PhaseRecord tfidfAlone = only(mix, PhaseKind.TFIDF_ALONE, null);
      PhaseRecord iorAlone = only(mix, PhaseKind.IOR_ALONE, pattern);
      PhaseRecord mixed = only(mix, PhaseKind.MIXED, pattern);
      String label = pattern.equals("n-to-1") ? "N-to-1" : "N-to-N";
      assertThat(md).contains("| pfs@" + root + " | " + label + " | yes | "
          + one(iorAlone.result("ior")) + " | " + one(mixed.result("ior")) + " | "
          + String.format(Locale.ROOT, "%.2f×", mibs(iorAlone.result("ior")) / mibs(mixed.result("ior"))) + " | "
          + one(tfidfAlone.result("tfidf")) + " | " + one(mixed.result("tfidf")) + " |");
      double serial = tfidfAlone.seconds() + iorAlone.seconds();
      assertThat(md).contains(String.format(Locale.ROOT, "| %.2f ± 0.00 (n=1) | %.2f ± 0.00 (n=1) | %.3f |", serial,
          mixed.seconds(), mixed.seconds() / serial));
    }
    // the mixed phases predicted from the alone traces, beside what was measured (where SimGrid's predictor is built)
    Path predictor = PfsmixHome.path().resolve("sim-export/target/native/pfsmix-simgrid-predict");
    if (Files.isExecutable(predictor)) {
      assertThat(md).contains("## Predicted from the alone phases");
      for (String pattern : List.of("n-to-1", "n-to-n")) {
        PhaseRecord mixed = only(mix, PhaseKind.MIXED, pattern);
        double serial = only(mix, PhaseKind.TFIDF_ALONE, null).seconds() + only(mix, PhaseKind.IOR_ALONE, pattern)
            .seconds();
        assertThat(md).containsPattern(String.format(Locale.ROOT, "\\| pfs@%s \\| 1 \\| %s \\| serial s \\| %.3f \\| "
            + "[0-9.]+ \\| [-+][0-9.]+%% \\|", java.util.regex.Pattern.quote(root.toString()), pattern, serial))
            .containsPattern(String.format(Locale.ROOT, "\\| %s \\| mixed s \\| %.3f \\| [0-9.]+ \\|", pattern,
                mixed.seconds()));
      }
      assertThat(results.resolve("prediction")).isDirectory();
    } else {
      assertThat(md).doesNotContain("## Predicted");
      assertThat(run.stderr()).contains("no prediction in the report: " + predictor + " is not built");
    }
    // the method: storage settled before every phase and probed, and the report's checks say what they found
    Map<String, String> environment = mix.environment().get("pfs@" + root);
    boolean root = "root".equals(System.getProperty("user.name"));
    // the storage's device against that of Hadoop's local files (hadoop.tmp.dir, made on demand under /tmp): what
    // pfsmix predict reads to hold start-ups up behind flushes
    boolean sameDevice = Files.getAttribute(MixOnPfsTest.root, "unix:dev").equals(Files.getAttribute(Path.of("/tmp"),
        "unix:dev"));
    assertThat(environment).containsEntry("storage device", (sameDevice ? "shared with" : "separate from")
        + " hadoop.tmp.dir (/tmp/hadoop-" + System.getProperty("user.name") + ")");
    assertThat(environment.get("before every phase")).startsWith(root ? "sync, caches dropped; on this machine only"
        : "sync, caches not dropped: ");
    assertThat(Double.parseDouble(environment.get("storage probe: write MiB/s (synced)"))).isPositive();
    assertThat(environment).containsEntry("storage probe: read from", root ? "storage (caches dropped)"
        : "possibly memory (caches not dropped)").containsEntry("storage probe: size", "1.0 MiB");
    // no servers of its own on this machine: the checkpoint is not probed beside computing
    assertThat(environment.keySet()).noneMatch(k -> k.contains("beside a computing thread"));
    assertThat(md).contains("## Checks").containsPattern("\\| (none|faster mixed than alone|faster than the storage) \\|");
    assertThat(Files.readString(results.resolve(ResultsFiles.REPORT_HTML))).contains("data:image/png;base64,");
    for (String chart : List.of("throughput-ior.png", "throughput-tfidf.png", "runtime.png", "timeline.png")) {
      assertThat(results.resolve(ResultsFiles.CHARTS_DIR).resolve(chart)).isRegularFile();
    }

    // bytes in the merged trace = bytes the workloads said they moved, at the application point (what they asked)
    // and at the storage point (IOR's positioned writes pass straight through; whole-file reads read each byte once)
    Map<String, Long> traced = MixCli.traceBytes(results.resolve(ResultsFiles.MERGED_TRACE),
        List.of("/mix/ior/", "/mix/tfidf/requests/"));
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "write", "/mix/ior/")).isEqualTo(iorBytes).isEqualTo(4 * 2 * MIB);
    assertThat(MixCli.get(traced, TracePoint.STORAGE, "write", "/mix/ior/")).isEqualTo(iorBytes);
    assertThat(MixCli.get(traced, TracePoint.APPLICATION, "read", "/mix/tfidf/requests/")).isEqualTo(tfidfBytes)
        .isEqualTo(3 * inputBytes);
    assertThat(MixCli.get(traced, TracePoint.STORAGE, "read", "/mix/tfidf/requests/")).isEqualTo(tfidfBytes);
    assertThat(mix.trace().bytes().get("ior-checkpoint")).containsEntry("APPLICATION.write", iorBytes);
    assertThat(md).contains("| IOR checkpoint writes | " + iorBytes + " | " + iorBytes + " | " + iorBytes + " |");

    // start-up told apart from I/O: each workload's data calls lie within its run (the runner's and the tracer's
    // clocks are anchored to the wall clock apart, to within a millisecond), and the report gives the split
    long anchors = 5_000_000;
    for (PhaseRecord p : mix.phases()) {
      for (WorkloadResult w : p.workloads()) {
        TraceTotals.IoSpan io = mix.trace().ioByPhase().get(p.id()).get(w.workload());
        assertThat(io).as(p.id() + " " + w.workload()).isNotNull();
        assertThat(io.firstNs()).as(p.id() + " " + w.workload()).isBetween(w.startNs() - anchors, io.lastNs());
        assertThat(io.lastNs()).as(p.id() + " " + w.workload()).isLessThanOrEqualTo(w.endNs() + anchors);
      }
    }
    String fs = mix.phases().get(0).fs();
    assertThat(md).contains("## Start-up and I/O").contains("| " + fs + " | TFIDF | alone | — | ")
        .contains("| " + fs + " | IOR | mixed | N-to-N | ");
  }

  @Test
  @Order(2)
  void aFailedPhaseStopsBothWorkloadsAndKeepsWhatWasMeasured() throws Exception {
    // the checkpoint directory cannot be created: a file stands where it would go
    Files.createDirectories(root.resolve("blocked"));
    Files.writeString(root.resolve("blocked/ior"), "not a directory");
    Path results = out.resolve("failed");
    Cli.Run run = MixCli.run(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/blocked",
        "--tfidf-data", "/mix/tfidf/requests", "--patterns", "n-to-n",
        "--set", "mix.warmup=true").toArray(new String[0]));

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stdout()).contains("INCOMPLETE: phase 001-").contains("report: ");
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isFalse();
    // the warm-up runs both workloads at once: IOR failed, so TFIDF was stopped rather than left to finish
    assertThat(mix.phases()).hasSize(1);
    PhaseRecord warmup = mix.phases().get(0);
    assertThat(warmup.kind()).isEqualTo(PhaseKind.WARMUP);
    assertThat(warmup.status()).isEqualTo(PhaseRecord.FAILED);
    assertThat(warmup.error()).startsWith("ior: ").contains("/blocked/ior").endsWith("(stopped: tfidf)");
    assertThat(warmup.result("tfidf")).isNull();
    assertThat(Files.readString(results.resolve(ResultsFiles.REPORT_MD))).contains("Status: INCOMPLETE — phase 001-")
        .contains("| failed |");
  }

  @Test
  void aCheckpointLargerThanTheFreeSpaceStopsBeforeAnyPhase() throws Exception {
    Path results = out.resolve("too-big");
    List<String> args = MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/too-big",
        "--tfidf-data", "/mix/tfidf/requests");
    // 2 ranks x 256 KiB x 2e9 segments: about a petabyte, more than this disk has
    args.set(args.indexOf("-s") + 1, "2000000000");
    Cli.Run run = MixCli.run(args.toArray(new String[0]));

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.stdout()).contains("INCOMPLETE: ")
        .contains("mix.ior.segments: 2000000000 segments make a checkpoint of 953.67 TiB, more than 80% of the");
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isFalse();
    assertThat(mix.phases()).isEmpty();
    assertThat(root.resolve("too-big/ior")).doesNotExist();
  }

  @Test
  void aBadSettingIsRefusedBeforeAnythingRuns() {
    Path results = out.resolve("refused");
    // usage errors, named by the flag that gave the value at fault
    Cli.Run run = MixCli.run("mix", "--fs", "hdfs-mini", "--patterns", "n-to-1", "-o", results.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).startsWith("--patterns (mix.patterns): n-to-1 needs one file written by many "
        + "writers");
    assertThat(results).doesNotExist();

    run = MixCli.run("mix", "-b", "1m", "-t", "3m", "-o", results.toString());
    assertThat(run.errLines().get(0)).startsWith("-t/--transfer (mix.ior.transfer): transfer size 3145728 does not "
        + "divide the block size");
    assertThat(results).doesNotExist();

    // IOR's own checks of its flags, before the TFIDF phases that come first
    run = MixCli.run("mix", "--ior-flags=-q", "-o", results.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("--ior-flags (mix.ior.flags): IOR refuses '-q': Error invalid "
        + "argument: -q (IOR 4 has no such option; see -h)");
    assertThat(run.stderr()).contains("Usage: pfsmix mix ");
    assertThat(results).doesNotExist();
  }

  @Test
  void aResultsDirectoryThatCannotBeMadeIsNamedWithTheReason() throws Exception {
    Path file = Files.writeString(out.resolve("a-file"), "x");
    Map<String, String> cases = Map.of(
        "/proc/mixres", "cannot create the results directory /proc/mixres: no such file or directory",
        file.toString(), file + " is a file, not a directory; name a new directory",
        file + "/results", "cannot create the results directory " + file + "/results: Not a directory");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Cli.Run run = MixCli.run(MixCli.smallMix(Path.of(c.getKey()), "--fs", "pfs@" + root, "--dir", "/unmade")
          .toArray(new String[0]));
      assertThat(run.exitCode()).as(c.getKey()).isEqualTo(1);
      assertThat(run.stderr()).as(c.getKey()).isEqualTo("mix: -o/--results (mix.results): " + c.getValue() + "\n");
      assertThat(root.resolve("unmade")).as(c.getKey()).doesNotExist();
    }
    assertThat(file).hasContent("x");
  }

  private static PhaseRecord only(MixResults mix, PhaseKind kind, String pattern) {
    List<PhaseRecord> matching = mix.phases().stream().filter(p -> p.kind() == kind
        && java.util.Objects.equals(p.pattern(), pattern)).toList();
    assertThat(matching).hasSize(1);
    return matching.get(0);
  }

  private static double mibs(WorkloadResult w) {
    return w.bytes() / (double) MIB / w.seconds();
  }

  private static String one(WorkloadResult w) {
    return String.format(Locale.ROOT, "%.1f ± 0.0 (n=1)", mibs(w));
  }
}
