package io.pfsmix.fs;

/**
 * The names of the optional backends (fs-ceph, fs-orangefs, fs-qfs, built only where their client libraries are) and of
 * those of their keys that code without them sets: the mix and the launcher point a pfs:/// file system at the clusters
 * ./pfsmix starts, finding the backend at run time through {@link PfsConfigKeys#BACKEND}. Each backend's own key class
 * (CephConfigKeys, OrangefsConfigKeys, QfsConfigKeys) takes these names from here, so each is written once; meanings
 * and defaults are there and in docs/configuration.md.
 */
public final class OptionalBackendKeys {

  private OptionalBackendKeys() {
  }

  /** The CephFS backend's (fs-ceph's CephConfigKeys). */
  public static final class Ceph {

    private Ceph() {
    }

    public static final String BACKEND_NAME = "cephfs";
    public static final String SCHEME = "ceph";
    public static final String PREFIX = PfsSystemDefaults.PREFIX + BACKEND_NAME + ".";
    public static final String CONF_FILE = PREFIX + "conf.file";
    public static final String ROOT_DIR = PREFIX + "root.dir";
  }

  /** The OrangeFS backend's (fs-orangefs's OrangefsConfigKeys). */
  public static final class Orangefs {

    private Orangefs() {
    }

    public static final String BACKEND_NAME = "orangefs";
    public static final String SCHEME = "ofs";
    public static final String PREFIX = PfsSystemDefaults.PREFIX + BACKEND_NAME + ".";
    public static final String SERVER = PREFIX + "server";
    public static final String ROOT = PREFIX + "root";
  }

  /** The QFS backend's (fs-qfs's QfsConfigKeys). */
  public static final class Qfs {

    private Qfs() {
    }

    public static final String BACKEND_NAME = "qfs";
    public static final String PREFIX = PfsSystemDefaults.PREFIX + BACKEND_NAME + ".";
    public static final String METASERVER = PREFIX + "metaserver";
    public static final String ROOT = PREFIX + "root";
    public static final String RETRY_DELAY_SECONDS = PREFIX + "retry.delay";
  }
}
