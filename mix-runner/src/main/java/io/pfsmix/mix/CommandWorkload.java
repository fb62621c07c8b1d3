package io.pfsmix.mix;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.ior.NativeIor;
import io.pfsmix.ior.StoppableProcess;
import io.pfsmix.trace.format.TracePoint;

/**
 * The user's command as the HPC side of one phase ({@link MixKeys#HPC} = command:CMD), or as a further workload
 * ({@link MixKeys#WORKLOADS}): run by {@code sh -c} in the phase's directory's local path with the LD_PRELOAD trace
 * library, in every phase ({@link UserWorkloadTrace}), because its throughput is the bytes its trace shows it read and
 * wrote under that directory, at the POSIX point, over its runtime. Cancelling ends the shell and every process under
 * it.
 */
final class CommandWorkload implements Workload {

  /** The HPC side's output and traces in the results: hpc-output/PHASE.txt, traces/PHASE/hpc/, untraced-hpc-traces/. */
  static UserWorkloadTrace.Slot hpcSide(MixSettings settings) {
    return new UserWorkloadTrace.Slot(IOR, settings.hpcLabel(), "hpc-output", "hpc", "untraced-hpc-traces");
  }

  /** The preload library's variable naming the directory its trace files go to. */
  private static final String TRACE_DIR_VARIABLE = "PFSMIX_TRACE_DIR";
  /**
   * Open MPI passes the variables listed here to every rank, as mpirun -x would: local ranks inherit mpirun's
   * environment anyway, ranks on other nodes get the preload library only this way.
   */
  private static final String OPEN_MPI_ENV_LIST = "OMPI_MCA_mca_base_env_list";

  private final Configuration conf;
  private final MixSettings settings;
  private final UserWorkloadTrace.Slot slot;
  private final HpcCommand command;
  private final int scale;
  private final String dir;
  private final StoppableProcess process = new StoppableProcess();

  /**
   * @param slot the HPC side's ({@link #hpcSide}) or a further workload's
   * @param dir the phase's directory on the file system, whose local path is {dir}
   */
  CommandWorkload(Configuration conf, MixSettings settings, UserWorkloadTrace.Slot slot, HpcCommand command, int scale,
      String dir) {
    this.conf = conf;
    this.settings = settings;
    this.slot = slot;
    this.command = command;
    this.scale = scale;
    this.dir = dir;
  }

  @Override
  public String name() {
    return slot.name();
  }

  @Override
  public String label() {
    return slot.label();
  }

  @Override
  public WorkloadResult run() throws Exception {
    long start = WallClock.nowNs();
    Path localDir = NativeIorWorkload.localPath(conf, dir);
    NativeIorWorkload.makeLocalDir(conf, dir, localDir, "the command");
    String run = command.command(localDir, scale, settings.iorRanks());
    String phase = new org.apache.hadoop.fs.Path(dir).getName();
    Path output = settings.results().resolve(slot.output()).resolve(phase + ".txt");
    Files.createDirectories(output.getParent());
    String kept = settings.results().relativize(output).toString();
    UserWorkloadTrace.IoUnder io;
    String traced;
    double seconds;
    try (UserWorkloadTrace trace = new UserWorkloadTrace(conf, settings, phase, slot)) {
      ProcessBuilder builder = new ProcessBuilder("sh", "-c", run).redirectInput(new File("/dev/null"))
          .redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT);
      Map<String, String> env = builder.environment();
      String preload = new NativeIor(conf).preloadLibrary().toString();
      env.merge("LD_PRELOAD", preload, (user, ours) -> ours + " " + user);
      env.put(TRACE_DIR_VARIABLE, trace.dir().toString());
      env.merge(OPEN_MPI_ENV_LIST, "LD_PRELOAD;" + TRACE_DIR_VARIABLE, (user, ours) -> user + ";" + ours);
      seconds = runToExit(process, builder, "the command", run, kept);
      io = trace.count(TracePoint.POSIX, UserWorkloadTrace.IoUnder.localPathsUnder(localDir), "the command",
          localDir + " ({dir})", "the command must do its I/O there, opening its files itself (a file a shell opens"
          + " for a redirection and hands to another program is not traced)");
      traced = trace.kept();
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("label", slot.label());
    details.put("command", run);
    details.put("scale", scale);
    details.put("bytesRead", io.read());
    details.put("bytesWritten", io.written());
    details.put("traced", traced);
    details.put("output", kept);
    return new WorkloadResult(slot.name(), io.read() + io.written(), seconds, start, WallClock.nowNs(), details);
  }

  /**
   * Runs {@code builder}'s program to its exit and returns its runtime in seconds; a stop or a non-zero exit status is
   * an error naming {@code who}, what ran and where its output is kept.
   */
  static double runToExit(StoppableProcess process, ProcessBuilder builder, String who, String shown, String output)
      throws IOException {
    long began = System.nanoTime();
    process.start(builder);
    int exit = process.waitFor(who);
    double seconds = (System.nanoTime() - began) / 1e9;
    if (process.stopped()) {
      throw new IOException(who + " was stopped (" + shown + ")");
    }
    if (exit != 0) {
      throw new IOException(who + " exited with status " + exit + " (" + shown + "; its output: " + output + ")");
    }
    return seconds;
  }

  @Override
  public void cancel() {
    process.stop();
  }
}
