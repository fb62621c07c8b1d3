package io.pfsmix.mix;

import org.apache.hadoop.conf.Configuration;

/**
 * The study's two workloads: IOR checkpoints (ior-adapter's Java driver, or the real IOR; or the user's command in
 * IOR's place) and the TFIDF classifier (tfidf-job; or the user's jar or Spark job in its place); and the user's
 * further commands and jobs (mix.workloads), run as those in the sides' place are.
 */
final class StudyWorkloads implements WorkloadFactory {

  @Override
  public void prepare(Configuration conf, MixSettings settings, Progress progress) throws Exception {
    if (settings.analytics() != null) {
      AnalyticsJobWorkload.prepare(conf, settings.analyticsLabel(), AnalyticsJobWorkload.directory(settings),
          MixRunner.analyticsOutputDir(settings), progress);
    } else {
      TfidfWorkload.prepare(conf, settings, progress);
    }
    for (ExtraWorkload workload : settings.workloads()) {
      if (workload.job() != null) {
        AnalyticsJobWorkload.prepare(conf, workload.label(), workload.directory(settings),
            workload.phasesDirectory(settings), progress);
      }
    }
  }

  @Override
  public Workload tfidf(Configuration conf, MixSettings settings, String outputDir) {
    return settings.analytics() != null ? new AnalyticsJobWorkload(conf, settings,
        AnalyticsJobWorkload.analyticsSide(settings), settings.analytics(), AnalyticsJobWorkload.directory(settings),
        outputDir, settings.analytics().scale()) : new TfidfWorkload(conf, settings, outputDir);
  }

  @Override
  public Workload ior(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir) {
    if (settings.hpc() != null) {
      return new CommandWorkload(conf, settings, CommandWorkload.hpcSide(settings), settings.hpc(), segments, dir);
    }
    return settings.iorNative() != null ? new NativeIorWorkload(conf, settings, pattern, segments, dir)
        : new IorWorkload(conf, settings, pattern, segments, dir);
  }

  @Override
  public Workload extra(Configuration conf, MixSettings settings, ExtraWorkload workload, int scale, String phaseDir) {
    UserWorkloadTrace.Slot slot = UserWorkloadTrace.Slot.of(workload);
    return workload.command() != null ? new CommandWorkload(conf, settings, slot, workload.command(), scale, phaseDir)
        : new AnalyticsJobWorkload(conf, settings, slot, workload.job(), workload.directory(settings), phaseDir, scale);
  }
}
