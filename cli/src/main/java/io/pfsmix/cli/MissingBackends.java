package io.pfsmix.cli;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * What to install or build when a URI's scheme belongs to an optional backend that this build lacks: Hadoop itself only
 * says {@code No FileSystem for scheme "ceph"}.
 */
final class MissingBackends {

  private static final Pattern NO_FILE_SYSTEM = Pattern.compile("No FileSystem for scheme \"([^\"]+)\"");

  private static final Map<String, String> HINTS = Map.of(
      "ceph", "ceph:// needs the CephFS backend (fs-ceph), built only where libcephfs's headers are installed "
          + "(/usr/include/cephfs/libcephfs.h): apt-get install libcephfs-dev (./run-tests does so as root); "
          + "./pfsmix then rebuilds on its next start",
      "ofs", "ofs:// needs the OrangeFS backend (fs-orangefs), built only where OrangeFS is built "
          + "(~/.cache/pfsmix/orangefs/current/install/include/pvfs2-sysint.h): run scripts/orangefs-build.sh or "
          + "./pfsmix orangefs up (docs/orangefs.md); ./pfsmix then rebuilds on its next start");

  private MissingBackends() {
  }

  /** The hint for an error message that says a scheme has no file system; null when there is none to give. */
  static String forMessage(String message) {
    Matcher m = NO_FILE_SYSTEM.matcher(message == null ? "" : message);
    return m.find() ? HINTS.get(m.group(1)) : null;
  }

  /** The hint for the first argument naming a URI whose scheme has an optional backend missing here; else null. */
  static String forArguments(String[] arguments, Configuration conf) {
    for (String argument : arguments) {
      String scheme = scheme(argument);
      if (scheme != null && HINTS.containsKey(scheme)) {
        try {
          FileSystem.getFileSystemClass(scheme, conf);
        } catch (IOException missing) {
          return HINTS.get(scheme);
        }
      }
    }
    return null;
  }

  private static String scheme(String argument) {
    try {
      return new URI(argument).getScheme();
    } catch (java.net.URISyntaxException notAUri) {
      return null;
    }
  }
}
