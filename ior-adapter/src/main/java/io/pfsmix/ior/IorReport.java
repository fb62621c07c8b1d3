package io.pfsmix.ior;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * IOR 4.x's report, block by block and in IOR's order: header, test start, Options, the Results table (or its JSON/CSV
 * form), per-test maxima, "Summary of all tests", Finished. Results go to {@code out} (stdout or -O summaryFile);
 * warnings go to {@code log} as IOR's out_logfile.
 */
final class IorReport {

  /**
   * The IOR release whose output this driver reproduces. Consumers compare it (JSON's Version), so it is IOR's own; the
   * Command line ("pfsmix ior ...") tells this driver's reports from IOR's.
   */
  static final String VERSION = "4.0.0";
  private static final double MIB = 1048576.0;
  private static final double MB = 1000000.0;
  private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);

  private final IorPrinter printer;
  private final PrintStream log;
  /** IOR's global verbosity, which each test of a script sets anew. */
  private int verbose;

  IorReport(PrintStream out, PrintStream log, SummaryFormat format, int verbose) {
    this.printer = new IorPrinter(out, format);
    this.log = log;
    this.verbose = verbose;
  }

  static String currentTime() {
    return ZonedDateTime.now().format(CTIME);
  }

  static String machine() {
    return System.getProperty("os.name") + " " + hostName();
  }

  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "Unknown";
    }
  }

  /** IOR's uname line: sysname and nodename, with release, version and machine from -vv on. */
  private String machineLine() {
    if (verbose < 2) {
      return machine();
    }
    String arch = System.getProperty("os.arch");
    return machine() + " " + System.getProperty("os.version") + " " + kernelVersion() + " "
        + ("amd64".equals(arch) ? "x86_64" : "aarch64".equals(arch) ? "aarch64" : arch);
  }

  /** uname's version field, which Java does not expose (Linux has it in /proc). */
  private static String kernelVersion() {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/version")).strip();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** IOR's HumanReadable(value, BASE_TWO). */
  static String humanReadable(long value) {
    long g = 1L << 30;
    long m = 1L << 20;
    if (value >= g) {
      return value % g != 0 ? String.format(Locale.ROOT, "%.2f GiB", (double) value / g) : (value / g) + " GiB";
    }
    if (value >= m) {
      return value % m != 0 ? String.format(Locale.ROOT, "%.2f MiB", (double) value / m) : (value / m) + " MiB";
    }
    return value >= 0 ? value + " bytes" : "-";
  }

  void header(List<String> argv) {
    printer.startSection();
    if (printer.isDefault()) {
      printer.out().print("IOR-" + VERSION + ": MPI Coordinated Test of Parallel I/O\n");
    } else {
      printer.keyVal("Version", VERSION);
    }
    printer.keyVal("Began", currentTime());
    printer.keyVal("Command line", String.join(" ", argv));
    printer.keyVal("Machine", machineLine());
    // IOR prints no header at all for CSV
    if (verbose >= 3 && printer.format() != SummaryFormat.CSV) {
      log.print("STARTING ENVIRON LOOP\n");
      System.getenv().forEach((key, value) -> log.print(key + "=" + value + "\n"));
      log.print("ENDING ENVIRON LOOP\n");
    }
    printer.arrayNamedStart("tests");
    printer.flush();
  }

  /** IOR's ShowTestStart. @param space what statfs reports for the first rank's test file, or null when unknown */
  void testStart(IorOptions o, FileSystemSpace space) {
    verbose = o.verbose;
    if (printer.format() == SummaryFormat.CSV) {
      return;
    }
    printer.startSection();
    printer.keyValInt("TestID", o.testId);
    printer.keyVal("StartTime", currentTime());
    if (space != null) {
      fileSystemSize(space);
    } else {
      log.print("WARNING: Backend returned error during statfs\n");
    }
    if (verbose >= 3 || printer.isJson()) {
      parameters(o);
    }
    printer.flush();
  }

  /** IOR's ShowFileSystemSize, which prints past the key/value machinery (hence JSON's odd spacing). */
  private void fileSystemSize(FileSystemSpace space) {
    double total = space.capacity();
    String unit = "GiB";
    double human = total / (1L << 30);
    if (human > 1024) {
      human = total / (1L << 40);
      unit = "TiB";
    }
    double used = (1 - (double) space.free() / total) * 100;
    double inodes = space.inodes() / (double) (1 << 20);
    double usedInodes = space.inodes() == 0 ? 0 : (1 - (double) space.freeInodes() / space.inodes()) * 100;
    if (printer.isDefault()) {
      printer.printf("%-20s: %s\n", "Path", space.file());
      printer.printf("%-20s: %.1f %s   Used FS: %2.1f%%   ", "FS", human, unit, used);
      printer.printf("Inodes: %.1f Mi   Used Inodes: %2.1f%%\n", inodes, usedInodes);
    } else {
      printer.printf("    , \"Path\": \"%s\",", space.file());
      printer.printf("\"Capacity\": \"%.1f %s\", \"Used Capacity\": \"%2.1f%%\",", human, unit, used);
      printer.printf("\"Inodes\": \"%.1f Mi\", \"Used Inodes\" : \"%2.1f%%\"\n", inodes, usedInodes);
    }
  }

  private void parameters(IorOptions o) {
    printer.namedSectionStart("Parameters");
    printer.keyValInt("testID", o.testId);
    printer.keyValInt("refnum", o.referenceNumber);
    printer.keyVal("api", o.apiName);
    printer.keyVal("platform", platform());
    printer.keyVal("testFileName", o.testFileName);
    printer.keyValInt("deadlineForStonewall", o.deadlineForStonewalling);
    printer.keyValInt("stoneWallingWearOut", bit(o.stoneWallingWearOut));
    printer.keyValInt("maxTimeDuration", o.maxTimeDuration);
    printer.keyValInt("outlierThreshold", o.outlierThreshold);
    printer.keyVal("options", "(null)");
    printer.keyValInt("dryRun", bit(o.dryRun));
    printer.keyValInt("nodes", o.effectiveNodes());
    printer.keyValInt("memoryPerTask", o.memoryPerTask);
    printer.keyValInt("memoryPerNode", o.memoryPerNode);
    printer.keyValInt("tasksPerNode", o.tasksPerNode());
    printer.keyValInt("repetitions", o.repetitions);
    printer.keyValInt("multiFile", bit(o.multiFile));
    printer.keyValInt("interTestDelay", o.interTestDelay);
    printer.keyValInt("fsync", bit(o.fsync));
    printer.keyValInt("fsyncperwrite", bit(o.fsyncPerWrite));
    printer.keyValInt("useExistingTestFile", bit(o.useExistingTestFile));
    printer.keyValInt("uniqueDir", bit(o.uniqueDir));
    printer.keyValInt("singleXferAttempt", bit(o.singleXferAttempt));
    printer.keyValInt("readFile", bit(o.readFile));
    printer.keyValInt("writeFile", bit(o.writeFile));
    printer.keyValInt("filePerProc", bit(o.filePerProc));
    printer.keyValInt("reorderTasks", o.reorderTasks);
    printer.keyValInt("reorderTasksRandom", o.reorderTasksRandom);
    printer.keyValInt("reorderTasksRandomSeed", o.reorderTasksRandomSeed);
    printer.keyValInt("randomOffset", bit(o.randomOffset));
    printer.keyValInt("checkWrite", bit(o.checkWrite));
    printer.keyValInt("checkRead", bit(o.checkRead));
    printer.keyValInt("dataPacketType", o.dataPacketType.ordinal());
    printer.keyValInt("keepFile", bit(o.keepFile));
    printer.keyValInt("keepFileWithError", bit(o.keepFileWithError));
    printer.keyValInt("warningAsErrors", bit(o.warningAsErrors));
    printer.keyValInt("verbose", o.verbose);
    // IOR labels its packet types one off ({"g","t","o","i"}[type]), so its default timestamp type prints "g"
    printer.keyVal("data packet type", String.valueOf("gtoi".charAt(o.dataPacketType.ordinal())));
    printer.keyValInt("setTimeStampSignature/incompressibleSeed", o.setTimeStampSignature);
    printer.keyValInt("collective", bit(o.collective));
    printer.keyValInt("segmentCount", o.segmentCount);
    printer.keyValInt("transferSize", o.transferSize);
    printer.keyValInt("blockSize", o.blockSize);
    printer.endSection();
  }

  /** IOR's GetPlatformName: host name without its trailing digits, then the OS. */
  private static String platform() {
    String[] machine = machine().split(" ", 2);
    String host = machine.length > 1 ? machine[1] : machine[0];
    return host.replaceAll("[0-9]+$", "") + "(" + machine[0] + ")";
  }

  /** IOR's TestIoSys preamble (to the log) and ShowSetup. */
  void setup(IorOptions o) {
    if (verbose >= 1) {
      log.printf(Locale.ROOT, "Participating tasks : %d\n", o.numTasks);
      if (o.reorderTasks == 1) {
        log.print("Using reorderTasks '-C' (useful to avoid read cache in client)\n");
      }
      log.flush();
    }
    if (printer.format() == SummaryFormat.CSV) {
      return;
    }
    if (o.debug != null) {
      log.print("\n*** DEBUG MODE ***\n*** " + o.debug + " ***\n\n");
    }
    printer.namedSectionStart("Options");
    printer.keyVal("api", o.apiName);
    printer.keyVal("apiVersion", apiVersion(o));
    printer.keyVal("test filename", o.testFileName);
    printer.keyVal("access", o.filePerProc ? "file-per-process" : "single-shared-file");
    printer.keyVal("type", o.collective ? "collective" : "independent");
    printer.keyValInt("segments", o.segmentCount);
    printer.keyVal("ordering in a file", o.randomOffset ? "random" : "sequential");
    if (o.reorderTasks == 0 && o.reorderTasksRandom == 0) {
      printer.keyVal("ordering inter file", "no tasks offsets");
    }
    if (o.reorderTasks == 1) {
      printer.keyVal("ordering inter file", "constant task offset");
      printer.keyValInt("task offset", o.taskPerNodeOffset);
    }
    if (o.reorderTasksRandom == 1) {
      printer.keyVal("ordering inter file", "random task offset");
      printer.keyValInt("task offset", o.taskPerNodeOffset);
      printer.keyValInt("reorder random seed", o.reorderTasksRandomSeed);
    }
    printer.keyValInt("nodes", o.effectiveNodes());
    printer.keyValInt("tasks", o.numTasks);
    printer.keyValInt("clients per node", o.tasksPerNode());
    if (o.memoryPerTask != 0) {
      printer.keyVal("memoryPerTask", humanReadable(o.memoryPerTask));
    }
    if (o.memoryPerNode != 0) {
      printer.keyVal("memoryPerNode", humanReadable(o.memoryPerNode));
    }
    printer.keyValInt("repetitions", o.repetitions);
    printer.keyVal("xfersize", humanReadable(o.transferSize));
    printer.keyVal("blocksize", humanReadable(o.blockSize));
    printer.keyVal("aggregate filesize", humanReadable(o.expectedAggFileSize()));
    if (o.dryRun) {
      printer.keyValInt("dryRun", 1);
    }
    if (o.verbose > 0) {
      printer.keyValInt("verbose", o.verbose);
    }
    if (o.deadlineForStonewalling > 0) {
      printer.keyValInt("stonewallingTime", o.deadlineForStonewalling);
      printer.keyValInt("stoneWallingWearOut", bit(o.stoneWallingWearOut));
    }
    printer.endSection();
    printer.namedArrayStart("Results");
    printer.flush();
  }

  /** IOR's POSIX backend reports no version; through Hadoop's API the version is Hadoop's. */
  private static String apiVersion(IorOptions o) {
    return IorOptions.API_POSIX.equals(o.api) ? "" : "Hadoop " + org.apache.hadoop.util.VersionInfo.getVersion();
  }

  /** Rank 0 at the start of an iteration: the signature (-vv), and the table's header before the first. */
  void iterationStart(int rep, int signature) {
    if (verbose >= 2) {
      log.printf(Locale.ROOT, "Using Time Stamp %d (0x%x) for Data Signature\n", signature & 0xffffffffL, signature);
      log.flush();
    }
    if (rep == 0) {
      tableHeader();
    }
  }

  /** Rank 0's progress lines of -v, between its open and its first transfer, as IOR prints them. */
  void phaseStart(Phase phase) {
    if (verbose < 1) {
      return;
    }
    // IOR's time string ends in a newline of its own, hence the blank lines
    switch (phase) {
      case WRITE -> log.print("Commencing write performance test: " + currentTime() + "\n");
      case WRITE_CHECK -> log.print("Verifying contents of the file(s) just written.\n" + currentTime() + "\n\n");
      case READ -> log.print("Commencing read performance test: " + currentTime() + "\n\n");
      default -> {
      }
    }
    log.flush();
  }

  private void tableHeader() {
    if (printer.isDefault()) {
      printer.out().print("\n");
      printer.out().print("access    bw(MiB/s)  IOPS       Latency(s)  block(KiB) xfer(KiB)  open(s)    wr/rd(s)   close(s)"
          + "   total(s)   iter\n");
      printer.out().print("------    ---------  ----       ----------  ---------- ---------  --------   --------   --------"
          + "   --------   ----\n");
    } else if (printer.format() == SummaryFormat.CSV) {
      printer.out().print("access,bw(MiB/s),IOPS,Latency,block(KiB),xfer(KiB),open(s),wr/rd(s),close(s),total(s),numTasks,iter\n");
    }
    printer.flush();
  }

  void iteration(IorOptions o, IorIteration it) {
    double blockKiB = o.blockSize / 1024.0;
    double xferKiB = o.transferSize / 1024.0;
    switch (printer.format()) {
      case DEFAULT -> {
        printer.printf("%-10s", it.access());
        printer.ppDouble(it.bandwidthMiB(), " ");
        printer.ppDouble(it.iops(), " ");
        printer.ppDouble(it.latency(), "  ");
        printer.ppDouble(blockKiB, " ");
        printer.ppDouble(xferKiB, " ");
        printer.ppDouble(it.openTime(), " ");
        printer.ppDouble(it.wrRdTime(), " ");
        printer.ppDouble(it.closeTime(), " ");
        printer.ppDouble(it.totalTime(), " ");
        printer.printf("%-4d\n", it.iteration());
      }
      case JSON -> {
        printer.startSection();
        printer.keyVal("access", it.access());
        printer.keyValDouble("bwMiB", it.bandwidthMiB());
        printer.keyValDouble("blockKiB", blockKiB);
        printer.keyValDouble("xferKiB", xferKiB);
        printer.keyValDouble("iops", it.iops());
        printer.keyValDouble("latency", it.latency());
        printer.keyValDouble("openTime", it.openTime());
        printer.keyValDouble("wrRdTime", it.wrRdTime());
        printer.keyValDouble("closeTime", it.closeTime());
        printer.keyValDouble("totalTime", it.totalTime());
        printer.endSection();
      }
      case CSV -> printer.printf("%s,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%d,%d\n", it.access(), it.bandwidthMiB(),
          it.iops(), it.latency(), blockKiB, xferKiB, it.openTime(), it.wrRdTime(), it.closeTime(), it.totalTime(),
          o.numTasks, it.iteration());
    }
    printer.flush();
  }

  void remove(double seconds, int iteration) {
    if (verbose < 1) {
      return;
    }
    if (printer.isDefault()) {
      printer.out().print("remove    -          -          -           -          -          -          -          -          ");
      printer.ppDouble(seconds, " ");
      printer.printf("%-4d\n", iteration);
    } else if (printer.isJson()) {
      printer.startSection();
      printer.keyVal("access", "remove");
      printer.keyValDouble("totalTime", seconds);
      printer.endSection();
    }
    printer.flush();
  }

  /** After IOR's CountErrors warning: the signature the check expected (where the wrong bytes were: IorResult). */
  void usedTimeStamp(int signature) {
    log.printf(Locale.ROOT, "Used Time Stamp %d (0x%x) for Data Signature\n", signature & 0xffffffffL, signature);
    log.flush();
  }

  /** IOR's WriteTimes (-vvv): each task's timers of a write or read phase, in rank order. */
  void taskTimes(IorOptions o, int iteration, Phase phase, RankRecord[] ranks) {
    if (verbose < 3) {
      return;
    }
    String[] names = {"open start", "open stop", "start", "stop", "close start", "close stop"};
    for (RankRecord record : ranks) {
      for (int t = 0; t < names.length; t++) {
        log.printf(Locale.ROOT, "Test %d: Iter=%d, Task=%d, Time=%f, %s %s\n", o.testId, iteration, record.rank(),
            record.timers()[t], phase.access, names[t]);
      }
    }
    log.flush();
  }

  void warning(String message) {
    log.println("WARNING: " + message);
    log.flush();
  }

  /** A line of IOR's log, printed from the given verbosity on. */
  void log(String line, int verbosity) {
    if (verbose >= verbosity) {
      log.println(line);
      log.flush();
    }
  }

  /** IOR's HogMemory lines (-vvv), one set per rank. */
  void memoryHeld(IorOptions o) {
    if (verbose < 3 || o.memoryPerRank() == 0) {
      return;
    }
    for (int rank = 0; rank < o.numTasks; rank++) {
      if (o.memoryPerTask == 0) {
        log.printf(Locale.ROOT, "This node hogging %d bytes of memory\n", o.memoryPerNode);
      }
      log.printf(Locale.ROOT, "This task hogging %d bytes of memory\n", o.memoryPerRank());
    }
    log.flush();
  }

  /**
   * End of one test's iterations: IOR's PrintRepeatEnd, its short summary (-v; with -O summaryAlways the test's lines of
   * the long one) and ShowTestEnd, which with -O stoneWallingWearOut gives the first write's transfer count (kept in
   * -O stoneWallingStatusFile instead when there is one).
   */
  void testIterationsEnd(IorOptions o, List<IorIteration> rows, List<IorSummary> summaries, long firstWriteReached)
      throws IOException {
    printer.arrayEnd();
    if (verbose >= 1 && o.summaryAlways) {
      if (printer.isDefault()) {
        summaryHeader();
      }
      for (IorSummary summary : summaries) {
        summaryLine(o, summary);
      }
    } else if (verbose >= 1) {
      shortSummary(o, rows);
    }
    if (o.stoneWallingWearOut) {
      if (o.stoneWallingStatusFile != null) {
        Files.writeString(Path.of(o.stoneWallingStatusFile), Long.toString(firstWriteReached));
      } else {
        log.printf(Locale.ROOT, "Pairs deadlineForStonewallingaccessed: %d\n", firstWriteReached);
      }
    }
    printer.endSection();
    printer.flush();
  }

  private void shortSummary(IorOptions o, List<IorIteration> rows) {
    printer.arrayEnd();
    double maxWrite = 0;
    double maxRead = 0;
    for (IorIteration row : rows) {
      double bw = row.bandwidthMiB() * MIB;
      if (row.isWrite()) {
        maxWrite = Math.max(maxWrite, bw);
      } else {
        maxRead = Math.max(maxRead, bw);
      }
    }
    if (printer.isDefault()) {
      if (o.writeFile) {
        printer.printf("Max Write: %.2f MiB/sec (%.2f MB/sec)\n", maxWrite / MIB, maxWrite / MB);
      }
      if (o.readFile) {
        printer.printf("Max Read:  %.2f MiB/sec (%.2f MB/sec)\n", maxRead / MIB, maxRead / MB);
      }
    } else if (printer.isJson()) {
      printer.namedSectionStart("max");
      if (o.writeFile) {
        printer.keyValDouble("writeMiB", maxWrite / MIB);
        printer.keyValDouble("writeMB", maxWrite / MB);
      }
      if (o.readFile) {
        printer.keyValDouble("readMiB", maxRead / MIB);
        printer.keyValDouble("readMB", maxRead / MB);
      }
      printer.endSection();
    }
  }

  /** One test's options and its summary lines, for "Summary of all tests". */
  record TestSummaries(IorOptions options, List<IorSummary> summaries) {
  }

  /** IOR's PrintLongSummaryAllTests: the lines of every test run (a script's tests, or the one). */
  void summaryAll(List<TestSummaries> tests) {
    printer.arrayEnd();
    if (printer.isDefault()) {
      printer.out().print("\nSummary of all tests:");
      summaryHeader();
    } else if (printer.isJson()) {
      printer.namedArrayStart("summary");
    }
    for (TestSummaries test : tests) {
      for (IorSummary s : test.summaries()) {
        summaryLine(test.options(), s);
      }
    }
    printer.arrayEnd();
    printer.flush();
  }

  private void summaryHeader() {
    printer.printf("\n%-9s %10s %10s %10s %10s %10s %10s %10s %10s %10s", "Operation", "Max(MiB)", "Min(MiB)", "Mean(MiB)",
        "StdDev", "Max(OPs)", "Min(OPs)", "Mean(OPs)", "StdDev", "Mean(s)");
    printer.out().print(" Stonewall(s) Stonewall(MiB) Test# #Tasks tPN reps fPP reord reordoff reordrand seed segcnt ");
    printer.printf("%8s %8s %9s %5s", " blksiz", "xsize", "aggs(MiB)", "API");
    printer.out().print(" RefNum\n");
  }

  private void summaryLine(IorOptions o, IorSummary s) {
    if (printer.isDefault()) {
      printer.printf("%-9s ", s.operation());
      printer.printf("%10.2f %10.2f %10.2f %10.2f ", s.maxMiB(), s.minMiB(), s.meanMiB(), s.stdDevMiB());
      printer.printf("%10.2f %10.2f %10.2f %10.2f ", s.maxOps(), s.minOps(), s.meanOps(), s.stdDevOps());
      printer.printf("%10.5f ", s.meanTime());
      if (o.stoneWallingWearOut) {
        printer.printf("%10.2f %13.2f ", s.stonewallSeconds(), s.stonewallMiB());
      } else {
        printer.printf("%10s %13s ", "NA", "NA");
      }
      printer.printf("%5d %6d %3d %4d %3d %5d %8d %9d %4d ", o.testId, o.numTasks, o.tasksPerNode(), o.repetitions,
          bit(o.filePerProc), o.reorderTasks, o.taskPerNodeOffset, o.reorderTasksRandom,
          o.reorderTasksRandomSeed);
      printer.printf("%6d %8d %8d %9.1f %3s %6d\n", o.segmentCount, o.blockSize, o.transferSize, s.aggregateMiB(), o.apiName,
          o.referenceNumber);
    } else if (printer.isJson()) {
      printer.startSection();
      printer.keyVal("operation", s.operation());
      printer.keyVal("API", o.apiName);
      printer.keyValInt("TestID", o.testId);
      printer.keyValInt("ReferenceNumber", o.referenceNumber);
      printer.keyValInt("segmentCount", o.segmentCount);
      printer.keyValInt("blockSize", o.blockSize);
      printer.keyValInt("transferSize", o.transferSize);
      printer.keyValInt("numTasks", o.numTasks);
      printer.keyValInt("tasksPerNode", o.tasksPerNode());
      printer.keyValInt("repetitions", o.repetitions);
      printer.keyValInt("filePerProc", bit(o.filePerProc));
      printer.keyValInt("reorderTasks", o.reorderTasks);
      printer.keyValInt("taskPerNodeOffset", o.taskPerNodeOffset);
      printer.keyValInt("reorderTasksRandom", o.reorderTasksRandom);
      printer.keyValInt("reorderTasksRandomSeed", o.reorderTasksRandomSeed);
      printer.keyValDouble("bwMaxMIB", s.maxMiB());
      printer.keyValDouble("bwMinMIB", s.minMiB());
      printer.keyValDouble("bwMeanMIB", s.meanMiB());
      printer.keyValDouble("bwStdMIB", s.stdDevMiB());
      printer.keyValDouble("OPsMax", s.maxOps());
      printer.keyValDouble("OPsMin", s.minOps());
      printer.keyValDouble("OPsMean", s.meanOps());
      printer.keyValDouble("OPsSD", s.stdDevOps());
      printer.keyValDouble("MeanTime", s.meanTime());
      if (o.stoneWallingWearOut) {
        printer.keyValDouble("StoneWallTime", s.stonewallSeconds());
        printer.keyValDouble("StoneWallbwMeanMIB", s.stonewallMiB());
      }
      printer.keyValDouble("xsizeMiB", s.aggregateMiB());
      printer.endSection();
    }
  }

  void finished() {
    if (printer.format() == SummaryFormat.CSV) {
      return;
    }
    printer.keyVal("Finished", currentTime());
    printer.endSection();
    printer.flush();
  }

  private static int bit(boolean value) {
    return value ? 1 : 0;
  }

  /**
   * What IOR's statfs of the first rank's test file gives.
   *
   * @param file the name IOR prints: the test file, or the first rank's with -F
   * @param capacity bytes
   * @param free bytes
   * @param inodes total inodes (0 where the file system does not say; used inodes then read 0.0%)
   * @param freeInodes free inodes
   */
  record FileSystemSpace(String file, long capacity, long free, long inodes, long freeInodes) {
  }
}
