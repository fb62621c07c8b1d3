package io.pfsmix.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;

import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.fs.Sizes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The CephFS access paths side by side in one run: libcephfs through ceph:// (the native backend), the POSIX backend
 * (pfs://) on a ceph-fuse mount, and Hadoop's file:// on that mount. Uses only the Hadoop FileSystem API, so the cli
 * builds without Ceph; ceph:// must be on the classpath (fs-ceph) when it runs.
 */
@Command(name = "ceph", mixinStandardHelpOptions = true,
    header = "Native libcephfs vs ceph-fuse + POSIX backend vs file:// on the mount.",
    description = {"Write a file with 4 MiB writes (then hsync) and read it back with 4 KiB application reads through ceph:// "
        + "(libcephfs), pfs:// (POSIX backend) on a ceph-fuse mount, and file:// on that mount; repeat, interleaved, "
        + "and print the median MB/s and the ratios native/other.",
        "Caches are cold for every read: a new libcephfs mount, a fresh ceph-fuse mount. Needs a running cluster "
            + "(./pfsmix ceph up --store bluestore) and root for ceph-fuse."})
final class CephBenchCommand implements Callable<Integer> {

  private static final int WRITE_SIZE = 4 << 20;
  private static final int READ_SIZE = 4 << 10;

  @Option(names = "--conf", paramLabel = "CEPH_CONF", description = "the cluster's ceph.conf. Default: the one of "
      + "./pfsmix ceph up ($PFSMIX_CEPH_DIR or <pfsmix home>/var/ceph)")
  Path cephConf;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "1g",
      description = "file size (default: ${DEFAULT-VALUE})")
  String size;

  @Option(names = {"-r", "--repetitions"}, paramLabel = "N", defaultValue = "3",
      description = "runs per access path (default: ${DEFAULT-VALUE})")
  int repetitions;

  @Option(names = "--dir", paramLabel = "CEPHFS_DIR", defaultValue = "/pfsmix-bench",
      description = "directory inside CephFS for the files (default: ${DEFAULT-VALUE})")
  String directory;

  @Option(names = "-D", paramLabel = "KEY=VALUE", description = "a configuration setting for all paths, e.g. "
      + "-D fs.pfs.cephfs.stripe.count=16 -D fs.pfs.cephfs.stripe.unit=4m")
  Map<String, String> settings = new LinkedHashMap<>();

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  private Path mountPoint;

  @Override
  public Integer call() throws Exception {
    long bytes = Sizes.positive("--size", size);
    if (repetitions <= 0) {
      throw new ParameterException(spec.commandLine(), "--repetitions must be positive, is " + repetitions);
    }
    Path conf = cephConf != null ? cephConf : PfsmixHome.cephConf();
    if (!Files.isReadable(conf)) {
      throw new IOException("no ceph.conf at " + conf + ": start a cluster with ./pfsmix ceph up, or pass --conf");
    }
    Configuration base = new Configuration();
    try {
      FileSystem.getFileSystemClass("ceph", base);
    } catch (IOException e) {
      throw new IOException("ceph:// is not on the classpath: build with libcephfs's headers installed (Debian "
          + "package libcephfs-dev)", e);
    }
    base.set("fs.pfs.cephfs.conf.file", conf.toString());
    settings.forEach(base::set);
    base.setBoolean("fs.ceph.impl.disable.cache", true);
    base.setBoolean("fs.pfs.impl.disable.cache", true);
    mountPoint = Files.createTempDirectory("pfsmix-ceph-fuse");
    System.out.printf(Locale.ROOT, "pfsmix bench ceph: %d bytes per file, %d MiB writes, %d KiB reads, %d runs per "
        + "path, cluster %s, ceph-fuse at %s%n", bytes, WRITE_SIZE >> 20, READ_SIZE >> 10, repetitions, conf,
        mountPoint);
    Map<String, List<double[]>> results = new LinkedHashMap<>();
    try {
      mountFuse(conf);
      Files.createDirectories(mountPoint.resolve(directory.substring(1)));
      for (int run = 1; run <= repetitions; run++) {
        for (String path : List.of("ceph:// (libcephfs)", "pfs:// posix on ceph-fuse", "file:// on ceph-fuse")) {
          double[] mbPerSecond = measure(path, base, conf, bytes);
          results.computeIfAbsent(path, k -> new ArrayList<>()).add(mbPerSecond);
          System.out.printf(Locale.ROOT, "run %d  %-28s write %8.1f MB/s  read %8.1f MB/s%n", run, path,
              mbPerSecond[0], mbPerSecond[1]);
        }
      }
    } finally {
      unmountFuse();
      Files.deleteIfExists(mountPoint);
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "%-28s %14s %14s%n", "median of " + repetitions, "write MB/s", "read MB/s");
    Map<String, double[]> medians = new LinkedHashMap<>();
    for (Map.Entry<String, List<double[]>> entry : results.entrySet()) {
      double[] median = {median(entry.getValue(), 0), median(entry.getValue(), 1)};
      medians.put(entry.getKey(), median);
      System.out.printf(Locale.ROOT, "%-28s %14.1f %14.1f%n", entry.getKey(), median[0], median[1]);
    }
    double[] nativeMedian = medians.values().iterator().next();
    medians.entrySet().stream().skip(1).forEach(other -> System.out.printf(Locale.ROOT,
        "ratio native / %-20s write %.2f  read %.2f%n", other.getKey(), nativeMedian[0] / other.getValue()[0],
        nativeMedian[1] / other.getValue()[1]));
    return 0;
  }

  /** {write MB/s, read MB/s} of one file through one access path; the file is deleted afterwards. */
  private double[] measure(String accessPath, Configuration base, Path conf, long bytes) throws IOException,
      InterruptedException {
    byte[] buffer = new byte[WRITE_SIZE];
    new java.util.Random(7).nextBytes(buffer);
    String name = directory + "/bench-" + accessPath.replaceAll("[^a-z]+", "-") + ".bin";
    long start = System.nanoTime();
    try (FileSystem fs = open(accessPath, base); FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(
        location(accessPath, name)), true)) {
      for (long written = 0; written < bytes; written += WRITE_SIZE) {
        out.write(buffer, 0, (int) Math.min(WRITE_SIZE, bytes - written));
      }
      // durable on every path before the clock stops (the native close syncs anyway)
      out.hsync();
    }
    double writeSeconds = (System.nanoTime() - start) / 1e9;
    // cold caches: the native read gets a new libcephfs mount below, the mount-based paths a fresh ceph-fuse
    if (!accessPath.startsWith("ceph:")) {
      unmountFuse();
      mountFuse(conf);
    }
    long read = 0;
    byte[] small = new byte[READ_SIZE];
    start = System.nanoTime();
    try (FileSystem fs = open(accessPath, base);
        FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(location(accessPath, name)))) {
      int n;
      while ((n = in.read(small, 0, READ_SIZE)) > 0) {
        read += n;
      }
    }
    double readSeconds = (System.nanoTime() - start) / 1e9;
    if (read != bytes) {
      throw new IOException(accessPath + ": read back " + read + " of " + bytes + " bytes of " + name);
    }
    try (FileSystem fs = open(accessPath, base)) {
      fs.delete(new org.apache.hadoop.fs.Path(location(accessPath, name)), false);
    }
    return new double[] {bytes / 1e6 / writeSeconds, bytes / 1e6 / readSeconds};
  }

  private FileSystem open(String accessPath, Configuration base) throws IOException {
    if (accessPath.startsWith("ceph:")) {
      return FileSystem.newInstance(URI.create("ceph:///"), base);
    }
    if (accessPath.startsWith("pfs:")) {
      Configuration posix = new Configuration(base);
      posix.set("fs.pfs.backend", "posix");
      posix.set("fs.pfs.posix.root", mountPoint.toString());
      return FileSystem.newInstance(URI.create("pfs:///"), posix);
    }
    // the raw local file system: no checksum files beside the data, 4 KiB reads reach ceph-fuse as they are
    RawLocalFileSystem raw = new RawLocalFileSystem();
    raw.initialize(URI.create("file:///"), base);
    return raw;
  }

  private String location(String accessPath, String name) {
    return accessPath.startsWith("file:") ? "file://" + mountPoint + name : name;
  }

  private void mountFuse(Path conf) throws IOException, InterruptedException {
    run(List.of("ceph-fuse", "--conf", conf.toString(), mountPoint.toString()), "ceph-fuse (Debian package ceph-fuse; "
        + "needs root and /dev/fuse)");
  }

  private void unmountFuse() throws IOException, InterruptedException {
    if (Files.isDirectory(mountPoint) && Files.readAllLines(Path.of("/proc/mounts")).stream()
        .anyMatch(line -> line.split(" ")[1].equals(mountPoint.toString()))) {
      run(List.of("umount", mountPoint.toString()), "umount");
    }
  }

  private static void run(List<String> command, String what) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed (" + what + "): " + new String(output).trim());
    }
  }

  private static double median(List<double[]> runs, int column) {
    double[] values = runs.stream().mapToDouble(run -> run[column]).toArray();
    Arrays.sort(values);
    return values.length % 2 == 1 ? values[values.length / 2]
        : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
  }
}
