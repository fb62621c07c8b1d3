package io.pfsmix.mix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.knowm.xchart.internal.chartpart.Chart;

import io.pfsmix.trace.format.TracePoint;

/**
 * Writes a mix's report from its raw measurements: report.md for terminals (charts as PNG files beside it) and
 * report.html with the same tables and the charts embedded.
 */
public final class ReportWriter {

  /** A table: header cells, then rows of cells; the note is a paragraph of plain text below the title, or null. */
  public record Table(String title, String note, List<String> header, List<List<String>> rows) {
  }

  private ReportWriter() {
  }

  /**
   * Writes both reports into {@code dir}.
   *
   * @param timeline the merged trace binned over time, or null when nothing was traced
   */
  public static void write(Path dir, MixResults results, TraceAnalysis.Timeline timeline) throws IOException {
    write(dir, results, timeline, List.of());
  }

  /** Writes both reports into {@code dir}, with more tables (another module's, such as the prediction) at the end. */
  public static void write(Path dir, MixResults results, TraceAnalysis.Timeline timeline, List<Table> more)
      throws IOException {
    MixSummary summary = MixSummary.of(results.phases());
    List<Table> tables = new ArrayList<>(tables(results, summary));
    tables.addAll(more);
    String hpc = HpcCommand.labelOf(results.settings());
    String an = AnalyticsJob.labelOf(results.settings());
    Map<String, String> extras = extraLabels(results.settings(), summary);
    Map<String, Chart<?, ?>> charts = new LinkedHashMap<>();
    if (!summary.rows().isEmpty()) {
      charts.put("throughput-ior.png", ReportCharts.throughput(summary.rows(), Workload.IOR, hpc, an, extras));
      charts.put("throughput-tfidf.png", ReportCharts.throughput(summary.rows(), Workload.TFIDF, hpc, an, extras));
      for (String name : extras.keySet()) {
        charts.put("throughput-" + name + ".png", ReportCharts.throughput(summary.rows(), name, hpc, an, extras));
      }
      charts.put("runtime.png", ReportCharts.runtime(summary.rows(), hpc, an, extras));
    }
    Map<String, byte[]> pngs = new LinkedHashMap<>();
    String chartProblem = null;
    try {
      for (Map.Entry<String, Chart<?, ?>> e : charts.entrySet()) {
        pngs.put(e.getKey(), ReportCharts.png(e.getValue()));
      }
      if (timeline != null && !timeline.mibPerSecond().isEmpty()) {
        pngs.put("timeline.png", ReportCharts.png(ReportCharts.timeline(timeline, results.phases(), hpc, an, extras)));
      }
    } catch (RuntimeException e) {
      // drawing needs Java2D, which refuses to start while the JVM shuts down (Ctrl-C): the tables still go out
      chartProblem = "charts could not be drawn: " + PhaseExecutor.describe(e);
      pngs.clear();
    }

    for (Map.Entry<String, byte[]> e : pngs.entrySet()) {
      byte[] png = e.getValue();
      Path file = dir.resolve(ResultsFiles.CHARTS_DIR).resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.write(file, png);
    }
    Files.writeString(dir.resolve(ResultsFiles.REPORT_MD), markdown(results, chartProblem, tables, pngs.keySet()),
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(ResultsFiles.REPORT_HTML), html(results, chartProblem, tables, pngs), StandardCharsets.UTF_8);
  }

  /**
   * The study's two tables (throughput and runtime), the checks, and tracing's overhead when measured, as Markdown, for
   * printing at the end of a run.
   */
  public static String terminalTables(MixResults results) {
    MixSummary summary = MixSummary.of(results.phases());
    String hpc = HpcCommand.labelOf(results.settings());
    String an = AnalyticsJob.labelOf(results.settings());
    Map<String, String> extras = extraLabels(results.settings(), summary);
    List<Table> tables = new ArrayList<>(List.of(throughputTable(summary, hpc, an, extras),
        runtimeTable(summary, hpc, an, extras), checksTable(results, summary)));
    if (!summary.overheads().isEmpty()) {
      tables.add(overheadTable(summary, hpc, an, extras));
    }
    StringBuilder out = new StringBuilder();
    for (Table t : tables) {
      out.append(markdownTable(t)).append('\n');
    }
    return out.toString();
  }

