package io.pfsmix.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping {@code pfsmix tfidf generate} as a user does, in a JVM of its own writing to its embedded pfs: what is left
 * never looks like a complete data set (it used to be a directory of request files cut anywhere).
 */
class GenerateInterruptTest {

  private static final long EXIT_BOUND_SECONDS = 60;
  private static final int EXIT_SIGTERM = 128 + 15;
  private static final int EXIT_SIGKILL = 128 + 9;

  @TempDir
  Path out;

  @Test
  void sigtermMidWriteLeavesNothing() throws Exception {
    PfsmixChild generate = PfsmixChild.start(out.resolve("home"), List.of("tfidf", "generate", "--size", "2g",
        "--out", "pfs:///data"));
    try {
      Path root = awaitWriting(generate);
      generate.signal("TERM");
      generate.awaitExit(EXIT_BOUND_SECONDS);

      assertThat(generate.process.exitValue()).as(generate.stderr()).isEqualTo(EXIT_SIGTERM);
      assertThat(generate.stderr()).doesNotContain("\tat ");
      // neither the output nor the staging directory it was written into
      assertThat(entries(root)).isEmpty();
    } finally {
      generate.kill();
    }
  }

  @Test
  void sigkillMidWriteLeavesOnlyAHiddenStagingDirectoryThatNothingReads() throws Exception {
    PfsmixChild generate = PfsmixChild.start(out.resolve("home"), List.of("tfidf", "generate", "--size", "2g",
        "--out", "pfs:///data"));
    Path root;
    try {
      root = awaitWriting(generate);
      generate.signal("KILL");
      generate.awaitExit(EXIT_BOUND_SECONDS);
      assertThat(generate.process.exitValue()).isEqualTo(EXIT_SIGKILL);
    } finally {
      generate.kill();
    }
    assertThat(root.resolve("data")).doesNotExist();
    assertThat(entries(root)).hasSize(1).allMatch(name -> name.startsWith(".data.generating-"));

    // the next run writes the output, and a job reading the parent directory sees only it
    PfsmixChild again = PfsmixChild.start(out.resolve("home"), List.of("tfidf", "generate", "--records", "2000",
        "--out", "pfs:///data"));
    again.awaitExit(EXIT_BOUND_SECONDS);
    assertThat(again.process.exitValue()).as(again.stderr()).isZero();
    assertThat(entries(root.resolve("data"))).containsExactly("requests-00000.req");
    PfsmixChild train = PfsmixChild.start(out.resolve("home"), List.of("tfidf", "train", "--input", "pfs:///data",
        "--model", "pfs:///model", "--top-k", "64"));
    train.awaitExit(EXIT_BOUND_SECONDS * 3);
    assertThat(train.process.exitValue()).as(train.stderr()).isZero();
    assertThat(train.stdout()).contains("trained on 2,000 requests");
  }

  /** Waits until a request file has data (in the staging directory); returns the pfs root. */
  private static Path awaitWriting(PfsmixChild generate) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline && generate.process.isAlive()) {
      Path root = out(generate);
      if (root != null && stagedBytes(root) > 0) {
        return root;
      }
      Thread.sleep(20);
    }
    return fail("generate wrote nothing within 120 s (alive: " + generate.process.isAlive() + ")\n"
        + generate.stderr());
  }

  private static Path out(PfsmixChild generate) {
    try {
      return generate.root();
    } catch (IOException e) {
      return null; // not created yet
    }
  }

  private static long stagedBytes(Path root) {
    long bytes = 0;
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.getFileName().toString().endsWith(".req") && f.getParent().getFileName().toString()
            .startsWith(".data.generating-")) {
          bytes += f.toFile().length();
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // a file renamed or deleted while walking
    }
    return bytes;
  }

  private static List<String> entries(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).filter(name -> !name.endsWith(".crc")).sorted().toList();
    }
  }
}
