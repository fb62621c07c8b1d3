package io.pfsmix.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;

/** Reads back the trace files a test produced. */
public final class TraceFiles {

  private TraceFiles() {
  }

  public static List<Path> list(Path directory) throws IOException {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(directory)) {
      return files.filter(p -> p.toString().endsWith(".ptrace")).sorted().toList();
    }
  }

  /** Every record of one trace file, complete or not. */
  public static List<TraceRecord> records(Path file) throws IOException {
    try (TraceReader reader = TraceReader.open(file)) {
      return reader.stream().toList();
    }
  }

  /** Every record of every complete trace file in the directory; fails on a cut-short file. */
  public static List<TraceRecord> readAll(Path directory) throws IOException {
    List<TraceRecord> records = new ArrayList<>();
    for (Path file : list(directory)) {
      try (TraceReader reader = TraceReader.open(file)) {
        for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
          records.add(r);
        }
        if (!reader.complete()) {
          throw new AssertionError(file + " is not complete: " + reader.cutShortMessage());
        }
      }
    }
    return records;
  }
}
