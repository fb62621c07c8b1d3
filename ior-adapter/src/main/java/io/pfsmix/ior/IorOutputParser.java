package io.pfsmix.ior;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the real IOR's output — the default text report, -O summaryFormat=JSON, or -O summaryFormat=CSV — into the
 * same {@link IorResult} the Java driver returns. Lines that are not IOR's (MPI launcher chatter, warnings) are
 * skipped.
 */
public final class IorOutputParser {

  private static final double MIB = 1048576.0;

  private IorOutputParser() {
  }

  /**
   * @param output everything IOR printed (stdout, or the summaryFile)
   * @param fallback parameters the output may lack (CSV has no segment count or file name), or null
   */
  public static IorResult parse(String output, IorOptions fallback) throws IOException {
    int json = output.indexOf("\n{");
    if (output.startsWith("{")) {
      json = 0;
    } else if (json >= 0) {
      json++;
    }
    if (json >= 0 && output.substring(json).contains("\"tests\"")) {
      // IOR's warnings go to the same stream, in the middle of its JSON
      return parseJson(output.substring(json).lines().filter(l -> !l.startsWith("WARNING: "))
          .collect(Collectors.joining("\n")), fallback);
    }
    if (output.contains("access,bw(MiB/s),IOPS")) {
      return parseCsv(output, fallback);
    }
    if (output.contains("bw(MiB/s)")) {
      return parseText(output, fallback);
    }
    throw new IOException("not IOR output: found neither a Results table, IOR's JSON nor IOR's CSV header");
  }

  private static IorResult parseText(String output, IorOptions fallback) throws IOException {
    Map<String, String> keys = new HashMap<>();
    List<String[]> rows = new ArrayList<>();
    List<String[]> summaryRows = new ArrayList<>();
    boolean inSummary = false;
    Long actual = null;
    for (String raw : output.split("\n")) {
      String line = raw.strip();
      Long moved = actualBytes(line);
      if (moved != null) {
        actual = moved;
        continue;
      }
      if (line.startsWith("Summary of all tests:")) {
        inSummary = true;
        continue;
      }
      if (raw.length() > 21 && raw.charAt(20) == ':') {
        keys.putIfAbsent(raw.substring(0, 20).strip(), raw.substring(21).strip());
        continue;
      }
      String[] fields = line.split("\\s+");
      if (fields.length == 0 || !(fields[0].equals("write") || fields[0].equals("read"))) {
        continue;
      }
      if (inSummary && fields.length >= 25) {
        summaryRows.add(fields);
      } else if (!inSummary && fields.length == 11) {
        rows.add(Arrays.copyOf(fields, 12));
        rows.get(rows.size() - 1)[11] = actual == null ? null : Long.toString(actual);
        actual = null;
      }
    }
    if (rows.isEmpty()) {
      throw new IOException("IOR text output has no write or read rows in its Results table");
    }
    String api = keys.getOrDefault("api", fallback == null ? "" : fallback.api);
    String file = keys.getOrDefault("test filename", fallback == null ? "" : fallback.testFileName);
    boolean fpp = "file-per-process".equals(keys.get("access"));
    int tasks = intOr(keys.get("tasks"), fallback == null ? 1 : fallback.numTasks);
    int tpn = intOr(keys.get("clients per node"), tasks);
    long segments = intOr(keys.get("segments"), fallback == null ? 1 : (int) fallback.segmentCount);
    int reps = intOr(keys.get("repetitions"), 1);
    long block = fallback == null ? 0 : fallback.blockSize;
    long transfer = fallback == null ? 0 : fallback.transferSize;
    if (!summaryRows.isEmpty()) {
      // Operation Max Min Mean Std MaxOPs MinOPs MeanOPs Std Mean(s) Stonewall(s) Stonewall(MiB) Test# #Tasks tPN
      // reps fPP reord reordoff reordrand seed segcnt blksiz xsize aggs(MiB) API RefNum
      String[] s = summaryRows.get(0);
      int base = s.length - 27;
      tasks = Integer.parseInt(s[base + 13]);
      tpn = Integer.parseInt(s[base + 14]);
      reps = Integer.parseInt(s[base + 15]);
      fpp = "1".equals(s[base + 16]);
      segments = Long.parseLong(s[base + 21]);
      block = Long.parseLong(s[base + 22]);
      transfer = Long.parseLong(s[base + 23]);
      api = s[base + 25];
    } else {
      block = Math.round(Double.parseDouble(rows.get(0)[4]) * 1024);
      transfer = Math.round(Double.parseDouble(rows.get(0)[5]) * 1024);
    }
    long aggregate = block * segments * tasks;
    List<IorIteration> iterations = new ArrayList<>();
    for (String[] f : rows) {
      iterations.add(new IorIteration(f[0], Integer.parseInt(f[10]), num(f[1]), num(f[2]), num(f[3]), num(f[6]),
          num(f[7]), num(f[8]), num(f[9]), f[11] == null ? aggregate : Long.parseLong(f[11])));
    }
    List<IorSummary> summaries = new ArrayList<>();
    for (String[] s : summaryRows) {
      int base = s.length - 27;
      // IOR 4's Stonewall(s) and Stonewall(MiB) columns (NA without wear-out); older releases have none
      summaries.add(new IorSummary(s[0], num(s[1]), num(s[2]), num(s[3]), num(s[4]), num(s[5]), num(s[6]), num(s[7]),
          num(s[8]), num(s[9]), num(s[base + 24]), base >= 0 ? numOrNaN(s[10]) : Double.NaN,
          base >= 0 ? numOrNaN(s[11]) : Double.NaN));
    }
    if (summaries.isEmpty()) {
      summaries = summarize(iterations, transfer);
    }
    return new IorResult(api, file, fpp, tasks, tpn, block, transfer, segments, reps, iterations, summaries, List.of());
  }

