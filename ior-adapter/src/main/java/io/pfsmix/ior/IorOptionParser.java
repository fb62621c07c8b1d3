package io.pfsmix.ior;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

import io.pfsmix.fs.Sizes;

/**
 * IOR 4.x's command line, getopt style: single-letter flags that may be bundled ({@code -wr}), values attached or
 * separate ({@code -b4k}, {@code -b 4k}), {@code -O key=value[,key=value]} directives, and the pfsmix long options
 * {@code --hadoop.concat}, {@code --yarn}, {@code --ranks-per-task=N}.
 */
final class IorOptionParser {

  private static final String FLAGS = "cCeEFgkKmrRuwWxYzZvh";
  private static final String WITH_VALUE = "aAbdDfGijlMNoOQstTX";

  /**
   * IOR 4.0's options that this driver does not run, each with the reason: a flag IOR knows is never called invalid.
   * Those of IOR's POSIX backend (--posix.*) are file-system hints below the Hadoop FileSystem API.
   */
  private static final Map<String, String> NOT_RUN = Map.ofEntries(
      Map.entry("-y", "dualMount: IOR's second mount point is a POSIX path rewrite, which a Hadoop FileSystem URI has"
          + " no place for"),
      Map.entry("--gpuDirect", "gpuDirect: GPU buffers cannot be handed to the Hadoop FileSystem API, which reads and"
          + " writes Java buffers"),
      Map.entry("-O numTasksOnNode0", "numTasksOnNode0: tasks per node follow from -N and the nodes (-O numNodes)"
          + " here"),
      Map.entry("-O allocateBufferOnGPU", "allocateBufferOnGPU: GPU buffers cannot be handed to the Hadoop FileSystem"
          + " API"),
      Map.entry("-O GPUid", "GPUid: GPU buffers cannot be handed to the Hadoop FileSystem API"),
      Map.entry("-O GPUDirect", "GPUDirect: GPU buffers cannot be handed to the Hadoop FileSystem API"));

