package io.pfsmix.mix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A further workload of the mix ({@link MixKeys#WORKLOADS}): the user's command or job beside the study's two sides,
 * run alone once per repetition and in every mixed phase, its files under {@code DIR/workloads/NAME}.
 *
 * @param name its name in mix.workloads, results.json and its keys ({@code mix.workload.NAME.*})
 * @param command the command ({@code command:CMD}), or null
 * @param job the job ({@code jar:} or {@code spark:}), or null
 * @param balance whether balancing resizes its {scale} to the analytics side's runtime
 */
public record ExtraWorkload(String name, HpcCommand command, AnalyticsJob job, boolean balance) {

  /** The directory of the mix's directory that holds each further workload's own, DIR/workloads/NAME. */
  static final String DIR_NAME = "workloads";
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9-]+");

  /** What tables and charts call it: mix.workload.NAME.name, else its name. */
  public String label() {
    return command != null ? command.label() : job.label();
  }

  /** Its first {scale}: mix.workload.NAME.scale, or what balancing starts from. */
  public int scale() {
    return command != null ? command.scale() : job.scale();
  }

  /** Its own directory on the mix's file system, DIR/workloads/NAME: a job's {dir}, kept from phase to phase. */
  String directory(MixSettings settings) {
    return settings.dir().replaceAll("/+$", "") + "/" + DIR_NAME + "/" + name;
  }

  /**
   * Where its phases' directories go, each named by its phase and removed after it: a command's {dir}
   * (DIR/workloads/NAME/PHASE), a job's {out} (DIR/workloads/NAME/out/PHASE).
   */
  String phasesDirectory(MixSettings settings) {
    return directory(settings) + (command != null ? "" : "/out");
  }

  /**
   * The names of {@link MixKeys#WORKLOADS}, checked: letters, digits and '-', each once, none of the sides' result
   * slots ({@link Workload#IOR}, {@link Workload#TFIDF}).
   */
  static List<String> names(String list) {
    List<String> names = new ArrayList<>();
    for (String item : list.split(",")) {
      String name = item.trim();
      if (name.isEmpty()) {
        continue;
      }
      if (!NAME.matcher(name).matches()) {
        throw new MixConfigException(MixKeys.WORKLOADS, "'" + name + "' is not a name (letters, digits and '-')");
      }
      if (name.equalsIgnoreCase(Workload.IOR) || name.equalsIgnoreCase(Workload.TFIDF)) {
        throw new MixConfigException(MixKeys.WORKLOADS, "'" + name + "' is the name of a side of the study's mix"
            + " (ior, tfidf); give the workload another");
      }
      if (names.contains(name)) {
        throw new MixConfigException(MixKeys.WORKLOADS, "names '" + name + "' twice");
      }
      names.add(name);
    }
    return names;
  }

  /**
   * The further workload {@code key} (mix.workload.NAME.FIELD) belongs to, refusing a key of no workload of
   * {@code names} or with an unknown field.
   */
  static String owner(String key, List<String> names) {
    String rest = key.substring(MixKeys.WORKLOAD_PREFIX.length());
    int dot = rest.lastIndexOf('.');
    String name = dot < 0 ? rest : rest.substring(0, dot);
    if (dot < 0 || !WorkloadKeys.FIELDS.contains(rest.substring(dot + 1))) {
      throw new MixConfigException(key, "unknown setting: a workload's keys are " + MixKeys.WORKLOAD_PREFIX + "NAME."
          + String.join(", .", WorkloadKeys.FIELDS));
    }
    if (!names.contains(name)) {
      throw new MixConfigException(key, "'" + name + "' is not a workload of " + MixKeys.WORKLOADS + " ("
          + (names.isEmpty() ? "none" : String.join(", ", names)) + ")");
    }
    return name;
  }

  /**
   * Each further workload's label in a mix's settings as written (results.json's), by name, in the order of
   * {@link MixKeys#WORKLOADS}.
   */
  public static Map<String, String> labelsOf(Map<String, String> settings) {
    Map<String, String> labels = new LinkedHashMap<>();
    for (String name : names(settings.getOrDefault(MixKeys.WORKLOADS, MixKeys.WORKLOADS_DEFAULT))) {
      String label = settings.get(WorkloadKeys.of(name).name());
      labels.put(name, label != null && !label.isBlank() ? label.trim() : name);
    }
    return labels;
  }
}
