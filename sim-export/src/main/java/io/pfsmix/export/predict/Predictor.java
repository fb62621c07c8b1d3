package io.pfsmix.export.predict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * `pfsmix predict`: from a traced mix's results directory, calibrates the storage model from the phases in which each
 * workload ran alone, replays those alone traces together in SimGrid (the mixed phase, simulated) and sets the predicted
 * runtimes, slowdowns and mixed/serial beside the measured ones; then the same model with the workloads scaled (docs/predict.md).
 */
public final class Predictor {
  static final String TFIDF = "tfidf";
  static final String IOR = "ior";

  /**
   * Settings of a prediction. ioCpu: how much (0 to 1) of the copy cost measured in the data calls the model charges the
   * client's cores, or null for the file system's default ({@link #defaultIoCpu}). clientDisk: whether the storage
   * shares a disk with the jobs' own local files, or null for what the mix recorded ({@link #CLIENT_DISK_KEY}).
   * busySlowdown: how many times as long a call takes while the other workload computes, or null for what the mix's
   * storage probe measured ({@link #BUSY_SLOWDOWN_KEY}; 1 without one).
   */
  public record Options(Path simulator, Path workDir, int cores, double linkBandwidth, double linkLatency,
      long stripeBytes, int targets, boolean whatIf, Double ioCpu, Boolean clientDisk, Double busySlowdown) {
  }

  /**
   * The key of a file system's environment in results.json, written by the mix for a local directory's storage, whose
   * value starts with {@link #CLIENT_DISK_SHARED} when the directory is on the device of Hadoop's local files.
   */
  static final String CLIENT_DISK_KEY = "storage device";
  static final String CLIENT_DISK_SHARED = "shared with";

  /**
   * The key of a file system's environment in results.json whose value starts with {@link #ONE_CALL_AT_A_TIME} when its
   * client lets one call of a process in at a time (the mix writes it for OrangeFS, whose binding serializes calls into
   * the client library): the model's calls of one process then take turns in it.
   */
  static final String CLIENT_CALLS_KEY = "client calls";
  static final String ONE_CALL_AT_A_TIME = "one at a time per process";
  /**
   * results.json's environment entry (mix-runner's StorageProbe, where the storage's servers run on the machine): how
   * many times as long the storage took to write and sync beside a computing thread as alone (a number).
   */
  static final String BUSY_SLOWDOWN_KEY = "storage probe: slowdown beside a computing thread";
  /** results.json's environment entry: how many calls into the client library a path's component costs (a number). */
  static final String CALLS_PER_PATH_COMPONENT_KEY = "client calls per path component";

  /**
   * The embedded pfs keeps its files in a local directory: a read or write there copies between the caller's buffer and
   * the page cache on the caller's core, which the traced calls measure (docs/predict.md).
   */
  public static final double PAGE_CACHE_IO_CPU = 1;

  /** The default of {@link Options#ioCpu}: the embedded pfs's calls copy on the client; other clients wait on servers. */
  public static double defaultIoCpu(String fs) {
    return fs.equals("pfs") ? PAGE_CACHE_IO_CPU : 0;
  }

  /** One workload's run in a phase, as results.json records it. */
  record Run(long startNs, long endNs) {
    double seconds() {
      return (endNs - startNs) / 1e9;
    }
  }

  /**
   * A phase of results.json; cpu is what the machine and the local storage's servers spent during it (null when the mix
   * measured nothing; storageSeconds NaN when the storage has no servers on the machine).
   */
  record Phase(String id, String fs, String pattern, String kind, int repetition, boolean traced, Run phase,
      Map<String, Run> workloads, PhaseCalls.PhaseCpu cpu) {
  }

  /** Measured and predicted figures of one repetition and pattern. */
  public record Row(String fs, int repetition, String pattern, double[] measured, double[] predicted) {
  }

  /** Names of the figures of a row, in order. */
  public static final String[] FIGURES = figures("TFIDF", "IOR");

  /** The figures' names with the two sides named as a mix ran them (a user's command, a jar, Spark). */
  public static String[] figures(String analytics, String hpc) {
    return new String[] {analytics + " alone s", hpc + " alone s", "serial s", "mixed s", "mixed/serial",
        analytics + " slowdown", hpc + " slowdown"};
  }

  private final Path results;
  private final Options options;
  private final PrintStream out;

  public Predictor(Path results, Options options, PrintStream out) {
    this.results = results;
    this.options = options;
    this.out = out;
  }

