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
