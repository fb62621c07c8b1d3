package io.pfsmix.mix;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the Hadoop jobs of a mix run, as named in {@link MixKeys#JOBS}. */
public record JobsSpec(Kind kind, Path confDir) {

  public enum Kind {
    /** Hadoop's LocalJobRunner, in this JVM. */
    LOCAL,
    /** An in-process YARN cluster (MiniMRYarnCluster), tasks in their own JVMs. */
    MINI_YARN,
    /** A real cluster, by its configuration directory (core-site.xml, mapred-site.xml, yarn-site.xml). */
    CLUSTER
  }

  public String label() {
    return switch (kind) {
      case LOCAL -> "local";
      case MINI_YARN -> "yarn-mini";
      case CLUSTER -> "cluster:" + confDir;
    };
  }

  static JobsSpec parse(String text) {
    String t = text.trim();
    if (t.equals("local")) {
      return new JobsSpec(Kind.LOCAL, null);
    }
    if (t.equals("yarn-mini")) {
      InProcessClusterCheck.require(MixKeys.JOBS, t);
      return new JobsSpec(Kind.MINI_YARN, null);
    }
    if (t.startsWith("cluster:")) {
      Path dir = Path.of(t.substring("cluster:".length())).toAbsolutePath().normalize();
      if (!Files.isRegularFile(dir.resolve("yarn-site.xml")) && !Files.isRegularFile(dir.resolve("mapred-site.xml"))) {
        throw MixConfigException.unavailable(MixKeys.JOBS, "'" + t + "': " + dir
            + " holds neither yarn-site.xml nor mapred-site.xml");
      }
      return new JobsSpec(Kind.CLUSTER, dir);
    }
    throw new MixConfigException(MixKeys.JOBS, "unknown value '" + t + "': expected local, yarn-mini or cluster:CONF_DIR");
  }
}
