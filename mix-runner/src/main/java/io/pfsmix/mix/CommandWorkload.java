package io.pfsmix.mix;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.ior.NativeIor;
import io.pfsmix.ior.StoppableProcess;
import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.tools.OutputTarget;
import io.pfsmix.trace.tools.TraceSummary;

/**
 * The user's command as the HPC side of one phase ({@link MixKeys#HPC} = command:CMD): run by {@code sh -c} in the
 * phase's directory's local path with the LD_PRELOAD trace library, in every phase, because its throughput is the bytes
 * its trace shows it read and wrote under that directory over its runtime. A traced phase keeps the trace beside the
 * others' ({@code traces/PHASE/hpc/}); an untraced one traces into a scratch directory that is counted and removed.
 * Cancelling ends the shell and every process under it.
 */
final class CommandWorkload implements Workload {

  /** Directory of the results that holds each phase's standard output of the command, {@code PHASE.txt}. */
  static final String OUTPUT_DIR = "hpc-output";
  /** The command's trace files within a traced phase's trace directory. */
  static final String TRACE_SUBDIR = "hpc";
  /** Directory of the results where untraced phases' command traces are counted, then removed. */
  static final String SCRATCH_TRACES = "untraced-hpc-traces";
  /** The preload library's variable naming the directory its trace files go to. */
  private static final String TRACE_DIR_VARIABLE = "PFSMIX_TRACE_DIR";
  /**
   * Open MPI passes the variables listed here to every rank, as mpirun -x would: local ranks inherit mpirun's
   * environment anyway, ranks on other nodes get the preload library only this way.
   */
  private static final String OPEN_MPI_ENV_LIST = "OMPI_MCA_mca_base_env_list";

  private final Configuration conf;
  private final MixSettings settings;
  private final int scale;
  private final String dir;
  private final StoppableProcess process = new StoppableProcess();

  CommandWorkload(Configuration conf, MixSettings settings, int scale, String dir) {
    this.conf = conf;
    this.settings = settings;
    this.scale = scale;
    this.dir = dir;
  }

  @Override
  public String name() {
    return IOR;
  }

  @Override
  public WorkloadResult run() throws Exception {
    long start = WallClock.nowNs();
    Path localDir = NativeIorWorkload.localPath(conf, dir);
    NativeIorWorkload.makeLocalDir(conf, dir, localDir, "the command");
    String command = settings.hpc().command(localDir, scale, settings.iorRanks());
    String phase = new org.apache.hadoop.fs.Path(dir).getName();
    boolean traced = NativeIorWorkload.traced(conf);
    Path traceDir = traced ? Path.of(conf.get(TraceConfigKeys.DESTINATION)).resolve(TRACE_SUBDIR)
        : settings.results().resolve(SCRATCH_TRACES).resolve(phase);
    Files.createDirectories(traceDir);
    Path output = settings.results().resolve(OUTPUT_DIR).resolve(phase + ".txt");
    Files.createDirectories(output.getParent());
    ProcessBuilder builder = new ProcessBuilder("sh", "-c", command).redirectInput(new File("/dev/null"))
        .redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
    Map<String, String> env = builder.environment();
    String preload = new NativeIor(conf).preloadLibrary().toString();
    env.merge("LD_PRELOAD", preload, (user, ours) -> ours + " " + user);
    env.put(TRACE_DIR_VARIABLE, traceDir.toString());
    env.merge(OPEN_MPI_ENV_LIST, "LD_PRELOAD;" + TRACE_DIR_VARIABLE, (user, ours) -> user + ";" + ours);
    long began = System.nanoTime();
    process.start(builder);
    int exit = process.waitFor("the command");
    double seconds = (System.nanoTime() - began) / 1e9;
    String kept = settings.results().relativize(output).toString();
    IoUnder io;
    try {
      if (process.stopped()) {
        throw new IOException("the command was stopped (" + command + ")");
      }
      if (exit != 0) {
        throw new IOException("the command exited with status " + exit + " (" + command + "; its output: " + kept
            + ")");
      }
      io = IoUnder.count(TraceAnalysis.traceFilesIn(traceDir), localDir);
    } finally {
      // a scratch trace is only counted, also when the command failed
      if (!traced) {
        OutputTarget.deleteRecursively(traceDir);
      }
    }
    if (io.lostRecords() > 0) {
      throw new IOException("the command's trace lost " + io.lostRecords() + " records (is " + traceDir + " full?), so"
          + " the bytes it moved cannot be counted");
    }
    if (io.read() + io.written() == 0) {
      throw new IOException("the command's trace holds no reads or writes under " + localDir + " ({dir}): the command"
          + " must do its I/O there, opening its files itself (a file a shell opens for a redirection and hands to"
          + " another program is not traced)");
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("label", settings.hpcLabel());
    details.put("command", command);
    details.put("scale", scale);
    details.put("bytesRead", io.read());
    details.put("bytesWritten", io.written());
    details.put("traced", traced ? settings.results().relativize(traceDir).toString()
        : "counted in a scratch directory, then removed");
    details.put("output", kept);
    return new WorkloadResult(IOR, io.read() + io.written(), seconds, start, WallClock.nowNs(), details);
  }

  /**
   * What a command's trace shows it read and wrote under its directory, at the POSIX point.
   *
   * @param lostRecords records the preload library could not write, which the counts lack
   */
  record IoUnder(long read, long written, long lostRecords) {

    static IoUnder count(List<Path> traceFiles, Path localDir) throws IOException {
      TraceSummary summary = new TraceSummary();
      for (Path file : traceFiles) {
        try (TraceReader reader = TraceReader.open(file)) {
          summary.addAll(reader);
        }
      }
      // the preload library records absolute paths as the program named them, or through its working directory,
      // which the kernel gives with links resolved
      List<Path> under = List.of(localDir.toAbsolutePath().normalize(), localDir.toRealPath());
      String posix = TracePoint.POSIX + " ";
      long read = 0;
      long written = 0;
      for (Map.Entry<String, TraceSummary.FileTotals> e : summary.byFile().entrySet()) {
        if (!e.getKey().startsWith(posix)) {
          continue;
        }
        Path path = Path.of(e.getKey().substring(posix.length())).normalize();
        if (under.stream().anyMatch(path::startsWith)) {
          read += e.getValue().reads().bytes();
          written += e.getValue().writes().bytes();
        }
      }
      return new IoUnder(read, written, summary.lostRecords());
    }
  }

  @Override
  public void cancel() {
    process.stop();
  }
}
