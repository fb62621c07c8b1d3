package io.pfsmix.mix;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.pfsmix.trace.tools.FileErrors;

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

  /**
   * A new, empty directory {@code parent/prefix-TIMESTAMP} ({@code -2}, {@code -3}, ... appended when that is taken),
   * created here so that two runs started in the same second never share one.
   */
  public static Path createNew(Path parent, String prefix) {
    String stamp = prefix + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
    Path dir = parent.resolve(stamp).toAbsolutePath().normalize();
    try {
      Files.createDirectories(dir.getParent());
      for (int n = 2; ; n++) {
        try {
          return Files.createDirectory(dir);
        } catch (FileAlreadyExistsException taken) {
          dir = dir.resolveSibling(stamp + "-" + n);
        }
      }
    } catch (IOException e) {
      throw MixConfigException.unavailable(MixKeys.RESULTS, "cannot create the results directory " + dir + ": "
          + reason(e, dir));
    }
  }

  /**
   * Takes {@code dir} for one run: creates it and a first results.json in it, which no other run can create after
   * this one; a second run given the same directory at the same time is refused here.
   */
  static void claim(Path dir, MixResults first) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw MixConfigException.unavailable(MixKeys.RESULTS, "cannot create the results directory " + dir + ": "
          + reason(e, dir));
    }
    Path file = dir.resolve(RESULTS_JSON);
    try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      JSON.writeValue(out, first);
    } catch (FileAlreadyExistsException e) {
      throw MixConfigException.unavailable(MixKeys.RESULTS, dir + " was taken by another mix started at the same"
          + " time; name another results directory");
    } catch (IOException e) {
      throw MixConfigException.unavailable(MixKeys.RESULTS, "cannot write " + file + ": " + reason(e, file));
    }
  }

  /** Why a local file operation on {@code target} failed; another file it names (a parent, a temporary file) first. */
  static String reason(IOException e, Path target) {
    return e instanceof FileSystemException f && f.getFile() != null && !Path.of(f.getFile()).equals(target)
        ? FileErrors.describe(f) : FileErrors.reason(e);
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
