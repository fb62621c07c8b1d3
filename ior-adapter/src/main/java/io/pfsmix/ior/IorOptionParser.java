package io.pfsmix.ior;

import java.util.Arrays;
import java.util.Locale;

import io.pfsmix.fs.Sizes;

/**
 * IOR 4.x's command line, getopt style: single-letter flags that may be bundled ({@code -wr}), values attached or
 * separate ({@code -b4k}, {@code -b 4k}), {@code -O key=value[,key=value]} directives, and the pfsmix long options
 * {@code --hadoop.concat}, {@code --yarn}, {@code --ranks-per-task=N}.
 */
final class IorOptionParser {

  private static final String FLAGS = "cCeEFgkKqrRwWYzZvh";
  private static final String WITH_VALUE = "aAbdDGilNoOQstTX";

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
          throw new IorUsageException("Error invalid argument: -" + flag + " (see -h for IOR's options)");
        }
      }
    }
    options.applyRunDefaults();
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
      default:
        throw new IorUsageException("Error invalid argument: " + name + " (see -h for IOR's options)");
    }
  }

  private static void flag(IorOptions o, char flag) {
    switch (flag) {
      case 'c' -> throw new IorUsageException("-c (collective I/O) needs MPI-IO; the Hadoop FileSystem API has no"
          + " collective I/O: run it with the real IOR (--native)");
      case 'C' -> o.reorderTasks++;
      case 'e' -> o.fsync = true;
      case 'E' -> o.useExistingTestFile = true;
      case 'F' -> o.filePerProc = true;
      case 'g' -> o.intraTestBarriers = true;
      case 'k' -> o.keepFile = true;
      case 'K' -> o.keepFileWithError = true;
      case 'q' -> o.quitOnError = true;
      case 'r' -> o.readFile = true;
      case 'R' -> o.checkRead = true;
      case 'w' -> o.writeFile = true;
      case 'W' -> o.checkWrite = true;
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
      case 'a' -> o.api = value.toUpperCase(Locale.ROOT);
      case 'A' -> o.referenceNumber = parseInt(name, value);
      case 'b' -> o.blockSize = parseSize(name, value);
      case 'd' -> o.interTestDelay = parseInt(name, value);
      case 'D' -> o.deadlineForStonewalling = parseInt(name, value);
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
  private static void directives(IorOptions o, String line) {
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
        case "api" -> o.api = value.toUpperCase(Locale.ROOT);
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
        case "quitonerror" -> o.quitOnError = parseBoolean(name, value);
        default -> throw new IorUsageException("Unrecognized parameter \"" + key + "\"");
      }
    }
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
