package io.pfsmix.trace.tools;

import java.util.List;
import java.util.regex.Pattern;

import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;

/**
 * Tells the files a traced program's launcher and runtime touch from the program's data files: MPI's and hwloc's
 * start-up reads of /usr/share, /sys and /proc, MPI's shared-memory and session files, libraries probed and loaded. A
 * traced IOR moves more bytes through those (10 MB of /usr/share/misc/pci.ids for 4 ranks) than a small checkpoint, so
 * summaries set them apart. By path alone, as the tracer recorded it: Hadoop's URIs and relative paths are data. Only
 * the preload library's records ({@link TracePoint#POSIX}) have a launcher: the other points name paths in the file
 * system under test, where /usr is whatever its user made it.
 */
public final class LauncherFiles {

  /** Trees of the operating system and its runtime: no program keeps its data there. */
  private static final List<String> SYSTEM_TREES = List.of("/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin",
      "/sbin", "/etc", "/proc", "/sys", "/dev", "/run", "/var/run", "/var/lib");
  /** Session directories of MPI launchers: Open MPI's ompi.HOST.UID (older: openmpi-sessions-*), PMIx's, PRRTE's. */
  private static final Pattern SESSION_DIR = Pattern.compile("ompi\\..*|openmpi-sessions-.*|pmix.*|prte\\..*");
  private static final Pattern LIBRARY = Pattern.compile(".*\\.so(\\.[0-9]+)*");

  /** Group of the session files of MPI launchers. */
  public static final String MPI_SESSION = "MPI session files";
  /** Group of shared libraries, wherever they lie. */
  public static final String LIBRARIES = "shared libraries";

  private LauncherFiles() {
  }

  /**
   * The launcher or system group of {@code path} (a tree such as {@code /usr/share}, {@code /sys}, {@code /dev}, or
   * {@link #MPI_SESSION}, {@link #LIBRARIES}), or null when it is a data file.
   */
  public static String groupOf(String path) {
    if (path == null || !path.startsWith("/")) {
      return null;
    }
    List<String> parts = names(path);
    if (parts.isEmpty()) {
      return "/";
    }
    String top = "/" + parts.get(0);
    String second = parts.size() > 1 ? top + "/" + parts.get(1) : top;
    if (top.equals("/usr") || top.equals("/var")) {
      if (SYSTEM_TREES.contains(second) || top.equals("/usr")) {
        return second;
      }
    } else if (SYSTEM_TREES.contains(top)) {
      return top;
    }
    for (String directory : parts.subList(0, parts.size() - 1)) {
      if (SESSION_DIR.matcher(directory).matches()) {
        return MPI_SESSION;
      }
    }
    return LIBRARY.matcher(parts.get(parts.size() - 1)).matches() ? LIBRARIES : null;
  }

  /** The names of an absolute path with "." and ".." applied as written ("//sys/class/block/../.." is /sys). */
  private static List<String> names(String path) {
    java.util.ArrayList<String> names = new java.util.ArrayList<>();
    for (String name : path.split("/")) {
      if (name.equals("..")) {
        if (!names.isEmpty()) {
          names.remove(names.size() - 1);
        }
      } else if (!name.isEmpty() && !name.equals(".")) {
        names.add(name);
      }
    }
    return names;
  }

  /** The launcher or system group of the record's file, or null when it is a data file (or the record names none). */
  public static String groupOf(TraceRecord record) {
    return record.point() == TracePoint.POSIX ? groupOf(record.path()) : null;
  }
}
