package io.pfsmix.mix;

import org.apache.hadoop.conf.Configuration;

/**
 * The study's two workloads: IOR checkpoints (ior-adapter's Java driver, or the real IOR; or the user's command in
 * IOR's place) and the TFIDF classifier (tfidf-job).
 */
final class StudyWorkloads implements WorkloadFactory {

  @Override
  public void prepare(Configuration conf, MixSettings settings, Progress progress) throws Exception {
    TfidfWorkload.prepare(conf, settings, progress);
  }

  @Override
  public Workload tfidf(Configuration conf, MixSettings settings, String outputDir) {
    return new TfidfWorkload(conf, settings, outputDir);
  }

  @Override
  public Workload ior(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir) {
    if (settings.hpc() != null) {
      return new CommandWorkload(conf, settings, segments, dir);
    }
    return settings.iorNative() != null ? new NativeIorWorkload(conf, settings, pattern, segments, dir)
        : new IorWorkload(conf, settings, pattern, segments, dir);
  }
}
