package io.pfsmix.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * pfsmix's home directory, and where the file systems that pfsmix starts itself (scripts/ceph-cluster.sh,
 * scripts/orangefs-cluster.sh) keep their client configuration, so that their URIs work without further settings.
 */
public final class PfsmixHome {

  private PfsmixHome() {
  }

  /** The pfsmix.home system property (./pfsmix sets it), else $PFSMIX_HOME, else the working directory. */
  public static Path path() {
    String home = System.getProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY);
    if (home == null || home.isEmpty()) {
      home = System.getenv("PFSMIX_HOME");
    }
    return Path.of(home == null || home.isEmpty() ? "." : home).toAbsolutePath();
  }

  /**
   * The scratch directory of a local cluster as its script chooses it: the environment variable when set, else
   * {@code <home>/var/<name>}.
   */
  public static Path clusterDirectory(String environmentVariable, String name) {
    String dir = System.getenv(environmentVariable);
    return dir != null && !dir.isEmpty() ? Path.of(dir).toAbsolutePath() : path().resolve("var").resolve(name);
  }

  /** The ceph.conf of the cluster ./pfsmix ceph up starts (it may not exist). */
  public static Path cephConf() {
    return clusterDirectory("PFSMIX_CEPH_DIR", "ceph").resolve("ceph.conf");
  }

  /** The pvfs2tab of the file system ./pfsmix orangefs up starts (it may not exist). */
  public static Path orangefsTab() {
    return clusterDirectory("PFSMIX_ORANGEFS_DIR", "orangefs").resolve("pvfs2tab");
  }

  /**
   * The fs_spec (tcp://HOST:PORT/NAME) of the file system ./pfsmix orangefs up started: the first entry of its
   * pvfs2tab, or empty when there is no such file.
   *
   * @throws IOException when the file exists but cannot be read or names no file system
   */
  public static Optional<String> orangefsServer() throws IOException {
    Path tab = orangefsTab();
    List<String> lines;
    try {
      lines = Files.readAllLines(tab, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    return Optional.of(lines.stream().map(String::trim).filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .map(line -> line.split("\\s+")[0]).findFirst()
        .orElseThrow(() -> new IOException(tab + " names no file system")));
  }
}
