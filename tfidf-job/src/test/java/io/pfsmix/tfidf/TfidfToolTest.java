package io.pfsmix.tfidf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job jar's Main-Class, as `hadoop jar` runs it. */
class TfidfToolTest {

  @TempDir
  java.nio.file.Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) throws Exception {
    return TfidfTool.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void generatesWithGenericOptionsFirst() throws Exception {
    String target = dir.resolve("gen").toUri().toString();
    assertThat(run("-D", "fs.defaultFS=file:///", "generate", "--out", target, "--records", "25", "--files", "2",
        "--seed", "4")).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("wrote 25 requests").contains("in 2 file(s)");
    assertThat(dir.resolve("gen").resolve("requests-00001.req")).exists();
  }

  @Test
  void badArgumentsNameTheOptionAndExitNonZero() throws Exception {
    assertThat(run("classify", "--input", "x", "--output", "y")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("classify: missing required option --model");
    err.reset();
    assertThat(run("train", "--input", "x", "--model", "m", "--top-k", "many")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--top-k must be a whole number, got 'many'");
    err.reset();
    assertThat(run("generate", "--out", "o", "--colour", "red")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown option --colour");
    err.reset();
    assertThat(run("predict")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown command 'predict'").contains("usage:");
  }
}
