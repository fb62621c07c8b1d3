package io.pfsmix.export;

import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceMerge;
import io.pfsmix.trace.tools.TraceSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;

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

  /** Exports local trace files. */
  public Result run(List<Path> traces, Path output) throws IOException {
    for (Path t : traces) {
      TraceReader.requireRegularFile(t);
    }
    return runSources(traces.stream().map(TraceSource::of).toList(), output);
  }

  /** Exports traces as {@code TraceInputs.sources} resolves a command line's TRACEs (directories, Hadoop URIs). */
  public Result runSources(List<TraceSource> traces, Path output) throws IOException {
    if (traces.isEmpty()) {
      throw new IllegalArgumentException("name at least one trace file to export");
    }
    List<Path> localInputs = traces.stream().map(TraceSource::localFile).filter(p -> p != null).toList();
    try (OutputTarget out = OutputTarget.create(output, "--output", replace, localInputs, format.writesDirectory())) {
      Result result;
      try (TraceMerge.Records merge = TraceMerge.stream(traces, TraceMerge.DEFAULT_REORDER_WINDOW_NS);
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
        warnings.warnAboutTrace("trace cut short, records after its last whole block are missing: "
            + reader.cutShortMessage());
      }
      if (reader.lostRecords() > 0) {
        warnings.warnAboutTrace("the producer of " + reader.name() + " lost " + reader.lostRecords() + " record"
            + (reader.lostRecords() == 1 ? "" : "s") + " while tracing (destination failures); they are not exported");
      }
    }
    if (normalizer.recordsSeen() == 0) {
      // every format alike: none has an output worth having without a record (a Darshan log needs one), and an empty
      // file or directory would pass for an export in a script
      throw new IllegalArgumentException(holdNoRecord(merge.readers()) + "; nothing to export, no output written");
    }
    if (exported == 0 && normalizer.skippedByPoint() > 0) {
      // every format alike: an output without records is not an export the user asked for
      throw new IllegalArgumentException("--trace-points " + names(options.points()) + " selects none of the "
          + normalizer.skippedByPoint() + " records read; the traces hold records at "
          + names(normalizer.pointsLeftOut()) + ": choose those with --trace-points");
    }
    exporter.finish(normalizer.actors());
    return new Result(target, normalizer.recordsSeen(), exported, normalizer.skippedByPoint(),
        normalizer.actors().size(), warnings);
  }

  /** "T holds no record", naming the traces, and why where one was cut short. */
  private static String holdNoRecord(List<TraceReader> traces) {
    String names = traces.stream().map(TraceReader::name).collect(Collectors.joining(", "));
    String cut = traces.stream().filter(TraceReader::cutShort).map(TraceReader::cutShortMessage)
        .collect(Collectors.joining("; "));
    return (traces.size() == 1 ? names + " holds" : "the traces " + names + " hold") + " no record"
        + (cut.isEmpty() ? "" : " (" + cut + ")");
  }

  /** Trace points as --trace-points takes them. */
  private static String names(Set<TracePoint> points) {
    return points.stream().map(p -> p.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(","));
  }
}
