package io.pfsmix.mix;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time this machine spent during a phase, from Linux's /proc: every core's busy time (/proc/stat), this JVM's, and
 * that of the local storage cluster's server processes (those whose command line names the cluster's directory: Ceph's
 * daemons, OrangeFS's and QFS's servers as the project's scripts start them). Where the servers share the workloads'
 * cores, what the machine spends beside the workloads' calls is part of what a mix contends for; `pfsmix predict`
 * calibrates it from the alone phases (docs/predict.md).
 *
 * @param machineSeconds busy CPU seconds of all cores (user, nice, system, irq, softirq, steal)
 * @param mixProcessSeconds CPU seconds of this JVM, whose threads run the in-process workloads and file system clients
 * @param storageSeconds CPU seconds of the local storage's server processes, or null when the storage has none here
 */
public record CpuUse(double machineSeconds, double mixProcessSeconds, Double storageSeconds) {

  /** Kernel clock ticks per second in /proc's CPU times: USER_HZ, 100 on the architectures Java runs on. */
  private static final double TICKS_PER_SECOND = 100;
  private static final Path PROC = Path.of("/proc");

  /** The counters at one instant. */
  record Snapshot(long machineTicks, long processNs, long storageTicks) {
  }

  /**
   * Reads the counters now; storageDir names the local cluster's directory (null: no server processes here). Null where
   * /proc is not Linux's.
   */
  static Snapshot take(Path storageDir) {
    try {
      long machine = machineBusyTicks();
      long process = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
          .getProcessCpuTime();
      return new Snapshot(machine, process, storageDir == null ? -1 : ticksOfProcessesNaming(storageDir.toString()));
    } catch (IOException | RuntimeException e) {
      return null; // not Linux, or /proc unreadable: the phase records no CPU use
    }
  }

  /** Use between two snapshots, or null when either is missing. */
  static CpuUse between(Snapshot start, Snapshot end) {
    if (start == null || end == null) {
      return null;
    }
    return new CpuUse((end.machineTicks - start.machineTicks) / TICKS_PER_SECOND,
        (end.processNs - start.processNs) / 1e9,
        start.storageTicks < 0 ? null : Math.max(0, end.storageTicks - start.storageTicks) / TICKS_PER_SECOND);
  }

  private static long machineBusyTicks() throws IOException {
    String first = Files.readAllLines(PROC.resolve("stat"), StandardCharsets.US_ASCII).get(0);
    String[] f = first.trim().split("\\s+");
    if (!f[0].equals("cpu") || f.length < 9) {
      throw new IOException("unexpected first line of /proc/stat: " + first);
    }
    // user nice system idle iowait irq softirq steal (guest time is inside user's)
    long busy = 0;
    for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
      busy += Long.parseLong(f[i]);
    }
    return busy;
  }

  /** utime + stime of every process whose command line contains the text; processes that vanish are skipped. */
  private static long ticksOfProcessesNaming(String text) throws IOException {
    // compared byte for byte: Latin-1 decodes any command line, and the text's UTF-8 bytes the same way
    String bytes = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    long ticks = 0;
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
      for (Path pid : pids) {
        try {
          // the arguments, NUL-separated
          if (!Files.readString(pid.resolve("cmdline"), StandardCharsets.ISO_8859_1).contains(bytes)) {
            continue;
          }
          String stat = Files.readString(pid.resolve("stat"), StandardCharsets.UTF_8);
          // fields after the command name, which may hold spaces and parentheses: state is the first
          String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          ticks += Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException gone) {
          // exited between the listing and the read
        }
      }
    }
    return ticks;
  }
}
