package io.pfsmix.ior;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigKeys;

/**
 * Side-by-side benchmark in one run: the Java IOR driver through pfs:// (POSIX backend) against the same offsets
 * written and read with java.nio FileChannels directly, for N-to-1 and N-to-N, alternating the two so that both see the
 * same machine state. Prints bandwidths and the pfs/nio ratio (target at least 0.95).
 */
public final class IorBenchmark {

  private static final double MIB = 1048576.0;

  private final int ranks;
  private final long blockSize;
  private final long transferSize;
  private final long segments;
  private final int rounds;
  private final Path directory;

  public IorBenchmark(int ranks, long blockSize, long transferSize, long segments, int rounds, Path directory) {
    this.ranks = ranks;
    this.blockSize = blockSize;
    this.transferSize = transferSize;
    this.segments = segments;
    this.rounds = rounds;
    this.directory = directory;
  }

  public void run(Configuration base, PrintStream out) throws IOException {
    Configuration conf = new Configuration(base);
    conf.set(PfsConfigKeys.BACKEND, "posix");
    conf.set(PfsConfigKeys.POSIX_ROOT, directory.toAbsolutePath().toString());
    conf.setBoolean(PfsConfigKeys.DISABLE_CACHE, true);
    out.printf(Locale.ROOT, "IOR bench: %d ranks, -b %d -t %d -s %d (%.0f MiB per phase), %d rounds, in %s%n", ranks,
        blockSize, transferSize, segments, ranks * segments * blockSize / MIB, rounds, directory);
    for (boolean filePerProc : new boolean[] {false, true}) {
      String pattern = filePerProc ? "N-to-N" : "N-to-1";
      // one warm-up of each, discarded: first touches of the JVM, the page cache and the directories
      pfsRound(conf, filePerProc);
      nioRound(filePerProc);
      double[][] pfs = new double[3][rounds];
      double[][] nio = new double[3][rounds];
      for (int round = 0; round < rounds; round++) {
        // alternate which goes first so neither always inherits the other's dirty pages
        double[] p;
        double[] n;
        if (round % 2 == 0) {
          p = pfsRound(conf, filePerProc);
          n = nioRound(filePerProc);
        } else {
          n = nioRound(filePerProc);
          p = pfsRound(conf, filePerProc);
        }
        for (int op = 0; op < 3; op++) {
          pfs[op][round] = p[op];
          nio[op][round] = n[op];
        }
        out.printf(Locale.ROOT, "  round %d %s: pfs write %.1f read %.1f, nio write %.1f read %.1f MiB/s;"
            + " write+read pfs %.1f nio %.1f MiB/cpu-s%n", round + 1, pattern, p[0], p[1], n[0], n[1], p[2], n[2]);
      }
      out.printf(Locale.ROOT, "%-8s %-6s %14s %14s %8s %8s%n", "pattern", "op", "pfs MiB/s", "nio MiB/s", "ratio",
          "paired");
      String[] ops = {"write", "read", "w+r/cpu"};
      for (int op = 0; op < 3; op++) {
        double p = NativeComparison.median(pfs[op]);
        double n = NativeComparison.median(nio[op]);
        // the two runs of one round are back to back, so their ratio is less exposed to the load drifting over the run
        double[] paired = new double[rounds];
        for (int round = 0; round < rounds; round++) {
          paired[round] = pfs[op][round] / nio[op][round];
        }
        out.printf(Locale.ROOT, "%-8s %-6s %14.1f %14.1f %8.3f %8.3f%n", pattern, ops[op], p, n, p / n,
            NativeComparison.median(paired));
      }
    }
    removeFiles();
    out.println("(medians over the rounds; ratio = pfs / nio of the medians, paired = median of the rounds' pfs / nio;"
        + " w+r/cpu = MiB written and read per CPU-second of the whole process over the round; target >= 0.95)");
  }

