package io.pfsmix.mix;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.LocalPorts;
import io.pfsmix.fs.OptionalBackendKeys;
import io.pfsmix.fs.PfsAbstractFileSystem;
import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.fs.PfsSystemDefaults;
import io.pfsmix.fs.posix.PosixBackendFactory;
import io.pfsmix.minicluster.InProcessClusters;

/**
 * The file system and job runner of one part of a mix, started on request (MiniDFSCluster, MiniMRYarnCluster, the local
 * Ceph cluster) and stopped at close. {@link #conf()} is the configuration every phase derives from.
 */
final class MixEnvironment implements AutoCloseable {

  private final Configuration conf;
  private final Map<String, String> description = new LinkedHashMap<>();
  /** The directory of the local storage cluster this environment started, whose servers run here; null if none. */
  private Path clusterDir;
  /** What close() undoes, in reverse order of starting. */
  private final List<Stop> toStop = new ArrayList<>();

  private record Stop(String what, AutoCloseable action) {
  }

  private MixEnvironment(Configuration conf) {
    this.conf = conf;
  }

  Configuration conf() {
    return conf;
  }

  /** The local storage cluster's directory, named in its server processes' command lines ({@link CpuUse}), or null. */
  Path clusterDir() {
    return clusterDir;
  }

  /** What was actually used, for the results. */
  Map<String, String> description() {
    return description;
  }

  static MixEnvironment start(FileSystemSpec fs, JobsSpec jobs, MixSettings settings, Path workDir, Progress progress)
      throws Exception {
    Configuration conf = new Configuration();
    if (jobs.kind() == JobsSpec.Kind.CLUSTER) {
      for (String site : List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml")) {
        Path file = jobs.confDir().resolve(site);
        if (Files.isRegularFile(file)) {
          conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
        }
      }
    }
    settings.hadoop().forEach(conf::set);
    // cached instances are keyed by scheme, not configuration: one made earlier in this JVM (another root, another
    // backend) would stand in for this environment's
    FileSystem.closeAll();
    MixEnvironment env = new MixEnvironment(conf);
    try {
      env.startFileSystem(fs, workDir, progress);
      // stopped in reverse: after the jobs' cluster, whose services open file systems as they stop, and before the file
      // system's own cluster, whose clients hang on unmount once it is gone
      env.toStop.add(new Stop("closing the file systems", FileSystem::closeAll));
      env.startJobs(jobs, settings, workDir, progress);
      FileSystem.get(conf).mkdirs(new org.apache.hadoop.fs.Path(settings.dir()));
      return env;
    } catch (Exception | Error e) {
      env.close();
      throw e;
    }
  }

