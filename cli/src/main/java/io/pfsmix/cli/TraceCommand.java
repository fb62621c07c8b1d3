package io.pfsmix.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.FreeSpace;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.fs.Sizes;
import io.pfsmix.trace.TraceContext;
import io.pfsmix.export.ExportFormat;
import io.pfsmix.export.ExportOptions;
import io.pfsmix.export.ExportRun;
import io.pfsmix.trace.bench.TraceFormatBenchmark;
import io.pfsmix.trace.bench.TraceOverheadBenchmark;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceWriter;
import io.pfsmix.trace.tools.TraceDump;
import io.pfsmix.trace.tools.TraceInputs;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceMerge;
import io.pfsmix.trace.tools.TraceSource;
import io.pfsmix.trace.tools.TraceSummary;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;

/** `pfsmix trace`: read, print and merge pfsmix I/O traces (docs/trace-format.md). */
@Command(name = "trace", mixinStandardHelpOptions = true,
    header = "Summarize, dump or merge pfsmix I/O traces.",
    subcommands = {TraceCommand.Summarize.class, TraceCommand.Dump.class, TraceCommand.Merge.class,
        TraceCommand.FormatBench.class},
    description = {"Work with pfsmix I/O traces: Hadoop tasks traced by io.pfsmix.trace.hadoop.TracingFileSystem and "
        + "TracingBackendDecorator, programs traced by libpfsmix-trace.so (LD_PRELOAD). A TRACE is a .ptrace file, a "
        + "directory holding them (in it or its sub-directories, as a mix's traces/), or either on a Hadoop file "
        + "system (hdfs://..., pfs:///...); a file named twice (also through its directory or a link) is read once, "
        + "and a trace that a merged trace named with it was merged from is left out, with a note (each call counts "
        + "once: a mix's results directory holds both). "
        + "Format: docs/trace-format.md. Tracing overhead: pfsmix bench trace; the format's versions compared: "
        + "pfsmix trace bench."})
final class TraceCommand extends CommandGroup {

  /** Where a command's notes on its inputs go: stderr, named by the command, beside what it prints on stdout. */
  static Consumer<String> note(CommandLine.Model.CommandSpec spec) {
    return note -> System.err.println(spec.name() + ": " + note);
  }

  @Command(name = "summarize", mixinStandardHelpOptions = true,
      description = "The program's data files apart from what its launcher and runtime touched (MPI's and hwloc's "
          + "reads of /usr, /sys, /proc, session files, libraries), by tree; per operation and trace point: calls, "
          + "bytes, time, failures; request-size histograms; per "
          + "Hadoop task attempt or IOR rank; per file; the time span; cut-short files and lost records.")
  static final class Summarize implements Callable<Integer> {

    @Parameters(paramLabel = "TRACE", arity = "1..*", description = "trace files or directories")
    List<String> traces = new ArrayList<>();

