package io.pfsmix.ior;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/** Ranks as threads of this JVM: a cyclic barrier, a shared map for broadcasts, records straight to the aggregator. */
final class ThreadRankGroup implements RankGroup {

  private final int size;
  private final CyclicBarrier barrier;
  private final Map<String, String> broadcasts = new ConcurrentHashMap<>();
  private final Map<String, long[]> gathers = new ConcurrentHashMap<>();
  private final AtomicReference<String> abortReason = new AtomicReference<>();
  private final IorAggregator aggregator;

  ThreadRankGroup(int size, IorAggregator aggregator) {
    this.size = size;
    this.barrier = new CyclicBarrier(size);
    this.aggregator = aggregator;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public void barrier(int rank) throws IOException {
    String reason = abortReason.get();
    if (reason != null) {
      throw new IorAbortedException(reason);
    }
    try {
      barrier.await();
    } catch (BrokenBarrierException e) {
      throw new IorAbortedException(abortReason.get() == null ? "a rank left the barrier" : abortReason.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IorAbortedException("rank " + rank + " interrupted at a barrier");
    }
  }

  @Override
  public String broadcast(int rank, String key, Supplier<String> rootValue) throws IOException {
    if (rank == 0) {
      broadcasts.put(key, rootValue.get());
    }
    barrier(rank);
    return broadcasts.get(key);
  }

  @Override
  public long[] allGather(int rank, String key, long value) throws IOException {
    long[] values = gathers.computeIfAbsent(key, k -> new long[size]);
    values[rank] = value;
    // the barrier publishes every rank's store to every reader
    barrier(rank);
    return values.clone();
  }

  @Override
  public void abort(int rank, Throwable cause) {
    if (abortReason.compareAndSet(null, "stopped because rank " + rank + " failed: " + cause.getMessage())) {
      barrier.reset();
    }
  }

  @Override
  public void record(RankRecord record) {
    aggregator.add(record);
  }

  @Override
  public void phaseComplete(int iteration, Phase phase) throws IOException {
    aggregator.phaseComplete(iteration, phase);
  }

  @Override
  public void iterationStart(int rank, int iteration, int signature) {
    if (rank == 0) {
      aggregator.iterationStart(iteration, signature);
    }
  }

  @Override
  public void log(int rank, String line, int verbosity) {
    if (rank == 0) {
      aggregator.log(line, verbosity);
    }
  }

  @Override
  public void taskLog(int rank, String line, int verbosity) {
    aggregator.log(line, verbosity);
  }

  @Override
  public void phaseStart(int rank, Phase phase) {
    if (rank == 0) {
      aggregator.phaseStart(phase);
    }
  }
}
