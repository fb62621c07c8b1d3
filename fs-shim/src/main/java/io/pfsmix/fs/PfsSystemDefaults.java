package io.pfsmix.fs;

import java.util.Properties;

import org.apache.hadoop.conf.Configuration;

/**
 * {@code fs.pfs.*} keys given as Java system properties ({@code -Dfs.pfs.posix.root=/mnt/pfs}): defaults for every pfs
 * file system of the JVM, for code that builds its own Configuration from the classpath alone — a YARN node manager's
 * localizer does, so an in-process cluster would otherwise see pfs:/// somewhere else than its jobs do. A key the
 * Configuration sets wins.
 */
public final class PfsSystemDefaults {

  /** Prefix of the system properties taken, and of every key of the shim and its backends. */
  public static final String PREFIX = "fs.pfs.";

  private PfsSystemDefaults() {
  }

  /** {@code conf} itself when no system property adds a key, else a copy with those keys added. */
  static Configuration apply(Configuration conf) {
    Properties system = System.getProperties();
    Configuration merged = null;
    for (String name : system.stringPropertyNames()) {
      if (name.startsWith(PREFIX) && conf.get(name) == null) {
        if (merged == null) {
          merged = new Configuration(conf);
        }
        merged.set(name, system.getProperty(name), "Java system property " + name);
      }
    }
    return merged == null ? conf : merged;
  }
}
