package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.cli.Cli;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.MixSummary;
import io.pfsmix.mix.PathRoles;
import io.pfsmix.mix.PhaseKind;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;
import io.pfsmix.mix.WorkloadResult;

/**
 * `pfsmix mix` with a further workload (mix.workloads) beside the study's IOR and TFIDF: a dd writing a synced file
 * under its {dir}, alone once per repetition and in the mixed phase with the other two, in the results, the serial
 * sum, the report and the trace.
 */
@ExtendWith(RepositoryHome.class) // the preload library is found under it, as ./pfsmix finds it
class MixWithWorkloadsTest {

  private static final int BLOCK = 64 * 1024;
  private static final int SCALE = 16;

  @TempDir
  Path root;

  @TempDir
  Path out;

  @Test
  void aFurtherCommandRunsAloneAndMixedWithTheStudysTwoAndIsCountedByItsTrace() throws Exception {
    Path results = out.resolve("mix");
    Cli.Run run = MixCli.run(MixCli.smallMix(results, "--fs", "pfs@" + root, "--dir", "/mix", "--patterns",
        "n-to-n", "--set", "mix.workloads=ckpt2", "--set", "mix.workload.ckpt2.run=command:dd if=/dev/zero"
        + " of={dir}/extra bs=" + BLOCK + " count={scale} conv=fsync status=none", "--set",
        "mix.workload.ckpt2.scale=" + SCALE, "--set", "mix.workload.ckpt2.name=dd ckpt").toArray(new String[0]));

    assertThat(run.exitCode()).as(run.stderr()).isZero();
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.version()).isEqualTo(2);
    assertThat(mix.phases()).allMatch(PhaseRecord::ok);
    assertThat(mix.phases()).extracting(p -> p.kind() + (p.workload() == null ? "" : " " + p.workload()))
        .containsExactly("TFIDF_ALONE", "WORKLOAD_ALONE ckpt2", "IOR_ALONE", "MIXED");
    long written = (long) BLOCK * SCALE;
    long reported = 0;
    for (PhaseRecord p : mix.phases()) {
      WorkloadResult extra = p.result("ckpt2");
      boolean runsIt = p.kind() == PhaseKind.WORKLOAD_ALONE || p.kind() == PhaseKind.MIXED;
      assertThat(extra != null).as(p.id()).isEqualTo(runsIt);
      if (extra == null) {
        continue;
      }
      // dd only wrote under {dir} (its input is /dev/zero): its bytes are the file it wrote, per its trace
      assertThat(extra.bytes()).as(p.id()).isEqualTo(written);
      assertThat(extra.details()).containsEntry("label", "dd ckpt").containsEntry("scale", SCALE)
          .containsEntry("bytesWritten", (int) written).containsEntry("bytesRead", 0);
      assertThat(mix.trace().bytesByPhase().get(p.id()).get(PathRoles.workloadRole("ckpt2")))
          .containsEntry("POSIX.write", written);
      reported += extra.bytes();
      assertThat(results.resolve("workload-output/ckpt2/" + p.id() + ".txt")).isRegularFile();
    }
    // the mixed phase ran all three
    PhaseRecord mixed = mix.phases().get(3);
    assertThat(mixed.workloads()).extracting(WorkloadResult::workload).containsExactlyInAnyOrder("ior", "tfidf",
        "ckpt2");
    // its directories were removed after each phase
    try (Stream<Path> left = Files.list(root.resolve("mix/workloads/ckpt2"))) {
      assertThat(left).isEmpty();
    }

    // serial: the three alone phases of the repetition one after the other
    MixSummary.Row row = MixSummary.of(mix.phases()).rows().get(0);
    double serial = mix.phases().get(0).seconds() + mix.phases().get(1).seconds() + mix.phases().get(2).seconds();
    assertThat(row.serialSeconds().mean()).isCloseTo(serial, within(1e-9));
    assertThat(row.extra("ckpt2").aloneSeconds().mean()).isEqualTo(mix.phases().get(1).seconds());

    String md = Files.readString(results.resolve(ResultsFiles.REPORT_MD));
    assertThat(md).contains("| dd ckpt alone | dd ckpt mixed | dd ckpt slowdown |")
        .contains("Serial = TFIDF alone + dd ckpt alone + IOR alone of the same repetition.")
        .contains(String.format(Locale.ROOT, " | %.2f ± 0.00 (n=1) | %.2f ± 0.00 (n=1) | ",
            mix.phases().get(2).seconds(), serial))
        .contains("| dd ckpt reads and writes under its directory | " + reported + " | 0 | 0 | " + reported + " |")
        .contains("phase order | alternate: TFIDF alone, dd ckpt alone, then per pattern IOR alone and mixed (every"
            + " workload at once); reversed in even repetitions |");
    assertThat(run.stdout()).contains("dd ckpt slowdown");
    assertThat(results.resolve(ResultsFiles.CHARTS_DIR).resolve("throughput-ckpt2.png")).isRegularFile();
  }
}
