package io.pfsmix.ior;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
   * At most this much data in all, and this many transfers per rank: enough calls for C2 to compile the hot methods
   * (4,096 left a single 4 KiB rank's reads at 1,040-1,160 MiB/s against 1,200-1,690 after 20,000 or 50,000).
   */
  private static final long MAX_BYTES = 256L << 20;
  private static final long MAX_TRANSFERS_PER_RANK = 50_000;

  private IorWarmup() {
  }

  static void run(IorOptions options) throws IOException {
    long transfers = Math.max(1, Math.min(MAX_TRANSFERS_PER_RANK, MAX_BYTES / options.numTasks / options.transferSize));
    Path dir = Files.createTempDirectory("pfsmix-ior-warmup");
    try {
      List<String> flags = new ArrayList<>(List.of("-a", IorOptions.API_POSIX, "-w", "-r", "-i", "1", "-N",
          Integer.toString(options.numTasks), "-t", Long.toString(options.transferSize), "-b",
          Long.toString(options.transferSize * transfers), "-s", "1", "-l",
          Character.toString(options.dataPacketType.code()), "-o", dir.resolve("warmup").toString()));
      if (options.filePerProc) {
        flags.add("-F");
      }
      IorRunner.run(new Configuration(false), IorOptions.parse(flags.toArray(new String[0])),
          OutputStream.nullOutputStream(), false);
    } finally {
      OutputTarget.deleteRecursively(dir);
    }
  }
}
