package io.pfsmix.ior;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import io.pfsmix.trace.TraceContext;

/**
 * One IOR rank: ior.c's TestIoSys loop for one task — per iteration the write phase, the -W check, the read phase and
 * the removal, with IOR's barriers between them and IOR's six timers around open, transfers and close.
 */
final class RankWorker {

  private final IorOptions options;
  private final IorStorage storage;
  private final RankGroup group;
  private final int rank;
  private final ByteBuffer buffer;
  private long randomSeed = -1;

  RankWorker(IorOptions options, IorStorage storage, RankGroup group, int rank) {
    this.options = options;
    this.storage = storage;
    this.group = group;
    this.rank = rank;
    this.buffer = storage.allocateTransferBuffer((int) options.transferSize);
  }

  /** Runs every iteration; on failure aborts the group so the other ranks stop at their next barrier. */
  void run() throws IOException {
    TraceContext.setThreadRank(rank);
    try {
      byte[][] held = holdMemory(options.memoryPerRank());
      runIterations();
      // IOR frees its hog at the end of the test; until then it must stay reachable
      java.lang.ref.Reference.reachabilityFence(held);
    } catch (IOException | RuntimeException e) {
      group.abort(rank, e);
      throw e;
    } finally {
      TraceContext.clearThreadRank();
    }
  }

  private void runIterations() throws IOException {
    double start = Double.parseDouble(group.broadcast(rank, "start", () -> Double.toString(IorClock.now())));
    for (int rep = 0; rep < options.repetitions; rep++) {
      int signature = Integer.parseInt(group.broadcast(rank, "signature-" + rep, () -> Integer.toString(
          options.setTimeStampSignature != 0 ? options.setTimeStampSignature : (int) (long) IorClock.now())));
      boolean timeLeft = Boolean.parseBoolean(group.broadcast(rank, "time-left-" + rep, () -> Boolean.toString(
          options.maxTimeDuration == 0 || IorClock.now() < start + options.maxTimeDuration * 60.0)));
      if (!timeLeft) {
        break;
      }
      group.iterationStart(rank, rep, signature);
      long errors = 0;
      // IOR's stoneWallingWearOutIterations: the user's limit, then with -D what this iteration's write reached
      long stopAfter = options.stoneWallingWearOutIterations;
      if (options.writeFile) {
        long written = writePhase(rep, signature);
        if (options.deadlineForStonewalling > 0) {
          stopAfter = written;
        }
      }
      if (options.checkWrite) {
        errors += checkPhase(rep, signature, Phase.WRITE_CHECK, checkWriteOffset(), stopAfter);
      }
      if (options.readFile || options.checkRead) {
        if (options.stoneWallingStatusFile != null) {
          stopAfter = Long.parseLong(group.broadcast(rank, "status-file-" + rep, this::readStatusFile));
        }
        errors += checkPhase(rep, signature, Phase.READ, readOffset(rep), stopAfter);
      }
      removePhase(rep, signature, errors);
    }
  }

