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
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.Sizes;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.IorRunner;

import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * One parallel file system reached two or three ways in one run, interleaved so that load drifts hit every path alike:
 * its native client (the first access path), pfsmix's POSIX backend (pfs://) on a FUSE mount of it, and, where asked,
 * Hadoop's file:// on that mount. Each run writes a file with 4 MiB writes, reads it with 4 MiB and with 4 KiB
 * application reads, and runs IOR N-to-1 (not through file://); the summary prints medians and the ratios native / other.
 * Only the Hadoop FileSystem API is used, so the cli builds without the native backends.
 */
abstract class MountComparisonBench implements Callable<Integer> {

  private static final int WRITE_SIZE = 4 << 20;
  private static final int SMALL_READ = 4 << 10;
  private static final String[] COLUMNS = {"write MB/s", "read 4M MB/s", "read 4K MB/s", "IOR wr MiB/s", "IOR rd MiB/s"};

  /** How one path reaches the file system. */
  protected enum Access { NATIVE, PFS_ON_MOUNT, FILE_ON_MOUNT }

  /** A named access path. */
  protected record AccessPath(String label, Access access) {
  }

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "1g",
      description = "file size (default: ${DEFAULT-VALUE})")
  String size;

  @Option(names = {"-r", "--repetitions"}, paramLabel = "N", defaultValue = "3",
      description = "runs per access path (default: ${DEFAULT-VALUE})")
  int repetitions;

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = "/pfsmix-bench",
      description = "directory inside the file system for the files (default: ${DEFAULT-VALUE})")
  String directory;

  @Option(names = "--ior", paramLabel = "FLAGS", defaultValue = "-N 4 -b 64m -t 1m",
      description = "IOR N-to-1 run on the native and the pfs path after the file tests, with these flags (the "
          + "benchmark adds -a HADOOP -w -r -W -R -o); 'none' skips it (default: '${DEFAULT-VALUE}')")
  String iorFlags;

  @Option(names = "-D", paramLabel = "KEY=VALUE", description = "a configuration setting for all paths")
  Map<String, String> settings = new LinkedHashMap<>();

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  /** The FUSE mount point; made by {@link #call()}. */
  protected Path mountPoint;

  /** The file system's name in messages ("ceph", "orangefs"). */
  protected abstract String fileSystemName();

  /** The native client's URI, e.g. ceph:///. */
  protected abstract URI nativeUri();

  /** The access paths in print order, the native one first. */
  protected abstract List<AccessPath> accessPaths();

  /** Checks what the run needs and sets the native client's keys on {@code base}; returns a line describing it. */
  protected abstract String configure(Configuration base) throws IOException;

  /** The command that mounts the file system at {@link #mountPoint}, and what it needs (for the error). */
  protected abstract List<String> mountCommand();

  protected abstract String mountNeeds();

  /** Whether mount-based reads need a fresh mount to start cold (client-side caching). */
  protected abstract boolean remountForColdReads();

  @Override
  public Integer call() throws Exception {
    long bytes = UserErrorHandler.checkFlags(spec, () -> Sizes.positive("--size", size));
    if (repetitions <= 0) {
      throw new ParameterException(spec.commandLine(), "--repetitions must be positive, is " + repetitions);
    }
    if (!directory.startsWith("/")) {
      throw new ParameterException(spec.commandLine(), "--dir must be an absolute path inside the file system, is '"
          + directory + "'");
    }
    IorOptions ior = iorFlags == null || iorFlags.isBlank() || iorFlags.trim().equals("none") ? null
        : iorOptions("/probe");
    Configuration base = new Configuration();
    try {
      FileSystem.getFileSystemClass(nativeUri().getScheme(), base);
    } catch (IOException e) {
      throw new IOException(nativeUri().getScheme() + ":// is not on the classpath: see docs/" + fileSystemName()
          + ".md for what its backend needs to be built", e);
    }
    String described = configure(base);
    settings.forEach(base::set);
    base.setBoolean("fs." + nativeUri().getScheme() + ".impl.disable.cache", true);
    base.setBoolean(PfsConfigKeys.DISABLE_CACHE, true);
    mountPoint = Files.createTempDirectory("pfsmix-" + fileSystemName() + "-fuse");
    System.out.printf(Locale.ROOT, "pfsmix bench %s: %d bytes per file, %d MiB writes, 4 MiB and %d KiB reads%s, %d "
        + "runs per path, %s, FUSE mount at %s%n", fileSystemName(), bytes, WRITE_SIZE >> 20, SMALL_READ >> 10,
        ior == null ? "" : ", IOR " + iorFlags.trim(), repetitions, described, mountPoint);
    Map<String, List<double[]>> results = new LinkedHashMap<>();
    try {
      mount();
      Files.createDirectories(mountPoint.resolve(directory.substring(1)));
      for (int run = 1; run <= repetitions; run++) {
        for (AccessPath path : accessPaths()) {
          double[] measured = measure(path, base, bytes, ior != null);
          results.computeIfAbsent(path.label(), k -> new ArrayList<>()).add(measured);
          StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "run %d  %-30s", run, path.label()));
          for (int column = 0; column < measured.length; column++) {
            if (!Double.isNaN(measured[column])) {
              line.append(String.format(Locale.ROOT, "  %s %8.1f", COLUMNS[column], measured[column]));
            }
          }
          System.out.println(line);
        }
      }
    } finally {
      unmount();
      Files.deleteIfExists(mountPoint);
    }
    printSummary(results);
    return 0;
  }

  private void printSummary(Map<String, List<double[]>> results) {
    System.out.println();
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-30s", "median of " + repetitions));
    Map<String, double[]> medians = new LinkedHashMap<>();
    results.forEach((label, runs) -> {
      double[] median = new double[COLUMNS.length];
      for (int column = 0; column < median.length; column++) {
        median[column] = median(runs, column);
      }
      medians.put(label, median);
    });
    double[] nativeMedian = medians.values().iterator().next();
    for (int column = 0; column < COLUMNS.length; column++) {
      if (!Double.isNaN(nativeMedian[column])) {
        header.append(String.format(Locale.ROOT, " %13s", COLUMNS[column]));
      }
    }
    System.out.println(header);
    medians.forEach((label, median) -> {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-30s", label));
      for (int column = 0; column < COLUMNS.length; column++) {
        if (!Double.isNaN(nativeMedian[column])) {
          line.append(Double.isNaN(median[column]) ? String.format(Locale.ROOT, " %13s", "-")
              : String.format(Locale.ROOT, " %13.1f", median[column]));
        }
      }
      System.out.println(line);
    });
    medians.entrySet().stream().skip(1).forEach(other -> {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "ratio native / %-22s", other.getKey()));
      for (int column = 0; column < COLUMNS.length; column++) {
        if (!Double.isNaN(nativeMedian[column]) && !Double.isNaN(other.getValue()[column])) {
          line.append(String.format(Locale.ROOT, "  %s %.2f", COLUMNS[column].replace(" MB/s", "")
              .replace(" MiB/s", ""), nativeMedian[column] / other.getValue()[column]));
        }
      }
      System.out.println(line);
    });
  }

  /** MB/s of write, 4 MiB reads, 4 KiB reads, then IOR's write and read MiB/s (NaN where not run). */
  private double[] measure(AccessPath path, Configuration base, long bytes, boolean withIor) throws Exception {
    byte[] buffer = new byte[WRITE_SIZE];
    new Random(7).nextBytes(buffer);
    String name = directory + "/bench-" + path.label().replaceAll("[^a-z]+", "-") + ".bin";
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(location(path, name));
    double[] measured = new double[COLUMNS.length];
    Arrays.fill(measured, Double.NaN);
    long start = System.nanoTime();
    try (FileSystem fs = open(path, base); FSDataOutputStream out = fs.create(file, true)) {
      for (long written = 0; written < bytes; written += WRITE_SIZE) {
        out.write(buffer, 0, (int) Math.min(WRITE_SIZE, bytes - written));
      }
      // durable on every path before the clock stops
      out.hsync();
    }
    measured[0] = bytes / 1e6 / ((System.nanoTime() - start) / 1e9);
    measured[1] = read(path, base, file, bytes, WRITE_SIZE);
    measured[2] = read(path, base, file, bytes, SMALL_READ);
    try (FileSystem fs = open(path, base)) {
      fs.delete(file, false);
    }
    if (withIor && path.access() != Access.FILE_ON_MOUNT) {
      String target = location(path, directory + "/ior-" + path.label().replaceAll("[^a-z]+", "-"));
      Configuration conf = new Configuration(path.access() == Access.PFS_ON_MOUNT ? onMount(base) : base);
      // IOR takes its file system from Hadoop's cache and leaves it open; closing the cache afterwards releases it
      // (an open pfs instance holds the mount's root directory, and the mount could not be unmounted)
      conf.setBoolean("fs." + new URI(target).getScheme() + ".impl.disable.cache", false);
      IorResult result;
      try {
        result = IorRunner.run(conf, iorOptions(target));
      } finally {
        FileSystem.closeAll();
      }
      measured[3] = result.summary("write").meanMiB();
      measured[4] = result.summary("read").meanMiB();
    }
    return measured;
  }

  private double read(AccessPath path, Configuration base, org.apache.hadoop.fs.Path file, long bytes, int readSize)
      throws IOException, InterruptedException {
    if (path.access() != Access.NATIVE && remountForColdReads()) {
      unmount();
      mount();
    }
    long read = 0;
    byte[] chunk = new byte[readSize];
    long start = System.nanoTime();
    // a new client instance per read: no client-side cache carries over from the write or the other read
    try (FileSystem fs = open(path, base); FSDataInputStream in = fs.open(file)) {
      int n;
      while ((n = in.read(chunk, 0, readSize)) > 0) {
        read += n;
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    if (read != bytes) {
      throw new IOException(path.label() + ": read back " + read + " of " + bytes + " bytes of " + file);
    }
    return bytes / 1e6 / seconds;
  }

  private IorOptions iorOptions(String target) {
    List<String> args = new ArrayList<>(List.of(iorFlags.trim().split("\\s+")));
    args.addAll(List.of("-a", IorOptions.API_HADOOP, "-w", "-r", "-W", "-R", "-o", target));
    try {
      return IorOptions.parse(args.toArray(String[]::new));
    } catch (RuntimeException e) {
      throw new ParameterException(spec.commandLine(), "--ior: " + e.getMessage());
    }
  }

  private FileSystem open(AccessPath path, Configuration base) throws IOException {
    return switch (path.access()) {
      case NATIVE -> FileSystem.newInstance(nativeUri(), base);
      case PFS_ON_MOUNT -> FileSystem.newInstance(URI.create("pfs:///"), onMount(base));
      case FILE_ON_MOUNT -> {
        // the raw local file system: no checksum files beside the data, 4 KiB reads reach the mount as they are
        RawLocalFileSystem raw = new RawLocalFileSystem();
        raw.initialize(URI.create("file:///"), base);
        yield raw;
      }
    };
  }

  private Configuration onMount(Configuration base) {
    Configuration posix = new Configuration(base);
    posix.set(PfsConfigKeys.BACKEND, "posix");
    posix.set(PfsConfigKeys.POSIX_ROOT, mountPoint.toString());
    return posix;
  }

  private String location(AccessPath path, String name) {
    return switch (path.access()) {
      case NATIVE -> nativeUri().getScheme() + "://" + name;
      case PFS_ON_MOUNT -> "pfs://" + name;
      case FILE_ON_MOUNT -> "file://" + mountPoint + name;
    };
  }

  private void mount() throws IOException, InterruptedException {
    run(mountCommand(), mountNeeds());
  }

  private void unmount() throws IOException, InterruptedException {
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
