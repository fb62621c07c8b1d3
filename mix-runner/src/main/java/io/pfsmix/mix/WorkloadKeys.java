package io.pfsmix.mix;

import java.util.List;

/**
 * The keys that define one of the user's workloads, which its errors name: the HPC side's (mix.hpc, ...), the
 * analytics side's (mix.analytics, ...), or a further workload's (mix.workload.NAME.run, ...).
 *
 * @param run its definition: command:CMD, jar:JAR [CLASS] ARGS or spark:SPARK_HOME ARGS
 * @param name its label in tables and charts
 * @param scale the value of its {scale}
 * @param balance the setting under which balancing resizes its {scale}
 */
record WorkloadKeys(String run, String name, String scale, String balance) {

  static final WorkloadKeys HPC = new WorkloadKeys(MixKeys.HPC, MixKeys.HPC_NAME, MixKeys.HPC_SCALE, MixKeys.BALANCE);
  static final WorkloadKeys ANALYTICS = new WorkloadKeys(MixKeys.ANALYTICS, MixKeys.ANALYTICS_NAME,
      MixKeys.ANALYTICS_SCALE, MixKeys.BALANCE);
  /** The fields of a further workload's keys, mix.workload.NAME.FIELD. */
  static final List<String> FIELDS = List.of("run", "name", "scale", "balance");

  /** The keys of the further workload {@code workload} (a name of {@link MixKeys#WORKLOADS}). */
  static WorkloadKeys of(String workload) {
    String prefix = MixKeys.WORKLOAD_PREFIX + workload + ".";
    return new WorkloadKeys(prefix + FIELDS.get(0), prefix + FIELDS.get(1), prefix + FIELDS.get(2),
        prefix + FIELDS.get(3));
  }
}