  /** The write phase; returns the transfer count a later read of this iteration stops at under -D. */
  private long writePhase(int rep, int signature) throws IOException {
    group.taskLog(rank, "task " + rank + " writing " + storage.nameOf(rank, rep), 3);
    delay();
    if (!options.useExistingTestFile) {
      remove(rep);
    }
    group.barrier(rank);
    DataPattern pattern = new DataPattern(options.dataPacketType, signature, rank);
    buffer.clear();
    pattern.fill(buffer);
    long[] offsets = offsets(rank, signature);
    double[] timers = new double[6];
    timers[RankRecord.OPEN_START] = IorClock.now();
    RankFile file = storage.openForWrite(rank, rep);
    timers[RankRecord.OPEN_STOP] = IorClock.now();
    intraTestBarrier();
    group.phaseStart(rank, Phase.WRITE);
    timers[RankRecord.RDWR_START] = IorClock.now();
    // for a failed close's message: what was written, up to where
    long[] moved = {0, -1};
    Transfers done;
    boolean written = false;
    try {
      Prefill prefill = options.randomPrefillBlockSize > 0 ? new Prefill(file, pattern, rep) : null;
      if (prefill != null && options.deadlineForStonewalling == 0) {
        double start = IorClock.now();
        prefill.segments(0, options.segmentCount);
        group.log(rank, String.format(Locale.ROOT, "Random prefill took: %fs", IorClock.now() - start), 2);
        // IOR synchronizes the ranks after the prefill, inside the timed write
        group.barrier(rank);
      }
      done = transfers(rep + "-write", offsets, timers[RankRecord.RDWR_START], options.stoneWallingWearOutIterations,
          true, (index, offset) -> {
            if (prefill != null && options.deadlineForStonewalling > 0 && index % segmentTransfers(offsets) == 0) {
              // with a stonewall IOR prefills each segment as it reaches it
              prefill.segments(index / segmentTransfers(offsets), index / segmentTransfers(offsets) + 1);
            }
            buffer.clear();
            pattern.update(buffer, offset);
            write(file, rep, offset, buffer);
            moved[0] += options.transferSize;
            moved[1] = offset + options.transferSize;
          });
      if (options.fsync) {
        // IOR's -e syncs at the end of the transfers, inside the timed write (wr/rd and IOPS include it)
        file.sync();
      }
      timers[RankRecord.RDWR_STOP] = IorClock.now();
      intraTestBarrier();
      timers[RankRecord.CLOSE_START] = IorClock.now();
      written = true;
    } finally {
      try {
        file.close();
      } catch (IOException | RuntimeException e) {
        if (written) {
          throw new IorRankException("rank " + rank + ", iteration " + rep + ": close of " + storage.nameOf(rank, rep)
              + " after writing " + moved[0] + " bytes (up to offset " + moved[1] + ") failed", e);
        }
      }
    }
    if (options.concat) {
      group.barrier(rank);
      if (rank == 0) {
        storage.joinParts();
      }
    }
    timers[RankRecord.CLOSE_STOP] = IorClock.now();
    // IOR's barrier after the write's close, then each rank's stat of its file (CheckFileSize)
    group.barrier(rank);
    long fileSize = storage.fileSize(rank, rep);
    group.record(new RankRecord(rank, rep, Phase.WRITE, timers, done.count() * options.transferSize, done.count(),
        signature, 0, null, fileSize, done.stonewall()));
    group.barrier(rank);
    if (rank == 0) {
      group.phaseComplete(rep, Phase.WRITE);
    }
    return done.reached();
  }

  private void write(RankFile file, int rep, long offset, ByteBuffer data) throws IOException {
    try {
      file.write(offset, data);
      if (options.fsyncPerWrite) {
        file.sync();
      }
    } catch (IOException | RuntimeException e) {
      throw new IorRankException("rank " + rank + ", iteration " + rep + ": write of " + data.capacity()
          + " bytes at offset " + offset + " of " + storage.nameOf(rank, rep) + " failed", e);
    }
  }

  private long segmentTransfers(long[] offsets) {
    return offsets.length / options.segmentCount;
  }

  /**
   * --randomPrefill: before -z's random writes, each rank writes its own blocks in order, in pieces of the prefill
   * size, with bytes of all ones (IOR's memset(-1), which offset and incompressible patterns then stamp).
   */
  private final class Prefill {
    private final RankFile file;
    private final DataPattern pattern;
    private final int rep;
    private final ByteBuffer ones;

    Prefill(RankFile file, DataPattern pattern, int rep) {
      this.file = file;
      this.pattern = pattern;
      this.rep = rep;
      this.ones = ByteBuffer.allocateDirect((int) options.randomPrefillBlockSize);
      // filled once, as IOR's memset: the patterns' updates rewrite the same words piece after piece
      while (ones.hasRemaining()) {
        ones.put((byte) -1);
      }
    }

    void segments(long first, long end) throws IOException {
      long pieces = options.blockSize / options.randomPrefillBlockSize;
      for (long i = first; i < end; i++) {
        long base = options.filePerProc ? i * options.blockSize
            : i * options.numTasks * options.blockSize + rank * options.blockSize;
        for (long j = 0; j < pieces; j++) {
          long offset = base + j * options.randomPrefillBlockSize;
          ones.clear();
          pattern.update(ones, offset);
          ones.clear();
          write(file, rep, offset, ones);
          pauseBetweenTransfers();
        }
      }
    }
  }

