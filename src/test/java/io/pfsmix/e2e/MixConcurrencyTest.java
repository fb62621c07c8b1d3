package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.hadoop.net.NetUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.PhaseRecord;
import io.pfsmix.mix.ResultsFiles;

/**
 * Two mixes on one directory, and mixes killed with SIGKILL, as a user meets them: each {@code pfsmix mix} runs in a
 * JVM of its own on one embedded pfs root (one pfsmix home), on the same {@code --dir}.
 */
class MixConcurrencyTest {

  private static final int EXIT_SIGKILL = 128 + 9;
  private static final long RUN_BOUND_SECONDS = 240;

  @TempDir
  Path out;

  @Test
  void aSecondMixOnTheSameDirectoryIsRefusedWhileTheFirstRunsAndCompletes() throws Exception {
    Path firstResults = out.resolve("first");
    Path secondResults = out.resolve("second");
    PfsmixChild first = startMix(firstResults);
    try {
      // by its first phase the first mix holds the directory; stopped there, it still does, and nothing it does races
      // the second
      first.awaitStderr(Pattern.compile("phase \\S+ starting"), RUN_BOUND_SECONDS);
      first.signal("STOP");
      PfsmixChild second = startMix(secondResults);
      try {
        second.awaitExit(RUN_BOUND_SECONDS);
      } finally {
        first.signal("CONT");
        second.kill();
      }
      assertThat(second.process.exitValue()).as(second.stderr()).isEqualTo(1);
      assertThat(second.stdout()).containsPattern(Pattern.quote("INCOMPLETE: mix.dir: /mix on pfs is in use by another"
          + " mix (pid " + first.process.pid() + " on " + NetUtils.getLocalHostname() + ", started ")
          + "[0-9: -]+" + Pattern.quote(", results " + firstResults + "): wait for it to end"));
      MixResults refused = ResultsFiles.read(secondResults);
      assertThat(refused.complete()).isFalse();
      assertThat(refused.phases()).isEmpty();

      first.awaitExit(RUN_BOUND_SECONDS);
    } finally {
      first.kill();
    }
    assertThat(first.process.exitValue()).as(first.stderr()).isZero();
    MixResults mix = ResultsFiles.read(firstResults);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).hasSize(3).allMatch(PhaseRecord::ok);
    // the second wrote nothing there: every phase's directories were removed by the first, the lock is free
    Path root = first.root();
    assertThat(listing(root.resolve("mix/ior"))).isEmpty();
    assertThat(listing(root.resolve("mix/tfidf/labels"))).isEmpty();
    assertThat(listing(root.resolve("mix/.pfsmix-lock"))).isEmpty();
  }

  @Test
  void whatAKilledMixLeavesNeverBreaksTheNext() throws Exception {
    // killed while generating the request data: nothing that looks like complete data may stay
    PfsmixChild generating = startMix(out.resolve("generating"), "--set", "mix.tfidf.size=8m");
    try {
      awaitFrozen(generating, "generating the request data", () -> {
        try (Stream<Path> files = Files.walk(generating.root().resolve("mix/tfidf"))) {
          return files.anyMatch(f -> f.toString().endsWith(".req") && f.toFile().length() > 0);
        } catch (IOException | UncheckedIOException e) {
          return false;
        }
      });
      generating.signal("KILL");
      generating.awaitExit(RUN_BOUND_SECONDS);
    } finally {
      generating.kill();
    }
    assertThat(generating.process.exitValue()).isEqualTo(EXIT_SIGKILL);

    // killed while classifying: its labels directory (which a classify job refuses to overwrite) and its lock stay
    Path root = generating.root();
    PfsmixChild classifying = startMix(out.resolve("classifying"), "--set", "mix.tfidf.size=8m");
    String id;
    try {
      id = classifying.awaitStderr(Pattern.compile("phase (\\S+-tfidf-alone-traced) starting"), RUN_BOUND_SECONDS)
          .group(1);
      Path labels = root.resolve("mix/tfidf/labels").resolve(id);
      awaitFrozen(classifying, "classifying into " + labels, () -> Files.isDirectory(labels));
      classifying.signal("KILL");
      classifying.awaitExit(RUN_BOUND_SECONDS);
      assertThat(labels).isDirectory();
    } finally {
      classifying.kill();
    }
    assertThat(classifying.process.exitValue()).isEqualTo(EXIT_SIGKILL);
    assertThat(listing(root.resolve("mix/.pfsmix-lock"))).hasSize(1);

    Path results = out.resolve("next");
    PfsmixChild next = startMix(results, "--set", "mix.tfidf.size=8m");
    try {
      next.awaitExit(RUN_BOUND_SECONDS);
    } finally {
      next.kill();
    }
    assertThat(next.process.exitValue()).as(next.stderr()).isZero();
    assertThat(next.stderr()).contains("/mix on pfs: removing the lock of a mix that is gone (pid "
        + classifying.process.pid() + " on " + NetUtils.getLocalHostname() + ", started ")
        .contains("pfs: removing what an earlier mix left in /mix: ")
        .containsPattern("removing what an earlier mix left in /mix: .*tfidf/labels/" + Pattern.quote(id));
    MixResults mix = ResultsFiles.read(results);
    assertThat(mix.complete()).isTrue();
    assertThat(mix.phases()).hasSize(3).allMatch(PhaseRecord::ok);
    // the request data is whole (the generator writes at least the size asked) and is what the classifier read
    long requestBytes = 0;
    try (Stream<Path> files = Files.list(root.resolve("mix/tfidf/requests"))) {
      for (Path f : (Iterable<Path>) files::iterator) {
        requestBytes += Files.size(f);
      }
    }
    assertThat(requestBytes).isGreaterThanOrEqualTo(8 << 20);
    assertThat(mix.phases().get(0).result("tfidf").bytes()).isEqualTo(requestBytes);
    // besides hidden ones (locks, a killed generator's staging directory), only what a mix keeps
    assertThat(listing(root.resolve("mix/tfidf"))).filteredOn(name -> !name.startsWith("."))
        .containsExactlyInAnyOrder("requests", "labels");
    assertThat(listing(root.resolve("mix/tfidf/labels"))).isEmpty();
    assertThat(listing(root.resolve("mix/.pfsmix-lock"))).isEmpty();
  }

  /** The small mix of the end-to-end tests (one pattern: three phases) on /mix of this test's embedded pfs. */
  private PfsmixChild startMix(Path results, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--dir", "/mix", "--patterns", "n-to-n",
        // the local runner's scratch files in this test's directory, not the machine's /tmp
        "-D", "hadoop.tmp.dir=" + out.resolve("hadoop-tmp")));
    args.addAll(List.of(more));
    return PfsmixChild.start(out.resolve("home"), MixCli.smallMix(results, args.toArray(new String[0])));
  }

  /**
   * Waits until {@code state} holds, then stops the process (SIGSTOP) and checks that it still holds: the process is
   * then caught in that state, whatever its speed.
   */
  private static void awaitFrozen(PfsmixChild mix, String what, BooleanSupplier state) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RUN_BOUND_SECONDS);
    while (System.nanoTime() < deadline && mix.process.isAlive()) {
      if (state.getAsBoolean()) {
        mix.signal("STOP");
        if (state.getAsBoolean()) {
          return;
        }
        mix.signal("CONT");
      }
      Thread.sleep(10);
    }
    fail("the mix was not seen " + what + " (exit " + (mix.process.isAlive() ? "none yet" : mix.process.exitValue())
        + ")\n" + mix.stderr());
  }

  private static List<String> listing(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).toList();
    }
  }
}