  private static IorResult parseJson(String output, IorOptions fallback) throws IOException {
    JsonNode root = new ObjectMapper().readTree(output);
    JsonNode tests = root.path("tests");
    if (!tests.isArray() || tests.isEmpty()) {
      throw new IOException("IOR JSON output has no \"tests\"");
    }
    JsonNode test = tests.get(0);
    JsonNode parameters = test.path("Parameters");
    JsonNode options = test.path("Options");
    long block = parameters.path("blockSize").asLong(fallback == null ? 0 : fallback.blockSize);
    long transfer = parameters.path("transferSize").asLong(fallback == null ? 0 : fallback.transferSize);
    long segments = parameters.path("segmentCount").asLong(fallback == null ? 1 : fallback.segmentCount);
    int tasks = options.path("tasks").asInt(fallback == null ? 1 : fallback.numTasks);
    JsonNode firstSummary = root.path("summary").path(0);
    if (firstSummary.has("numTasks")) {
      tasks = firstSummary.path("numTasks").asInt();
    }
    long aggregate = block * segments * tasks;
    List<IorIteration> iterations = new ArrayList<>();
    Map<String, Integer> counts = new HashMap<>();
    collectResults(test.path("Results"), iterations, counts, aggregate);
    List<IorSummary> summaries = new ArrayList<>();
    for (JsonNode s : root.path("summary")) {
      summaries.add(new IorSummary(s.path("operation").asText(), s.path("bwMaxMIB").asDouble(),
          s.path("bwMinMIB").asDouble(), s.path("bwMeanMIB").asDouble(), s.path("bwStdMIB").asDouble(),
          s.path("OPsMax").asDouble(), s.path("OPsMin").asDouble(), s.path("OPsMean").asDouble(),
          s.path("OPsSD").asDouble(), s.path("MeanTime").asDouble(), s.path("xsizeMiB").asDouble(),
          s.path("StoneWallTime").asDouble(Double.NaN), s.path("StoneWallbwMeanMIB").asDouble(Double.NaN)));
    }
    return new IorResult(parameters.path("api").asText(options.path("api").asText("")),
        parameters.path("testFileName").asText(options.path("test filename").asText("")),
        parameters.path("filePerProc").asInt() == 1 || "file-per-process".equals(options.path("access").asText()),
        tasks, parameters.path("tasksPerNode").asInt(options.path("clients per node").asInt(tasks)), block, transfer,
        segments, parameters.path("repetitions").asInt(options.path("repetitions").asInt(1)), iterations, summaries,
        List.of());
  }

