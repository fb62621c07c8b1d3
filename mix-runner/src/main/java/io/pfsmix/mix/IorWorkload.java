package io.pfsmix.mix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.ior.IorConfigKeys;
import io.pfsmix.ior.IorIteration;
import io.pfsmix.ior.IorOptions;
import io.pfsmix.ior.IorResult;
import io.pfsmix.ior.IorRunner;

/**
 * One IOR checkpoint write through the Hadoop FileSystem API (ior-adapter), ranks as threads of this JVM or as the map
 * tasks of a YARN job ({@link MixKeys#IOR_PLACEMENT}). Cancelling interrupts the calling thread, which makes the IOR
 * driver abort its ranks, or kill its YARN job.
 */
final class IorWorkload implements Workload {

  private final Configuration conf;
  private final MixSettings settings;
  private final List<String> flags;
  private volatile Thread runner;

  IorWorkload(Configuration conf, MixSettings settings, IorPattern pattern, int segments, String dir) {
    this.conf = conf;
    this.settings = settings;
    this.flags = flags(settings, pattern, segments, dir);
  }

  /** The IOR command line of this checkpoint: write only, one iteration, the mix's sizes and pattern. */
  static List<String> flags(MixSettings settings, IorPattern pattern, int segments, String dir) {
    List<String> f = new ArrayList<>(List.of("-a", IorOptions.API_HADOOP, "-w", "-i", "1",
        "-N", Integer.toString(settings.iorRanks()), "-b", Long.toString(settings.iorBlock()),
        "-t", Long.toString(settings.iorTransfer()), "-s", Integer.toString(segments),
        "-o", dir + "/checkpoint"));
    if (pattern == IorPattern.N_TO_N) {
      f.add("-F");
    }
    if (settings.iorPlacement() == IorPlacement.YARN) {
      f.addAll(List.of("--yarn", "--ranks-per-task=" + settings.iorRanksPerTask()));
    }
    f.addAll(settings.iorFlags());
    return f;
  }

  @Override
  public String name() {
    return IOR;
  }

  @Override
  public WorkloadResult run() throws Exception {
    runner = Thread.currentThread();
    long start = WallClock.nowNs();
    try {
      Configuration run = new Configuration(conf);
      // the mix has a warm-up phase of its own; the driver's would add unmeasured I/O to the phase, beside TFIDF's
      run.setBoolean(IorConfigKeys.WARMUP, false);
      IorResult result = IorRunner.run(run, IorOptions.parse(flags.toArray(new String[0])));
      Map<String, Object> placement = new LinkedHashMap<>();
      placement.put("placement", settings.iorPlacement().setting());
      if (settings.iorPlacement() == IorPlacement.YARN) {
        placement.put("yarnTasks", settings.iorYarnTasks());
      }
      return result(result, String.join(" ", flags), placement, start, WallClock.nowNs());
    } finally {
      runner = null;
    }
  }

  /** What IOR's write iteration reports, as the mix records it (both drivers). */
  static WorkloadResult result(IorResult result, String command, Map<String, Object> placement, long start, long end) {
    List<IorIteration> writes = result.iterations("write");
    if (writes.isEmpty()) {
      throw new IllegalStateException("IOR reported no write iteration");
    }
    IorIteration write = writes.get(0);
    long bytes = write.aggregateBytes() > 0 ? write.aggregateBytes() : result.aggregateBytes();
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("command", command);
    details.putAll(placement);
    details.put("segments", result.segmentCount());
    details.put("ranks", result.numTasks());
    details.put("filePerProc", result.filePerProc());
    details.put("iorBandwidthMiB", write.bandwidthMiB());
    details.put("openSeconds", write.openTime());
    details.put("writeSeconds", write.wrRdTime());
    details.put("closeSeconds", write.closeTime());
    return new WorkloadResult(IOR, bytes, write.totalTime(), start, end, details);
  }

  @Override
  public void cancel() {
    Thread t = runner;
    if (t != null) {
      t.interrupt();
    }
  }
}
