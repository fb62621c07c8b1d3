package io.pfsmix.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Warnings of one export: problems of records, counted, with the first record named; and problems of whole traces (cut
 * short, records lost by the producer), one line each.
 */
public final class ExportWarnings {
  private final Map<String, long[]> counts = new LinkedHashMap<>();
  private final Map<String, String> firstExample = new LinkedHashMap<>();
  private final List<String> traceWarnings = new ArrayList<>();

  /** Counts a problem of this record; the record is described only the first time (warnings can be millions). */
  public void warn(String problem, ExportEvent event) {
    long[] n = counts.computeIfAbsent(problem, k -> new long[1]);
    if (n[0]++ == 0) {
      firstExample.put(problem, event.describe());
    }
  }

  /** A problem of a whole trace, said as it is. */
  public void warnAboutTrace(String message) {
    traceWarnings.add(message);
  }

  /** Records with this problem. */
  public long count(String problem) {
    long[] n = counts.get(problem);
    return n == null ? 0 : n[0];
  }

  /** Records with a problem (a record with two counts twice); the traces' own problems are not counted. */
  public long total() {
    return counts.values().stream().mapToLong(n -> n[0]).sum();
  }

  public boolean isEmpty() {
    return counts.isEmpty() && traceWarnings.isEmpty();
  }

  /**
   * One line per trace problem, "warning: <message>", then per record problem: "warning: 12 records: <problem>; first:
   * <record>", or for one record "warning: 1 record: <problem>; <record>".
   */
  public String report() {
    StringBuilder out = new StringBuilder();
    traceWarnings.forEach(message -> out.append("warning: ").append(message).append('\n'));
    counts.forEach((problem, n) -> out.append("warning: ").append(n[0]).append(n[0] == 1 ? " record: " : " records: ")
        .append(problem).append(n[0] == 1 ? "; " : "; first: ").append(firstExample.get(problem)).append('\n'));
    return out.toString();
  }
}
