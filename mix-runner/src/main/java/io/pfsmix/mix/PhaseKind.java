package io.pfsmix.mix;

/** The phases of a mix. */
public enum PhaseKind {
  /** The classifier with nothing else running. */
  TFIDF_ALONE,
  /** The checkpoint with nothing else running. */
  IOR_ALONE,
  /** Both started together. */
  MIXED,
  /** Both workloads once before anything is measured: JIT compilation and first-job setup out of the way. */
  WARMUP,
  /** A balancing run of IOR alone, sizing the checkpoint to the classifier's runtime. */
  BALANCE_IOR,
  /** A balancing run of TFIDF alone, the runtime balancing aims at. */
  BALANCE_TFIDF
}