  /** -W and the read phase (with -R checks): reads the data of rank (rank + offset) % N. */
  private long checkPhase(int rep, int signature, Phase phase, int rankOffset, long stopAfter) throws IOException {
    boolean check = phase == Phase.WRITE_CHECK || options.checkRead;
    int dataRank = (rank + rankOffset) % options.numTasks;
    if (phase == Phase.READ) {
      group.taskLog(rank, "task " + rank + " reading " + storage.nameOf(dataRank, rep), 3);
      delay();
    }
    group.barrier(rank);
    DataPattern pattern = new DataPattern(options.dataPacketType, signature, dataRank);
    long[] offsets = offsets(dataRank, signature);
    double[] timers = new double[6];
    timers[RankRecord.OPEN_START] = IorClock.now();
    RankFile file;
    try {
      file = storage.openForRead(dataRank, rep);
    } catch (IOException e) {
      throw new IorRankException("rank " + rank + ", iteration " + rep + ": cannot open "
          + storage.nameOf(dataRank, rep) + " to read", e);
    }
    timers[RankRecord.OPEN_STOP] = IorClock.now();
    if (phase == Phase.READ) {
      intraTestBarrier();
    }
    group.phaseStart(rank, phase);
    timers[RankRecord.RDWR_START] = IorClock.now();
    long[] errors = {0};
    IorDataError[] first = {null};
    Transfers done;
    try {
      // IOR pauses (-O interIODelay) after plain reads, not after checking ones (-W, -R)
      done = transfers(rep + "-" + phase, offsets, timers[RankRecord.RDWR_START], stopAfter, !check,
          (index, offset) -> {
            buffer.clear();
            if (check) {
              buffer.put(0, (byte) ~buffer.get(0));
            }
            try {
              file.read(offset, buffer);
            } catch (IOException | RuntimeException e) {
              throw new IorRankException("rank " + rank + ", iteration " + rep + ": read of " + options.transferSize
                  + " bytes at offset " + offset + " of " + storage.nameOf(dataRank, rep) + " failed", e);
            }
            // a dry run reads nothing to check
            if (check && !options.dryRun) {
              int wrong = pattern.firstMismatch(buffer, offset);
              if (wrong >= 0) {
                errors[0]++;
                if (first[0] == null) {
                  byte expected = pattern.expectedTransfer(buffer.capacity(), offset).get(wrong);
                  first[0] = new IorDataError(phase.access, rep, rank, dataRank,
                      storage.nameOf(dataRank, rep), offset + wrong, expected, buffer.get(wrong), 0);
                }
              }
            }
          });
      timers[RankRecord.RDWR_STOP] = IorClock.now();
      if (phase == Phase.READ) {
        intraTestBarrier();
      }
      timers[RankRecord.CLOSE_START] = IorClock.now();
    } finally {
      file.close();
    }
    timers[RankRecord.CLOSE_STOP] = IorClock.now();
    IorDataError firstError = first[0];
    if (firstError != null) {
      firstError = new IorDataError(firstError.phase(), rep, rank, dataRank, firstError.file(), firstError.offset(),
          firstError.expected(), firstError.actual(), errors[0]);
    }
    long fileSize = phase == Phase.READ ? storage.fileSize(dataRank, rep) : -1;
    group.record(new RankRecord(rank, rep, phase, timers, done.count() * options.transferSize, done.count(), signature,
        errors[0], firstError, fileSize, done.stonewall()));
    group.barrier(rank);
    if (rank == 0) {
      group.phaseComplete(rep, phase);
    }
    return errors[0];
  }

  /** One transfer of a phase: the {@code index}-th of the phase's offsets, at {@code offset}. */
  @FunctionalInterface
  private interface Transfer {
    void at(long index, long offset) throws IOException;
  }

  /**
   * What a phase's transfers did.
   *
   * @param count transfers made
   * @param reached IOR's pairs_accessed: with -O stoneWallingWearOut the busiest rank's count, else this rank's
   * @param stonewall where the stonewall stopped this rank (with -O stoneWallingWearOut only)
   */
  private record Transfers(long count, long reached, RankRecord.Stonewall stonewall) {
  }

