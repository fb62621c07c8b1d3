package io.pfsmix.mix;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One file system a mix runs on, as named in {@link MixKeys#FS}. */
public record FileSystemSpec(Kind kind, String label, URI uri, Path mountDir) {

  /** How the file system is reached or started. */
  public enum Kind {
    /** pfs:/// on its embedded directory. */
    EMBEDDED_PFS,
    /** pfs:/// over a directory of a mounted parallel file system. */
    MOUNTED_PFS,
    /** pfs:/// over the local Ceph cluster (started by scripts/ceph-cluster.sh), through libcephfs. */
    CEPH,
    /** pfs:/// over a local OrangeFS (started by scripts/orangefs-cluster.sh), through its client library. */
    ORANGEFS,
    /** pfs:/// over a local QFS (started by scripts/qfs-cluster.sh), through QFS's C++ client. */
    QFS,
    /** An in-process MiniDFSCluster. */
    MINI_HDFS,
    /** Any file system by URI (hdfs://namenode:8020/, file:///, pfs:///). */
    URI
  }

  /** Whether one file can be written by several writers at independent offsets (IOR N-to-1). */
  public boolean sharedFileWrites() {
    return kind != Kind.MINI_HDFS && !(kind == Kind.URI && "hdfs".equals(uri.getScheme()));
  }

  /** Whether its files are local paths too, so that an unmodified program (the real IOR) can reach them. */
  public boolean localPaths() {
    return kind == Kind.EMBEDDED_PFS || kind == Kind.MOUNTED_PFS || kind == Kind.URI && "file".equals(uri.getScheme());
  }

  static FileSystemSpec parse(String text) {
    String t = text.trim();
    if (t.equals("pfs")) {
      return new FileSystemSpec(Kind.EMBEDDED_PFS, "pfs", URI.create("pfs:///"), null);
    }
    if (t.startsWith("pfs@")) {
      Path dir = Path.of(t.substring(4)).toAbsolutePath().normalize();
      if (!Files.isDirectory(dir)) {
        throw MixConfigException.unavailable(MixKeys.FS, "'" + t + "': " + dir + " is not a directory");
      }
      if (!Files.isWritable(dir)) {
        throw MixConfigException.unavailable(MixKeys.FS, "'" + t + "': " + dir + " is not writable");
      }
      return new FileSystemSpec(Kind.MOUNTED_PFS, "pfs@" + dir, URI.create("pfs:///"), dir);
    }
    if (t.equals("ceph")) {
      return new FileSystemSpec(Kind.CEPH, "ceph", URI.create("pfs:///"), null);
    }
    if (t.equals("orangefs")) {
      return new FileSystemSpec(Kind.ORANGEFS, "orangefs", URI.create("pfs:///"), null);
    }
    if (t.equals("qfs")) {
      return new FileSystemSpec(Kind.QFS, "qfs", URI.create("pfs:///"), null);
    }
    if (t.equals("hdfs-mini")) {
      InProcessClusterCheck.require(MixKeys.FS, t);
      return new FileSystemSpec(Kind.MINI_HDFS, "hdfs", null, null);
    }
    if (t.contains("://")) {
      try {
        URI uri = new URI(t);
        if (uri.getScheme() == null) {
          throw new URISyntaxException(t, "no scheme");
        }
        return new FileSystemSpec(Kind.URI, t, uri, null);
      } catch (URISyntaxException e) {
        throw new MixConfigException(MixKeys.FS, "'" + t + "' is not a URI: " + e.getMessage());
      }
    }
    throw new MixConfigException(MixKeys.FS,
        "unknown file system '" + t + "': expected pfs, pfs@DIR, ceph, orangefs, qfs, hdfs-mini or a URI such as hdfs://namenode:8020/");
  }
}
