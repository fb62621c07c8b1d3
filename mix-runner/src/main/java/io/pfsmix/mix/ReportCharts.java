package io.pfsmix.mix;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The report's charts, drawn with XChart and saved as PNG. */
final class ReportCharts {

  private static final Color ALONE = new Color(0x4C72B0);
  private static final Color MIXED = new Color(0xDD8452);
  private static final Color SERIAL = new Color(0x8C8C8C);
  private static final Color IOR = new Color(0xC44E52);
  private static final Color TFIDF = new Color(0x55A868);
  /** Further workloads, in the order of the settings; more than five reuse them. */
  private static final Color[] EXTRAS = {new Color(0x8172B2), new Color(0x937860), new Color(0xDA8BC3),
      new Color(0x64B5CD), new Color(0xCCB974)};
  /** Records of no workload (job set-up, the runner). */
  private static final Color OTHER = new Color(0x595959);
  private static final int WIDTH = 900;
  private static final int HEIGHT = 480;

  private ReportCharts() {
  }

  /**
   * Throughput of one workload alone and mixed, a pair of bars per file system and pattern, with ± one sd.
   *
   * @param workload {@link Workload#IOR}, {@link Workload#TFIDF} or a further workload's name
   * @param hpc the HPC side's label: IOR, or the command's
   * @param an the analytics side's label: TFIDF, or the job's
   * @param extras the further workloads' labels by name
   */
  static CategoryChart throughput(List<MixSummary.Row> rows, String workload, String hpc, String an,
      Map<String, String> extras) {
    boolean ior = hpc.equals(HpcCommand.IOR_LABEL);
    String name = extras.containsKey(workload) ? extras.get(workload) + " (read + write under its directory)"
        : !workload.equals(Workload.IOR) ? (an.equals(AnalyticsJob.TFIDF_LABEL) ? "TFIDF classifier (read)"
        : an + " (read + write under its directory)")
        : ior ? "IOR checkpoint (write)" : hpc + " (read + write under its directory)";
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(name + ": throughput alone vs mixed").xAxisTitle((workload.equals(Workload.IOR) ? "" : "mixed with ")
            + (ior ? "IOR pattern" : hpc) + ", file system").yAxisTitle("MiB/s").build();
    style(chart);
    List<String> categories = new ArrayList<>();
    List<Double> alone = new ArrayList<>();
    List<Double> aloneSd = new ArrayList<>();
    List<Double> mixed = new ArrayList<>();
    List<Double> mixedSd = new ArrayList<>();
    for (MixSummary.Row row : rows) {
      MixSummary.Extra extra = row.extra(workload);
      Stats a = extra != null ? extra.alone() : workload.equals(Workload.IOR) ? row.iorAlone() : row.tfidfAlone();
      Stats m = extra != null ? extra.mixed() : workload.equals(Workload.IOR) ? row.iorMixed() : row.tfidfMixed();
      categories.add(category(row));
      alone.add(value(a.mean()));
      aloneSd.add(value(a.stddev()));
      mixed.add(value(m.mean()));
      mixedSd.add(value(m.stddev()));
    }
    chart.addSeries("alone", categories, alone, aloneSd).setFillColor(ALONE);
    chart.addSeries("mixed", categories, mixed, mixedSd).setFillColor(MIXED);
    return chart;
  }

