package io.pfsmix.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

import io.pfsmix.mix.MixKeys;
import io.pfsmix.mix.MixResults;
import io.pfsmix.mix.MixRunner;
import io.pfsmix.mix.MixSettings;
import io.pfsmix.mix.Progress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** A small mix on the embedded default file system: the quickest way to see what pfsmix does. */
@Command(name = "demo", mixinStandardHelpOptions = true,
    description = {"Run a small mix (IOR N-to-1 and N-to-N beside the TFIDF classifier, traced, twice) on the embedded",
        "default file system, in about a minute or two; print the tables and where the report is.",
        "The same as: pfsmix mix " + DemoCommand.EQUIVALENT})
final class DemoCommand implements Callable<Integer> {

  static final String EQUIVALENT = "--fs pfs -N 2 -b 1m -t 256k -s 8 --tfidf-size 16m -r 2 --tracing on";

  @Option(names = {"-o", "--results"}, paramLabel = "DIR", description = "local results directory (new or empty). Default:"
      + " results/demo-TIMESTAMP")
  String results;

  @Override
  public Integer call() throws Exception {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(MixKeys.FS, "pfs");
    values.put(MixKeys.DIR, "/pfsmix-demo");
    values.put(MixKeys.IOR_RANKS, "2");
    values.put(MixKeys.IOR_BLOCK, "1m");
    values.put(MixKeys.IOR_TRANSFER, "256k");
    values.put(MixKeys.IOR_SEGMENTS, "8");
    values.put(MixKeys.TFIDF_SIZE, "16m");
    values.put(MixKeys.TFIDF_TRAIN_SIZE, "4m");
    values.put(MixKeys.REPETITIONS, "2");
    values.put(MixKeys.TRACING, "on");
    values.put(MixKeys.RESULTS, results != null ? results : "results/demo-"
        + java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    MixResults outcome = MixRunner.of(MixSettings.parse(values), new Progress(System.err), System.out).run();
    return outcome.complete() ? 0 : UserErrorHandler.EXIT_USER_ERROR;
  }
}
