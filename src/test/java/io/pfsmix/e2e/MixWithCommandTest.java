package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.BalanceStep;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;

/**
 * `pfsmix mix --hpc command:CMD`: a checkpoint program of the user's (a shell script writing with dd and fsync, under
 * the user's own mpirun where there is one) in IOR's place beside TFIDF, balanced by its {scale}, its bytes counted
 * from its trace in traced and untraced phases alike.
 */
@ExtendWith(RepositoryHome.class) // the preload library is found under it, as ./pfsmix finds it
class MixWithCommandTest {

  private static final int BLOCK = 64 * 1024;

  @TempDir
  Path root;

  @TempDir
  Path out;

  @Test
  void aUsersCheckpointProgramIsMeasuredByTheBytesItsTraceShowsUnderItsDirectory() throws Exception {
    Path log = out.resolve("sizes.log");
    // each process writes {scale} blocks to a file of its own under {dir}, synced, reads it back, and logs the
    // file's size on disk (the mix removes the phase's directory afterwards)
    Path program = Files.writeString(out.resolve("my_ckpt"), "#!/bin/sh\n"
        + "f=\"$1/ckpt.${OMPI_COMM_WORLD_RANK:-0}\"\n"
        + "dd if=/dev/zero of=\"$f\" bs=" + BLOCK + " count=\"$2\" conv=fsync status=none || exit 1\n"
        + "dd if=\"$f\" of=/dev/null bs=" + BLOCK + " status=none || exit 1\n"
        + "echo \"$(basename \"$1\") $(stat -c %s \"$f\")\" >> \"$3\"\n");
    assertThat(program.toFile().setExecutable(true)).isTrue();
    // Open MPI refuses root without the first, and more ranks than cores without the second
    boolean mpi = MixCli.onPath("mpirun");
    String command = (mpi ? "mpirun --allow-run-as-root --oversubscribe -np {ranks} " : "") + program
        + " {dir} {scale} " + log;
    Path results = out.resolve("mix");
    List<String> args = new ArrayList<>(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/mix",
        "--hpc", "command:" + command, "--hpc-scale", "4", "--balance", "--set", "mix.balance.rounds=2",
        "--tracing", "overhead"));
    // the checkpoint's sizes are IOR's: the command has its {scale}
    int sizes = args.indexOf("-b");
    assertThat(args.subList(sizes, sizes + 6)).containsExactly("-b", "256k", "-t", "64k", "-s", "4");
    args.subList(sizes, sizes + 6).clear();
    Cli.Run run = MixCli.run(args.toArray(new String[0]));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    assertThat(mix.phases()).extracting(PhaseRecord::pattern).containsOnly(null, "command");

    // what each phase's processes left on disk, as they logged it
    Map<String, Long> written = new HashMap<>();
    Map<String, Integer> processes = new HashMap<>();
    for (String line : Files.readAllLines(log)) {
      String[] phaseAndSize = line.split(" ");
      written.merge(phaseAndSize[0], Long.parseLong(phaseAndSize[1]), Long::sum);
      processes.merge(phaseAndSize[0], 1, Integer::sum);
    }
    long tracedBytes = 0;
    int commandPhases = 0;
    for (PhaseRecord p : mix.phases()) {
      WorkloadResult hpc = p.result("ior");
      if (hpc == null) {
        continue;
      }
      commandPhases++;
      assertThat(processes.get(p.id())).as(p.id()).isEqualTo(mpi ? 2 : 1);
      assertThat(written.get(p.id())).as(p.id()).isEqualTo((mpi ? 2L : 1L) * BLOCK * p.iorSegments());
      // read back whole and written: the bytes the report gives are those the program moved
      assertThat(hpc.bytes()).as(p.id()).isEqualTo(2 * written.get(p.id()));
      assertThat(((Number) hpc.details().get("bytesWritten")).longValue()).isEqualTo(written.get(p.id()));
      assertThat(hpc.details()).containsEntry("label", "my_ckpt").containsEntry("scale", p.iorSegments())
          .containsEntry("command", command
              .replace("{ranks}", "2").replace("{dir}", root.resolve("mix/ior/" + p.id()).toString())
              .replace("{scale}", Integer.toString(p.iorSegments())));
      if (p.traced()) {
        assertThat(mix.trace().bytesByPhase().get(p.id()).get("ior-checkpoint")).as(p.id())
            .containsEntry("POSIX.write", written.get(p.id())).containsEntry("POSIX.read", written.get(p.id()));
        tracedBytes += hpc.bytes();
      }
    }
    // balancing 1 + 1, then alone and mixed, untraced and traced
    assertThat(commandPhases).isEqualTo(6);
    assertThat(mix.phases()).filteredOn(p -> !p.traced() && p.result("ior") != null).hasSize(4);