  /**
   * Runtime of the workloads one after the other (serial) against all at once (mixed), per file system and pattern.
   */
  static CategoryChart runtime(List<MixSummary.Row> rows, String hpc, String an, Map<String, String> extras) {
    List<String> order = new ArrayList<>(List.of(an));
    order.addAll(extras.values());
    order.add(hpc);
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title("Runtime: " + String.join(" then ", order) + " (serial) vs " + (extras.isEmpty() ? "both" : "all")
            + " at once (mixed)")
        .xAxisTitle((hpc.equals(HpcCommand.IOR_LABEL) ? "IOR pattern" : hpc) + ", file system")
        .yAxisTitle("seconds").build();
    style(chart);
    Map<String, List<Double>> means = new LinkedHashMap<>();
    Map<String, List<Double>> sds = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    for (MixSummary.Row row : rows) {
      categories.add(category(row));
      put(means, sds, an + " alone", row.tfidfAloneSeconds());
      extras.forEach((name, label) -> {
        MixSummary.Extra x = row.extra(name);
        put(means, sds, label + " alone", x == null ? Stats.of(List.of()) : x.aloneSeconds());
      });
      put(means, sds, hpc + " alone", row.iorAloneSeconds());
      put(means, sds, "serial (sum)", row.serialSeconds());
      put(means, sds, "mixed", row.mixedSeconds());
    }
    Map<String, Color> colors = new LinkedHashMap<>();
    colors.put(an + " alone", TFIDF.brighter());
    extras.forEach((name, l) -> colors.put(l + " alone", seriesColor(name, extras).brighter()));
    colors.put(hpc + " alone", IOR.brighter());
    colors.put("serial (sum)", SERIAL);
    colors.put("mixed", MIXED);
    for (String series : means.keySet()) {
      chart.addSeries(series, categories, means.get(series), sds.get(series)).setFillColor(colors.get(series));
    }
    return chart;
  }