  private static List<Table> tables(MixResults results, MixSummary summary) {
    String hpc = HpcCommand.labelOf(results.settings());
    String an = AnalyticsJob.labelOf(results.settings());
    Map<String, String> extras = extraLabels(results.settings(), summary);
    List<Table> tables = new ArrayList<>();
    tables.add(throughputTable(summary, hpc, an, extras));
    tables.add(runtimeTable(summary, hpc, an, extras));
    tables.add(checksTable(results, summary));
    if (!summary.overheads().isEmpty()) {
      tables.add(overheadTable(summary, hpc, an, extras));
    }
    if (!results.balancing().isEmpty()) {
      tables.add(balanceTable(results.balancing(), hpc, an, extras));
    }
    if (results.trace() != null) {
      tables.add(traceTable(results, hpc, an, extras));
      if (results.trace().ioByPhase() != null) {
        tables.add(startUpTable(results, hpc, an, extras));
      }
    }
    tables.add(phaseTable(results.phases(), hpc, an, extras));
    tables.add(settingsTable(results));
    return tables;
  }

  /**
   * The further workloads' labels by name: those of the settings (mix.workloads), then any other the phases ran.
   */
  static Map<String, String> extraLabels(Map<String, String> settings, MixSummary summary) {
    Map<String, String> labels = new LinkedHashMap<>(ExtraWorkload.labelsOf(settings));
    for (MixSummary.Row r : summary.rows()) {
      r.extras().forEach(x -> labels.putIfAbsent(x.workload(), x.workload()));
    }
    return labels;
  }

  /**
   * @param hpc the HPC side's label: IOR, or the command's
   * @param an the analytics side's label: TFIDF, or the job's
   * @param extras the further workloads' labels by name ({@link #extraLabels})
   */
  static Table throughputTable(MixSummary summary, String hpc, String an, Map<String, String> extras) {
    List<List<String>> rows = new ArrayList<>();
    for (MixSummary.Row r : summary.rows()) {
      List<String> row = new ArrayList<>(List.of(r.fs(), r.patternLabel(), yesNo(r.traced()), r.iorAlone().format(1),
          r.iorMixed().format(1), factor(r.iorSlowdown()), r.tfidfAlone().format(1), r.tfidfMixed().format(1),
          factor(r.tfidfSlowdown())));
      for (String name : extras.keySet()) {
        MixSummary.Extra x = r.extra(name);
        row.addAll(x == null ? List.of("—", "—", "—") : List.of(x.alone().format(1), x.mixed().format(1),
            factor(x.slowdown())));
      }
      rows.add(row);
    }
    List<String> header = new ArrayList<>(List.of("file system", "pattern", "traced", hpc + " alone", hpc + " mixed",
        hpc + " slowdown", an + " alone", an + " mixed", an + " slowdown"));
    extras.values().forEach(l -> header.addAll(List.of(l + " alone", l + " mixed", l + " slowdown")));
    return new Table("Throughput alone vs mixed (MiB/s, mean ± sd over repetitions)",
        "Slowdown = throughput alone / throughput mixed: above 1 the workload ran slower beside the other"
            + (extras.isEmpty() ? "." : "s."), header, rows);
  }

