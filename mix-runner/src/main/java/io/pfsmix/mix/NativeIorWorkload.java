package io.pfsmix.mix;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.NativeIor;
import io.pfsmix.trace.TraceConfigKeys;

/**
 * One checkpoint written by the real IOR ({@link MixKeys#IOR_DRIVER} = native:PATH): the binary under mpirun with as
 * many ranks as the mix has, on the local path of the file system under test, traced by the LD_PRELOAD library into the
 * phase's trace directory when the phase is traced. IOR's own report is kept in the results directory. Cancelling ends
 * mpirun and its ranks.
 */
final class NativeIorWorkload implements Workload {

  /** Directory of the results that holds each phase's IOR report, {@code PHASE.txt}. */
  static final String OUTPUT_DIR = "ior-output";

  private final Configuration conf;
  private final MixSettings settings;
  private final String dir;
  private final Path localDir;
  private final List<String> flags;
  private final NativeIor ior;

  NativeIorWorkload(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir) {
    this.conf = conf;
    this.settings = settings;
    this.dir = dir;
    this.localDir = localPath(conf, dir);
    this.flags = flags(settings, pattern, segments, localDir);
    this.ior = new NativeIor(conf);
  }

  /** The real IOR's flags: write only, one iteration, the mix's sizes and pattern, POSIX unless the flags name an API. */
  static List<String> flags(MixSettings settings, IorPattern pattern, int segments, Path localDir) {
    List<String> f = new ArrayList<>();
    if (!settings.iorFlags().contains("-a")) {
      f.addAll(List.of("-a", "POSIX"));
    }
    f.addAll(List.of("-w", "-i", "1", "-b", Long.toString(settings.iorBlock()), "-t",
        Long.toString(settings.iorTransfer()), "-s", Integer.toString(segments), "-o",
        localDir.resolve("checkpoint").toString()));
    if (pattern == IorPattern.N_TO_N) {
      f.add("-F");
    }
    f.addAll(settings.iorFlags());
    return f;
  }

  /**
   * The local path of {@code dir} on the file system {@code conf} names: beneath the POSIX backend's root for pfs, the
   * path itself for file:. MixSettings admits only those file systems with the real IOR.
   */
  static Path localPath(Configuration conf, String dir) {
    String scheme = FileSystem.getDefaultUri(conf).getScheme();
    if ("file".equals(scheme)) {
      return Path.of(dir);
    }
    String root = conf.get(PfsConfigKeys.POSIX_ROOT);
    if (!PfsConfigKeys.SCHEME.equals(scheme) || root == null
        || !conf.get(PfsConfigKeys.BACKEND, PfsConfigKeys.BACKEND_DEFAULT).equals(PfsConfigKeys.BACKEND_DEFAULT)) {
      throw new IllegalStateException("a program run unmodified needs a local path, and "
          + FileSystem.getDefaultUri(conf)
          + " (backend " + conf.get(PfsConfigKeys.BACKEND, PfsConfigKeys.BACKEND_DEFAULT) + ") has none");
    }
    return Path.of(root, dir.replaceAll("^/+", ""));
  }

  /**
   * Makes {@code dir} through the file system, which keeps it beneath its root (an unmodified program's POSIX open
   * makes files, not directories), and refuses to let {@code program} run there when its real path leads outside the
   * root through a link: such a program is not jailed as the shim's calls are.
   */
  static void makeLocalDir(Configuration conf, String dir, Path localDir, String program) throws IOException {
    FileSystem.get(conf).mkdirs(new org.apache.hadoop.fs.Path(dir));
    Path root = localRoot(conf).toRealPath();
    if (!localDir.toRealPath().startsWith(root)) {
      throw new IOException(dir + " leads outside the file system's root " + root + " (through a link): " + program
          + " is not run there");
    }
  }

  /**
   * Whether the mix switched tracing on for this phase: unset means it did not (the key's default, true, is for a shim
   * that is wrapped already).
   */
  static boolean traced(Configuration conf) {
    return PfsConfigValues.of(conf).bool(TraceConfigKeys.ENABLED, false);
  }

  /** The local root directory the mix's paths lie under (the POSIX backend's root, or / for file:). */
  static Path localRoot(Configuration conf) {
    return "file".equals(FileSystem.getDefaultUri(conf).getScheme()) ? Path.of("/")
        : Path.of(conf.get(PfsConfigKeys.POSIX_ROOT));
  }

  @Override
  public String name() {
    return IOR;
  }

  @Override
  public WorkloadResult run() throws Exception {
    long start = WallClock.nowNs();
    makeLocalDir(conf, dir, localDir, "the real IOR");
    List<String> mpirun = new ArrayList<>(List.of("-np", Integer.toString(settings.iorRanks())));
    mpirun.addAll(settings.iorMpirunArgs());
    boolean traced = traced(conf);
    if (traced) {
      ior.traceDirectory(Path.of(conf.get(TraceConfigKeys.DESTINATION)));
    }
    Path output = settings.results().resolve(OUTPUT_DIR).resolve(new org.apache.hadoop.fs.Path(dir).getName() + ".txt");
    Files.createDirectories(output.getParent());
    IorResult result;
    try (OutputStream report = Files.newOutputStream(output)) {
      result = ior.run(settings.iorNative(), mpirun, flags, traced, report);
    }
    Map<String, Object> placement = new LinkedHashMap<>();
    placement.put("placement", "mpirun " + String.join(" ", mpirun));
    placement.put("iorOutput", settings.results().relativize(output).toString());
    return IorWorkload.result(result, settings.iorNative() + " " + String.join(" ", flags), placement, start,
        WallClock.nowNs());
  }

  @Override
  public void cancel() {
    ior.cancel();
  }
}
