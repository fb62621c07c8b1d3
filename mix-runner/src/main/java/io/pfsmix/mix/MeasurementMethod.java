package io.pfsmix.mix;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How a mix keeps its figures from being artefacts of its own procedure: the order of the phases varied across
 * repetitions, every phase started from settled storage, and the storage's sustained bandwidth measured to compare the
 * phases with (docs/mix.md, "The method").
 *
 * @param alternateOrder reverse the phase order in every even repetition ({@link MixKeys#PHASE_ORDER})
 * @param sync write the machine's dirty data out before every phase ({@link MixKeys#SETTLE})
 * @param dropCaches drop the kernel's caches before every phase, where permitted ({@link MixKeys#SETTLE})
 * @param probeBytes size of the storage probe, 0 for none ({@link MixKeys#PROBE_SIZE})
 */
public record MeasurementMethod(boolean alternateOrder, boolean sync, boolean dropCaches, long probeBytes) {

  static final String SYNC = "sync";
  static final String DROP_CACHES = "drop-caches";
  static final String NONE = "none";

  static boolean parseOrder(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "alternate" -> true;
      case "fixed" -> false;
      default -> throw new MixConfigException(MixKeys.PHASE_ORDER, "unknown value '" + text
          + "': expected alternate or fixed");
    };
  }

  /** The settle steps named in {@code items}: a list of sync and drop-caches, or none alone. */
  static Set<String> parseSettle(List<String> items) {
    Set<String> steps = new LinkedHashSet<>();
    for (String item : items) {
      String step = item.toLowerCase(Locale.ROOT);
      if (!List.of(SYNC, DROP_CACHES, NONE).contains(step)) {
        throw new MixConfigException(MixKeys.SETTLE, "unknown step '" + item + "': expected sync, drop-caches or none");
      }
      steps.add(step);
    }
    if (steps.contains(NONE) && steps.size() > 1) {
      throw new MixConfigException(MixKeys.SETTLE, "none cannot be combined with other steps");
    }
    steps.remove(NONE);
    return steps;
  }

  /** The phases of one repetition in the order they run. */
  <T> List<T> order(List<T> phases, int repetition) {
    List<T> ordered = new ArrayList<>(phases);
    if (alternateOrder && repetition % 2 == 0) {
      java.util.Collections.reverse(ordered);
    }
    return ordered;
  }

  /**
   * @param hpc the HPC side's label: IOR (run per pattern), or the command's (run once)
   * @param extras the further workloads' labels, each run alone after the analytics side
   */
  String describeOrder(String hpc, String analytics, List<String> extras) {
    StringBuilder alone = new StringBuilder(analytics + " alone");
    extras.forEach(x -> alone.append(", ").append(x).append(" alone"));
    String order = alone + ", then " + (hpc.equals(HpcCommand.IOR_LABEL) ? "per pattern IOR" : hpc)
        + " alone and mixed" + (extras.isEmpty() ? "" : " (every workload at once)");
    return alternateOrder ? "alternate: " + order + "; reversed in even repetitions" : "fixed: " + order;
  }
}
