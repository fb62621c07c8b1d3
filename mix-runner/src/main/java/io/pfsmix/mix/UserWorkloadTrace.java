package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceSummary;

/**
 * The trace a user's workload (mix.hpc's command, mix.analytics's job) is measured by in one phase: it is traced in
 * every phase, because its throughput is the bytes its trace shows it read and wrote under its directory. A traced
 * phase keeps the trace beside the others' ({@code traces/PHASE/SUBDIR/}); an untraced one traces into a scratch
 * directory of the results that is counted and removed on {@link #close}, also when the workload failed.
 */
final class UserWorkloadTrace implements AutoCloseable {

  /**
   * Which user workload a trace and output belong to, and where in the results they go.
   *
   * @param name its slot in results.json: {@link Workload#IOR} or {@link Workload#TFIDF} for a side, or a further
   *     workload's name
   * @param label its name in progress, errors and details
   * @param output the results' directory of its standard output per phase, {@code PHASE.txt}
   * @param traceSubdir its trace files within a traced phase's trace directory
   * @param scratch the results' directory where untraced phases' traces are counted, then removed
   */
  record Slot(String name, String label, String output, String traceSubdir, String scratch) {

    /** A further workload's: its output, traces and scratch traces under names of its own. */
    static Slot of(ExtraWorkload workload) {
      return new Slot(workload.name(), workload.label(), "workload-output/" + workload.name(),
          "workload-" + workload.name(), "untraced-workload-traces/" + workload.name());
    }
  }

  private final MixSettings settings;
  private final boolean traced;
  private final Path dir;

  UserWorkloadTrace(Configuration conf, MixSettings settings, String phase, Slot slot) throws IOException {
    this.settings = settings;
    this.traced = NativeIorWorkload.traced(conf);
    this.dir = traced ? Path.of(conf.get(TraceConfigKeys.DESTINATION)).resolve(slot.traceSubdir())
        : settings.results().resolve(slot.scratch()).resolve(phase);
    Files.createDirectories(dir);
  }

  /** The directory the workload's processes write their trace files into. */
  Path dir() {
    return dir;
  }

  /** Whether the mix traces this phase (the trace is kept). */
  boolean traced() {
    return traced;
  }

  /** Where the trace is, for the workload's details in results.json. */
  String kept() {
    return traced ? settings.results().relativize(dir).toString() : "counted in a scratch directory, then removed";
  }

  /**
   * The bytes {@code who}'s trace shows at {@code point} in the files {@code under} accepts; refused when records were
   * lost (the count would be short) or when there are none.
   *
   * @param where the directory, as the error names it
   * @param advice what the user should do when the trace shows nothing there
   */
  IoUnder count(TracePoint point, Predicate<String> under, String who, String where, String advice)
      throws IOException {
    IoUnder io = IoUnder.count(TraceAnalysis.traceFilesIn(dir), point, under);
    if (io.lostRecords() > 0) {
      throw new IOException(who + "'s trace lost " + io.lostRecords() + " records (is " + dir + " full?), so the"
          + " bytes it moved cannot be counted");
    }
    if (io.read() + io.written() == 0) {
      throw new IOException(who + "'s trace holds no reads or writes under " + where + ": " + advice);
    }
    return io;
  }

  @Override
  public void close() throws IOException {
    if (!traced) {
      OutputTarget.deleteRecursively(dir);
    }
  }

  /**
   * What a workload's trace shows it read and wrote at one trace point in some files.
   *
   * @param lostRecords records the tracer could not write, which the counts lack
   */
  record IoUnder(long read, long written, long lostRecords) {

    static IoUnder count(List<Path> traceFiles, TracePoint point, Predicate<String> under) throws IOException {
      TraceSummary summary = new TraceSummary();
      for (Path file : traceFiles) {
        try (TraceReader reader = TraceReader.open(file)) {
          summary.addAll(reader);
        }
      }
      String prefix = point + " ";
      long read = 0;
      long written = 0;
      for (Map.Entry<String, TraceSummary.FileTotals> e : summary.byFile().entrySet()) {
        if (e.getKey().startsWith(prefix) && under.test(e.getKey().substring(prefix.length()))) {
          read += e.getValue().reads().bytes();
          written += e.getValue().writes().bytes();
        }
      }
      return new IoUnder(read, written, summary.lostRecords());
    }

    /**
     * Local paths under {@code localDir} as the preload library records them: absolute as the program named them, or
     * through its working directory, which the kernel gives with links resolved.
     */
    static Predicate<String> localPathsUnder(Path localDir) throws IOException {
      List<Path> dirs = List.of(localDir.toAbsolutePath().normalize(), localDir.toRealPath());
      return recorded -> {
        Path path = Path.of(recorded).normalize();
        return dirs.stream().anyMatch(path::startsWith);
      };
    }

    /** Hadoop paths (pfs:/x, hdfs://nn:8020/x) under {@code dir}'s path, as the application point names them. */
    static Predicate<String> hadoopPathsUnder(String dir) {
      String prefix = new org.apache.hadoop.fs.Path(dir).toUri().getPath().replaceAll("/+$", "") + "/";
      return recorded -> {
        try {
          return (new org.apache.hadoop.fs.Path(recorded).toUri().getPath() + "/").startsWith(prefix);
        } catch (IllegalArgumentException e) {
          return false;
        }
      };
    }
  }
}
