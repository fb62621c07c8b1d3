package io.pfsmix.ior;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.apache.hadoop.conf.Configuration;

/**
 * The real IOR against the Java driver on the same flags, in the same directory, alternating which goes first, each a
 * fresh process per run (mpirun's ranks; a JVM running {@code pfsmix ior -a POSIX -N ranks}), so that both pay their own
 * start-up outside their timed region and nothing of one run warms the next. Both outputs are IOR's format, read by
 * one parser; the ratios are of the first (only) iteration's bandwidths, per phase. Every run starts after the same
 * pause, so that both write onto the same kind of memory.
 */
public final class NativeComparison {

  /**
   * The default pause before every run. In a virtual machine whose balloon device reports free pages to the host (as
   * this project's machines' virtio_balloon does), memory left free is handed back over several seconds, and a
   * page-cache write onto a returned page faults in the host: four writers of one 1 GiB file wrote at 814-833 MiB/s
   * 5 s after the previous run removed its file and at 695-776 MiB/s 7-25 s after. The real IOR writes a fraction of a
   * second after it starts, the JVM's ranks 3-4 s after, so behind a 5 s pause the real IOR got memory the driver did
   * not (docs/benchmarks.md). Past the slope both programs get the same.
   */
  public static final int DEFAULT_PAUSE_SECONDS = 12;
  private static final int BOOTSTRAP_DRAWS = 10_000;

  /** One set of IOR flags to compare (without -o, -N and -a, which the comparison sets). */
  public record Case(String label, List<String> flags) {
  }

  /**
   * The default matrix: N-to-1 and N-to-N, 1 MiB and 4 KiB transfers, write (with fsync) and read; the sizes
   * for 1 MiB (-b 64m -s 4), a quarter of the bytes for 4 KiB, whose 16384 calls per rank and phase take long enough.
   */
  public static List<Case> defaultCases() {
    List<Case> cases = new ArrayList<>();
    for (String transfer : List.of("1m", "4k")) {
      for (boolean filePerProc : new boolean[] {false, true}) {
        List<String> flags = new ArrayList<>(List.of("-w", "-r", "-e", "-b", transfer.equals("1m") ? "64m" : "16m",
            "-t", transfer, "-s", "4"));
        if (filePerProc) {
          flags.add("-F");
        }
        cases.add(new Case((filePerProc ? "N-to-N" : "N-to-1") + " -t " + transfer, flags));
      }
    }
    return cases;
  }

  private final Configuration conf;
  private final Path ior;
  private final List<String> mpirunArgs;
  private final List<String> javaDriver;
  private final int ranks;
  private final int rounds;
  private final Path directory;
  private final int pauseSeconds;

  /**
   * @param ior the real IOR's binary
   * @param mpirunArgs further mpirun options (-np is {@code ranks})
   * @param javaDriver the command that runs {@code pfsmix ior} in a JVM of its own, up to and including "ior"
   * @param directory where both write their files (removed by them at the end of each run)
   * @param pauseSeconds the idle time before every run ({@link #DEFAULT_PAUSE_SECONDS} says why)
   */
  public NativeComparison(Configuration conf, Path ior, List<String> mpirunArgs, List<String> javaDriver, int ranks,
      int rounds, Path directory, int pauseSeconds) {
    this.conf = conf;
    this.ior = ior;
    this.mpirunArgs = List.copyOf(mpirunArgs);
    this.javaDriver = List.copyOf(javaDriver);
    this.ranks = ranks;
    this.rounds = rounds;
    this.directory = directory;
    this.pauseSeconds = pauseSeconds;
  }