  /** Results rows, whether IOR nests them per iteration ([[w, r], [w, r]], IOR 3.x) or lists them flat (4.x). */
  private static void collectResults(JsonNode results, List<IorIteration> iterations, Map<String, Integer> counts,
      long aggregate) {
    for (JsonNode row : results) {
      if (row.isArray()) {
        collectResults(row, iterations, counts, aggregate);
        continue;
      }
      String access = row.path("access").asText();
      if (!access.equals("write") && !access.equals("read")) {
        continue;
      }
      int iteration = row.has("iter") ? row.path("iter").asInt() : counts.merge(access, 1, Integer::sum) - 1;
      iterations.add(new IorIteration(access, iteration, row.path("bwMiB").asDouble(), row.path("iops").asDouble(),
          row.path("latency").asDouble(), row.path("openTime").asDouble(), row.path("wrRdTime").asDouble(),
          row.path("closeTime").asDouble(), row.path("totalTime").asDouble(), aggregate));
    }
  }

  private static IorResult parseCsv(String output, IorOptions fallback) throws IOException {
    List<IorIteration> iterations = new ArrayList<>();
    long block = 0;
    long transfer = 0;
    int tasks = 1;
    Long actual = null;
    for (String line : output.split("\n")) {
      Long moved = actualBytes(line.strip());
      if (moved != null) {
        actual = moved;
        continue;
      }
      String[] f = line.strip().split(",");
      if (f.length != 12 || !(f[0].equals("write") || f[0].equals("read"))) {
        continue;
      }
      block = Math.round(num(f[4]) * 1024);
      transfer = Math.round(num(f[5]) * 1024);
      tasks = Integer.parseInt(f[10]);
      // CSV carries no byte count: IOR's warning gives it when it differs from the planned size, else the planned
      // size is a whole number of segments (block x tasks), which bandwidth x time (4 decimals each) tells apart
      long segmentBytes = block * tasks;
      long bytes = actual != null ? actual
          : fallback != null ? segmentBytes * fallback.segmentCount
          : Math.max(1, Math.round(num(f[1]) * MIB * num(f[9]) / segmentBytes)) * segmentBytes;
      actual = null;
      iterations.add(new IorIteration(f[0], Integer.parseInt(f[11]), num(f[1]), num(f[2]), num(f[3]), num(f[6]),
          num(f[7]), num(f[8]), num(f[9]), bytes));
    }
    if (iterations.isEmpty()) {
      throw new IOException("IOR CSV output has no write or read rows");
    }
    long segments = fallback == null ? 1 : fallback.segmentCount;
    int reps = 0;
    for (IorIteration it : iterations) {
      reps = Math.max(reps, it.iteration() + 1);
    }
    return new IorResult(fallback == null ? "" : fallback.api, fallback == null ? "" : fallback.testFileName,
        fallback != null && fallback.filePerProc, tasks, tasks, block, transfer, segments, reps, iterations,
        summarize(iterations, transfer), List.of());
  }

  private static List<IorSummary> summarize(List<IorIteration> iterations, long transfer) {
    List<IorSummary> summaries = new ArrayList<>();
    for (String access : List.of("write", "read")) {
      List<IorIteration> rows = iterations.stream().filter(r -> r.access().equals(access)).toList();
      if (!rows.isEmpty()) {
        summaries.add(IorSummary.of(access, rows, transfer, List.of()));
      }
    }
    return summaries;
  }

  /** IOR's "Using actual aggregate bytes moved = N" warning (a short phase: stonewalled or a short file). */
  private static Long actualBytes(String line) {
    String marker = "Using actual aggregate bytes moved = ";
    int at = line.indexOf(marker);
    if (!line.startsWith("WARNING: ") || at < 0) {
      return null;
    }
    String digits = line.substring(at + marker.length()).replaceAll("[^0-9].*", "");
    return digits.isEmpty() ? null : Long.parseLong(digits);
  }

  private static double num(String text) {
    return Double.parseDouble(text.strip().toLowerCase(Locale.ROOT));
  }

  private static double numOrNaN(String text) {
    return text.strip().equals("NA") ? Double.NaN : num(text);
  }

  private static int intOr(String text, int fallback) {
    if (text == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      return fallback;
    }
  }
}
