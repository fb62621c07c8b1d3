package io.pfsmix.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.pfsmix.mix.ResultsFiles;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** A small mix on the embedded default file system: the quickest way to see what pfsmix does. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    header = "A small traced mix of IOR and TFIDF on the embedded default file system (about half a minute).",
    description = {"Run a small mix (IOR N-to-1 and N-to-N checkpoints, synced and balanced, beside the TFIDF classifier, "
        + "traced, three times) on the embedded default file system in about half a minute; print the tables, the checks "
        + "and where the report is. The same as:",
        "  pfsmix mix " + DemoCommand.ARGUMENTS + " -o results/demo-TIMESTAMP"})
final class DemoCommand implements Callable<Integer> {

  // checkpoints synced (-e) and balanced to the classifier's runtime, three repetitions for a spread: the study's effect
  // at a small scale, not the page cache's
  static final String ARGUMENTS = "--fs pfs --dir /pfsmix-demo -N 2 -b 4m -t 1m -s 32 --ior-flags=-e --balance"
      + " --tfidf-size 16m --set mix.tfidf.train-size=4m -r 3 --tracing on";

  @Option(names = {"-o", "--results"}, paramLabel = "DIR", description = "local results directory (new or empty). Default:"
      + " results/demo-TIMESTAMP")
  String results;

  @Override
  public Integer call() throws Exception {
    List<String> args = new ArrayList<>(List.of(ARGUMENTS.split(" ")));
    args.add("-o");
    args.add(results != null ? results : ResultsFiles.createNew(Path.of("results"), "demo").toString());
    MixCommand mix = new MixCommand();
    new CommandLine(mix).parseArgs(args.toArray(new String[0]));
    return mix.call();
  }
}
