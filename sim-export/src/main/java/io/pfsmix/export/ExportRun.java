package io.pfsmix.export;

import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceMerge;
import io.pfsmix.trace.tools.TraceSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * One export: merges the traces, normalizes each record, feeds the exporter, and publishes the output only when all of it
 * was written — into a staging path beside the output that is renamed into place at the end and deleted on failure, so a
 * failed export never leaves a partial file where the output should be ({@link OutputTarget}: never over an input, and
 * never over a directory's contents).
 */
public final class ExportRun {
  /** Records between two progress callbacks. */
  public static final long PROGRESS_EVERY = 1 << 20;

  private final ExportFormat format;
  private final ExportOptions options;
  private final ExportWarnings warnings = new ExportWarnings();
  private LongConsumer progress = n -> { };
  private boolean replace;

  /** What an export did. */
  public record Result(Path output, long recordsRead, long recordsExported, long skippedByPoint, int actors,
      ExportWarnings warnings) {
  }

  public ExportRun(ExportFormat format, ExportOptions options) {
    this.format = format;
    this.options = options;
  }

  /** Called with the number of records read so far, every {@link #PROGRESS_EVERY} records. */
  public ExportRun progress(LongConsumer callback) {
    progress = callback;
    return this;
  }

  /** Whether an existing output may be replaced (otherwise an existing output is an error). */
  public ExportRun replaceExisting(boolean value) {
    replace = value;
    return this;
  }

  public Result run(List<Path> traces, Path output) throws IOException {
    if (traces.isEmpty()) {
      throw new IllegalArgumentException("name at least one trace file to export");
    }
    for (Path t : traces) {
      TraceReader.requireRegularFile(t);
    }
    try (OutputTarget out = OutputTarget.create(output, "--output", replace, traces, format.writesDirectory())) {
      Result result;
      try (TraceMerge.Records merge = TraceMerge.stream(traces.stream().map(TraceSource::of).toList(),
          TraceMerge.DEFAULT_REORDER_WINDOW_NS);
          Exporter exporter = format.create(out.staging(), options, warnings)) {
        result = convert(merge, exporter, out.target());
      }
      // the exporter's files are closed here: publish only now
      out.publish();
      return result;
    }
  }

  private Result convert(TraceMerge.Records merge, Exporter exporter, Path target) throws IOException {
    EventNormalizer normalizer = new EventNormalizer(options.points());
    long exported = 0;
    TraceRecord r;
    while ((r = merge.next()) != null) {
      ExportEvent e = normalizer.normalize(r);
      if (e != null) {
        exporter.accept(e);
        exported++;
      }
      if (normalizer.recordsSeen() % PROGRESS_EVERY == 0) {
        progress.accept(normalizer.recordsSeen());
      }
    }
    for (TraceReader reader : merge.readers()) {
      if (reader.cutShort()) {
        warnings.warn("trace cut short (records after its last whole block are missing)", reader.cutShortMessage());
      }
      if (reader.lostRecords() > 0) {
        warnings.warn("trace whose producer lost records (destination failures while tracing)",
            reader.name() + " lost " + reader.lostRecords() + " records");
      }
    }
    if (exported == 0 && normalizer.skippedByPoint() > 0) {
      warnings.warn("no record at the selected trace points " + options.points()
          + "; the traces hold records at others: choose them with --trace-points",
          normalizer.skippedByPoint() + " records skipped");
    }
    exporter.finish(normalizer.actors());
    return new Result(target, normalizer.recordsSeen(), exported, normalizer.skippedByPoint(),
        normalizer.actors().size(), warnings);
  }
}
