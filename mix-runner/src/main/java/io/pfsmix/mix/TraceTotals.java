package io.pfsmix.mix;

import java.util.Map;

/**
 * What the merged trace holds, per workload and trace point: the figures the report sets beside what the workloads said.
 *
 * @param file the merged trace, relative to the results directory
 * @param records records in it
 * @param cutShort trace files that ended early (a killed writer), by name
 * @param bytes per path role ({@link PathRoles}), per trace point and direction ("APPLICATION.write"): bytes
 * @param bytesByPhase per phase id, the same as {@code bytes}
 * @param ioByPhase per phase id, per workload (results.json's names): when its data calls began and ended; null in
 *     results written before it was recorded
 */
public record TraceTotals(String file, long records, java.util.List<String> cutShort,
    Map<String, Map<String, Long>> bytes, Map<String, Map<String, Map<String, Long>>> bytesByPhase,
    Map<String, Map<String, IoSpan>> ioByPhase) {

  /**
   * From the start of a workload's first data read or write in a phase to the end of its last data call, or of its
   * last sync or close of a file of its own when later (launcher and system files left out), ns since the epoch: what
   * it spent on I/O, apart from its start-up before and what it did after.
   */
  public record IoSpan(long firstNs, long lastNs) {

    IoSpan with(long startNs, long endNs) {
      return new IoSpan(Math.min(firstNs, startNs), Math.max(lastNs, endNs));
    }

    public double seconds() {
      return (lastNs - firstNs) / 1e9;
    }
  }
}