  IorOptions parse(String[] args) {
    IorOptions options = new IorOptions();
    options.commandLine.addAll(Arrays.asList(args));
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith("--")) {
        i = longOption(options, args, i);
        continue;
      }
      if (!arg.startsWith("-") || arg.length() < 2) {
        throw new IorUsageException("unexpected argument \"" + arg + "\": IOR takes only flags (see -h)");
      }
      if (arg.length() > 2 && arg.charAt(2) == '=') {
        // IOR's -b=1m form: a value after '=', or for a flag its count (-v=2)
        equalsForm(options, arg.charAt(1), arg.substring(3));
        continue;
      }
      for (int c = 1; c < arg.length(); c++) {
        char flag = arg.charAt(c);
        if (FLAGS.indexOf(flag) >= 0) {
          flag(options, flag);
        } else if (WITH_VALUE.indexOf(flag) >= 0) {
          String value;
          if (c + 1 < arg.length()) {
            value = arg.substring(c + 1);
          } else if (i + 1 < args.length) {
            value = args[++i];
          } else {
            throw new IorUsageException("option -" + flag + " needs a value");
          }
          value(options, flag, value);
          break;
        } else {
          throw new IorUsageException(unknownOrNotRun("-" + flag));
        }
      }
    }
    if (options.scriptFile == null) {
      // a script's tests get IOR's defaults once the script has set them (IorScript)
      options.applyRunDefaults();
    }
    return options;
  }

  private static int longOption(IorOptions options, String[] args, int i) {
    String arg = args[i];
    String name = arg;
    String value = null;
    int eq = arg.indexOf('=');
    if (eq > 0) {
      name = arg.substring(0, eq);
      value = arg.substring(eq + 1);
    }
    switch (name) {
      case "--help":
        options.help = true;
        return i;
      case "--hadoop.concat":
        options.concat = true;
        return i;
      case "--yarn":
        options.yarn = true;
        return i;
      case "--ranks-per-task":
        if (value == null) {
          if (i + 1 >= args.length) {
            throw new IorUsageException("option --ranks-per-task needs a value");
          }
          value = args[++i];
        }
        options.ranksPerTask = parseInt("--ranks-per-task", value);
        return i;
      case "--warningAsErrors":
        options.warningAsErrors = value == null || parseInt(name, value) > 0;
        return i;
      case "--collective":
        flag(options, 'c');
        return i;
      case "--dryRun":
        options.dryRun = value == null || parseInt(name, value) > 0;
        return i;
      case "--dataPacketType", "--random-offset-seed", "--randomPrefill":
        if (value == null) {
          if (i + 1 >= args.length) {
            throw new IorUsageException("option " + name + " needs a value");
          }
          value = args[++i];
        }
        if (name.equals("--dataPacketType")) {
          options.dataPacketType = DataPacketType.parse(value);
        } else if (name.equals("--randomPrefill")) {
          options.randomPrefillBlockSize = parseSize(name, value);
        } else {
          options.randomOffsetSeed = parseInt(name, value);
        }
        return i;
      default:
        if (name.startsWith("--posix.")) {
          throw new IorUsageException(name + " is an option of IOR's POSIX backend (a hint to the file system below"
              + " open and write), which the Hadoop FileSystem API has no way to pass, and this driver's -a POSIX runs"
              + " through that API too (pfs:// rooted at -o's directory): run it with the real IOR (--native)");
        }
        throw new IorUsageException(unknownOrNotRun(name));
    }
  }

  /** IOR's message for a flag it does not know, or why this driver does not run one IOR knows. */
  private static String unknownOrNotRun(String flag) {
    String reason = NOT_RUN.get(flag);
    if (reason == null) {
      return "Error invalid argument: " + flag + " (IOR 4 has no such option; see -h)";
    }
    return flag + " is IOR's " + reason;
  }

  private static void equalsForm(IorOptions options, char flag, String value) {
    if (FLAGS.indexOf(flag) >= 0) {
      // IOR sets a flag given a value to that count (negative counts as 0)
      int count = Math.max(0, parseInt("-" + flag, value));
      for (int n = 0; n < count; n++) {
        flag(options, flag);
      }
      if (count == 0) {
        clearFlag(options, flag);
      }
    } else if (WITH_VALUE.indexOf(flag) >= 0) {
      value(options, flag, value);
    } else {
      throw new IorUsageException(unknownOrNotRun("-" + flag));
    }
  }

  private static void clearFlag(IorOptions o, char flag) {
    switch (flag) {
      case 'C' -> o.reorderTasks = 0;
      case 'Z' -> o.reorderTasksRandom = 0;
      case 'v' -> o.verbose = 0;
      case 'e' -> o.fsync = false;
      case 'E' -> o.useExistingTestFile = false;
      case 'F' -> o.filePerProc = false;
      case 'g' -> o.intraTestBarriers = false;
      case 'k' -> o.keepFile = false;
      case 'K' -> o.keepFileWithError = false;
      case 'm' -> o.multiFile = false;
      case 'u' -> o.uniqueDir = false;
      case 'r' -> o.readFile = false;
      case 'R' -> o.checkRead = false;
      case 'w' -> o.writeFile = false;
      case 'W' -> o.checkWrite = false;
      case 'x' -> o.singleXferAttempt = false;
      case 'Y' -> o.fsyncPerWrite = false;
      case 'z' -> o.randomOffset = false;
      default -> {
      }
    }
  }

  private static void api(IorOptions o, String value) {
    o.api = value.toUpperCase(Locale.ROOT);
    o.apiName = value;
  }

  private static void flag(IorOptions o, char flag) {
    switch (flag) {
      case 'c' -> o.collective = true;
      case 'C' -> o.reorderTasks++;
      case 'e' -> o.fsync = true;
      case 'E' -> o.useExistingTestFile = true;
      case 'F' -> o.filePerProc = true;
      case 'g' -> o.intraTestBarriers = true;
      case 'k' -> o.keepFile = true;
      case 'K' -> o.keepFileWithError = true;
      case 'm' -> o.multiFile = true;
      case 'u' -> o.uniqueDir = true;
      case 'r' -> o.readFile = true;
      case 'R' -> o.checkRead = true;
      case 'w' -> o.writeFile = true;
      case 'W' -> o.checkWrite = true;
      // every transfer here is written or read whole (the FileSystem API retries short transfers itself)
      case 'x' -> o.singleXferAttempt = true;
      case 'Y' -> o.fsyncPerWrite = true;
      case 'z' -> o.randomOffset = true;
      case 'Z' -> o.reorderTasksRandom++;
      case 'v' -> o.verbose++;
      case 'h' -> o.help = true;
      default -> throw new IllegalStateException("flag table and switch disagree on -" + flag);
    }
  }

  private static void value(IorOptions o, char flag, String value) {
    String name = "-" + flag;
    switch (flag) {
      case 'a' -> api(o, value);
      case 'A' -> o.referenceNumber = parseInt(name, value);
      case 'b' -> o.blockSize = parseSize(name, value);
      case 'd' -> o.interTestDelay = parseInt(name, value);
      case 'D' -> o.deadlineForStonewalling = parseInt(name, value);
      case 'f' -> o.scriptFile = value;
      case 'j' -> o.outlierThreshold = parseInt(name, value);
      case 'M' -> o.memoryPerNode = parseNodeMemory(name, value);
      case 'G' -> o.setTimeStampSignature = parseInt(name, value);
      case 'i' -> o.repetitions = parseInt(name, value);
      case 'l' -> o.dataPacketType = DataPacketType.parse(value);
      case 'N' -> o.numTasks = parseInt(name, value);
      case 'o' -> o.testFileName = value;
      case 'O' -> directives(o, value);
      case 'Q' -> o.taskPerNodeOffset = parseInt(name, value);
      case 's' -> o.segmentCount = parseLong(name, value);
      case 't' -> o.transferSize = parseSize(name, value);
      case 'T' -> o.maxTimeDuration = parseInt(name, value);
      case 'X' -> o.reorderTasksRandomSeed = parseInt(name, value);
      default -> throw new IllegalStateException("option table and switch disagree on -" + flag);
    }
  }

  /** IOR's -O: comma-separated key=value directives, keys case-insensitive. */
  static void directives(IorOptions o, String line) {
    for (String directive : line.split(",")) {
      int eq = directive.indexOf('=');
      if (eq <= 0) {
        throw new IorUsageException("Syntax error in configuration options: " + directive);
      }
      String key = directive.substring(0, eq).trim();
      String value = directive.substring(eq + 1).trim();
      String name = "-O " + key;
      switch (key.toLowerCase(Locale.ROOT)) {
        case "summaryformat" -> o.summaryFormat = SummaryFormat.parse(value);
        case "summaryfile" -> o.summaryFile = value;
        case "api" -> api(o, value);
        case "refnum" -> o.referenceNumber = parseInt(name, value);
        case "testfile" -> o.testFileName = value;
        case "numtasks" -> o.numTasks = parseInt(name, value);
        case "numnodes" -> o.numNodes = parseInt(name, value);
        case "repetitions" -> o.repetitions = parseInt(name, value);
        case "intertestdelay" -> o.interTestDelay = parseInt(name, value);
        case "deadlineforstonewalling" -> o.deadlineForStonewalling = parseInt(name, value);
        case "maxtimeduration" -> o.maxTimeDuration = parseInt(name, value);
        case "blocksize" -> o.blockSize = parseSize(name, value);
        case "transfersize" -> o.transferSize = parseSize(name, value);
        case "segmentcount" -> o.segmentCount = parseSize(name, value);
        case "readfile" -> o.readFile = parseBoolean(name, value);
        case "writefile" -> o.writeFile = parseBoolean(name, value);
        case "checkread" -> o.checkRead = parseBoolean(name, value);
        case "checkwrite" -> o.checkWrite = parseBoolean(name, value);
        case "fileperproc" -> o.filePerProc = parseBoolean(name, value);
        case "keepfile" -> o.keepFile = parseBoolean(name, value);
        case "keepfilewitherror" -> o.keepFileWithError = parseBoolean(name, value);
        case "useexistingtestfile" -> o.useExistingTestFile = parseBoolean(name, value);
        case "reordertasks", "reordertasksconstant" -> o.reorderTasks = parseInt(name, value);
        case "reordertasksrandom" -> o.reorderTasksRandom = parseInt(name, value);
        case "reordertasksrandomseed" -> o.reorderTasksRandomSeed = parseInt(name, value);
        case "taskpernodeoffset" -> o.taskPerNodeOffset = parseInt(name, value);
        case "randomoffset" -> o.randomOffset = parseBoolean(name, value);
        case "fsync" -> o.fsync = parseBoolean(name, value);
        case "fsyncperwrite" -> o.fsyncPerWrite = parseBoolean(name, value);
        case "intratestbarriers" -> o.intraTestBarriers = parseBoolean(name, value);
        case "settimestampsignature" -> o.setTimeStampSignature = parseInt(name, value);
        case "verbose" -> o.verbose = parseInt(name, value);
        case "singlexferattempt" -> o.singleXferAttempt = parseBoolean(name, value);
        case "warningaserrors" -> o.warningAsErrors = parseBoolean(name, value);
        case "datapackettype" -> o.dataPacketType = DataPacketType.parse(value);
        case "multifile" -> o.multiFile = parseBoolean(name, value);
        case "uniquedir" -> o.uniqueDir = parseBoolean(name, value);
        case "outlierthreshold" -> o.outlierThreshold = parseInt(name, value);
        case "stonewallingwearout" -> o.stoneWallingWearOut = parseBoolean(name, value);
        case "stonewallingwearoutiterations" -> o.stoneWallingWearOutIterations = parseLong(name, value);
        case "stonewallingstatusfile" -> o.stoneWallingStatusFile = value;
        case "mintimeduration" -> o.minTimeDuration = parseInt(name, value);
        case "saverankperformancedetailscsv" -> o.saveRankDetailsCsv = value;
        case "interiodelay" -> o.interIODelay = parseInt(name, value);
        case "debug" -> o.debug = value;
        case "summaryalways" -> o.summaryAlways = parseBoolean(name, value);
        case "memorypertask" -> {
          o.memoryPerTask = parseSize(name, value);
          o.memoryPerNode = 0;
        }
        case "memorypernode" -> {
          o.memoryPerNode = parseNodeMemory(name, value);
          o.memoryPerTask = 0;
        }
        case "collective" -> {
          if (parseBoolean(name, value)) {
            flag(o, 'c');
          }
        }
        default -> {
          String notRun = NOT_RUN.keySet().stream().filter(k -> k.equalsIgnoreCase("-O " + key)).findFirst()
              .map(NOT_RUN::get).orElse(null);
          if (notRun != null) {
            throw new IorUsageException("-O " + key + " is IOR's " + notRun);
          }
          throw new IorUsageException("Unrecognized parameter \"" + key + "\"");
        }
      }
    }
  }

  /**
   * IOR's node memory: a size (2g) or a percentage of this machine's physical memory (75%). IOR 4.0.0 itself reads
   * "2g" as 2 percent (its percentage scan accepts a bare number); this takes the size its help promises.
   */
  static long parseNodeMemory(String name, String value) {
    String trimmed = value.trim();
    if (!trimmed.endsWith("%")) {
      return parseSize(name, value);
    }
    int percent = parseInt(name, trimmed.substring(0, trimmed.length() - 1));
    if (percent < 0 || percent > 100) {
      throw new IorUsageException("percentage must be between 0 and 100 (" + name + " " + value + ")");
    }
    long physical = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getTotalMemorySize();
    // IOR's integer arithmetic: memory / 100 * percent
    return physical / 100 * percent;
  }

  private static boolean parseBoolean(String name, String value) {
    return parseInt(name, value) != 0;
  }

  static int parseInt(String name, String value) {
    long parsed = parseLong(name, value);
    if (parsed < Integer.MIN_VALUE || parsed > Integer.MAX_VALUE) {
      throw new IorUsageException("value \"" + value + "\" for " + name + " overflows a 32-bit integer");
    }
    return (int) parsed;
  }

  static long parseLong(String name, String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IorUsageException("invalid number \"" + value + "\" for " + name);
    }
  }

  /**
   * IOR's string_to_bytes: a whole number with an optional binary suffix k, m, g, t or p (either case), in pfsmix's one
   * size grammar ({@link Sizes#parseWhole}).
   */
  static long parseSize(String name, String value) {
    try {
      return Sizes.parseWhole(name, value);
    } catch (IllegalArgumentException e) {
      throw new IorUsageException(e.getMessage());
    }
  }
}