  /**
   * IOR's WriteOrRead loop: the offsets in order until the -D stonewall or {@code stopAfter} transfers (0: all), all
   * over again until -O minTimeDuration has passed; with -O stoneWallingWearOut every rank then goes on, wrapping
   * round the offsets, to the count of the rank that got furthest.
   */
  private Transfers transfers(String key, long[] offsets, double start, long stopAfter, boolean pause,
      Transfer transfer) throws IOException {
    long count = 0;
    int next = 0;
    boolean stonewalled = false;
    do {
      for (int k = 0; k < offsets.length && !stonewalled; k++) {
        transfer.at(k, offsets[k]);
        count++;
        next = (k + 1) % offsets.length;
        if (pause) {
          pauseBetweenTransfers();
        }
        stonewalled = (options.deadlineForStonewalling > 0 && IorClock.now() - start > options.deadlineForStonewalling)
            || (stopAfter != 0 && count == stopAfter);
      }
      if (stonewalled) {
        // IOR spins out the rest of -O minTimeDuration; waiting is the same time without the CPU
        sleepUntil(start + options.minTimeDuration);
      }
    } while (IorClock.now() - start < options.minTimeDuration);
    if (!options.stoneWallingWearOut) {
      return new Transfers(count, count, null);
    }
    RankRecord.Stonewall stonewall = new RankRecord.Stonewall(count, count * options.transferSize,
        IorClock.now() - start);
    long busiest = 0;
    for (long other : group.allGather(rank, "wear-out-" + key, count)) {
      busiest = Math.max(busiest, other);
    }
    while (count < busiest) {
      transfer.at(next, offsets[next]);
      count++;
      next = (next + 1) % offsets.length;
      if (pause) {
        pauseBetweenTransfers();
      }
    }
    return new Transfers(count, busiest, stonewall);
  }

  /** IOR's removal step; the keep decision (-k, -K) is rank 0's, so every rank takes the same barriers. */
  private void removePhase(int rep, int signature, long localErrors) throws IOException {
    boolean keep = Boolean.parseBoolean(group.broadcast(rank, "keep-" + rep,
        () -> Boolean.toString(options.keepFile || (localErrors > 0 && options.keepFileWithError))));
    if (keep) {
      group.barrier(rank);
      return;
    }
    double[] timers = new double[6];
    timers[RankRecord.OPEN_START] = IorClock.now();
    group.barrier(rank);
    remove(rep);
    group.barrier(rank);
    timers[RankRecord.CLOSE_STOP] = IorClock.now();
    if (rank == 0) {
      group.record(new RankRecord(rank, rep, Phase.REMOVE, timers, 0, 0, signature, 0, null, -1, null));
      group.phaseComplete(rep, Phase.REMOVE);
    }
  }

  private void remove(int rep) throws IOException {
    if (storage.remove(rank, rep)) {
      group.taskLog(rank, "task " + rank + " removing " + storage.nameOf(rank, rep), 3);
    }
  }

  /** IOR's -W reads two nodes away from the writer with -C, else its own data. */
  private int checkWriteOffset() {
    return options.reorderTasks != 0 ? (2 * options.tasksPerNode()) % options.numTasks : 0;
  }

  /** IOR's rankOffset for the read phase: -C constant node shift, -Z random, else 0. */
  private int readOffset(int rep) throws IOException {
    if (options.reorderTasks != 0) {
      return (options.taskPerNodeOffset * options.tasksPerNode()) % options.numTasks;
    }
    if (options.reorderTasksRandom != 0) {
      int nodeOffset = Math.min(options.taskPerNodeOffset, options.effectiveNodes() - 1);
      long seed = options.reorderTasksRandomSeed < 0 ? -options.reorderTasksRandomSeed + rep : options.reorderTasksRandomSeed;
      Random random = new Random(rank + seed);
      int offset = random.nextInt(options.numTasks);
      while (offset < nodeOffset * options.tasksPerNode()) {
        offset = random.nextInt(options.numTasks);
      }
      return offset;
    }
    return 0;
  }