  static Table runtimeTable(MixSummary summary, String hpc, String an, Map<String, String> extras) {
    List<List<String>> rows = new ArrayList<>();
    for (MixSummary.Row r : summary.rows()) {
      List<String> row = new ArrayList<>(List.of(r.fs(), r.patternLabel(), yesNo(r.traced()),
          r.tfidfAloneSeconds().format(2)));
      for (String name : extras.keySet()) {
        MixSummary.Extra x = r.extra(name);
        row.add(x == null ? "—" : x.aloneSeconds().format(2));
      }
      row.addAll(List.of(r.iorAloneSeconds().format(2), r.serialSeconds().format(2), r.mixedSeconds().format(2),
          number(r.mixedOverSerial(), 3)));
      rows.add(row);
    }
    List<String> alone = new ArrayList<>(List.of(an));
    alone.addAll(extras.values());
    alone.add(hpc);
    List<String> header = new ArrayList<>(List.of("file system", "pattern", "traced"));
    alone.forEach(l -> header.add(l + " alone"));
    header.addAll(List.of("serial", "mixed", "mixed / serial"));
    return new Table("Runtime serial vs mixed (seconds, mean ± sd over repetitions)",
        "Serial = " + String.join(" alone + ", alone) + " alone of the same repetition. Mixed / serial below 1:"
            + " running " + (extras.isEmpty() ? "both" : "all") + " at once finished sooner than one after the other.",
        header, rows);
  }

  static Table checksTable(MixResults results, MixSummary summary) {
    List<List<String>> rows = new ArrayList<>();
    for (MixChecks.Finding f : MixChecks.of(results, summary)) {
      rows.add(List.of(f.check(), f.text()));
    }
    return new Table("Checks", "Conditions under which the figures above do not measure the workloads' interference"
        + " (docs/mix.md, \"The method\").", List.of("check", "finding"), rows);
  }

  private static Table overheadTable(MixSummary summary, String hpc, String an, Map<String, String> extras) {
    List<List<String>> rows = new ArrayList<>();
    for (MixSummary.Overhead o : summary.overheads()) {
      Stats paired = o.paired();
      double half = paired.halfWidth95();
      rows.add(List.of(o.fs(), o.pattern() == null ? "—" : IorPattern.of(o.pattern()).label(),
          kindLabel(o.kind(), hpc, an, extras.getOrDefault(o.workload(), o.workload())),
          o.untracedSeconds().format(2), o.tracedSeconds().format(2), percent(o.overhead()),
          paired.n() < 2 ? "—" : percent(paired.stddev()),
          Double.isNaN(half) ? "—" : percent(o.overhead() - half) + " … " + percent(o.overhead() + half),
          paired.n() < 2 ? "unknown (one pair)" : paired.differsFromZero() ? "yes" : "no"));
    }
    return new Table("Tracing overhead (runtime)", "Each repetition runs every phase untraced and traced (in alternating"
        + " order with " + MixKeys.PHASE_ORDER + " = alternate); the overhead is the mean over repetitions of traced /"
        + " untraced - 1, its spread the standard deviation of those, and the interval the mean's 95% confidence"
        + " interval (Student's t). Distinguishable from zero: the interval leaves zero out.",
        List.of("file system", "pattern", "phase", "untraced s", "traced s", "overhead", "sd", "95% interval",
            "distinguishable from zero"), rows);
  }

  private static Table balanceTable(List<BalanceStep> steps, String hpc, String an, Map<String, String> extras) {
    List<List<String>> rows = new ArrayList<>();
    String size = hpc.equals(HpcCommand.IOR_LABEL) ? "IOR segments" : hpc + " {scale}";
    boolean resizesExtras = steps.stream().anyMatch(s -> extras.containsKey(s.workload()));
    for (BalanceStep s : steps) {
      List<String> row = new ArrayList<>(List.of(s.fs()));
      if (resizesExtras) {
        row.add(extras.getOrDefault(s.workload(), hpc));
      }
      row.addAll(List.of(s.pattern() == null ? "—" : IorPattern.of(s.pattern()).label(), String.valueOf(s.round()),
          String.valueOf(s.segments()), number(s.iorSeconds(), 2), number(s.tfidfSeconds(), 2),
          number(s.mismatch() * 100, 1) + "%"));
      rows.add(row);
    }
    if (resizesExtras) {
      // the HPC side and further workloads in one table: each row names what it resized
      return new Table("Balancing: each resized workload sized so it alone takes as long as " + an + " alone", size
          + " for " + hpc + ", {scale} for the others.", List.of("file system", "workload", "pattern", "round", "size",
          "alone s", an + " alone s", "mismatch"), rows);
    }
    return new Table("Balancing: " + size + " sized so " + hpc + " alone takes as long as " + an + " alone", null,
        List.of("file system", "pattern", "round", size, hpc + " alone s", an + " alone s", "mismatch"), rows);
  }