    @Option(names = "--top", paramLabel = "N", defaultValue = "20",
        description = "files to list, by bytes moved; 0 lists all (default: ${DEFAULT-VALUE})")
    int top;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (top < 0) {
        throw new ParameterException(spec.commandLine(), "--top must be 0 or more, is " + top);
      }
      List<TraceReader> readers = TraceInputs.open(traces, new Configuration(), note(spec));
      TraceSummary summary = new TraceSummary();
      try {
        for (TraceReader reader : readers) {
          summary.addAll(reader);
        }
      } finally {
        TraceInputs.closeAll(readers);
      }
      summary.print(System.out, top);
      return 0;
    }
  }

  @Command(name = "dump", mixinStandardHelpOptions = true,
      description = {"Print traces as text, one tab-separated line per record. Columns:", TraceDump.COLUMNS,
          "Numbers that do not apply print as '-'."})
  static final class Dump implements Callable<Integer> {

    @Parameters(paramLabel = "TRACE", arity = "1..*", description = "trace files or directories")
    List<String> traces = new ArrayList<>();

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "-1",
        description = "records to print per file; -1 prints all (default: ${DEFAULT-VALUE})")
    long limit;

    @Option(names = "--no-header", description = "omit the '#' lines describing each file")
    boolean noHeader;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (limit < -1) {
        throw new ParameterException(spec.commandLine(), "--limit must be 0 or more, or -1 for all, is " + limit);
      }
      List<TraceReader> readers = TraceInputs.open(traces, new Configuration(), note(spec));
      // one large buffer in front of System.out, which would otherwise lock and flush per line
      PrintStream out = new PrintStream(new java.io.BufferedOutputStream(System.out, 1 << 16), false);
      try {
        for (TraceReader reader : readers) {
          TraceDump.dump(reader, out, limit, !noHeader);
          if (noHeader && reader.cutShort()) {
            // without the '#' lines the only notice of a cut file goes where the records do not
            out.flush();
            System.err.println("dump: " + reader.cutShortMessage());
          }
        }
      } finally {
        out.flush();
        TraceInputs.closeAll(readers);
      }
      return 0;
    }
  }

  @Command(name = "merge", mixinStandardHelpOptions = true,
      description = "Merge traces (Hadoop tasks, IOR ranks, several hosts) into one trace ordered by start time. "
          + "Reads each input twice and streams: memory holds, per input, the records of the time span by which its "
          + "records came late (at most the reorder window), and the records that came later than the window, not the "
          + "traces. OUT appears only when complete.")
  static final class Merge implements Callable<Integer> {

    @Parameters(paramLabel = "TRACE", arity = "1..*", description = "trace files or directories")
    List<String> traces = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true, description = "the merged trace file")
    Path output;

    @Option(names = "--force", description = "replace OUT if it is a file (never one of the TRACEs, never a "
        + "directory that is not empty)")
    boolean force;

    @Option(names = "--reorder-window", paramLabel = "MS", defaultValue = "5000",
        description = "how far out of start order, in ms, a record may be and still be placed while streaming; a "
            + "record comes when its call ends, so a longer call (or a buffer written late) is found by the first "
            + "pass and held in memory instead: the window sets memory, not what merges (default: ${DEFAULT-VALUE})")
    long reorderWindowMillis;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (reorderWindowMillis < 0) {
        throw new ParameterException(spec.commandLine(), "--reorder-window must be 0 or more, is "
            + reorderWindowMillis);
      }
      List<TraceSource> sources = TraceInputs.sources(traces, new Configuration(), note(spec));
      TraceMerge.Result result;
      try (OutputTarget out = OutputTarget.create(output, "--output", force, sources.stream()
          .map(TraceSource::localFile).filter(Objects::nonNull).toList(), false);
          TraceMerge.Records records = TraceMerge.stream(sources, reorderWindowMillis * 1_000_000L)) {
        try (OutputStream stream = Files.newOutputStream(out.staging());
            TraceWriter writer = new TraceWriter(stream, TraceMerge.mergedHeader(records.readers(), TraceContext.host(),
                TraceContext.pid(), "pfsmix-merge"))) {
          result = TraceMerge.merge(records, writer, n -> System.err.printf("merged %,d records%n", n));
        }
        out.publish();
      }
      for (String note : result.notes()) {
        System.err.println("note: " + note);
      }
      System.out.printf("merged %d records from %d trace file(s) into %s (%d records lost by their producers)%n",
          result.records(), sources.size(), output, result.lostRecords());
      return 0;
    }
  }

  @Command(name = "bench", mixinStandardHelpOptions = true,
      header = "The trace format's versions side by side on real traces: size, writing, reading, exporting.",
      description = {"Writes each TRACE's records again as format 1.1 (64-byte records), 2.0 (packed, zstd) and 2.1 "
          + "(packed, LZ4), the way a recorder's flusher writes them (buffers of 1,024 records, a PROGRESS block after "
          + "each), then reads each back and exports it; the versions' runs alternate. Prints bytes per record, "
          + "records written per CPU-second of the writing thread (one core), records read and exported per CPU-second "
          + "and per second, medians of the runs, reading's ratio to 1.1, with the load average. Holds a TRACE's "
          + "records in memory (64 bytes each).",
          "Targets (format 2.1): <= 6 bytes per record, >= 2 M records written per core, reading and exporting no "
          + "slower than 1.1."})
  static final class FormatBench implements Callable<Integer> {

    @Parameters(paramLabel = "TRACE", arity = "1..*", description = "local trace files (./pfsmix demo writes one)")
    List<Path> traces = new ArrayList<>();

    @Option(names = {"-r", "--repetitions"}, paramLabel = "N", defaultValue = "3",
        description = "runs per version; the median is reported (default: ${DEFAULT-VALUE})")
    int repetitions;

    @Option(names = "--export-format", paramLabel = "FORMAT", defaultValue = "csv",
        description = "export measured: darshan, simgrid, chrome, pfssim, hecios, disksim or csv "
            + "(default: ${DEFAULT-VALUE})")
    ExportFormat exportFormat;

    @Option(names = "--dir", paramLabel = "DIR",
        description = "local working directory for the rewritten traces and exports; removed afterwards "
            + "(default: the system temporary directory)")
    Path directory;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      if (repetitions <= 0) {
        throw new ParameterException(spec.commandLine(), "--repetitions must be positive, is " + repetitions);
      }
      for (Path trace : traces) {
        TraceReader.requireRegularFile(trace);
      }
      Path work = BenchCommand.scratchDirectory(directory, "pfsmix-trace-bench-");
      try {
        TraceFormatBenchmark bench = new TraceFormatBenchmark(work, repetitions,
            (trace, output) -> new ExportRun(exportFormat, new ExportOptions()).run(List.of(trace), output),
            exportFormat.cliName(), System.out);
        for (Path trace : traces) {
          bench.measure(trace);
        }
      } finally {
        OutputTarget.deleteRecursively(work);
      }
      return 0;
    }
  }

  /** `pfsmix bench trace`: registered under BenchCommand. */
  @Command(name = "trace", mixinStandardHelpOptions = true,
      header = "Tracing overhead, traced vs untraced, and the cost of one recorded event.",
      description = {"Tracing overhead, traced vs untraced in one interleaved run through pfs:// (POSIX backend):",
          "(a) 4 KiB application reads of a file, traced behind the read-ahead buffer (STORAGE point)",
          "(b) an IOR-like checkpoint written in 64 MiB blocks with positioned writes (APPLICATION and STORAGE)",
          "(c) both at once",
          "(d) for comparison, the 4 KiB reads traced above the buffer too",
          "(e) a C program's checkpoint (pwrite in the same blocks) with and without LD_PRELOAD=libpfsmix-trace.so",
          "Then the cost of one recorded event. Target: overhead <= 1%% in (a), (b), (c)."})
  static final class Bench implements Callable<Integer> {

    @Option(names = "--dir", paramLabel = "DIR",
        description = "local working directory (a parallel file system mount, say); removed afterwards "
            + "(default: the system temporary directory)")
    Path directory;

    @Option(names = "--read-size", paramLabel = "SIZE", defaultValue = "1g",
        description = "size of the file read in (a) (default: ${DEFAULT-VALUE})")
    String readFileSize;

    @Option(names = "--write-size", paramLabel = "SIZE", defaultValue = "1g",
        description = "size of the checkpoint written in (b) (default: ${DEFAULT-VALUE})")
    String writeFileSize;

    @Option(names = "--block", paramLabel = "SIZE", defaultValue = "64m",
        description = "checkpoint block (transfer) size (default: ${DEFAULT-VALUE})")
    String blockSize;

    @Option(names = {"-r", "--repetitions"}, paramLabel = "N", defaultValue = "5",
        description = "timed runs per scenario and mode; the median is reported (default: ${DEFAULT-VALUE})")
    int repetitions;

    @Option(names = "--events", paramLabel = "N", defaultValue = "1000000",
        description = "events recorded to measure the cost per event (default: ${DEFAULT-VALUE})")
    long events;

    @Option(names = "--native", paramLabel = "DIR",
        description = "directory with libpfsmix-trace.so and pfsmix_posix_bench (default: tracing/target/native of "
            + "the pfsmix installation)")
    Path nativeDirectory;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
      long read = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--read-size", readFileSize));
      long write = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--write-size", writeFileSize));
      long block = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--block", blockSize));
      if (block > Integer.MAX_VALUE - 64) {
        throw new ParameterException(spec.commandLine(), "--block must be below 2 GiB, is " + blockSize);
      }
      if (repetitions <= 0) {
        throw new ParameterException(spec.commandLine(), "--repetitions must be positive, is " + repetitions);
      }
      if (events <= 0) {
        throw new ParameterException(spec.commandLine(), "--events must be positive, is " + events);
      }
      Path base = BenchCommand.scratchBase(directory);
      FreeSpace.require("--read-size " + readFileSize + " and --write-size " + writeFileSize + " write",
          read > Long.MAX_VALUE - write ? Long.MAX_VALUE : read + write, FileSystem.getLocal(new Configuration()),
          new org.apache.hadoop.fs.Path(base.toAbsolutePath().toUri()));
      Path work = BenchCommand.scratchDirectory(base, "pfsmix-bench-trace-");
      System.out.printf("pfsmix bench trace: read file %d bytes in 4096-byte reads, checkpoint %d bytes in %d-byte "
          + "blocks, %d runs per mode, in %s%n", read, write, block, repetitions, work);
      Path natives = nativeDirectory != null ? nativeDirectory
          : PfsmixHome.path().resolve(Paths.get("tracing", "target", "native"));
      new TraceOverheadBenchmark(new TraceOverheadBenchmark.Settings(work, read, 4096, write, (int) block,
          repetitions, events, natives), new Configuration(), System.out).run();
      return 0;
    }

  }
}
