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
 */
public record TraceTotals(String file, long records, java.util.List<String> cutShort,
    Map<String, Map<String, Long>> bytes, Map<String, Map<String, Map<String, Long>>> bytesByPhase) {
}