  private static Table traceTable(MixResults results, String hpc, String an, Map<String, String> extras) {
    boolean command = !hpc.equals(HpcCommand.IOR_LABEL);
    boolean job = !an.equals(AnalyticsJob.TFIDF_LABEL);
    TraceTotals trace = results.trace();
    Map<String, Long> reported = new LinkedHashMap<>();
    for (PhaseRecord p : results.phases()) {
      if (!p.traced()) {
        continue;
      }
      for (WorkloadResult w : p.workloads()) {
        reported.merge(w.workload(), w.bytes(), Long::sum);
      }
    }
    // the real IOR's calls are traced at the POSIX point (the preload library), beside TFIDF's Hadoop points
    boolean posix = trace.bytes().values().stream().anyMatch(byKey -> byKey.keySet().stream()
        .anyMatch(k -> k.startsWith(TracePoint.POSIX.name() + ".")));
    List<List<String>> rows = new ArrayList<>();
    // a command's bytes are what it read and wrote under its directory; IOR's the checkpoint it wrote
    List<String> directions = command ? List.of("read", "write") : List.of("write");
    List<String> ior = new ArrayList<>(List.of(
        command ? hpc + " reads and writes under {dir}" : "IOR checkpoint writes",
        Long.toString(reported.getOrDefault(Workload.IOR, 0L)),
        bytes(trace, PathRoles.IOR_CHECKPOINT, "APPLICATION", directions),
        bytes(trace, PathRoles.IOR_CHECKPOINT, "STORAGE", directions)));
    // a job's bytes are what it read and wrote under its directory; TFIDF's the requests it read
    List<String> jobDirections = job ? List.of("read", "write") : List.of("read");
    List<String> tfidf = new ArrayList<>(List.of(job ? an + " reads and writes under {dir}" : "TFIDF request reads",
        Long.toString(reported.getOrDefault(Workload.TFIDF, 0L)),
        bytes(trace, PathRoles.TFIDF_INPUT, "APPLICATION", jobDirections),
        bytes(trace, PathRoles.TFIDF_INPUT, "STORAGE", jobDirections)));
    List<String> columns = new ArrayList<>(List.of("data", "workloads reported", "trace: application",
        "trace: storage"));
    if (posix) {
      ior.add(bytes(trace, PathRoles.IOR_CHECKPOINT, "POSIX", directions));
      tfidf.add(bytes(trace, PathRoles.TFIDF_INPUT, "POSIX", jobDirections));
      columns.add("trace: POSIX");
    }
    rows.add(ior);
    rows.add(tfidf);
    // a further workload's bytes are what it read and wrote under its directory, DIR/workloads/NAME
    for (Map.Entry<String, String> x : extras.entrySet()) {
      String role = PathRoles.workloadRole(x.getKey());
      List<String> row = new ArrayList<>(List.of(x.getValue() + " reads and writes under its directory",
          Long.toString(reported.getOrDefault(x.getKey(), 0L)), bytes(trace, role, "APPLICATION", List.of("read",
          "write")), bytes(trace, role, "STORAGE", List.of("read", "write"))));
      if (posix) {
        row.add(bytes(trace, role, "POSIX", List.of("read", "write")));
      }
      rows.add(row);
    }
    Map<String, Long> launcher = trace.bytes().getOrDefault(PathRoles.LAUNCHER, Map.of());
    String note = trace.records() + " records in " + trace.file() + " (every traced phase, time-ordered)."
        + " The application point counts what the workloads asked for; the storage point what reached the storage"
        + " behind the shim's buffers (read-ahead may read past what was asked)"
        + (posix ? "; the POSIX point " + (command ? hpc + "'s" : "the real IOR's") + " calls (the LD_PRELOAD"
            + " library), apart from what its launcher and the system read on its behalf (" + launcher.getOrDefault(
            "POSIX.read", 0L) + " bytes of /usr, /sys, /proc and the like, left out here and in the timeline)" : "")
        + "."
        + (command ? " " + hpc + " is traced in every phase, since its bytes are counted from its trace: the"
            + " preload library's cost is in its untraced phases too, whose traces are counted and removed." : "")
        + (job ? " " + an + " is traced at the application point in every phase, since its bytes are counted from its"
            + " trace: the tracer's cost is in its untraced phases too, whose traces are counted and removed." : "")
        + (extras.isEmpty() ? "" : " " + String.join(", ", extras.values()) + (extras.size() == 1 ? " is" : " are")
            + " traced in every phase as " + (extras.size() == 1 ? "a command or job" : "commands and jobs") + " in"
            + " a side's place are (a command at the POSIX point, a job at the application point).")
        + " Where a request file spans several"
        + " input splits, each split's reader reads on past its end to finish its last request, so the application"
        + " point can exceed the data size by up to a request per split."
        + (trace.cutShort().isEmpty() ? "" : " Cut short: " + String.join("; ", trace.cutShort()));
    return new Table("Bytes the workloads reported vs bytes in the trace (traced phases)", note, columns, rows);
  }

