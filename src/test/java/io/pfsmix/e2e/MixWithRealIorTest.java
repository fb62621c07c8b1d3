package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;
import io.pfsmix.trace.format.TracePoint;

/** `pfsmix mix --ior native:PATH`: the real IOR, built from its tarball, writes the mix's checkpoints under mpirun. */
@ExtendWith(RepositoryHome.class)
class MixWithRealIorTest {

  /** Where scripts/ior-build.sh installs the real IOR. */
  static final Path REAL_IOR = Path.of(System.getProperty("user.home"),
      ".cache/pfsmix/ior/current/install/bin/ior");
  /** Open MPI refuses root without the first, and more ranks than cores without the second. */
  static final String MPIRUN_ARGS = "--allow-run-as-root --oversubscribe";

  @TempDir
  Path root;

  @TempDir
  Path out;

  @Test
  void theRealIorWritesBalancedTracedCheckpointsWhoseTraceHoldsItsReportedBytes() throws Exception {
    assumeTrue(Files.isExecutable(REAL_IOR), "the real IOR is not built (scripts/ior-build.sh builds it from its source"
        + " tarball; ./run-tests runs it)");
    assumeTrue(MixCli.onPath("mpirun"), "no mpirun on PATH (Debian's openmpi-bin; scripts/ior-build.sh installs it)");
    Path results = out.resolve("mix");
    Cli.Run run = MixCli.run(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/mix", "--ior", "native:"
        + REAL_IOR, "--mpirun-args", MPIRUN_ARGS, "--balance", "--set", "mix.balance.rounds=2")
        .toArray(new String[0]));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    assertThat(mix.phases()).extracting(PhaseRecord::kind).contains(PhaseKind.BALANCE_TFIDF, PhaseKind.BALANCE_IOR,
        PhaseKind.TFIDF_ALONE, PhaseKind.IOR_ALONE, PhaseKind.MIXED);
    assertThat(mix.balancing()).hasSizeBetween(2, 4);

    // every IOR phase: the real IOR's report, kept, says what it wrote, which is ranks x block x the phase's segments,
    // and the phase's trace (the preload library in the ranks) holds exactly those bytes in the checkpoint's files
    long iorBytes = 0;
    for (PhaseRecord p : mix.phases()) {
      WorkloadResult ior = p.result("ior");
      if (ior == null) {
        continue;
      }
      assertThat(ior.bytes()).as(p.id()).isEqualTo(2L * 256 * 1024 * p.iorSegments());
      assertThat((String) ior.details().get("command")).startsWith(REAL_IOR + " -a POSIX -w -i 1 -b 262144 -t 65536 -s "
          + p.iorSegments() + " -o " + root.resolve("mix/ior/" + p.id() + "/checkpoint"));
      assertThat(ior.details()).containsEntry("placement", "mpirun -np 2 " + MPIRUN_ARGS);
      String report = Files.readString(results.resolve((String) ior.details().get("iorOutput")));
      assertThat(report).startsWith("IOR-4.0.0: MPI Coordinated Test of Parallel I/O")
          .contains("Command line        : " + ior.details().get("command") + "\n")
          .contains("segments            : " + p.iorSegments() + "\n");
      assertThat(mix.trace().bytesByPhase().get(p.id()).get("ior-checkpoint"))
          .as(p.id()).containsEntry("POSIX.write", ior.bytes());
      iorBytes += ior.bytes();
    }
    assertThat(mix.trace().bytes().get("ior-checkpoint")).containsOnlyKeys("POSIX.write")
        .containsEntry("POSIX.write", iorBytes);
    Map<String, Long> traced = MixCli.traceBytes(results.resolve(ResultsFiles.MERGED_TRACE),
        List.of(root.resolve("mix/ior") + "/"));
    assertThat(MixCli.get(traced, TracePoint.POSIX, "write", root.resolve("mix/ior") + "/")).isEqualTo(iorBytes);
    assertThat(Files.readString(results.resolve(ResultsFiles.REPORT_MD)))
        .contains("| IOR checkpoint writes | " + iorBytes + " | 0 | 0 | " + iorBytes + " |");
    assertThat(results.resolve(ResultsFiles.CHARTS_DIR).resolve("timeline.png")).isRegularFile();
    // IOR removed its checkpoints, the mix the phases' directories
    try (Stream<Path> left = Files.list(root.resolve("mix/ior"))) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void badInputIsRefusedBeforeAnythingRuns() throws Exception {
    Path script = Files.writeString(out.resolve("ior"), "#!/bin/sh\nexit 0\n");
    Path notExecutable = Files.writeString(out.resolve("ior.txt"), "");
    assertThat(script.toFile().setExecutable(true)).isTrue();
    // what is not there: a failure, one line (exit 1); a value or combination that can never work: a usage error,
    // the line and the usage (exit 2)
    Map<String, List<String>> cases = Map.of(
        "mix: --ior (mix.ior.driver): " + out.resolve("missing") + " does not exist (scripts/ior-build.sh builds the"
            + " real IOR", List.of("--ior", "native:" + out.resolve("missing")),
        "mix: --ior (mix.ior.driver): " + notExecutable + " is not executable",
        List.of("--ior", "native:" + notExecutable),
        "--ior (mix.ior.driver): 'mpi' is neither java nor native:PATH", List.of("--ior", "mpi"),
        "mix: --ior (mix.ior.driver): native:" + script + " runs under mpirun, and /no/mpirun"
            + " (hadoop.pfsmix.ior.native.mpirun) is not an executable",
        List.of("--ior", "native:" + script, "-D", "pfsmix.ior.native.mpirun=/no/mpirun"),
        "--fs (mix.fs): the real IOR writes through a local path, and hdfs has none here",
        List.of("--ior", "native:" + script, "--fs", "hdfs-mini", "--patterns", "n-to-n", "-D",
            "pfsmix.ior.native.mpirun=" + script),
        "--mpirun-args (mix.ior.mpirun-args): -np is set by the mix itself (mix.ior.ranks)",
        List.of("--ior", "native:" + script, "--mpirun-args", "-np 8", "-D", "pfsmix.ior.native.mpirun=" + script),
        "--mpirun-args (mix.ior.mpirun-args): applies to the real IOR only", List.of("--mpirun-args", "--hostfile h"),
        "--ior-placement (mix.ior.placement): places the Java driver's ranks; the real IOR's ranks are mpirun's to"
            + " place",
        List.of("--ior", "native:" + script, "--ior-placement", "threads", "-D", "pfsmix.ior.native.mpirun=" + script));
    for (Map.Entry<String, List<String>> c : cases.entrySet()) {
      Path results = out.resolve("refused-" + Math.abs(c.getKey().hashCode()));
      List<String> args = new ArrayList<>(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/refused"));
      int fs = args.indexOf("--fs");
      if (c.getValue().contains("--fs")) {
        args.subList(fs, fs + 2).clear();
      }
      args.addAll(c.getValue());
      Cli.Run run = MixCli.run(args.toArray(new String[0]));
      assertThat(run.exitCode()).as(c.getKey()).isEqualTo(c.getKey().startsWith("mix: ") ? 1 : 2);
      assertThat(run.stderr()).as(c.getKey()).startsWith(c.getKey());
      assertThat(results).as(c.getKey()).doesNotExist();
    }
    assertThat(root.resolve("refused")).doesNotExist();
  }
}
