package io.pfsmix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's --help as a user sees it: picocli formats descriptions with String.format, so a bare percent sign in
 * one ("spread by 10-30%") printed a warning before the help instead of the help alone.
 */
class EveryHelpRendersTest {

  @Test
  void everyCommandPrintsItsHelpWithoutAWarning() {
    List<List<String>> commands = new ArrayList<>();
    collect(Main.commandLine(), new ArrayList<>(), commands);
    assertThat(commands).hasSizeGreaterThan(10);
    for (List<String> command : commands) {
      List<String> args = new ArrayList<>(command);
      args.add("--help");
      Cli.Run run = Cli.run(args.toArray(String[]::new));
      assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(run.stderr()).as(String.join(" ", args)).doesNotContain("picocli WARN");
      assertThat(run.stdout()).as(String.join(" ", args)).contains("Usage: ");
    }
  }

  @Test
  void helpNamesACommandAtAnyDepthAndEveryCommandPrintsTheVersion() {
    List<List<String>> commands = new ArrayList<>();
    collect(Main.commandLine(), new ArrayList<>(), commands);
    for (List<String> command : commands) {
      if (command.equals(List.of("ior")) || command.equals(List.of("hadoop"))) {
        // their flags go to IOR's parser and Hadoop's tools: `ior -h` is IOR's help
        continue;
      }
      List<String> help = new ArrayList<>(List.of("help"));
      help.addAll(command);
      List<String> asked = new ArrayList<>(command);
      asked.add("--help");
      // `help trace summarize` printed trace's help before
      Cli.Run viaHelp = Cli.run(help.toArray(String[]::new));
      assertThat(viaHelp.exitCode()).as(String.join(" ", help)).isZero();
      assertThat(viaHelp.stdout()).as(String.join(" ", help)).isEqualTo(Cli.run(asked.toArray(String[]::new)).stdout());
      List<String> version = new ArrayList<>(command);
      version.add("-V");
      // every command lists -V; below the root it printed nothing
      assertThat(Cli.run(version.toArray(String[]::new)).stdout()).as(String.join(" ", version))
          .startsWith("pfsmix ").contains("Hadoop 3.");
    }
    Cli.Run unknown = Cli.run("help", "trace", "sumarize");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.stderr()).contains("pfsmix help: unknown command 'sumarize' under 'pfsmix trace' (known: ")
        .contains("summarize");
  }

  @Test
  void aCommandThatOnlyGroupsOthersGivenNoneIsAUsageError() {
    for (String group : List.of("trace", "tfidf", "bench")) {
      Cli.Run run = Cli.run(group);
      assertThat(run.exitCode()).as(group).isEqualTo(2);
      assertThat(run.stderr()).as(group).contains("Usage: pfsmix " + group);
    }
    assertThat(Cli.run().exitCode()).isEqualTo(2);
  }

  private static void collect(CommandLine line, List<String> path, List<List<String>> out) {
    out.add(List.copyOf(path));
    for (var sub : line.getSubcommands().entrySet()) {
      // an alias lists the same command twice: visit each command once, by its own name
      if (sub.getKey().equals(sub.getValue().getCommandName())) {
        path.add(sub.getKey());
        collect(sub.getValue(), path, out);
        path.remove(path.size() - 1);
      }
    }
  }
}
