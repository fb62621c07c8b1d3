package io.pfsmix.mix;

/** The phases of a mix. */
public enum PhaseKind {
  /** The classifier with nothing else running. */
  TFIDF_ALONE,
  /** The checkpoint with nothing else running. */
  IOR_ALONE,
  /** Every workload started together: the two sides and the further workloads (mix.workloads). */
  MIXED,
  /** Every workload once before anything is measured: JIT compilation and first-job setup out of the way. */
  WARMUP,
  /** A balancing run of IOR alone, sizing the checkpoint to the classifier's runtime. */
  BALANCE_IOR,
  /** A balancing run of TFIDF alone, the runtime balancing aims at. */
  BALANCE_TFIDF,
  /** A further workload (mix.workloads) with nothing else running, once per repetition. */
  WORKLOAD_ALONE,
  /** A balancing run of a further workload alone, sizing its {scale} to the classifier's runtime. */
  BALANCE_WORKLOAD
}
