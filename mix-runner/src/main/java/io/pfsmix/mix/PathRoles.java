package io.pfsmix.mix;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Which workload a traced path belongs to, by where the mix put each workload's files on the file system under test.
 * Roles are the keys of the trace byte totals.
 */
public final class PathRoles {

  /** The IOR checkpoint files. */
  public static final String IOR_CHECKPOINT = "ior-checkpoint";
  /** The request data the classifier reads. */
  public static final String TFIDF_INPUT = "tfidf-input";
  /** The classifier's other files: model, labels written, job files. */
  public static final String TFIDF_OTHER = "tfidf-other";
  /** Anything else (job staging outside the mix directory, the runner's own checks). */
  public static final String OTHER = "other";
  /** What the real IOR's launcher and the system read on its ranks' behalf (MPI's start-up; LauncherFiles). */
  public static final String LAUNCHER = "launcher";
  /** Prefix of a further workload's role (mix.workloads): its files under DIR/workloads/NAME. */
  private static final String WORKLOAD_ROLE = "workload:";

  private final List<String> iorDirs = new ArrayList<>();
  private final String tfidfInput;
  private final String tfidfDir;
  private final String tfidfModel;
  private final List<String> workloadsDirs = new ArrayList<>();

  /**
   * @param iorDir the checkpoints' directory on the file system under test
   * @param localIorDirs the same directory as local paths, where the real IOR wrote it (its traces name those)
   * @param workloadsDirs the further workloads' directory (DIR/workloads, each workload's files in NAME/ below it) on
   *     the file system under test and as local paths, where commands ran
   */
  public PathRoles(String iorDir, List<String> localIorDirs, String tfidfInput, String tfidfDir, String tfidfModel,
      List<String> workloadsDirs) {
    this.iorDirs.add(withSlash(pathOf(iorDir)));
    localIorDirs.forEach(d -> iorDirs.add(withSlash(d)));
    workloadsDirs.forEach(d -> this.workloadsDirs.add(withSlash(pathOf(d))));
    this.tfidfInput = pathOf(tfidfInput);
    this.tfidfDir = withSlash(pathOf(tfidfDir));
    this.tfidfModel = pathOf(tfidfModel);
  }

  /** The role of {@code path} (a URI or a plain absolute path as the tracer recorded it). */
  public String roleOf(String path) {
    if (path == null) {
      return OTHER;
    }
    String p = pathOf(path);
    if (iorDirs.stream().anyMatch(p::startsWith)) {
      return IOR_CHECKPOINT;
    }
    for (String dir : workloadsDirs) {
      if (p.startsWith(dir) && p.length() > dir.length()) {
        String name = p.substring(dir.length()).split("/", 2)[0];
        return WORKLOAD_ROLE + name;
      }
    }
    if (p.equals(tfidfInput) || p.startsWith(withSlash(tfidfInput))) {
      return TFIDF_INPUT;
    }
    if (p.startsWith(tfidfDir) || p.equals(tfidfModel) || p.startsWith(withSlash(tfidfModel))) {
      return TFIDF_OTHER;
    }
    return OTHER;
  }

  /** The role of the further workload {@code name}'s files. */
  public static String workloadRole(String name) {
    return WORKLOAD_ROLE + name;
  }

  /** The further workload a role belongs to, or null when it is none's. */
  static String extraOf(String role) {
    return role.startsWith(WORKLOAD_ROLE) ? role.substring(WORKLOAD_ROLE.length()) : null;
  }

  /** The workload a role belongs to: ior, tfidf, a further workload's name, or other. */
  public static String workloadOf(String role) {
    return switch (role) {
      case IOR_CHECKPOINT -> Workload.IOR;
      case TFIDF_INPUT, TFIDF_OTHER -> Workload.TFIDF;
      default -> role.startsWith(WORKLOAD_ROLE) ? extraOf(role) : OTHER;
    };
  }

  private static String pathOf(String text) {
    try {
      String p = URI.create(text.replace(" ", "%20")).getPath();
      return p == null || p.isEmpty() ? text : p;
    } catch (IllegalArgumentException e) {
      return text;
    }
  }

  private static String withSlash(String p) {
    return p.endsWith("/") ? p : p + "/";
  }
}