    // balancing resized {scale} from 4, and the measured phases ran the closest try
    List<BalanceStep> balancing = mix.balancing();
    assertThat(balancing).extracting(BalanceStep::segments).hasSize(2).startsWith(4);
    assertThat(balancing.get(1).segments()).isGreaterThan(4);
    int chosen = balancing.stream().min(Comparator.comparingDouble(BalanceStep::mismatch)).orElseThrow().segments();
    assertThat(mix.phases()).filteredOn(p -> p.kind() == PhaseKind.IOR_ALONE || p.kind() == PhaseKind.MIXED)
        .extracting(PhaseRecord::iorSegments).containsOnly(chosen);

    String md = Files.readString(results.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("| file system | pattern | traced | my_ckpt alone | my_ckpt mixed | my_ckpt slowdown |")
        .contains("| pfs@" + root + " | command | yes | ")
        .contains("| my_ckpt reads and writes under {dir} | " + tracedBytes + " | 0 | 0 | " + tracedBytes + " |")
        .contains("| file system | pattern | round | my_ckpt {scale} | my_ckpt alone s |")
        .contains("phase order | alternate: TFIDF alone, then my_ckpt alone and mixed; reversed in even repetitions |")
        .contains("HPC side | my_ckpt: traced by the preload library in every phase, its bytes counted from its trace;"
            + " its untraced phases carry the library's cost too |")
        .doesNotContain("IOR");
    assertThat(run.stdout()).contains("my_ckpt alone");
    // untraced phases' traces were counted and removed; traced ones are kept beside TFIDF's
    try (Stream<Path> left = Files.walk(results.resolve("untraced-hpc-traces"))) {
      assertThat(left.filter(Files::isRegularFile)).isEmpty();
    }
    assertThat(results.resolve(ResultsFiles.CHARTS_DIR).resolve("throughput-ior.png")).isRegularFile();
  }

  @Test
  void aCommandThatFailsOrDoesNoIoUnderItsDirectoryStopsTheMixSayingWhy() throws Exception {
    Map<String, String> reasons = Map.of(
        "sh -c 'exit 3'", "the command exited with status 3 (sh -c 'exit 3'; its output: hpc-output/",
        "true {dir}", "the command's trace holds no reads or writes under " + root.resolve("mix/ior") + "/");
    for (Map.Entry<String, String> c : reasons.entrySet()) {
      Path results = out.resolve("stopped-" + Math.abs(c.getKey().hashCode()));
      List<String> args = new ArrayList<>(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/mix",
          "--hpc", "command:" + c.getKey(), "--tracing", "off", "--set", "mix.probe.size=0"));
      int sizes = args.indexOf("-b");
      args.subList(sizes, sizes + 6).clear();
      Cli.Run run = MixCli.run(args.toArray(new String[0]));

      assertThat(run.exitCode()).as(c.getKey()).isEqualTo(1);
      MixResults mix = ResultsFiles.read(results);
      assertThat(mix.complete()).isFalse();
      assertThat(mix.reason()).as(c.getKey()).contains(c.getValue());
      // the untraced phase's scratch trace was counted or not, and removed either way
      try (Stream<Path> left = Files.walk(results.resolve("untraced-hpc-traces"))) {
        assertThat(left.filter(Files::isRegularFile)).isEmpty();
      }
    }
  }

  @Test
  void helpDescribesTheCommandFlags() {
    Cli.Run help = Cli.run("mix", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.stdout()).contains("--hpc=ior|command:CMD").contains("--hpc-name=NAME").contains("--hpc-scale=N");
  }
}