  public List<Row> run() throws IOException, InterruptedException {
    JsonNode root = read(results.resolve("results.json"));
    List<Phase> phases = phases(root);
    List<Row> rows = new ArrayList<>();
    Map<String, List<Phase>> byFs = new LinkedHashMap<>();
    for (Phase p : phases) {
      byFs.computeIfAbsent(p.fs(), f -> new ArrayList<>()).add(p);
    }
    for (Map.Entry<String, List<Phase>> fs : byFs.entrySet()) {
      JsonNode environment = root.path("environment").path(fs.getKey());
      String device = environment.path(CLIENT_DISK_KEY).asText("");
      boolean clientDisk = options.clientDisk() != null ? options.clientDisk() : device.startsWith(CLIENT_DISK_SHARED);
      out.printf(Locale.ROOT, "%s: start-ups %s by the storage's fsyncs (%s)%n", fs.getKey(),
          clientDisk ? "held up" : "not held up", options.clientDisk() != null ? "--client-disk"
              : device.isEmpty() ? "the mix recorded no storage device" : "storage device " + device);
      boolean oneCallAtATime = environment.path(CLIENT_CALLS_KEY).asText("").startsWith(ONE_CALL_AT_A_TIME);
      int perComponent = oneCallAtATime ? callsPerPathComponent(environment) : 0;
      if (oneCallAtATime) {
        out.printf(Locale.ROOT, "%s: the client lets one call of a process in at a time (%s): a process's calls take"
            + " turns%s%n", fs.getKey(), CLIENT_CALLS_KEY, perComponent == 0 ? ""
                : ", a walk of a path " + perComponent + " per component (" + CALLS_PER_PATH_COMPONENT_KEY + ")");
      }
      double busySlowdown = busySlowdown(fs.getKey(), environment);
      rows.addAll(predictFs(fs.getKey(), fs.getValue(), clientDisk, oneCallAtATime, perComponent, busySlowdown));
    }
    if (rows.isEmpty()) {
      throw new IllegalArgumentException(results.resolve("results.json") + " has no repetition with TFIDF and IOR traced"
          + " alone and a mixed phase" + (phases.stream().anyMatch(Phase::traced)
              ? " whose traces could be read (see the lines above)" : ": run the mix with --tracing on"));
    }
    return rows;
  }

  private List<Row> predictFs(String fs, List<Phase> phases, boolean clientDisk, boolean oneCallAtATime,
      int callsPerPathComponent, double busySlowdown)
      throws IOException, InterruptedException {
    Map<String, PhaseCalls> alone = new LinkedHashMap<>();
    for (Phase p : phases) {
      if (p.traced() && (p.kind().equals("TFIDF_ALONE") || p.kind().equals("IOR_ALONE"))) {
        String workload = p.kind().equals("TFIDF_ALONE") ? TFIDF : IOR;
        Run run = p.workloads().get(workload);
        Path dir = results.resolve("traces").resolve(p.id());
        if (run == null) {
          continue;
        }
        // a repetition whose alone traces are missing or damaged is left out, saying why, and the others predicted
        try {
          if (!Files.isDirectory(dir)) {
            throw new IOException("no trace directory " + dir);
          }
          alone.put(p.id(), PhaseCalls.load(dir, workload, run.startNs(), run.endNs(), p.cpu(), oneCallAtATime,
              callsPerPathComponent));
        } catch (IOException e) {
          out.printf(Locale.ROOT, "%s: repetition %d left out: phase %s: %s%n", fs, p.repetition(), p.id(),
              e.getMessage());
        }
      }
    }
    if (alone.isEmpty()) {
      return List.of();
    }
    double ioCpu = options.ioCpu() != null ? options.ioCpu() : defaultIoCpu(fs);
    Calibration cal = Calibration.fit(new ArrayList<>(alone.values()), options.cores(), ioCpu);
    out.printf(Locale.ROOT, "%s: all %d alone phases (%s point): %s%n", fs, alone.size(),
        alone.values().iterator().next().point().name().toLowerCase(Locale.ROOT), cal.describe());
    List<Row> rows = new ArrayList<>();
    Map<String, PhaseCalls[]> firstPerPattern = new LinkedHashMap<>();
    for (Phase mixed : phases) {
      if (!mixed.kind().equals("MIXED") || mixed.workloads().size() < 2) {
        continue;
      }
      Phase tfidf = find(phases, "TFIDF_ALONE", mixed.repetition(), null, mixed.traced());
      Phase ior = find(phases, "IOR_ALONE", mixed.repetition(), mixed.pattern(), mixed.traced());
      if (tfidf == null || ior == null || !alone.containsKey(tfidf.id()) || !alone.containsKey(ior.id())) {
        continue;
      }
      PhaseCalls t = alone.get(tfidf.id());
      PhaseCalls i = alone.get(ior.id());
      // the machine as it was around this mixed phase: calibrated from the alone phases of the same repetition
      // (on a shared machine the storage's speed drifts between repetitions far more than workloads interfere)
      Calibration own = Calibration.fit(List.of(t, i), options.cores(), ioCpu);
      SimModel.Machine repMachine = new SimModel.Machine(own, options.targets(), options.stripeBytes(),
          options.cores(), options.linkBandwidth(), options.linkLatency(), clientDisk, busySlowdown);
      out.printf(Locale.ROOT, "  repetition %d, %s: %s%n", mixed.repetition(), mixed.pattern(), own.describe());
      double[] predicted = simulate(fs + "-r" + mixed.repetition() + "-" + mixed.pattern(), repMachine, t, i, 1, 1);
      double tAlone = tfidf.workloads().get(TFIDF).seconds();
      double iAlone = ior.workloads().get(IOR).seconds();
      double serial = tfidf.phase().seconds() + ior.phase().seconds();
      double[] measured = {tAlone, iAlone, serial, mixed.phase().seconds(), mixed.phase().seconds() / serial,
          mixed.workloads().get(TFIDF).seconds() / tAlone, mixed.workloads().get(IOR).seconds() / iAlone};
      rows.add(new Row(fs, mixed.repetition(), mixed.pattern(), measured, predicted));
      firstPerPattern.putIfAbsent(mixed.pattern(), new PhaseCalls[] {t, i});
    }
    printRows(rows);
    if (options.whatIf()) {
      for (Map.Entry<String, PhaseCalls[]> e : firstPerPattern.entrySet()) {
        whatIf(fs, e.getKey(), cal, clientDisk, busySlowdown, e.getValue()[0], e.getValue()[1]);
      }
    }
    return rows;
  }