  /**
   * MiB/s each workload moved over the whole mix, from the merged trace, on one time axis: IOR on the left scale, the
   * classifier (and anything else) on the right one, since the classifier reads far fewer MiB/s than the checkpoint
   * writes; a line and a short label mark where each phase began.
   */
  static XYChart timeline(TraceAnalysis.Timeline timeline, List<PhaseRecord> phases, String hpc,
      String an, Map<String, String> extras) {
    boolean ior = hpc.equals(HpcCommand.IOR_LABEL);
    XYChart chart = new XYChartBuilder().width(WIDTH + 300).height(HEIGHT + 40)
        .title("When each workload did I/O (" + timeline.point().name().toLowerCase(java.util.Locale.ROOT)
            + " trace point, " + String.format(java.util.Locale.ROOT, "%.2f", timeline.binSeconds()) + " s bins)")
        .xAxisTitle("seconds since the mix started; phases: T " + an + " alone, " + (ior
            ? "I1/IN IOR N-to-1/N-to-N alone, M1/MN mixed" : "I " + hpc + " alone, M mixed")
            + (extras.isEmpty() ? "" : ", NAME a further workload alone") + ", B balancing, W warm-up; ·repetition")
        .build();
    style(chart);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    chart.setYAxisGroupTitle(0, hpc + " MiB/s");
    List<String> right = new ArrayList<>(List.of(an));
    right.addAll(extras.values());
    chart.setYAxisGroupTitle(1, String.join(", ", right) + " MiB/s");
    double[] max = new double[2];
    double end = 0;
    for (Map.Entry<String, double[]> e : timeline.mibPerSecond().entrySet()) {
      int group = e.getKey().equals(Workload.IOR) ? 0 : 1;
      double[] y = e.getValue();
      double[] x = new double[y.length];
      for (int i = 0; i < y.length; i++) {
        x[i] = (i + 0.5) * timeline.binSeconds();
        max[group] = Math.max(max[group], y[i]);
      }
      end = Math.max(end, y.length * timeline.binSeconds());
      Color c = seriesColor(e.getKey(), extras);
      XYSeries s = chart.addSeries(label(e.getKey(), hpc, an, extras) + (group == 0 ? " (left scale)"
          : " (right scale)"), x, y);
      s.setYAxisGroup(group);
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(c);
      s.setFillColor(new Color(c.getRed(), c.getGreen(), c.getBlue(), 110));
    }
    for (int group = 0; group < 2; group++) {
      chart.getStyler().setYAxisMin(group, 0.0);
      chart.getStyler().setYAxisMax(group, max[group] * 1.25 + 1e-9);
    }
    chart.getStyler().setYAxisGroupTickLabelsColorMap(0, IOR.darker());
    chart.getStyler().setYAxisGroupTickLabelsColorMap(1, TFIDF.darker());
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax(end);
    int level = 0;
    for (PhaseRecord p : phases) {
      double at = (p.startNs() - timeline.originNs()) / 1e9;
      if (at < 0) {
        continue;
      }
      chart.addAnnotation(new AnnotationLine(at, true, false));
      // two label heights in turn, so labels of short phases next to each other do not overprint
      chart.addAnnotation(new AnnotationText(shortLabel(p), at, max[0] * (1.19 - 0.08 * (level++ % 2)), false));
    }
    chart.getStyler().setAnnotationLineColor(new Color(0, 0, 0, 90));
    chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f));
    chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);
    return chart;
  }

  /**
   * Draws a small chart once. Java2D registers JVM shutdown hooks when it first draws text, which it cannot do once the
   * JVM is shutting down: drawing early lets an interrupted mix (Ctrl-C) still chart what it measured.
   */
  static void startJava2d() {
    try {
      CategoryChart chart = new CategoryChartBuilder().width(60).height(40).title("x").build();
      chart.addSeries("x", List.of("x"), List.of(1));
      png(chart);
    } catch (IOException | RuntimeException e) {
      // the report will say that charts could not be drawn
    }
  }

  static byte[] png(Chart<?, ?> chart) throws IOException {
    return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
  }

  static String shortLabel(PhaseRecord p) {
    String kind = switch (p.kind()) {
      case TFIDF_ALONE -> "T";
      case IOR_ALONE -> "I";
      case WORKLOAD_ALONE -> p.workload();
      case MIXED -> "M";
      case BALANCE_IOR, BALANCE_TFIDF, BALANCE_WORKLOAD -> "B";
      case WARMUP -> "W";
    };
    String pattern = p.pattern() == null ? "" : switch (IorPattern.of(p.pattern())) {
      case N_TO_1 -> "1";
      case N_TO_N -> "N";
      case COMMAND -> "";
    };
    return kind + pattern + (p.repetition() > 0 ? "·" + p.repetition() : "");
  }

  /** What tables and charts call a workload of results.json: the side's label, or the further workload's. */
  static String label(String workload, String hpc, String an, Map<String, String> extras) {
    return switch (workload) {
      case Workload.IOR -> hpc;
      case Workload.TFIDF -> an;
      default -> extras.getOrDefault(workload, "other (job setup, runner)");
    };
  }

  /** A workload's colour in the charts: each further workload one of its own. */
  static Color seriesColor(String workload, Map<String, String> extras) {
    int extra = new ArrayList<>(extras.keySet()).indexOf(workload);
    return switch (workload) {
      case Workload.IOR -> IOR;
      case Workload.TFIDF -> TFIDF;
      default -> extra >= 0 ? EXTRAS[extra % EXTRAS.length] : OTHER;
    };
  }

  private static String category(MixSummary.Row row) {
    return row.patternLabel() + ", " + row.fs() + (row.traced() ? "" : " (untraced)");
  }

  private static void put(Map<String, List<Double>> means, Map<String, List<Double>> sds, String series, Stats s) {
    means.computeIfAbsent(series, k -> new ArrayList<>()).add(value(s.mean()));
    sds.computeIfAbsent(series, k -> new ArrayList<>()).add(value(s.stddev()));
  }

  private static double value(double d) {
    return Double.isNaN(d) ? 0 : d;
  }

  private static void style(Chart<?, ?> chart) {
    Styler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderVisible(false);
    s.setLegendBorderColor(Color.LIGHT_GRAY);
    s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    s.setAntiAlias(true);
    if (chart instanceof CategoryChart c) {
      c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
      c.getStyler().setErrorBarsColor(Color.BLACK);
      c.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      c.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      c.getStyler().setPlotGridVerticalLinesVisible(false);
      c.getStyler().setYAxisMin(0.0);
      c.getStyler().setLabelsVisible(true);
      c.getStyler().setLabelsPosition(0.5);
      c.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
      c.getStyler().setYAxisDecimalPattern("#,##0.#");
    } else if (chart instanceof XYChart x) {
      x.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      x.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
      x.getStyler().setYAxisMin(0.0);
      x.getStyler().setYAxisDecimalPattern("#,##0.#");
    }
  }
}