  private void startFileSystem(FileSystemSpec fs, Path workDir, Progress progress) throws Exception {
    // YARN's job client and node managers reach the staging directory through FileContext
    conf.set("fs.AbstractFileSystem." + PfsConfigKeys.SCHEME + ".impl", PfsAbstractFileSystem.class.getName());
    switch (fs.kind()) {
      case EMBEDDED_PFS -> {
        conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "pfs:///");
        // spelled out, so that YARN's containers, which lack this JVM's pfsmix.home, find the same root; a configured
        // root must exist, where the embedded one is made on demand
        Path root = Files.createDirectories(PosixBackendFactory.embeddedRoot());
        conf.set(PfsConfigKeys.POSIX_ROOT, root.toString());
        description.put("file system", "pfs:/// on its embedded directory");
        describeDevice(root);
      }
      case MOUNTED_PFS -> {
        conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "pfs:///");
        conf.set(PfsConfigKeys.POSIX_ROOT, fs.mountDir().toString());
        description.put("file system", "pfs:/// over " + fs.mountDir());
        describeDevice(fs.mountDir());
      }
      case CEPH -> startCeph(progress);
      case ORANGEFS -> startOrangefs(progress);
      case QFS -> startQfs(progress);
      case MINI_HDFS -> {
        progress.say("starting an in-process HDFS (MiniDFSCluster)");
        InProcessClusters.Running hdfs = InProcessClusters.hdfs(conf, workDir.resolve("hdfs"));
        toStop.add(new Stop("stopping the in-process HDFS", hdfs.stop()));
        conf.set(FileSystem.FS_DEFAULT_NAME_KEY, hdfs.clientConf().get(FileSystem.FS_DEFAULT_NAME_KEY));
        description.put("file system", hdfs.description());
      }
      case URI -> {
        conf.set(FileSystem.FS_DEFAULT_NAME_KEY, fs.uri().toString());
        description.put("file system", fs.uri().toString());
      }
    }
  }

  /**
   * Records whether the storage's directory is on the device that holds the jobs' own local files (Hadoop's
   * hadoop.tmp.dir): a flush of the storage then holds up their start-up, which `pfsmix predict` models; it reads this
   * key and value (Predictor.CLIENT_DISK_KEY, docs/predict.md).
   */
  private void describeDevice(Path storage) throws IOException {
    Path local = Path.of(conf.get("hadoop.tmp.dir"));
    boolean shared = device(storage).equals(device(local));
    description.put("storage device", (shared ? "shared with" : "separate from") + " hadoop.tmp.dir (" + local + ")");
  }

  /** The device of a path, or of its nearest existing ancestor (Hadoop makes its directories on demand). */
  private static Object device(Path path) throws IOException {
    Path p = path.toAbsolutePath();
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IOException("no existing directory on the way to " + path);
    }
    return Files.getAttribute(p, "unix:dev");
  }

  private void startCeph(Progress progress) throws Exception {
    Map<String, String> out = startLocalCluster("ceph", "scripts/ceph-cluster.sh", 1, progress);
    String cephConf = required(out, "conf", "ceph");
    // fs-ceph is built only where Ceph is installed: its keys' names come from fs-shim, the backend at run time
    conf.set(PfsConfigKeys.BACKEND, OptionalBackendKeys.Ceph.BACKEND_NAME);
    conf.set(OptionalBackendKeys.Ceph.CONF_FILE, cephConf);
    conf.set(OptionalBackendKeys.Ceph.ROOT_DIR, "/pfsmix");
    description.put("file system", "pfs:/// over CephFS (libcephfs), cluster conf " + cephConf);
  }

  private void startOrangefs(Progress progress) throws Exception {
    Map<String, String> out = startLocalCluster("orangefs", "scripts/orangefs-cluster.sh", 1, progress);
    String server = required(out, "server", "orangefs");
    conf.set(PfsConfigKeys.BACKEND, OptionalBackendKeys.Orangefs.BACKEND_NAME);
    conf.set(OptionalBackendKeys.Orangefs.SERVER, server);
    conf.set(OptionalBackendKeys.Orangefs.ROOT, "/pfsmix");
    description.put("file system", "pfs:/// over OrangeFS (its client library), servers " + server);
    // the binding's lock (docs/orangefs.md), which `pfsmix predict` models from this entry (Predictor.CLIENT_CALLS_KEY)
    description.put("client calls", "one at a time per process (the binding serializes calls into OrangeFS's client"
        + " library)");
    // the backend's own walk of a path (OrangefsRoot.resolve), which the prediction replays as that many turns
    // (Predictor.CALLS_PER_PATH_COMPONENT_KEY)
    description.put("client calls per path component", "2 (the backend resolves a path itself: a lookup and a getattr"
        + " per component)");
  }

  private void startQfs(Progress progress) throws Exception {
    // the metaserver's client and chunkserver ports, then the chunkservers' port
    Map<String, String> out = startLocalCluster("qfs", "scripts/qfs-cluster.sh", 3, progress);
    String metaserver = required(out, "meta", "qfs");
    conf.set(PfsConfigKeys.BACKEND, OptionalBackendKeys.Qfs.BACKEND_NAME);
    conf.set(OptionalBackendKeys.Qfs.METASERVER, metaserver);
    conf.set(OptionalBackendKeys.Qfs.ROOT, "/pfsmix");
    description.put("file system", "pfs:/// over QFS (its C++ client), metaserver " + metaserver);
  }

  /**
   * Starts a file system with one of the project's cluster scripts in a directory and on ports of its own (a base port
   * and the {@code ports - 1} after it), so that it never clashes with another on this machine, and registers its
   * stop; returns the "key value" lines `up` printed.
   */
  private Map<String, String> startLocalCluster(String name, String scriptPath, int ports, Progress progress)
      throws Exception {
    Path script = PfsmixHome.path().resolve(scriptPath);
    if (!Files.isExecutable(script)) {
      throw new IllegalStateException(name + ": " + script + " not found or not executable");
    }
    // a short path: a Ceph cluster's admin sockets must fit a Unix socket name (108 bytes)
    Path dir = Files.createTempDirectory("pfsmix-" + name + "-");
    progress.say("starting the local " + name + " file system (" + script + " up --dir " + dir + ")");
    int port = LocalPorts.free(ports);
    toStop.add(new Stop("stopping the local " + name + " file system",
        () -> runScript(script, "down", "--dir", dir.toString())));
    Map<String, String> out = runScript(script, "up", "--dir", dir.toString(), "--port", Integer.toString(port));
    clusterDir = dir;
    conf.set(FileSystem.FS_DEFAULT_NAME_KEY, "pfs:///");
    return out;
  }

  private static String required(Map<String, String> scriptOutput, String key, String name) {
    String value = scriptOutput.get(key);
    if (value == null) {
      throw new IllegalStateException(name + ": the cluster script's up printed no '" + key + "' line");
    }
    return value;
  }

  /** Runs a cluster script, returning its "key value" output lines; a failure carries the script's stderr. */
  private static Map<String, String> runScript(Path script, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(script.toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    Map<String, String> lines = new LinkedHashMap<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        int space = line.indexOf(' ');
        if (space > 0) {
          lines.put(line.substring(0, space), line.substring(space + 1).trim());
        }
      }
    }
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IOException(script + " " + String.join(" ", args) + " did not finish within 5 minutes");
    }
    if (process.exitValue() != 0) {
      throw new IOException(script + " " + String.join(" ", args) + " failed with exit code " + process.exitValue());
    }
    return lines;
  }

  private void startJobs(JobsSpec jobs, MixSettings settings, Path workDir, Progress progress) throws Exception {
    switch (jobs.kind()) {
      case LOCAL -> {
        conf.set("mapreduce.framework.name", "local");
        description.put("jobs", "Hadoop LocalJobRunner, in this JVM");
      }
      case MINI_YARN -> {
        progress.say("starting an in-process YARN cluster (MiniMRYarnCluster)");
        Configuration yarnConf = new Configuration(conf);
        MiniYarnCapacity capacity = MiniYarnCapacity.apply(yarnConf, settings.iorYarnTasks());
        exposeFileSystemToNodeManager();
        InProcessClusters.Running yarn = InProcessClusters.yarn("pfsmix-mix", yarnConf, workDir);
        toStop.add(new Stop("stopping the in-process YARN cluster", yarn.stop()));
        for (Map.Entry<String, String> e : yarn.clientConf()) {
          conf.set(e.getKey(), e.getValue());
        }
        description.put("jobs", "in-process YARN (" + yarn.description() + " of " + capacity.describe() + ")");
      }
      case CLUSTER -> description.put("jobs", "cluster configured by " + jobs.confDir());
    }
  }

  /**
   * The node manager's localizer reads job files through a Configuration of its own, built from the classpath alone; a
   * real node has the file system's keys in its core-site.xml, this in-process one gets them as system properties
   * (PfsSystemDefaults) for as long as the cluster runs.
   */
  private void exposeFileSystemToNodeManager() {
    Map<String, String> previous = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : conf.getPropsWithPrefix(PfsSystemDefaults.PREFIX).entrySet()) {
      String key = PfsSystemDefaults.PREFIX + e.getKey();
      previous.put(key, System.setProperty(key, conf.get(key)));
    }
    toStop.add(new Stop("restoring system properties", () -> previous.forEach((key, value) -> {
      if (value == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, value);
      }
    })));
  }

  @Override
  public void close() {
    for (int i = toStop.size() - 1; i >= 0; i--) {
      try {
        toStop.get(i).action().close();
      } catch (Exception e) {
        System.err.println("mix: " + toStop.get(i).what() + " failed: " + e.getMessage());
      }
    }
    toStop.clear();
  }
}