  /**
   * The figures of one row from three simulations: TFIDF alone, IOR alone, both at once. Serial is the two alone runs
   * one after the other; slowdowns compare each workload's simulated time together with its simulated time alone.
   */
  private double[] simulate(String name, SimModel.Machine machine, PhaseCalls tfidf, PhaseCalls ior, int copies,
      double scale) throws IOException, InterruptedException {
    Path dir = options.workDir().resolve(name);
    double t = SimModel.run(options.simulator(), dir.resolve("tfidf-alone"), machine,
        List.of(new SimModel.Workload(tfidf, copies, scale))).runtime();
    double i = SimModel.run(options.simulator(), dir.resolve("ior-alone"), machine,
        List.of(new SimModel.Workload(ior, copies, scale))).runtime();
    SimModel.Result m = SimModel.run(options.simulator(), dir.resolve("mixed"), machine,
        List.of(new SimModel.Workload(tfidf, copies, scale), new SimModel.Workload(ior, copies, scale)));
    return new double[] {t, i, t + i, m.runtime(), m.runtime() / (t + i), m.seconds().get(TFIDF) / t,
        m.seconds().get(IOR) / i};
  }

  private void whatIf(String fs, String pattern, Calibration cal, boolean clientDisk, double busySlowdown,
      PhaseCalls tfidf, PhaseCalls ior) throws IOException, InterruptedException {
    out.printf(Locale.ROOT, "%nwhat-if (%s, %s, first repetition's traces; simulated):%n%n", fs, pattern);
    out.println("| scenario | " + String.join(" | ", FIGURES) + " |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
    Object[][] scenarios = {
        {"as measured", 1, 1.0, options.targets()}, {"2x clients", 2, 1.0, options.targets()},
        {"10x clients", 10, 1.0, options.targets()}, {"2x data", 1, 2.0, options.targets()},
        {"10x data", 1, 10.0, options.targets()}, {"4x targets", 1, 1.0, options.targets() * 4},
        {"10x clients, 4x targets", 10, 1.0, options.targets() * 4}};
    for (Object[] s : scenarios) {
      SimModel.Machine machine = new SimModel.Machine(cal, (Integer) s[3], options.stripeBytes(), options.cores(),
          options.linkBandwidth(), options.linkLatency(), clientDisk, busySlowdown);
      String name = fs + "-" + pattern + "-whatif-" + ((String) s[0]).replaceAll("[^a-z0-9]+", "-");
      double[] p = simulate(name, machine, tfidf, ior, (Integer) s[1], (Double) s[2]);
      StringBuilder line = new StringBuilder("| " + s[0]);
      for (double v : p) {
        line.append(String.format(Locale.ROOT, " | %.3f", v));
      }
      out.println(line.append(" |"));
    }
  }

  private void printRows(List<Row> rows) {
    if (rows.isEmpty()) {
      return;
    }
    out.println();
    out.println("| " + String.join(" | ", TABLE_HEADER) + " |");
    out.println("|---|---:|---|---|---:|---:|---:|");
    for (List<String> cells : tableCells(rows, FIGURES)) {
      out.println("| " + String.join(" | ", cells) + " |");
    }
    out.println();
    out.println("How close: the mixed figures predicted, and the same figure measured in the other repetitions of the"
        + " pattern (their mean) taken as a prediction of this one:");
    out.println();
    out.println("| " + String.join(" | ", AGREEMENT_HEADER) + " |");
    out.println("|---|---|---:|---:|---:|---:|---:|");
    for (List<String> cells : agreementCells(rows, FIGURES)) {
      out.println("| " + String.join(" | ", cells) + " |");
    }
  }

  /** Columns of the table of measured against predicted figures. */
  public static final List<String> TABLE_HEADER = List.of("fs", "rep", "pattern", "figure", "measured", "predicted",
      "error");

  /**
   * The table's rows: one per repetition, pattern and figure, in {@link #TABLE_HEADER}'s columns.
   *
   * @param figures the figures' names, {@link #FIGURES} or those of {@link #figures(String, String)}
   */
  public static List<List<String>> tableCells(List<Row> rows, String[] figures) {
    List<List<String>> cells = new ArrayList<>();
    for (Row r : rows) {
      for (int f = 0; f < figures.length; f++) {
        cells.add(List.of(r.fs(), Integer.toString(r.repetition()), r.pattern(), figures[f],
            String.format(Locale.ROOT, "%.3f", r.measured()[f]), String.format(Locale.ROOT, "%.3f", r.predicted()[f]),
            String.format(Locale.ROOT, "%+.1f%%", 100 * (r.predicted()[f] / r.measured()[f] - 1))));
      }
    }
    return cells;
  }

  /** Issue #16's bar for a prediction: within this share of the measured figure. */
  public static final double AGREEMENT = 0.15;

  /** The figures of a row that the mixed phase gives (mixed s, mixed/serial, both slowdowns): those compared. */
  private static final int FIRST_MIXED_FIGURE = 3;

  /** Columns of {@link #agreementCells}. */
  public static final List<String> AGREEMENT_HEADER = List.of("fs", "figure",
      "predicted within " + Math.round(100 * AGREEMENT) + " %", "median error size", "median error",
      "the other repetitions within " + Math.round(100 * AGREEMENT) + " %", "their median error size");

  /**
   * How close the model came beside how close the run comes to itself, per file system and mixed figure: how many rows'
   * predictions lie within {@link #AGREEMENT} of the measured figure, the median of their errors' sizes and of the
   * errors themselves (a bias); and how many and how far for a
   * stand-in that knows the other measurements, the mean of the figure measured in the other repetitions of the same
   * pattern. A model can hardly be asked to come closer to a run than its own repetitions do ("-" with one repetition).
   */
  public static List<List<String>> agreementCells(List<Row> rows, String[] figures) {
    List<List<String>> cells = new ArrayList<>();
    Map<String, List<Row>> byFs = new LinkedHashMap<>();
    for (Row r : rows) {
      byFs.computeIfAbsent(r.fs(), f -> new ArrayList<>()).add(r);
    }
    byFs.forEach((fs, fsRows) -> {
      for (int f = FIRST_MIXED_FIGURE; f < figures.length; f++) {
        List<Double> model = new ArrayList<>();
        List<Double> others = new ArrayList<>();
        for (Row r : fsRows) {
          model.add(r.predicted()[f] / r.measured()[f] - 1);
          double sum = 0;
          int n = 0;
          for (Row o : fsRows) {
            if (o.pattern().equals(r.pattern()) && o.repetition() != r.repetition()) {
              sum += o.measured()[f];
              n++;
            }
          }
          if (n > 0) {
            others.add(sum / n / r.measured()[f] - 1);
          }
        }
        // the model's signed median tells a bias; the repetitions' is about 0 by construction, their spread is not
        cells.add(List.of(fs, figures[f], within(model), medianPercent(model, true), medianPercent(model, false),
            others.isEmpty() ? "-" : within(others), others.isEmpty() ? "-" : medianPercent(others, true)));
      }
    });
    return cells;
  }

  private static String within(List<Double> errors) {
    return errors.stream().filter(e -> Math.abs(e) <= AGREEMENT).count() + " of " + errors.size();
  }

  private static String medianPercent(List<Double> values, boolean absolute) {
    double[] sorted = values.stream().mapToDouble(v -> absolute ? Math.abs(v) : v).sorted().toArray();
    int mid = sorted.length / 2;
    double median = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    return String.format(Locale.ROOT, absolute ? "%.1f%%" : "%+.1f%%", 100 * median);
  }

  private static Phase find(List<Phase> phases, String kind, int repetition, String pattern, boolean traced) {
    for (Phase p : phases) {
      if (p.kind().equals(kind) && p.repetition() == repetition && p.traced() == traced
          && (pattern == null || pattern.equals(p.pattern()))) {
        return p;
      }
    }
    return null;
  }

  /** The option's slowdown beside the other workload's computing, else the storage probe's, else 1; said which. */
  private double busySlowdown(String fs, JsonNode environment) {
    double slowdown;
    String from;
    if (options.busySlowdown() != null) {
      slowdown = options.busySlowdown();
      from = "--busy-slowdown";
    } else if (environment.hasNonNull(BUSY_SLOWDOWN_KEY)) {
      String entry = environment.path(BUSY_SLOWDOWN_KEY).asText("").trim();
      try {
        slowdown = Double.parseDouble(entry);
      } catch (NumberFormatException e) {
        slowdown = Double.NaN;
      }
      if (!(slowdown > 0) || Double.isInfinite(slowdown)) {
        throw new IllegalArgumentException(results.resolve("results.json") + ": environment entry '"
            + BUSY_SLOWDOWN_KEY + "' of " + fs + " is '" + entry + "', not a positive number");
      }
      from = "the mix's storage probe";
      if (slowdown < 1) {
        // computing beside the storage cannot speed it up: the probe's rounds spread more than the computing slowed them
        out.printf(Locale.ROOT, "%s: the storage probe measured calls %.2f times as long beside computing; taken as 1%n",
            fs, slowdown);
        return 1;
      }
    } else {
      return 1;
    }
    out.printf(Locale.ROOT, "%s: a call takes %.2f times as long while the other workload computes (%s)%n", fs,
        slowdown, from);
    return slowdown;
  }

  /** The number the file system's environment entry starts with; 0 when the mix recorded none (older results). */
  private int callsPerPathComponent(JsonNode environment) {
    String entry = environment.path(CALLS_PER_PATH_COMPONENT_KEY).asText("").trim();
    if (entry.isEmpty()) {
      return 0;
    }
    Matcher number = Pattern.compile("^(\\d{1,3})\\b").matcher(entry);
    if (!number.find()) {
      throw new IllegalArgumentException(results.resolve("results.json") + ": environment entry '"
          + CALLS_PER_PATH_COMPONENT_KEY + "' must start with a whole number, got '" + entry + "'");
    }
    return Integer.parseInt(number.group(1));
  }

  private static JsonNode read(Path json) throws IOException {
    if (!Files.isRegularFile(json)) {
      throw new IOException(json + ": no such results file (RESULTS_DIR must be a results directory of pfsmix mix)");
    }
    try {
      JsonNode root = new ObjectMapper().readTree(json.toFile());
      if (root == null || !root.isObject()) {
        throw new IOException(json + ": not a results file pfsmix mix wrote: "
            + (root == null || root.isMissingNode() ? "it is empty" : "it holds no JSON object"));
      }
      return root;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      // the parser's own words and where, without its description of the source
      throw new IOException(json + ": not a results file pfsmix mix wrote: " + e.getOriginalMessage()
          .replaceAll("\\[Source: .*?; line: (\\d+), column: (\\d+)\\]", "line $1, column $2")
          + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr() + ")"), e);
    }
  }

  static List<Phase> phases(JsonNode root) {
    List<Phase> phases = new ArrayList<>();
    for (JsonNode p : root.path("phases")) {
      if (!"ok".equals(p.path("status").asText())) {
        continue;
      }
      Map<String, Run> workloads = new LinkedHashMap<>();
      JsonNode machine = p.path("cpu").path("machineSeconds");
      JsonNode storage = p.path("cpu").path("storageSeconds");
      for (JsonNode w : p.path("workloads")) {
        workloads.put(w.path("workload").asText(), new Run(w.path("startNs").asLong(), w.path("endNs").asLong()));
      }
      phases.add(new Phase(p.path("id").asText(), p.path("fs").asText(), p.path("pattern").asText(null),
          p.path("kind").asText(), p.path("repetition").asInt(), p.path("traced").asBoolean(),
          new Run(p.path("startNs").asLong(), p.path("endNs").asLong()), workloads,
          machine.isNumber() ? new PhaseCalls.PhaseCpu(machine.asDouble(),
              storage.isNumber() ? storage.asDouble() : Double.NaN) : null));
    }
    return phases;
  }
}