  /** CPU time of the whole process (every thread, user + system), in seconds. */
  private static double processCpuSeconds() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime()
        / 1e9;
  }

  private double[] pfsRound(Configuration conf, boolean filePerProc) throws IOException {
    // -E -k: overwrite the kept file(s) in place round after round, as the nio rounds do (see nioRound)
    List<String> args = new ArrayList<>(List.of("-a", "HADOOP", "-w", "-r", "-E", "-k", "-N", Integer.toString(ranks),
        "-b", Long.toString(blockSize), "-t", Long.toString(transferSize), "-s", Long.toString(segments), "-o",
        "pfs:///ior-bench/pfs-file"));
    if (filePerProc) {
      args.add("-F");
    }
    Files.createDirectories(directory.resolve("ior-bench"));
    double cpu = processCpuSeconds();
    IorResult result = IorRunner.run(conf, IorOptions.parse(args.toArray(new String[0])));
    cpu = processCpuSeconds() - cpu;
    return new double[] {result.iterations("write").get(0).bandwidthMiB(),
        result.iterations("read").get(0).bandwidthMiB(), 2 * ranks * segments * blockSize / MIB / cpu};
  }

  /**
   * The same offsets, buffers and barriers as the driver, with FileChannel positioned I/O and no Hadoop. The file(s)
   * stay from round to round and are overwritten in place: writing into new files makes the kernel allocate page-cache
   * pages, and on a VM that hands freed memory back to its host (free page reporting) each such page costs a fault in
   * the hypervisor, which varied single rounds by 6x and measured the VM rather than the I/O path.
   */
  private double[] nioRound(boolean filePerProc) throws IOException {
    Path shared = Files.createDirectories(directory.resolve("ior-bench")).resolve("nio-file");
    double cpu = processCpuSeconds();
    double write = phase(filePerProc, shared, true);
    double read = phase(filePerProc, shared, false);
    cpu = processCpuSeconds() - cpu;
    return new double[] {write, read, 2 * ranks * segments * blockSize / MIB / cpu};
  }

  private void removeFiles() throws IOException {
    Path dir = directory.resolve("ior-bench");
    for (String name : new String[] {"pfs-file", "nio-file"}) {
      Files.deleteIfExists(dir.resolve(name));
      for (int rank = 0; rank < ranks; rank++) {
        Files.deleteIfExists(fileOf(dir.resolve(name), true, rank));
      }
    }
  }

  private Path fileOf(Path shared, boolean filePerProc, int rank) {
    return filePerProc ? shared.resolveSibling(shared.getFileName() + String.format(Locale.ROOT, ".%08d", rank)) : shared;
  }

  private double phase(boolean filePerProc, Path shared, boolean write) throws IOException {
    CyclicBarrier barrier = new CyclicBarrier(ranks);
    double[][] times = new double[ranks][2];
    ExecutorService pool = Executors.newFixedThreadPool(ranks);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int r = 0; r < ranks; r++) {
        int rank = r;
        futures.add(pool.submit(() -> {
          // direct, as the driver's on pfs (IorStorage.allocateTransferBuffer): one copy per transfer on both sides
          ByteBuffer buffer = ByteBuffer.allocateDirect((int) transferSize);
          new DataPattern(DataPacketType.TIMESTAMP, 1, rank).fill(buffer);
          barrier.await();
          times[rank][0] = IorClock.now();
          Path file = fileOf(shared, filePerProc, rank);
          try (FileChannel channel = write ? FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)
              : FileChannel.open(file, StandardOpenOption.READ)) {
            for (long i = 0; i < segments; i++) {
              long base = filePerProc ? i * blockSize : i * ranks * blockSize + rank * blockSize;
              for (long j = 0; j < blockSize / transferSize; j++) {
                buffer.clear();
                long offset = base + j * transferSize;
                while (buffer.hasRemaining()) {
                  int n = write ? channel.write(buffer, offset + buffer.position())
                      : channel.read(buffer, offset + buffer.position());
                  if (n < 0) {
                    throw new IOException("end of " + file + " at " + (offset + buffer.position()));
                  }
                }
              }
            }
          }
          times[rank][1] = IorClock.now();
          return null;
        }));
      }
      IorRunner.awaitRanks(futures);
    } finally {
      pool.shutdownNow();
    }
    double first = Double.MAX_VALUE;
    double last = 0;
    for (double[] t : times) {
      first = Math.min(first, t[0]);
      last = Math.max(last, t[1]);
    }
    return ranks * segments * blockSize / (last - first) / MIB;
  }
}
