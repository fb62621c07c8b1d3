package io.pfsmix.ior;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One IOR test: IOR 4.x's parameters with IOR's defaults, plus the few pfsmix additions (the concat variant of N-to-1,
 * YARN placement). Build one with {@link #parse}; {@link #validate} applies IOR's consistency rules before any I/O.
 */
public final class IorOptions implements Cloneable {

  /** IOR's API name for the Hadoop FileSystem API (any URI in -o). */
  public static final String API_HADOOP = "HADOOP";
  /** IOR's POSIX API: here a plain path on the local file system, through Hadoop's local FileSystem. */
  public static final String API_POSIX = "POSIX";

  String api = API_HADOOP;
  /** -a as given, which IOR's report echoes ("posix"); {@link #api} is its upper-case name. */
  String apiName = API_HADOOP;
  int referenceNumber;
  long blockSize = 1048576;
  long transferSize = 262144;
  long segmentCount = 1;
  boolean filePerProc;
  boolean writeFile;
  boolean readFile;
  boolean checkWrite;
  boolean checkRead;
  /** IOR counts repeated flags: -C -C is 2, which IOR treats as set yet prints no "ordering inter file" for. */
  int reorderTasks;
  int taskPerNodeOffset = 1;
  int reorderTasksRandom;
  int reorderTasksRandomSeed;
  boolean fsync;
  boolean fsyncPerWrite;
  int repetitions = 1;
  int interTestDelay;
  String testFileName;
  boolean keepFile;
  boolean keepFileWithError;
  boolean useExistingTestFile;
  boolean randomOffset;
  int deadlineForStonewalling;
  int maxTimeDuration;
  int numTasks = 1;
  int numNodes = -1;
  boolean intraTestBarriers;
  int verbose;
  int setTimeStampSignature;
  DataPacketType dataPacketType = DataPacketType.TIMESTAMP;
  boolean warningAsErrors;
  /** -c: collective I/O, which IOR's POSIX backend takes and ignores (only its MPI-IO backend has any). */
  boolean collective;
  boolean singleXferAttempt;
  /** --random-offset-seed for -z; -1: IOR's default, the iteration's signature. */
  int randomOffsetSeed = -1;
  /** -m: a file of its own per iteration (the name gets ".<iteration>"). */
  boolean multiFile;
  /** -u: with -F each rank's file in a directory named after the rank (/dir/file becomes /dir/<rank>/file.<rank>). */
  boolean uniqueDir;
  /** -j: warn about a rank whose start, end or phase times are more than this many seconds from the ranks' mean. */
  int outlierThreshold;
  /** -M: bytes of memory to hold on each node while the test runs (split over the node's ranks). */
  long memoryPerNode;
  /** -O memoryPerTask: bytes of memory each rank holds while the test runs. */
  long memoryPerTask;
  /** -f: an IOR script of several tests; read by {@link IorScript}. */
  String scriptFile;
  /** --dryRun: no I/O at all; the report's shape with the times of everything but the I/O. */
  boolean dryRun;
  /** --randomPrefill: with -z, each rank first writes its blocks sequentially in pieces of this size. */
  long randomPrefillBlockSize;
  /** -O stoneWallingWearOut: after the -D stonewall, every rank goes on to the transfer count of the busiest one. */
  boolean stoneWallingWearOut;
  /** -O stoneWallingWearOutIterations: stop each phase after this many transfers (0: no limit). */
  long stoneWallingWearOutIterations;
  /** -O stoneWallingStatusFile: a local file that keeps the write's transfer count for a later read run. */
  String stoneWallingStatusFile;
  /** -O minTimeDuration: repeat each phase's transfers from the start until this many seconds have passed. */
  int minTimeDuration;
  /** -O saveRankPerformanceDetailsCSV: a local CSV file of each rank's times and throughput per phase. */
  String saveRankDetailsCsv;
  /** -O interIODelay: microseconds to sleep after each write or read transfer. */
  int interIODelay;
  /** -O debug: a note IOR prints in its "DEBUG MODE" banner. */
  String debug;
  /** -O summaryAlways: after each test of a script its long summary, not the short one. */
  boolean summaryAlways;
  /** IOR's test number within a script (-f), from 0. */
  int testId;
  /** The text of the script this test came from (for --yarn's tasks, which cannot read the client's file). */
  String scriptText;
  SummaryFormat summaryFormat = SummaryFormat.DEFAULT;
  String summaryFile;
  boolean concat;
  boolean yarn;
  int ranksPerTask = 1;
  boolean help;
  List<String> commandLine = new ArrayList<>();
  /** What {@link #validate()} set back to its default, in IOR's words: IOR warns and runs on rather than refusing. */
  List<String> resets = new ArrayList<>();

  /** A copy to start the next test of a script from (IOR's CreateTest copies the previous test's parameters). */
  IorOptions copy() {
    try {
      IorOptions copy = (IorOptions) super.clone();
      copy.commandLine = new ArrayList<>(commandLine);
      // each test of a script is validated, and warns, on its own
      copy.resets = new ArrayList<>();
      return copy;
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
  }

  /** Bytes each rank holds while the test runs: -O memoryPerTask, or its share of the node's -M. */
  long memoryPerRank() {
    return memoryPerTask != 0 ? memoryPerTask : memoryPerNode / tasksPerNode();
  }

  /** Parses IOR command-line flags (without the program name); see {@link IorOptionParser}. */
  public static IorOptions parse(String... args) {
    return new IorOptionParser().parse(args);
  }

  /** IOR's "no -w/-r/-W/-R means write and read". */
  void applyRunDefaults() {
    if (!writeFile && !readFile && !checkWrite && !checkRead) {
      writeFile = true;
      readFile = true;
    }
  }

  /** IOR's WARN_RESET: the value goes back to IOR's default, and the run says so. */
  private int reset(String problem, int value) {
    resets.add(problem + ". Using value of " + value + ".");
    return value;
  }

  /** IOR's ValidateTests rules plus the ones this driver needs; throws {@link IorUsageException} on the first problem. */
  public IorOptions validate() {
    if (testFileName == null || testFileName.isEmpty()) {
      throw new IorUsageException("missing test file: give one with -o (e.g. -o pfs:///ckpt/file)");
    }
    if (numTasks <= 0) {
      throw new IorUsageException("too few tasks for testing (-N " + numTasks + ")");
    }
    if (repetitions <= 0) {
      repetitions = reset("too few test repetitions", 1);
    }
    if (interTestDelay < 0) {
      interTestDelay = reset("inter-test delay must be nonnegative value", 0);
    }
    if (deadlineForStonewalling < 0) {
      throw new IorUsageException("deadlineForStonewalling must be nonnegative value (-D " + deadlineForStonewalling + ")");
    }
    if (maxTimeDuration < 0) {
      throw new IorUsageException("maxTimeDuration must be nonnegative value (-T " + maxTimeDuration + ")");
    }
    if (!readFile && !writeFile && !checkRead && !checkWrite) {
      throw new IorUsageException("test must write, read, or check read/write file");
    }
    if (setTimeStampSignature == 0 && !writeFile && checkRead) {
      throw new IorUsageException("using readCheck only requires to write a timeStampSignature -- use -G");
    }
    // -s 0 runs, moving no data, as in IOR
    if (segmentCount < 0) {
      throw new IorUsageException("segment count must be positive value (-s " + segmentCount + ")");
    }
    if (blockSize < 0) {
      throw new IorUsageException("block size must be non-negative integer (-b " + blockSize + ")");
    }
    if (transferSize < 0) {
      throw new IorUsageException("transfer size must be non-negative integer (-t " + transferSize + ")");
    }
    if (blockSize % 8 != 0) {
      throw new IorUsageException("block size must be a multiple of access size (8 bytes; -b " + blockSize + ")");
    }
    if (transferSize % 8 != 0) {
      throw new IorUsageException("transfer size must be a multiple of access size (8 bytes; -t " + transferSize + ")");
    }
    if (transferSize == 0) {
      throw new IorUsageException("test will not complete with zero transfer size");
    }
    if (blockSize % transferSize != 0) {
      throw new IorUsageException("block size must be a multiple of transfer size (-b " + blockSize + " -t " + transferSize + ")");
    }
    if (blockSize < transferSize) {
      throw new IorUsageException("block size must not be smaller than transfer size");
    }
    if (transferSize > Integer.MAX_VALUE - 8) {
      throw new IorUsageException("transfer size " + transferSize + " exceeds this driver's limit of one Java buffer (2 GiB)");
    }
    try {
      Math.multiplyExact(Math.multiplyExact(blockSize, segmentCount), (long) numTasks);
    } catch (ArithmeticException e) {
      throw new IorUsageException("aggregate file size -b " + blockSize + " x -s " + segmentCount + " x -N " + numTasks
          + " overflows 64 bits");
    }
    if (randomOffset && blockSize == transferSize) {
      throw new IorUsageException("IOR will randomize access within a block and repeats the same pattern for all segments,"
          + " therefore choose blocksize > transferSize");
    }
    if (stoneWallingStatusFile != null && !keepFile) {
      throw new IorUsageException("a StoneWallingStatusFile is only sensible when splitting write/read into multiple"
          + " executions of ior, please use -k");
    }
    if (stoneWallingStatusFile != null && !stoneWallingWearOut && writeFile) {
      throw new IorUsageException("the StoneWallingStatusFile is only sensible for a write test when using"
          + " stoneWallingWearOut");
    }
    if (deadlineForStonewalling == 0 && stoneWallingWearOut) {
      throw new IorUsageException("the stoneWallingWearOut is only sensible when setting a stonewall deadline with -D");
    }
    if (!randomOffset && randomPrefillBlockSize != 0) {
      throw new IorUsageException("Setting the randomPrefill option without using random is not useful (--randomPrefill"
          + " needs -z)");
    }
    if (randomPrefillBlockSize < 0 || randomPrefillBlockSize > Integer.MAX_VALUE - 8) {
      throw new IorUsageException("--randomPrefill " + randomPrefillBlockSize + " must be between 1 byte and this"
          + " driver's limit of one Java buffer (2 GiB)");
    }
    if (randomPrefillBlockSize != 0 && blockSize % randomPrefillBlockSize != 0) {
      throw new IorUsageException("The randomPrefill option must divide the blockSize (--randomPrefill="
          + randomPrefillBlockSize + ", -b " + blockSize + ")");
    }
    if (memoryPerNode < 0 || memoryPerTask < 0) {
      throw new IorUsageException("memory to hold must be non-negative (-M " + memoryPerNode + ", -O memoryPerTask="
          + memoryPerTask + ")");
    }
    if (reorderTasks == 1 && reorderTasksRandom == 1) {
      throw new IorUsageException("Both Constant and Random task re-ordering specified. Choose one and resubmit");
    }
    if (randomOffset && reorderTasksRandom != 0 && !filePerProc) {
      throw new IorUsageException("random offset and random reorder tasks specified with single-shared-file."
          + " Choose one and resubmit");
    }
    if (randomOffset && reorderTasks != 0 && !filePerProc) {
      throw new IorUsageException("random offset and constant reorder tasks specified with single-shared-file."
          + " Choose one and resubmit");
    }
    if (reorderTasks != 0 && taskPerNodeOffset <= 0) {
      throw new IorUsageException("-Q taskPerNodeOffset must be positive with -C (-Q " + taskPerNodeOffset + ")");
    }
    if (concat && filePerProc) {
      throw new IorUsageException("--hadoop.concat joins per-rank parts into one shared file; it does not apply to -F");
    }
    if (concat && randomOffset) {
      throw new IorUsageException("--hadoop.concat needs each rank to write only its own blocks; -z spreads transfers"
          + " over all ranks");
    }
    if (concat && useExistingTestFile) {
      throw new IorUsageException("--hadoop.concat builds the shared file anew each iteration; it cannot be combined with -E");
    }
    if (ranksPerTask <= 0) {
      throw new IorUsageException("--ranks-per-task must be positive (" + ranksPerTask + ")");
    }
    if (collective && !API_POSIX.equals(api)) {
      throw new IorUsageException("-c (collective I/O) needs MPI-IO; the Hadoop FileSystem API has no collective I/O"
          + " (IOR's POSIX backend ignores -c, and so does -a POSIX here): run it with the real IOR (--native)");
    }
    if (!API_HADOOP.equals(api) && !API_POSIX.equals(api)) {
      throw new IorUsageException("Unrecognized I/O API \"" + api + "\": this driver offers -a HADOOP (any Hadoop FileSystem"
          + " URI in -o) and -a POSIX (a local path); run other APIs with the real IOR: ./pfsmix ior --native");
    }
    return this;
  }

  /** Nodes as IOR counts them: declared (-O numNodes, IOR_FAKE_NODES), else one per YARN task, else this host. */
  int effectiveNodes() {
    if (numNodes > 0) {
      return numNodes;
    }
    String fake = System.getenv("IOR_FAKE_NODES");
    if (fake != null && fake.matches("\\d+") && Integer.parseInt(fake) > 0) {
      return Integer.parseInt(fake);
    }
    return yarn ? (numTasks + ranksPerTask - 1) / ranksPerTask : 1;
  }

  /** Tasks per node as IOR's numTasksOnNode0 under a block (by-slot) mapping of ranks to nodes. */
  int tasksPerNode() {
    int nodes = effectiveNodes();
    return (numTasks + nodes - 1) / nodes;
  }

  long expectedAggFileSize() {
    return blockSize * segmentCount * numTasks;
  }

  public String api() {
    return api;
  }

  public long blockSize() {
    return blockSize;
  }

  public long transferSize() {
    return transferSize;
  }

  public long segmentCount() {
    return segmentCount;
  }

  public boolean filePerProc() {
    return filePerProc;
  }

  public int numTasks() {
    return numTasks;
  }

  public int repetitions() {
    return repetitions;
  }

  public String testFileName() {
    return testFileName;
  }

  public boolean writeFile() {
    return writeFile;
  }

  public boolean readFile() {
    return readFile;
  }

  public boolean keepFile() {
    return keepFile;
  }

  public boolean concat() {
    return concat;
  }

  public boolean yarn() {
    return yarn;
  }

  public int ranksPerTask() {
    return ranksPerTask;
  }

  public SummaryFormat summaryFormat() {
    return summaryFormat;
  }

  public String summaryFile() {
    return summaryFile;
  }

  public String scriptFile() {
    return scriptFile;
  }

  public boolean help() {
    return help;
  }

  /** IOR's "Command line" value: the program name, then the arguments as given. */
  List<String> commandLineWithProgram() {
    List<String> line = new ArrayList<>();
    line.add("pfsmix ior");
    line.addAll(commandLine);
    return line;
  }

  /** The arguments as given, for the output's "Command line" line. */
  public List<String> commandLine() {
    return Collections.unmodifiableList(commandLine);
  }
}