  /** One workload in one kind of measured phase, for {@link #startUpTable}. */
  private record StartUpKey(String fs, int workload, String pattern, boolean mixed) {
  }

  /**
   * Per workload, alone and mixed: how long it ran before its first data call (start-up), from its first to its last
   * (I/O), and its throughput over the latter, from the traced phases' records.
   */
  static Table startUpTable(MixResults results, String hpc, String an, Map<String, String> extras) {
    List<String> names = new ArrayList<>(List.of(Workload.IOR, Workload.TFIDF));
    names.addAll(extras.keySet());
    Map<StartUpKey, List<double[]>> groups = new java.util.TreeMap<>(java.util.Comparator
        .comparing(StartUpKey::fs).thenComparingInt(StartUpKey::workload)
        .thenComparing(StartUpKey::pattern, java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()))
        .thenComparing(StartUpKey::mixed));
    for (PhaseRecord p : results.phases()) {
      Map<String, TraceTotals.IoSpan> spans = results.trace().ioByPhase().get(p.id());
      boolean measured = p.kind() == PhaseKind.MIXED || p.kind() == PhaseKind.IOR_ALONE
          || p.kind() == PhaseKind.TFIDF_ALONE || p.kind() == PhaseKind.WORKLOAD_ALONE;
      if (!p.ok() || !p.traced() || !measured || spans == null) {
        continue;
      }
      for (WorkloadResult w : p.workloads()) {
        TraceTotals.IoSpan span = spans.get(w.workload());
        if (span == null || !names.contains(w.workload())) {
          continue;
        }
        double io = span.seconds();
        groups.computeIfAbsent(new StartUpKey(p.fs(), names.indexOf(w.workload()), p.pattern(),
            p.kind() == PhaseKind.MIXED), k -> new ArrayList<>()).add(new double[] {(span.firstNs() - w.startNs())
            / 1e9, io, w.wallSeconds(), io > 0 ? w.bytes() / (1024.0 * 1024.0) / io : Double.NaN});
      }
    }
    List<List<String>> rows = new ArrayList<>();
    groups.forEach((key, runs) -> {
      String label = ReportCharts.label(names.get(key.workload()), hpc, an, extras);
      List<String> row = new ArrayList<>(List.of(key.fs(), label, key.mixed() ? "mixed" : "alone",
          key.pattern() == null ? "—" : IorPattern.of(key.pattern()).label()));
      for (int i = 0; i < 4; i++) {
        int column = i;
        row.add(Stats.of(runs.stream().map(r -> r[column]).filter(d -> !Double.isNaN(d)).toList())
            .format(column == 3 ? 1 : 2));
      }
      rows.add(row);
    });
    return new Table("Start-up and I/O (traced phases, mean ± sd)", "Start-up: from the runner starting the workload"
        + " to its first data read or write in the trace (JVM and job start-up, job submission, task scheduling, MPI"
        + " start-up; launcher and system files left out). I/O: from that call's start to the end of its last data"
        + " call, or of its last sync or close of its files when later (a checkpoint's fsync is I/O). Runtime: from start to return, as the phases' figures are timed by the runner. A difference between"
        + " alone and mixed that shows in the runtime or start-up but not in the I/O is not the storage's.",
        List.of("file system", "workload", "phase", "pattern", "start-up s", "I/O s", "runtime s",
            "MiB/s over its I/O"), rows);
  }

  private static Table phaseTable(List<PhaseRecord> phases, String hpc, String an, Map<String, String> extras) {
    List<String> workloads = new ArrayList<>(List.of(Workload.IOR, Workload.TFIDF));
    workloads.addAll(extras.keySet());
    List<List<String>> rows = new ArrayList<>();
    for (PhaseRecord p : phases) {
      List<String> row = new ArrayList<>(List.of(p.id(), p.status(), number(p.seconds(), 2)));
      for (String name : workloads) {
        WorkloadResult w = p.result(name);
        row.add(w == null ? "—" : number(w.throughputMiBs(), 1) + " (" + w.bytes() + " B)");
      }
      row.add(p.error() == null ? "" : p.error());
      rows.add(row);
    }
    List<String> header = new ArrayList<>(List.of("phase", "status", "seconds", hpc + " MiB/s (bytes)",
        an + " MiB/s (bytes)"));
    extras.values().forEach(l -> header.add(l + " MiB/s (bytes)"));
    header.add("error");
    return new Table("Every phase", null, header, rows);
  }

  private static Table settingsTable(MixResults results) {
    List<List<String>> rows = new ArrayList<>();
    results.settings().forEach((k, v) -> rows.add(List.of(k, v)));
    results.environment().forEach((fs, env) -> env.forEach((k, v) -> rows.add(List.of(fs + ": " + k, v))));
    return new Table("Settings and environment", null, List.of("setting", "value"), rows);
  }

  private static String markdown(MixResults results, String chartProblem, List<Table> tables, Iterable<String> charts) {
    StringBuilder md = new StringBuilder("# pfsmix mix report\n\n");
    md.append(statusLine(results)).append("\n\n");
    if (chartProblem != null) {
      md.append(chartProblem).append("\n\n");
    }
    for (String chart : charts) {
      md.append("![").append(chart).append("](").append(ResultsFiles.CHARTS_DIR).append('/').append(chart)
          .append(")\n\n");
    }
    for (Table t : tables) {
      md.append(markdownTable(t)).append('\n');
    }
    return md.toString();
  }

  static String markdownTable(Table t) {
    StringBuilder md = new StringBuilder("## ").append(t.title()).append("\n\n");
    if (t.note() != null) {
      md.append(t.note()).append("\n\n");
    }
    md.append("| ").append(String.join(" | ", t.header())).append(" |\n|");
    t.header().forEach(h -> md.append("---|"));
    md.append('\n');
    for (List<String> row : t.rows()) {
      md.append("| ").append(String.join(" | ", row.stream().map(c -> c.replace("|", "\\|")).toList()))
          .append(" |\n");
    }
    if (t.rows().isEmpty()) {
      md.append("| (none) |\n");
    }
    return md.toString();
  }

  private static String html(MixResults results, String chartProblem, List<Table> tables, Map<String, byte[]> pngs) {
    StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<title>pfsmix mix report</title><style>body{font-family:sans-serif;margin:2em;max-width:1250px}"
        + "table{border-collapse:collapse;margin-bottom:1.5em}td,th{border:1px solid #ccc;padding:3px 8px;"
        + "text-align:left;font-size:13px}th{background:#f0f0f0}.incomplete{color:#b00;font-weight:bold}"
        + "img{max-width:100%;border:1px solid #eee;margin:0.5em 0}</style></head><body>\n<h1>pfsmix mix report</h1>\n");
    h.append("<p").append(results.complete() ? ">" : " class=\"incomplete\">").append(escape(statusLine(results)))
        .append("</p>\n");
    if (chartProblem != null) {
      h.append("<p>").append(escape(chartProblem)).append("</p>\n");
    }
    for (Map.Entry<String, byte[]> png : pngs.entrySet()) {
      h.append("<img alt=\"").append(escape(png.getKey())).append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(png.getValue())).append("\">\n");
    }
    for (Table t : tables) {
      h.append("<h2>").append(escape(t.title())).append("</h2>\n");
      if (t.note() != null) {
        h.append("<p>").append(escape(t.note())).append("</p>\n");
      }
      h.append("<table><tr>");
      t.header().forEach(c -> h.append("<th>").append(escape(c)).append("</th>"));
      h.append("</tr>\n");
      for (List<String> row : t.rows()) {
        h.append("<tr>");
        row.forEach(c -> h.append("<td>").append(escape(c)).append("</td>"));
        h.append("</tr>\n");
      }
      h.append("</table>\n");
    }
    return h.append("</body></html>\n").toString();
  }

  private static String statusLine(MixResults results) {
    String when = "started " + Instant.ofEpochSecond(0, results.startedNs()) + ", ran "
        + number((results.finishedNs() - results.startedNs()) / 1e9, 1) + " s";
    return results.complete() ? "Status: complete (" + when + ")."
        : "Status: INCOMPLETE — " + results.reason() + " (" + when + "). The tables hold what was measured before.";
  }

  /** The bytes of {@code role} at {@code point}, summed over {@code directions} (read, write). */
  private static String bytes(TraceTotals trace, String role, String point, List<String> directions) {
    Map<String, Long> byKey = trace.bytes().getOrDefault(role, Map.of());
    return Long.toString(directions.stream().mapToLong(d -> byKey.getOrDefault(point + "." + d, 0L)).sum());
  }

  /** @param extra the label of the further workload of the phase, or null */
  private static String kindLabel(PhaseKind kind, String hpc, String an, String extra) {
    return switch (kind) {
      case TFIDF_ALONE -> an + " alone";
      case IOR_ALONE -> hpc + " alone";
      case WORKLOAD_ALONE -> extra + " alone";
      case MIXED -> "mixed";
      case BALANCE_IOR -> "balancing " + hpc;
      case BALANCE_TFIDF -> "balancing " + an;
      case BALANCE_WORKLOAD -> "balancing " + extra;
      case WARMUP -> "warm-up";
    };
  }

  private static String yesNo(boolean b) {
    return b ? "yes" : "no";
  }

  static String factor(double d) {
    return Double.isNaN(d) || Double.isInfinite(d) ? "—" : String.format(Locale.ROOT, "%.2f×", d);
  }

  static String number(double d, int decimals) {
    return Double.isNaN(d) || Double.isInfinite(d) ? "—" : String.format(Locale.ROOT, "%." + decimals + "f", d);
  }

  private static String percent(double d) {
    return Double.isNaN(d) || Double.isInfinite(d) ? "—" : String.format(Locale.ROOT, "%+.1f%%", d * 100);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
