package io.pfsmix.export;

import java.util.LinkedHashMap;
import java.util.Map;

/** Counted warnings of one export: how many records each problem affected, with the first one named. */
public final class ExportWarnings {
  private final Map<String, long[]> counts = new LinkedHashMap<>();
  private final Map<String, String> firstExample = new LinkedHashMap<>();

  /** Counts a problem of this record; the record is described only the first time (warnings can be millions). */
  public void warn(String problem, ExportEvent event) {
    long[] n = counts.get(problem);
    if (n != null) {
      n[0]++;
      return;
    }
    warn(problem, event.describe());
  }

  public void warn(String problem, String example) {
    long[] n = counts.computeIfAbsent(problem, k -> new long[1]);
    if (n[0]++ == 0) {
      firstExample.put(problem, example);
    }
  }

  public long count(String problem) {
    long[] n = counts.get(problem);
    return n == null ? 0 : n[0];
  }

  public long total() {
    return counts.values().stream().mapToLong(n -> n[0]).sum();
  }

  public boolean isEmpty() {
    return counts.isEmpty();
  }

  /** One line per problem: "warning: 12 records: <problem>, first: <record>". */
  public String report() {
    StringBuilder out = new StringBuilder();
    counts.forEach((problem, n) -> out.append("warning: ").append(n[0]).append(n[0] == 1 ? " record: " : " records: ")
        .append(problem).append("; first: ").append(firstExample.get(problem)).append('\n'));
    return out.toString();
  }
}