  /**
   * IOR's offsets for the data of {@code dataRank}: sequential j*T + i*B (-F) or j*T + i*N*B + r*B (shared), or with -z
   * IOR's random layout (transfers shuffled within a block for -F; spread over all ranks' blocks for a shared file).
   * Made before the phase's timers start, as IOR computes its offsets outside them.
   */
  private long[] offsets(int dataRank, int signature) throws IOException {
    long perBlock = options.blockSize / options.transferSize;
    if (!options.randomOffset) {
      long[] offsets = new long[Math.toIntExact(options.segmentCount * perBlock)];
      int k = 0;
      for (long i = 0; i < options.segmentCount; i++) {
        long base = options.filePerProc ? i * options.blockSize
            : i * options.numTasks * options.blockSize + dataRank * options.blockSize;
        for (long j = 0; j < perBlock; j++) {
          offsets[k++] = base + j * options.transferSize;
        }
      }
      return offsets;
    }
    if (randomSeed < 0) {
      randomSeed = Long.parseLong(group.broadcast(rank, "random-seed", () -> Long.toString(
          options.randomOffsetSeed >= 0 ? options.randomOffsetSeed : signature & 0xffffffffL)));
    }
    List<Long> inBlock = new ArrayList<>();
    Random random;
    if (options.filePerProc) {
      for (long j = 0; j < perBlock; j++) {
        inBlock.add(j * options.transferSize);
      }
      random = new Random(randomSeed + dataRank);
    } else {
      Random assign = new Random(randomSeed);
      for (long x = 0; x < options.blockSize * options.numTasks; x += options.transferSize) {
        if (assign.nextInt(options.numTasks) == dataRank) {
          inBlock.add(x);
        }
      }
      random = new Random(randomSeed + dataRank);
    }
    Collections.shuffle(inBlock, random);
    long[] offsets = new long[Math.toIntExact(options.segmentCount * inBlock.size())];
    int k = 0;
    for (long i = 0; i < options.segmentCount; i++) {
      long base = options.filePerProc ? i * options.blockSize : i * options.numTasks * options.blockSize;
      for (long offset : inBlock) {
        offsets[k++] = base + offset;
      }
    }
    return offsets;
  }

  /** -O stoneWallingStatusFile: the transfer count a write run kept there (rank 0 reads it; 0 and a warning if not). */
  private String readStatusFile() {
    try {
      return Long.toString(Long.parseLong(Files.readString(Path.of(options.stoneWallingStatusFile)).strip()));
    } catch (IOException | NumberFormatException e) {
      group.log(rank, "WARNING: Could not read back the stonewalling status from the file!", 0);
      return "0";
    }
  }

  /** IOR's HogMemory: bytes held, every page touched, so that the page cache has that much less of the node. */
  private static byte[][] holdMemory(long bytes) {
    int chunk = 1 << 30;
    byte[][] held = new byte[Math.toIntExact((bytes + chunk - 1) / chunk)][];
    for (int i = 0; i < held.length; i++) {
      held[i] = new byte[(int) Math.min(chunk, bytes - (long) i * chunk)];
      for (int page = 0; page < held[i].length; page += 4096) {
        held[i][page] = 1;
      }
    }
    return held;
  }

  /** -O interIODelay: microseconds after each transfer. */
  private void pauseBetweenTransfers() throws IOException {
    if (options.interIODelay > 0) {
      sleep(options.interIODelay / 1000, options.interIODelay % 1000 * 1000, "-O interIODelay");
    }
  }

  private void sleepUntil(double time) throws IOException {
    double left = time - IorClock.now();
    if (left > 0) {
      sleep((long) (left * 1000), 0, "-O minTimeDuration");
    }
  }

  private void sleep(long millis, int nanos, String what) throws IOException {
    try {
      Thread.sleep(millis, nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IorAbortedException("rank " + rank + " interrupted during " + what);
    }
  }

  private void intraTestBarrier() throws IOException {
    if (options.intraTestBarriers) {
      group.barrier(rank);
    }
  }

  private void delay() throws IOException {
    if (options.interTestDelay > 0) {
      group.log(rank, "delaying " + options.interTestDelay + " seconds . . .", 1);
      sleep(options.interTestDelay * 1000L, 0, "-d delay");
    }
  }
}