  /**
   * Prints the table to {@code out} and, as each round ends, its bandwidths to {@code progress}: a case takes minutes
   * (every run waits its pause), the table comes only at its end.
   */
  public void run(List<Case> cases, PrintStream out, PrintStream progress) throws IOException, InterruptedException {
    String target = directory.resolve("ior-bench-file").toString();
    out.printf(Locale.ROOT, "ior bench --native: %s under mpirun -np %d against pfsmix ior -a POSIX -N %d, a process"
        + " per run, alternating, %d rounds, each run after %d s idle, in %s%n", ior, ranks, ranks, rounds,
        pauseSeconds, directory);
    out.printf(Locale.ROOT, "%-16s %-6s %12s %12s %10s %8s %12s  %-28s %s%n", "case", "phase", "real MiB/s",
        "java MiB/s", "java/real", "paired", "90% range", "ratio per round", "load average start..end");
    for (Case c : cases) {
      double[][] real = new double[2][rounds];
      double[][] java = new double[2][rounds];
      double loadBefore = loadAverage();
      for (int round = 0; round < rounds; round++) {
        // alternate which goes first so neither always inherits the other's dirty pages
        if (round % 2 == 0) {
          record(real, round, runReal(c, target));
          record(java, round, runJava(c, target));
        } else {
          record(java, round, runJava(c, target));
          record(real, round, runReal(c, target));
        }
        progress.printf(Locale.ROOT, "ior bench: %s, round %d of %d: write %.1f and %.1f, read %.1f and %.1f MiB/s"
            + " (real IOR and java)%n", c.label(), round + 1, rounds, real[0][round], java[0][round], real[1][round],
            java[1][round]);
      }
      double loadAfter = loadAverage();
      String[] phases = {"write", "read"};
      for (int p = 0; p < 2; p++) {
        if (real[p][0] == 0 && java[p][0] == 0) {
          continue;
        }
        StringBuilder perRound = new StringBuilder();
        double[] ratios = new double[rounds];
        for (int r = 0; r < rounds; r++) {
          ratios[r] = java[p][r] / real[p][r];
          perRound.append(r == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f", ratios[r]));
        }
        double[] range = medianRange(ratios);
        out.printf(Locale.ROOT, "%-16s %-6s %12.1f %12.1f %10.2f %8.2f %12s  %-28s %.2f..%.2f%n", c.label(), phases[p],
            median(real[p]), median(java[p]), median(java[p]) / median(real[p]), median(ratios),
            String.format(Locale.ROOT, "%.2f..%.2f", range[0], range[1]), perRound, loadBefore, loadAfter);
      }
    }
  }

  private static void record(double[][] into, int round, IorResult result) {
    into[0][round] = bandwidth(result, "write");
    into[1][round] = bandwidth(result, "read");
  }

  private static double bandwidth(IorResult result, String phase) {
    List<IorIteration> iterations = result.iterations(phase);
    return iterations.isEmpty() ? 0 : iterations.get(0).bandwidthMiB();
  }

  private IorResult runReal(Case c, String target) throws IOException, InterruptedException {
    Thread.sleep(pauseSeconds * 1000L);
    List<String> mpirun = new ArrayList<>(List.of("-np", Integer.toString(ranks)));
    mpirun.addAll(mpirunArgs);
    List<String> flags = new ArrayList<>(List.of("-a", "POSIX"));
    flags.addAll(c.flags());
    flags.addAll(List.of("-o", target));
    return new NativeIor(conf).run(ior, mpirun, flags, false, OutputStream.nullOutputStream());
  }

  private IorResult runJava(Case c, String target) throws IOException, InterruptedException {
    Thread.sleep(pauseSeconds * 1000L);
    List<String> flags = new ArrayList<>(List.of("-a", "POSIX", "-N", Integer.toString(ranks)));
    flags.addAll(c.flags());
    flags.addAll(List.of("-o", target));
    List<String> command = new ArrayList<>(javaDriver);
    command.addAll(flags);
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IOException(String.join(" ", command) + " exited with status " + process.exitValue() + ":\n" + output);
    }
    return IorOutputParser.parse(output, IorOptions.parse(flags.toArray(new String[0])));
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /**
   * Where the median of {@code values} would fall nine times in ten over runs like this one: the 5th and 95th
   * percentiles of the medians of 10,000 resamplings (bootstrap). A fixed seed, so that the same rounds print the same
   * range. With page-cache phases of a tenth of a second, it says whether a run can tell a ratio of 0.95 from 1.
   */
  static double[] medianRange(double[] values) {
    SplittableRandom random = new SplittableRandom(1);
    double[] medians = new double[BOOTSTRAP_DRAWS];
    double[] sample = new double[values.length];
    for (int d = 0; d < BOOTSTRAP_DRAWS; d++) {
      for (int i = 0; i < values.length; i++) {
        sample[i] = values[random.nextInt(values.length)];
      }
      medians[d] = median(sample);
    }
    Arrays.sort(medians);
    return new double[] {medians[BOOTSTRAP_DRAWS / 20], medians[BOOTSTRAP_DRAWS - BOOTSTRAP_DRAWS / 20 - 1]};
  }

  /** The median of {@code values} (the mean of the middle two for an even count); the array is left as it was. */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
