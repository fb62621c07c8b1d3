package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import io.pfsmix.tfidf.TfidfCommands;
import io.pfsmix.tfidf.TfidfTool;

import picocli.CommandLine;

/** `pfsmix tfidf` and the job jar's `hadoop jar` take the same flags to the same settings and describe them alike. */
class TfidfCommandLinesTest {

  private static final PrintStream DISCARD = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  /** The command each entry point parses {@code args} into. */
  private static List<Object> parsed(String... args) {
    List<String> launcher = new ArrayList<>(List.of("tfidf"));
    launcher.addAll(List.of(args));
    Object viaLauncher = Main.commandLine().parseArgs(launcher.toArray(String[]::new)).subcommand().subcommand()
        .commandSpec().userObject();
    Object viaJobJar = TfidfTool.commandLine(new Configuration(false), DISCARD, DISCARD).parseArgs(args).subcommand()
        .commandSpec().userObject();
    return List.of(viaLauncher, viaJobJar);
  }

  @Test
  void generateFlagsGiveTheSameOptions() {
    String[][] lines = {
        {"generate", "--out", "pfs:///data", "--size", "7.2g"},
        {"generate", "--out=file:///d", "--records", "25", "--files", "2", "--seed", "4", "--attack-share", "0.5",
            "--malformed-share", "0.01", "--overwrite"},
        {"generate", "--out", "o", "--records", "3", "--overwrite", "true"},
        {"generate", "--overwrite=false", "--out", "o", "--records", "3"},
        {"generate", "--overwrite", "--out", "o", "--records", "3"},
    };
    boolean[] overwrite = {false, true, true, false, true};
    for (int i = 0; i < lines.length; i++) {
      List<Object> both = parsed(lines[i]);
      var launcher = ((TfidfCommands.Generate) both.get(0)).options();
      var jobJar = ((TfidfCommands.Generate) both.get(1)).options();
      assertThat(launcher).as(String.join(" ", lines[i])).usingRecursiveComparison().isEqualTo(jobJar);
      assertThat(launcher.overwrite).as(String.join(" ", lines[i])).isEqualTo(overwrite[i]);
    }
    var o = ((TfidfCommands.Generate) parsed(lines[1]).get(0)).options();
    assertThat(List.of(o.output.toString(), o.records, o.files, o.seed, o.attackShare, o.malformedShare))
        .containsExactly("file:/d", 25L, 2, 4L, 0.5, 0.01);
  }

  @Test
  void trainAndClassifyFlagsGiveTheSameSettings() {
    List<Object> train = parsed("train", "--input", "pfs:///in", "--model", "pfs:///m", "--top-k", "64",
        "--classifier", "centroid");
    assertThat(((TfidfCommands.Train) train.get(0)).settings())
        .isEqualTo(((TfidfCommands.Train) train.get(1)).settings())
        .isEqualTo(new TfidfCommands.Train.Settings(new org.apache.hadoop.fs.Path("pfs:///in"),
            new org.apache.hadoop.fs.Path("pfs:///m"), 64, io.pfsmix.tfidf.TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT,
            "centroid"));
    List<Object> classify = parsed("classify", "--input", "i", "--model", "m", "--output", "o");
    assertThat(((TfidfCommands.Classify) classify.get(0)).settings())
        .isEqualTo(((TfidfCommands.Classify) classify.get(1)).settings());
  }

  @Test
  void bothPrintTheSameHelp() {
    CommandLine launcher = Main.commandLine().getSubcommands().get("tfidf");
    CommandLine jobJar = TfidfTool.commandLine(new Configuration(false), DISCARD, DISCARD);
    for (String command : List.of("generate", "train", "classify")) {
      CommandLine a = launcher.getSubcommands().get(command);
      CommandLine b = jobJar.getSubcommands().get(command);
      assertThat(a.getUsageMessage(CommandLine.Help.Ansi.OFF)).startsWith("Usage: pfsmix tfidf " + command);
      // the synopsis wraps elsewhere after a longer command name; its text is the same
      assertThat(unwrapped(b.getHelp().synopsis(0).replace("hadoop jar pfsmix-tfidf-job.jar ", "pfsmix tfidf ")))
          .isEqualTo(unwrapped(a.getHelp().synopsis(0)));
      assertThat(b.getHelp().description()).isEqualTo(a.getHelp().description());
      assertThat(b.getHelp().optionList()).isEqualTo(a.getHelp().optionList()).contains("--help");
    }
  }

  private static String unwrapped(String text) {
    return text.replaceAll("\\s+", "");
  }

  @Test
  void theLauncherNamesTheFlagOfABadValue() {
    Cli.Run run = Cli.run("tfidf", "train", "--input", "i", "--model", "m", "--top-k", "many");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("Invalid value for option '--top-k': must be a whole number, got 'many'");
    run = Cli.run("tfidf", "generate", "--out", "o", "--records", "5", "--attack-share", "most");
    assertThat(run.errLines().get(0))
        .isEqualTo("Invalid value for option '--attack-share': must be a number, got 'most'");
    // the command's own check of a value is a usage error too, as the parser's (the job jar prints one line, exit 1)
    run = Cli.run("tfidf", "generate", "--out", "o", "--records", "-5");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("--records must be positive, got -5");
    assertThat(run.stderr()).contains("Usage: pfsmix tfidf generate ");
    // and the training's sizes, before it looks for its input
    run = Cli.run("tfidf", "train", "--input", "i", "--model", "m", "--top-k", "0");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("--top-k must be positive, got 0");
    run = Cli.run("tfidf", "train", "--input", "i", "--model", "m", "--centroids-per-class", "65");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines().get(0)).isEqualTo("--centroids-per-class must be in 1..64, got 65");
  }
}
