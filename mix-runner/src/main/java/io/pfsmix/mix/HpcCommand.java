package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The user's own program as the HPC side of the mix ({@link MixKeys#HPC} = command:CMD): a shell command with
 * placeholders that each phase fills in, run in place of IOR by {@link CommandWorkload}.
 *
 * @param template the command as written, placeholders and all
 * @param label the name the report gives the workload ({@link MixKeys#HPC_NAME}, else {@link #defaultLabel})
 * @param scale the first value of {@code {scale}}, which balancing resizes ({@link MixKeys#HPC_SCALE})
 */
public record HpcCommand(String template, String label, int scale) {

  /** The prefix of {@link MixKeys#HPC}'s value that names a command. */
  static final String PREFIX = "command:";
  static final String DIR = "dir";
  static final String SCALE = "scale";
  static final String RANKS = "ranks";
  private static final List<String> PLACEHOLDERS = List.of(DIR, SCALE, RANKS);
  /** Programs that start the real program: the default label is the program they start. */
  private static final Set<String> LAUNCHERS = Set.of("mpirun", "mpiexec", "mpiexec.hydra", "orterun", "prterun",
      "srun");
  /** Characters of a word the shell would expand or split: such a first word is the shell's to judge when it runs. */
  private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./,:+@%^-]+");
  private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

  /** The label of the HPC side in tables and charts when it is IOR. */
  static final String IOR_LABEL = "IOR";

  /**
   * Reads and checks a command definition before anything runs; every problem names its key.
   *
   * @param keys the keys that define it ({@link WorkloadKeys#HPC}, or a further workload's)
   * @param value the definition's value, starting with {@link #PREFIX}
   * @param name its label, or null for the default label
   * @param balance whether balancing will resize {@code {scale}}
   */
  static HpcCommand parse(WorkloadKeys keys, String value, String name, int scale, boolean balance) {
    String template = value.substring(PREFIX.length()).trim();
    if (template.isEmpty()) {
      throw new MixConfigException(keys.run(), "the command is empty (command:CMD, e.g. command:mpirun -np {ranks}"
          + " ./ckpt --out {dir}/ckpt --size {scale}m)");
    }
    Placeholders.check(template, PLACEHOLDERS, keys.run());
    checkProgram(program(words(template)), keys.run());
    if (balance && !Placeholders.has(template, SCALE)) {
      throw new MixConfigException(keys.run(), "has no {scale}, which balancing (" + keys.balance() + ") resizes:"
          + " put {scale} where the command takes its size, or balance off");
    }
    if (name != null && name.isBlank()) {
      throw new MixConfigException(keys.name(), "is empty");
    }
    return new HpcCommand(template, name != null ? name.trim() : defaultLabel(template), scale);
  }

  /** Whether the command takes {@code {scale}}, so that balancing can resize it. */
  boolean scalable() {
    return Placeholders.has(template, SCALE);
  }

  /**
   * The command of one phase: placeholders replaced by their values, each as one shell word (quoted when it holds
   * characters the shell treats specially), so a placeholder belongs outside quotes.
   */
  String command(Path dir, int scaleValue, int ranks) {
    Map<String, String> values = Map.of(DIR, dir.toString(), SCALE, Integer.toString(scaleValue), RANKS,
        Integer.toString(ranks));
    return Placeholders.fill(template, values, HpcCommand::quote);
  }

  static String quote(String value) {
    return PLAIN_WORD.matcher(value).matches() ? value : "'" + value.replace("'", "'\\''") + "'";
  }

  /**
   * The program's name for tables: the basename of the command's first word after variable assignments, or, when
   * that is an MPI or Slurm launcher, of the first later word that is neither an option, a number, nor (unless it is
   * a path) the value of an option.
   */
  static String defaultLabel(String template) {
    List<String> words = words(template);
    int first = words.indexOf(program(words));
    String program = words.get(first);
    if (LAUNCHERS.contains(basename(program))) {
      for (int i = first + 1; i < words.size(); i++) {
        String w = words.get(i);
        String previous = words.get(i - 1);
        if (w.startsWith("-") || w.matches("[0-9]+") || w.contains("{")) {
          continue;
        }
        if (w.contains("/") || !(previous.startsWith("-") && !previous.contains("="))) {
          program = w;
          break;
        }
      }
    }
    return basename(program);
  }

  /** The HPC side's label in a mix's settings as written: the command's, or {@link #IOR_LABEL}. */
  public static String labelOf(Map<String, String> settings) {
    String hpc = settings.getOrDefault(MixKeys.HPC, MixKeys.HPC_DEFAULT).trim();
    if (!hpc.startsWith(PREFIX)) {
      return IOR_LABEL;
    }
    String name = settings.get(MixKeys.HPC_NAME);
    return name != null && !name.isBlank() ? name.trim() : defaultLabel(hpc.substring(PREFIX.length()).trim());
  }

  private static List<String> words(String template) {
    return List.of(template.trim().split("\\s+"));
  }

  /** The first word that is not a variable assignment (FOO=1 prog). */
  private static String program(List<String> words) {
    return words.stream().filter(w -> !ASSIGNMENT.matcher(w).matches()).findFirst().orElse(words.get(0));
  }

  private static String basename(String word) {
    String w = word.replaceAll("/+$", "");
    return w.substring(w.lastIndexOf('/') + 1);
  }

  /**
   * A plain first word must name a program: an executable file when it is a path, else a program on PATH or a shell
   * builtin, as {@code command -v} finds it. A word the shell would expand is left for the shell to judge.
   */
  private static void checkProgram(String word, String key) {
    if (!PLAIN_WORD.matcher(word).matches()) {
      return;
    }
    if (word.contains("/")) {
      Path file = Path.of(word).toAbsolutePath().normalize();
      if (!Files.isRegularFile(file)) {
        throw MixConfigException.unavailable(key, file + (Files.exists(file) ? " is not a regular file"
            : " does not exist"));
      }
      if (!Files.isExecutable(file)) {
        throw MixConfigException.unavailable(key, file + " is not executable");
      }
      return;
    }
    int status;
    try {
      Process p = new ProcessBuilder("sh", "-c", "command -v \"$1\"", "sh", word)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      status = p.waitFor();
    } catch (IOException e) {
      throw MixConfigException.unavailable(key, "cannot ask sh whether '" + word + "' is a program: "
          + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw MixConfigException.unavailable(key, "interrupted while checking '" + word + "'");
    }
    if (status != 0) {
      throw MixConfigException.unavailable(key, "'" + word + "' is neither a program on PATH nor a shell builtin");
    }
  }
}
