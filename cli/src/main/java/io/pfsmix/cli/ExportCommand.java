package io.pfsmix.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.export.ExportBenchmark;
import io.pfsmix.export.ExportFormat;
import io.pfsmix.export.ExportOptions;
import io.pfsmix.export.ExportRun;
import io.pfsmix.fs.Sizes;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceInputs;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `pfsmix export`: pfsmix traces to Darshan, SimGrid, Chrome/Perfetto, PFSsim, HECIOS, DiskSim and CSV. */
@Command(name = "export", mixinStandardHelpOptions = true,
    header = "Convert traces for Darshan, SimGrid, Chrome/Perfetto, PFSsim, HECIOS, DiskSim or CSV.",
    subcommands = ExportCommand.Bench.class,
    description = {"Convert pfsmix traces (Hadoop tasks and IOR ranks, merged by start time) for",
        "simulators and I/O analysis tools. OUT appears only when complete.",
        "  darshan  Darshan 3.41 log: POSIX counters and DXT_POSIX segments",
        "  simgrid  replay bundle directory for sim-export's pfsmix-simgrid-replay",
        "  chrome   Chrome/Perfetto trace-event JSON, one track per rank or task",
        "  pfssim   directory of PFSsim client traces, one per rank or task",
        "  hecios   directory of HECIOS SHTF traces, one per rank or task",
        "  disksim  DiskSim ASCII trace of 512-byte block requests",
        "  csv      one row per record",
        "Mappings and caveats: docs/export.md."})
