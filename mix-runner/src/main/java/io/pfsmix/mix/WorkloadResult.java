package io.pfsmix.mix;

import java.util.Map;

/**
 * What one workload did in one phase, as the workload itself reports it.
 *
 * @param workload {@link Workload#IOR} or {@link Workload#TFIDF}
 * @param bytes bytes the workload moved: IOR the checkpoint bytes written, TFIDF the request bytes classified
 * @param seconds the workload's own elapsed time for those bytes (IOR: first open to last close; TFIDF: the job)
 * @param startNs wall clock when the runner started the workload, ns since the epoch
 * @param endNs wall clock when the workload returned, ns since the epoch
 * @param details workload-specific figures (IOR segments and bandwidth, TFIDF requests and labels)
 */
public record WorkloadResult(String workload, long bytes, double seconds, long startNs, long endNs,
    Map<String, Object> details) {

  /** Throughput in MiB/s (IOR's unit), over the workload's own elapsed time. */
  public double throughputMiBs() {
    return seconds > 0 ? bytes / (1024.0 * 1024.0) / seconds : 0;
  }

  /** Wall-clock seconds from start to return, as the runner saw them. */
  public double wallSeconds() {
    return (endNs - startNs) / 1e9;
  }
}
