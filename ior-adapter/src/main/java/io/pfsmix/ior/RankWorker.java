package io.pfsmix.ior;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
      runIterations();
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
      if (options.writeFile) {
        errors += writePhase(rep, signature);
      }
      if (options.checkWrite) {
        errors += checkPhase(rep, signature, Phase.WRITE_CHECK, checkWriteOffset());
      }
      if (options.readFile || options.checkRead) {
        errors += checkPhase(rep, signature, Phase.READ, readOffset(rep));
      }
      removePhase(rep, signature, errors);
    }
  }

  private long writePhase(int rep, int signature) throws IOException {
    delay();
    if (!options.useExistingTestFile) {
      storage.remove(rank);
    }
    group.barrier(rank);
    DataPattern pattern = new DataPattern(options.dataPacketType, signature, rank);
    buffer.clear();
    pattern.fill(buffer);
    long[] offsets = offsets(rank, signature);
    double[] timers = new double[6];
    timers[RankRecord.OPEN_START] = IorClock.now();
    RankFile file = storage.openForWrite(rank);
    timers[RankRecord.OPEN_STOP] = IorClock.now();
    intraTestBarrier();
    group.phaseStart(rank, Phase.WRITE);
    timers[RankRecord.RDWR_START] = IorClock.now();
    long bytes = 0;
    long transfers = 0;
    long lastOffset = -1;
    boolean written = false;
    try {
      for (long offset : offsets) {
        if (stonewalled(timers[RankRecord.RDWR_START])) {
          break;
        }
        lastOffset = offset + options.transferSize;
        buffer.clear();
        pattern.update(buffer, offset);
        try {
          file.write(offset, buffer);
          if (options.fsyncPerWrite) {
            file.sync();
          }
        } catch (IOException | RuntimeException e) {
          throw new IorRankException("rank " + rank + ", iteration " + rep + ": write of " + options.transferSize
              + " bytes at offset " + offset + " of " + storage.fileOf(rank) + " failed", e);
        }
        bytes += options.transferSize;
        transfers++;
      }
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
          throw new IorRankException("rank " + rank + ", iteration " + rep + ": close of " + storage.fileOf(rank)
              + " after writing " + bytes + " bytes (up to offset " + lastOffset + ") failed", e);
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
    group.record(new RankRecord(rank, rep, Phase.WRITE, timers, bytes, transfers, signature, 0, null));
    group.barrier(rank);
    if (rank == 0) {
      group.phaseComplete(rep, Phase.WRITE);
    }
    return 0;
  }

  /** -W and the read phase (with -R checks): reads the data of rank (rank + offset) % N. */
  private long checkPhase(int rep, int signature, Phase phase, int rankOffset) throws IOException {
    boolean check = phase == Phase.WRITE_CHECK || options.checkRead;
    int dataRank = (rank + rankOffset) % options.numTasks;
    if (phase == Phase.READ) {
      delay();
    }
    group.barrier(rank);
    DataPattern pattern = new DataPattern(options.dataPacketType, signature, dataRank);
    long[] offsets = offsets(dataRank, signature);
    double[] timers = new double[6];
    timers[RankRecord.OPEN_START] = IorClock.now();
    RankFile file;
    try {
      file = storage.openForRead(dataRank);
    } catch (IOException e) {
      throw new IorRankException("rank " + rank + ", iteration " + rep + ": cannot open " + storage.fileOf(dataRank)
          + " to read", e);
    }
    timers[RankRecord.OPEN_STOP] = IorClock.now();
    if (phase == Phase.READ) {
      intraTestBarrier();
    }
    group.phaseStart(rank, phase);
    timers[RankRecord.RDWR_START] = IorClock.now();
    long bytes = 0;
    long transfers = 0;
    long errors = 0;
    IorDataError first = null;
    try {
      for (long offset : offsets) {
        if (phase == Phase.READ && stonewalled(timers[RankRecord.RDWR_START])) {
          break;
        }
        buffer.clear();
        if (check) {
          buffer.put(0, (byte) ~buffer.get(0));
        }
        try {
          file.read(offset, buffer);
        } catch (IOException | RuntimeException e) {
          throw new IorRankException("rank " + rank + ", iteration " + rep + ": read of " + options.transferSize
              + " bytes at offset " + offset + " of " + storage.fileOf(dataRank) + " failed", e);
        }
        if (check) {
          int wrong = pattern.firstMismatch(buffer, offset);
          if (wrong >= 0) {
            errors++;
            if (first == null) {
              byte expected = pattern.expectedTransfer(buffer.capacity(), offset).get(wrong);
              first = new IorDataError(phase.access, rep, rank, dataRank, storage.fileOf(dataRank).toString(),
                  offset + wrong, expected, buffer.get(wrong), 0);
            }
          }
        }
        bytes += options.transferSize;
        transfers++;
      }
      timers[RankRecord.RDWR_STOP] = IorClock.now();
      if (phase == Phase.READ) {
        intraTestBarrier();
      }
      timers[RankRecord.CLOSE_START] = IorClock.now();
    } finally {
      file.close();
    }
    timers[RankRecord.CLOSE_STOP] = IorClock.now();
    if (first != null) {
      first = new IorDataError(first.phase(), rep, rank, dataRank, first.file(), first.offset(), first.expected(),
          first.actual(), errors);
    }
    group.record(new RankRecord(rank, rep, phase, timers, bytes, transfers, signature, errors, first));
    group.barrier(rank);
    if (rank == 0) {
      group.phaseComplete(rep, phase);
    }
    return errors;
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
    storage.remove(rank);
    group.barrier(rank);
    timers[RankRecord.CLOSE_STOP] = IorClock.now();
    if (rank == 0) {
      group.record(new RankRecord(rank, rep, Phase.REMOVE, timers, 0, 0, signature, 0, null));
      group.phaseComplete(rep, Phase.REMOVE);
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

  private boolean stonewalled(double transferStart) {
    return options.deadlineForStonewalling > 0 && IorClock.now() - transferStart > options.deadlineForStonewalling;
  }

  private void intraTestBarrier() throws IOException {
    if (options.intraTestBarriers) {
      group.barrier(rank);
    }
  }

  private void delay() throws IOException {
    if (options.interTestDelay > 0) {
      try {
        Thread.sleep(options.interTestDelay * 1000L);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IorAbortedException("rank " + rank + " interrupted during -d delay");
      }
    }
  }
}
