package io.pfsmix.mix;

import org.apache.hadoop.conf.Configuration;

/**
 * The study's two workloads: IOR checkpoints (ior-adapter's Java driver, or the real IOR; or the user's command in
 * IOR's place) and the TFIDF classifier (tfidf-job; or the user's jar or Spark job in its place).
 */
final class StudyWorkloads implements WorkloadFactory {

  @Override
  public void prepare(Configuration conf, MixSettings settings, Progress progress) throws Exception {
    if (settings.analytics() != null) {
      AnalyticsJobWorkload.prepare(conf, settings, MixRunner.analyticsOutputDir(settings), progress);
    } else {
      TfidfWorkload.prepare(conf, settings, progress);
    }
  }

  @Override
  public Workload tfidf(Configuration conf, MixSettings settings, String outputDir) {
    return settings.analytics() != null ? new AnalyticsJobWorkload(conf, settings, outputDir)
        : new TfidfWorkload(conf, settings, outputDir);
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
