package io.pfsmix.mix;

import java.util.List;

/**
 * One phase as it ran: which workloads, where, traced or not, when, and what each workload reported.
 *
 * @param id unique name, also the name of the phase's trace directory
 * @param fs label of the file system
 * @param pattern IOR pattern setting (n-to-1, n-to-n), or null for TFIDF alone
 * @param kind what ran
 * @param workload the further workload of a {@link PhaseKind#WORKLOAD_ALONE} or {@link PhaseKind#BALANCE_WORKLOAD}
 *     phase, else null
 * @param repetition 1-based repetition, 0 for balancing runs
 * @param traced whether tracing was on
 * @param iorSegments IOR segments used, or the HPC command's {scale} (0 when the HPC side did not run)
 * @param startNs wall clock at the phase's start, ns since the epoch
 * @param endNs wall clock when the last workload returned
 * @param status ok, failed or cancelled
 * @param error what went wrong, or null
 * @param workloads results of the workloads that finished
 * @param cpu CPU time the machine, this JVM and the local storage's servers spent from start to end, or null where it
 *     could not be read
 */
public record PhaseRecord(String id, String fs, String pattern, PhaseKind kind, String workload, int repetition,
    boolean traced,
    int iorSegments, long startNs, long endNs, String status, String error, List<WorkloadResult> workloads,
    CpuUse cpu) {

  public static final String OK = "ok";
  public static final String FAILED = "failed";
  public static final String CANCELLED = "cancelled";

  /** Wall-clock seconds from start until every workload of the phase had returned. */
  public double seconds() {
    return (endNs - startNs) / 1e9;
  }

  public boolean ok() {
    return OK.equals(status);
  }

  /** The result of {@code workload} in this phase, or null. */
  public WorkloadResult result(String workload) {
    return workloads.stream().filter(w -> w.workload().equals(workload)).findFirst().orElse(null);
  }
}
