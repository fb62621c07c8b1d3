package io.pfsmix.mix;

import java.util.List;
import java.util.Map;

/**
 * The raw measurements of a mix, as written to results.json.
 *
 * @param version format version of this file
 * @param status complete or incomplete
 * @param reason why the mix is incomplete, or null
 * @param startedNs wall clock at the start, ns since the epoch
 * @param finishedNs wall clock at the end
 * @param settings the settings as given (file and flags)
 * @param environment per file system label, what was actually used (URI, root, job runner)
 * @param balancing balancing rounds, in order
 * @param phases every phase, in order, including failed ones
 * @param trace what the merged trace holds, or null when untraced
 */
public record MixResults(int version, String status, String reason, long startedNs, long finishedNs,
    Map<String, String> settings, Map<String, Map<String, String>> environment, List<BalanceStep> balancing,
    List<PhaseRecord> phases, TraceTotals trace) {

  /**
   * 2: further workloads (mix.workloads) have results under their names, phases a "workload" (the further workload
   * of a WORKLOAD_ALONE or BALANCE_WORKLOAD phase), balancing steps a "workload" (what they resized).
   */
  public static final int VERSION = 2;
  public static final String COMPLETE = "complete";
  public static final String INCOMPLETE = "incomplete";

  public boolean complete() {
    return COMPLETE.equals(status);
  }
}
