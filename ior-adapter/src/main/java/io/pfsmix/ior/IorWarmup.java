package io.pfsmix.ior;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.trace.tools.OutputTarget;

/**
 * The JVM's counterpart of the real IOR's start-up, which is outside IOR's timing: before the test, a small IOR of the
 * same transfer size, pattern and rank count runs unmeasured, so that the first timed iteration runs compiled code
 * rather than the interpreter's. It writes and reads through pfs's POSIX backend in a temporary local directory, never
 * the file system under test, and untraced (a configuration of its own, without the site's files).
 */
final class IorWarmup {

  /**
   * A pass moves at most this much data in all, and makes at most this many transfers per rank: enough calls for C2 to
   * compile the hot methods (4,096 left a single 4 KiB rank's reads at 1,040-1,160 MiB/s against 1,200-1,690 after
   * 20,000 or 50,000).
   */
  private static final long MAX_BYTES = 256L << 20;
  private static final long MAX_TRANSFERS_PER_RANK = 50_000;
  /**
   * Nor more than this many times the transfers of one of the test's phases: a test of a few transfers gains nothing
   * from compiled loops, and its warm-up stays about as short as the test.
   */
  private static final long MAX_TEST_MULTIPLE = 4;
  /**
   * Where the data cap would leave fewer calls than that, the passes move smaller transfers, down to this size (or the
   * test's, if smaller): the code per call is the same, and its count is what the compilers go by. At 64 transfers of
   * 1 MiB per rank the read path reached C2 inside the timed phase, and the compilations took CPU from the ranks.
   */
  private static final long MIN_TRANSFER = 4096;

  /**
   * HotSpot compiles a phase's transfer loop in steps that each need a run of the loop: first while it runs (OSR) with
   * profiling, then optimized, and only at a later call the method around it. After one pass the first timed
   * iteration still ran its loops in profiled code while C2 compiled them beside the ranks; after three it enters them
   * optimized, and 4 KiB transfers cost as much CPU in it as in later iterations.
   */
  private static final int PASSES = 3;

  /** The longest wait for the compilers after a pass: under load C2 can lag seconds behind. */
  private static final long MAX_COMPILER_WAIT_NANOS = 10_000_000_000L;

  private IorWarmup() {
  }

  static void run(IorOptions options) throws IOException {
    long bytesPerRank = MAX_BYTES / options.numTasks;
    // in double: -s times the block's transfers may exceed a long
    double testTransfers = (double) options.segmentCount * (options.blockSize / options.transferSize);
    long wanted = Math.max(1, (long) Math.min(MAX_TRANSFERS_PER_RANK, MAX_TEST_MULTIPLE * testTransfers));
    long transferSize = options.transferSize;
    if (transferSize > bytesPerRank / wanted) {
      long fitting = Long.highestOneBit(Math.max(1, bytesPerRank / wanted));
      transferSize = Math.max(Math.min(transferSize, MIN_TRANSFER), fitting);
    }
    long transfers = Math.max(1, Math.min(wanted, bytesPerRank / transferSize));
    Path dir = Files.createTempDirectory("pfsmix-ior-warmup");
    try {
      List<String> flags = new ArrayList<>(List.of("-a", IorOptions.API_POSIX, "-w", "-r", "-i", "1", "-N",
          Integer.toString(options.numTasks), "-t", Long.toString(transferSize), "-b",
          Long.toString(transferSize * transfers), "-s", "1", "-l",
          Character.toString(options.dataPacketType.code()), "-o", dir.resolve("warmup").toString()));
      if (options.filePerProc) {
        flags.add("-F");
      }
      for (int pass = 0; pass < PASSES; pass++) {
        IorRunner.run(new Configuration(false), IorOptions.parse(flags.toArray(new String[0])),
            OutputStream.nullOutputStream(), false);
        // what a pass queued is compiled before the next pass (or the test) runs: a busy queue also raises the
        // compilers' thresholds, so the next pass would count towards less
        awaitCompilers();
      }
    } finally {
      OutputTarget.deleteRecursively(dir);
    }
  }

  /**
   * Waits until the JIT compilers have nothing queued or running, as HotSpot's Compiler.queue diagnostic command lists
   * them (every entry names a method as Class::method); returns at once on a JVM without the command.
   */
  private static void awaitCompilers() throws IOException {
    long deadline = System.nanoTime() + MAX_COMPILER_WAIT_NANOS;
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName commands = new ObjectName("com.sun.management:type=DiagnosticCommand");
      if (!server.isRegistered(commands)) {
        return;
      }
      while (System.nanoTime() < deadline) {
        Object queue = server.invoke(commands, "compilerQueue", new Object[] {null},
            new String[] {String[].class.getName()});
        if (!(queue instanceof String text) || !text.contains("::")) {
          return;
        }
        Thread.sleep(20);
      }
    } catch (JMException e) {
      // the command is missing or refused: the passes alone warm up
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IorAbortedException("interrupted while the warm-up waited for the JIT compilers");
    }
  }
}
