package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The layout of a results directory, and reading and writing its raw measurements. */
public final class ResultsFiles {

  /** Raw measurements. */
  public static final String RESULTS_JSON = "results.json";
  /** The report for browsers, charts embedded. */
  public static final String REPORT_HTML = "report.html";
  /** The report for terminals. */
  public static final String REPORT_MD = "report.md";
  /** Charts as PNG files, referenced by report.md. */
  public static final String CHARTS_DIR = "charts";
  /** Per-phase trace files, as the tracer wrote them. */
  public static final String PHASE_TRACES_DIR = "traces";
  /** Every trace record of the mix, time-ordered. */
  public static final String MERGED_TRACE = "trace.ptrace";

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ResultsFiles() {
  }

  /** Writes results.json whole or not at all, so a crash mid-write leaves the previous version. */
  public static void write(Path dir, MixResults results) throws IOException {
    Files.createDirectories(dir);
    Path tmp = dir.resolve(RESULTS_JSON + ".tmp");
    JSON.writeValue(tmp.toFile(), results);
    Files.move(tmp, dir.resolve(RESULTS_JSON), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  public static MixResults read(Path dir) throws IOException {
    Path file = dir.resolve(RESULTS_JSON);
    try {
      return JSON.readValue(file.toFile(), MixResults.class);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IOException(file + ": not a mix results file: " + e.getOriginalMessage(), e);
    }
  }
}
