package io.pfsmix.mix;

/** One of the two workloads a mix runs, set up for one phase. */
public interface Workload {

  String IOR = "ior";
  String TFIDF = "tfidf";

  /** {@link #IOR} or {@link #TFIDF}. */
  String name();

  /** What progress and errors call the workload: its {@link #name}, or the label of the user's program in its place. */
  default String label() {
    return name();
  }

  /**
   * Runs the workload to completion on the calling thread and reports what it did.
   *
   * @throws Exception when the workload fails or is cancelled
   */
  WorkloadResult run() throws Exception;

  /** Stops a running {@link #run()} from another thread (kills its job, stops its ranks); harmless if not running. */
  void cancel();
}