final class ExportCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  // not picocli-required: `export bench` takes none of them, and picocli checks a parent's required options first
  @Option(names = {"-f", "--format"}, paramLabel = "FORMAT",
      description = "darshan, simgrid, chrome, pfssim, hecios, disksim or csv (required)")
  ExportFormat format;

  @Parameters(paramLabel = "TRACE", arity = "0..*", description = "trace files or directories, as pfsmix trace takes "
      + "them (one or more)")
  List<String> traces = new ArrayList<>();

  @Option(names = {"-o", "--output"}, paramLabel = "OUT",
      description = "output file (darshan, chrome, disksim, csv) or directory (simgrid, pfssim, hecios) (required)")
  Path output;

  @Option(names = "--force", description = "replace OUT if it is a file or an empty directory (never one of the TRACEs, "
      + "never a directory that is not empty)")
  boolean force;

  @Option(names = "--trace-points", split = ",", paramLabel = "POINT",
      description = "trace points to export: application, storage, posix. Default: application,posix (the storage "
          + "point sees the same bytes again behind the read-ahead buffer)")
  List<String> points;

  @Option(names = "--dxt-max-segments", paramLabel = "N", defaultValue = "4000000",
      description = "darshan: DXT segments kept (32 bytes each in memory); beyond them DXT is marked partial. "
          + "Default: ${DEFAULT-VALUE}")
  long dxtMaxSegments;

  @Option(names = "--file-alignment", paramLabel = "BYTES", defaultValue = "4096",
      description = "darshan: POSIX_FILE_ALIGNMENT, for counting unaligned accesses. Default: ${DEFAULT-VALUE}")
  String fileAlignment;

  @Option(names = "--disk-read-bw", paramLabel = "BYTES/S", defaultValue = "100m",
      description = "simgrid: disk read bandwidth per host (a size per second: 100m = 100 MiB/s). "
          + "Default: ${DEFAULT-VALUE}")
  String diskReadBw;

  @Option(names = "--disk-write-bw", paramLabel = "BYTES/S", defaultValue = "100m",
      description = "simgrid: disk write bandwidth per host. Default: ${DEFAULT-VALUE}")
  String diskWriteBw;

  @Option(names = "--link-bw", paramLabel = "BYTES/S", defaultValue = "1250000000",
      description = "simgrid: bandwidth of each host's link. Default: ${DEFAULT-VALUE} bytes per second (10 Gbit/s "
          + "Ethernet between the traced hosts; pfsmix predict's default, 10g = 10 GiB/s, is a link that does not "
          + "limit)")
  String linkBw;

  @Option(names = "--link-latency", paramLabel = "SECONDS", defaultValue = "50e-6",
      description = "simgrid: latency of each host's link. Default: ${DEFAULT-VALUE}")
  double linkLatency;

  @Option(names = "--disksim-file-span", paramLabel = "BLOCKS", defaultValue = "4294967296",
      description = "disksim: 512-byte blocks reserved per file. Default: ${DEFAULT-VALUE} (2 TiB)")
  long disksimFileSpan;

  @Option(names = "--disksim-devices", paramLabel = "N", defaultValue = "1",
      description = "disksim: devices the files are spread over (file i on device i mod N). Default: ${DEFAULT-VALUE}")
  int disksimDevices;

  @Override
  public Integer call() throws Exception {
    if (format == null || output == null || traces.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "export needs --format FORMAT, -o OUT and at least one TRACE (see --help)");
    }
    ExportOptions options = UserErrorHandler.checkFlags(spec, this::options);
    ExportRun.Result r = new ExportRun(format, options).replaceExisting(force)
        .progress(n -> System.err.printf(Locale.ROOT, "export: %,d records read%n", n))
        .runSources(TraceInputs.sources(traces, new Configuration(), TraceCommand.note(spec)), output);
    System.out.printf(Locale.ROOT,
        "%s: %,d records read, %,d exported (%,d at trace points not selected), %d %s -> %s%n", format.cliName(),
        r.recordsRead(), r.recordsExported(), r.skippedByPoint(), r.actors(), r.actors() == 1 ? "actor" : "actors",
        r.output());
    if (!r.warnings().isEmpty()) {
      System.err.print(r.warnings().report());
    }
    return 0;
  }

  /** The exporters' options as the flags give them; a value they refuse throws IllegalArgumentException naming it. */
  private ExportOptions options() {
    ExportOptions options = new ExportOptions()
        .dxtMaxSegments(dxtMaxSegments)
        .fileAlignment(Sizes.parse("--file-alignment", fileAlignment))
        .diskBandwidth(Sizes.parse("--disk-read-bw", diskReadBw),
            Sizes.parse("--disk-write-bw", diskWriteBw))
        .link(Sizes.parse("--link-bw", linkBw), linkLatency)
        .disksim(disksimFileSpan, disksimDevices)
        .commandLine("pfsmix export --format " + format.cliName());
    if (points != null) {
      options.points(parsePoints(points));
    }
    return options;
  }

  private static Set<TracePoint> parsePoints(List<String> names) {
    Set<TracePoint> set = EnumSet.noneOf(TracePoint.class);
    for (String n : names) {
      try {
        set.add(TracePoint.valueOf(n.trim().toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--trace-points: unknown trace point '" + n
            + "'; known: application, storage, posix");
      }
    }
    return set;
  }

  /** `pfsmix export bench`: conversion speed and peak memory of every format. */
  @Command(name = "bench", mixinStandardHelpOptions = true,
      header = "Conversion speed and peak memory of every export format.",
      description = {"Benchmark: convert a synthetic mixed workload trace (16 IOR ranks,",
          "16 map tasks) with each format at EVENTS and EVENTS/4 records; print",
          "events per second and the peak heap in use."})
  static final class Bench implements Callable<Integer> {
    @Option(names = "--events", paramLabel = "EVENTS", defaultValue = "10000000",
        description = "records in the large trace. Default: ${DEFAULT-VALUE}")
    long events;

    @Option(names = "--formats", split = ",", paramLabel = "FORMAT",
        description = "formats to measure. Default: all")
    List<ExportFormat> formats;

    @Option(names = "--dir", paramLabel = "DIR",
        description = "local working directory for the traces and outputs; removed afterwards "
            + "(default: the system temporary directory)")
    Path dir;

    @Override
    public Integer call() throws Exception {
      Path work = BenchCommand.scratchDirectory(dir, "pfsmix-export-bench-");
      try {
        new ExportBenchmark(events, formats == null ? List.of(ExportFormat.values()) : formats, work, System.out).run();
      } finally {
        OutputTarget.deleteRecursively(work);
      }
      return 0;
    }
  }
}
