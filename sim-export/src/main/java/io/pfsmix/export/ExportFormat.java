package io.pfsmix.export;

import io.pfsmix.export.chrome.ChromeTraceExporter;
import io.pfsmix.export.darshan.DarshanExporter;
import io.pfsmix.export.simgrid.SimGridBundleExporter;
import io.pfsmix.export.text.CsvExporter;
import io.pfsmix.export.text.DisksimExporter;
import io.pfsmix.export.text.HeciosExporter;
import io.pfsmix.export.text.PfssimExporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The output formats of {@code pfsmix export}. */
public enum ExportFormat {
  DARSHAN(false, "Darshan 3.41 log with POSIX counters and DXT_POSIX segments"),
  SIMGRID(true, "SimGrid replay bundle: platform, deployment, disk content, one action file per actor"),
  CHROME(false, "Chrome/Perfetto trace-event JSON, one track per task or rank"),
  PFSSIM(true, "PFSsim client traces, one file per actor"),
  HECIOS(true, "HECIOS serial trace format (SHTF), one file per actor"),
  DISKSIM(false, "DiskSim ASCII trace of 512-byte block requests"),
  CSV(false, "one CSV row per record");

  private final boolean directory;
  private final String description;

  ExportFormat(boolean directory, String description) {
    this.directory = directory;
    this.description = description;
  }

  /** Whether the output is a directory of files rather than one file. */
  public boolean writesDirectory() {
    return directory;
  }

  public String description() {
    return description;
  }

  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format named on the command line, or an error listing the known ones. */
  public static ExportFormat parse(String name) {
    for (ExportFormat f : values()) {
      if (f.cliName().equalsIgnoreCase(name.trim())) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown export format '" + name + "'; known formats: " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(ExportFormat::cliName).collect(Collectors.joining(", "));
  }

  /** An exporter writing to staging (a file, or a directory that exists and is empty for directory formats). */
  public Exporter create(Path staging, ExportOptions options, ExportWarnings warnings) throws IOException {
    return switch (this) {
      case DARSHAN -> new DarshanExporter(staging, options, warnings);
      case SIMGRID -> new SimGridBundleExporter(staging, options, warnings);
      case CHROME -> new ChromeTraceExporter(staging);
      case PFSSIM -> new PfssimExporter(staging, options, warnings);
      case HECIOS -> new HeciosExporter(staging, warnings);
      case DISKSIM -> new DisksimExporter(staging, options, warnings);
      case CSV -> new CsvExporter(staging);
    };
  }
}
