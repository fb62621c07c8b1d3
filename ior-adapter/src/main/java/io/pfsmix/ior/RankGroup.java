package io.pfsmix.ior;

import java.io.IOException;
import java.util.function.Supplier;

/** The ranks of one run and their MPI-like collectives: barrier, broadcast from rank 0, and abort. */
interface RankGroup {

  int size();

  /** Waits until every rank arrives; fails with {@link IorAbortedException} when another rank aborted. */
  void barrier(int rank) throws IOException;

  /** Rank 0's value of {@code key} for everyone (rank 0 computes it); a barrier for all ranks. */
  String broadcast(int rank, String key, Supplier<String> rootValue) throws IOException;

  /** Every rank's {@code value} of {@code key}, indexed by rank (MPI's allgather); a barrier for all ranks. */
  long[] allGather(int rank, String key, long value) throws IOException;

  /** Stops every rank: their next barrier fails, naming this rank and cause. */
  void abort(int rank, Throwable cause);

  /** Stores a finished record (thread mode keeps it in memory, YARN mode hands it to the client). */
  void record(RankRecord record) throws IOException;

  /** Called by rank 0 after the barrier that ends a phase: the phase's records are all in. */
  void phaseComplete(int iteration, Phase phase) throws IOException;

  /** Rank 0 at the start of each iteration (IOR prints the signature and, first, the table header then). */
  default void iterationStart(int rank, int iteration, int signature) {
  }

  /** A line rank 0 prints to IOR's log when the verbosity is at least {@code verbosity} (other ranks' are dropped). */
  default void log(int rank, String line, int verbosity) {
  }

  /** A line every rank prints (IOR's -vvv lines per task); ranks elsewhere (YARN) keep theirs. */
  default void taskLog(int rank, String line, int verbosity) {
  }

  /** Rank 0 between its open and its first transfer of a phase (IOR's -v progress lines). */
  default void phaseStart(int rank, Phase phase) {
  }
}
