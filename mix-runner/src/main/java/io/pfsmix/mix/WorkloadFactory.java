package io.pfsmix.mix;

import org.apache.hadoop.conf.Configuration;

/** Makes the mix's workloads for one phase, and prepares what they need before any phase runs. */
interface WorkloadFactory {

  /**
   * Generates the request data and trains the model when they are absent, or makes the user's jobs' directories (not
   * measured).
   */
  void prepare(Configuration conf, MixSettings settings, Progress progress) throws Exception;

  /**
   * The analytics side writing its output to {@code outputDir}: TFIDF classifying the request data, or the user's job
   * with {@code outputDir} as its {out}.
   */
  Workload tfidf(Configuration conf, MixSettings settings, String outputDir);

  /**
   * The HPC side under {@code dir}: an IOR checkpoint of {@code segments} segments in {@code pattern}, or the user's
   * command with {@code segments} as its {scale}.
   */
  Workload ior(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir);

  /**
   * The further workload {@code workload} with {@code scale} as its {scale} and {@code phaseDir} as its phase's
   * directory ({@link ExtraWorkload#phasesDirectory}).
   */
  Workload extra(Configuration conf, MixSettings settings, ExtraWorkload workload, int scale, String phaseDir);
}
