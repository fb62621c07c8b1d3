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

  @Test
  void overwriteTakesTheFlagAloneAndTheOlderTrueOrFalse() throws Exception {
    String target = dir.resolve("gen").toUri().toString();
    assertThat(run("generate", "--out", target, "--records", "5")).isEqualTo(0);
    assertThat(run("generate", "--out", target, "--records", "6", "--overwrite", "true")).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("wrote 6 requests");
    assertThat(run("generate", "--out", target, "--records", "7", "--overwrite")).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("wrote 7 requests");
    err.reset();
    assertThat(run("generate", "--out", target, "--records", "8", "--overwrite", "false")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("already exists; pass --overwrite");
  }

  @Test
  void trainReplacesAModelOnlyWithOverwrite() throws Exception {
    java.nio.file.Path model = java.nio.file.Files.writeString(dir.resolve("kept.model"), "a model");
    err.reset();
    assertThat(run("-D", "fs.defaultFS=file:///", "train", "--input", dir.resolve("none").toString(), "--model",
        model.toString())).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("train: --model " + model + " exists; pass"
        + " --overwrite to replace it");
    assertThat(java.nio.file.Files.readString(model)).isEqualTo("a model");
    // with it, training goes on (and here stops at the missing input, before any job)
    err.reset();
    assertThat(run("-D", "fs.defaultFS=file:///", "train", "--input", dir.resolve("none").toString(), "--model",
        model.toString(), "--overwrite")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--input " + dir.resolve("none") + ": ")
        .contains("does not exist");
  }

  @Test
  void badValuesNameTheFlag() throws Exception {
    String[][] cases = {
        {"generate: --records must be a whole number, got '1e3'", "generate", "--out", "o", "--records", "1e3"},
        {"generate: --seed must be a whole number, got 'x'", "generate", "--out", "o", "--records", "1", "--seed", "x"},
        {"generate: --attack-share must be a number, got 'most'", "generate", "--out", "o", "--records", "1",
            "--attack-share", "most"},
        {"generate: --files must be a whole number from -2147483648 to 2147483647, got '3000000000'", "generate",
            "--out", "o", "--records", "1", "--files", "3000000000"},
        {"generate: --size: '12 parsecs' is not a size (", "generate", "--out", "o", "--size", "12 parsecs"},
        {"train: --centroids-per-class must be a whole number, got ''", "train", "--input", "i", "--model", "m",
            "--centroids-per-class="},
        {"classify: missing required option --input, --output", "classify", "--model", "m"},
        {"train: --top-k must be positive, got 0", "train", "--input", "i", "--model", "m", "--top-k", "0"},
        // named by the configuration key it sets before
        {"train: --classifier takes logistic or centroid, got 'svm'", "train", "--input", "i", "--model", "m",
            "--classifier", "svm"},
    };
    for (String[] c : cases) {
      err.reset();
      String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
      assertThat(run(args)).as(c[0]).isEqualTo(1);
      assertThat(err.toString(StandardCharsets.UTF_8)).as(c[0]).startsWith(c[0]).hasLineCount(1);
    }
  }

  @Test
  void withoutACommandTheUsageGoesToStderrAndHelpToStdout() throws Exception {
    assertThat(run()).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("usage: hadoop jar pfsmix-tfidf-job.jar [generic "
        + "options] COMMAND").contains("generate", "train", "classify");
    assertThat(run("--help")).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("usage: hadoop jar pfsmix-tfidf-job.jar");
    out.reset();
    assertThat(run("generate", "--help")).isEqualTo(0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--overwrite[=true|false]", "--attack-share=SHARE");
  }
}
