package io.pfsmix.fs.ceph;

import io.pfsmix.fs.OptionalBackendKeys;

/**
 * Every configuration key of the CephFS backend ({@code fs.pfs.backend=cephfs}, or the {@code ceph://} scheme) with its
 * default. Secrets ({@link #KEY}) are never logged nor put into exception messages.
 */
public final class CephConfigKeys {

  private CephConfigKeys() {
  }

  /** The backend name for {@code fs.pfs.backend}, and the URI scheme of {@link CephFileSystem}. */
  public static final String BACKEND_NAME = OptionalBackendKeys.Ceph.BACKEND_NAME;
  public static final String SCHEME = OptionalBackendKeys.Ceph.SCHEME;

  public static final String PREFIX = OptionalBackendKeys.Ceph.PREFIX;

  /** A ceph.conf to read first (unset: none is read, not even /etc/ceph/ceph.conf). */
  public static final String CONF_FILE = OptionalBackendKeys.Ceph.CONF_FILE;

  /** Monitor address(es), e.g. {@code v2:127.0.0.1:40789}; overrides the conf file's mon host. */
  public static final String MON_ADDRESS = PREFIX + "mon.address";

  /** The cephx client id (the {@code admin} of {@code client.admin}). */
  public static final String CLIENT_ID = PREFIX + "client.id";
  public static final String CLIENT_ID_DEFAULT = "admin";

  /** The cephx secret key itself (base64); prefer {@link #KEYRING}. Never logged. */
  public static final String KEY = PREFIX + "key";

  /** A keyring file holding the client's key. */
  public static final String KEYRING = PREFIX + "keyring";

  /** The directory inside CephFS that is this file system's root; created when missing. */
  public static final String ROOT_DIR = OptionalBackendKeys.Ceph.ROOT_DIR;
  public static final String ROOT_DIR_DEFAULT = "/";

  /** Seconds a mount waits for the monitors and MDS before failing (Ceph's own default is 300). */
  public static final String MOUNT_TIMEOUT_SECONDS = PREFIX + "mount.timeout";
  public static final int MOUNT_TIMEOUT_SECONDS_DEFAULT = 30;

  /**
   * Seconds a read, write, fsync or close of an open file may wait for the cluster before it fails with an IOException
   * (libcephfs itself waits until a down OSD or MDS is back); 0: wait as libcephfs does.
   */
  public static final String IO_TIMEOUT_SECONDS = PREFIX + "io.timeout";
  public static final int IO_TIMEOUT_SECONDS_DEFAULT = 120;

  /**
   * Object size and stripe unit of new files, sizes (docs/configuration.md, "Sizes"); 0: the Hadoop block size of the
   * create call, rounded to the stripe-unit granularity (64 KiB).
   */
  public static final String OBJECT_SIZE = PREFIX + "object.size";
  public static final String STRIPE_UNIT = PREFIX + "stripe.unit";

  /** Objects a file's stripes rotate over (1: each object holds one contiguous block, like an HDFS block). */
  public static final String STRIPE_COUNT = PREFIX + "stripe.count";
  public static final int STRIPE_COUNT_DEFAULT = 1;

  /**
   * Data pool per replica count, e.g. {@code 1:pfsmix_data,2:pfsmix_data_r2}: a create asking for that replication goes
   * to that pool. Replication without an entry uses the directory's pool (the file system's default data pool).
   */
  public static final String REPLICATION_POOLS = PREFIX + "replication.pools";

  /** Serve reads from a replica on the local host when there is one (libcephfs localize_reads). */
  public static final String LOCALIZE_READS = PREFIX + "localize.reads";
  public static final boolean LOCALIZE_READS_DEFAULT = false;

  /**
   * Prefix of raw Ceph client options passed to the mount unchanged, e.g. {@code fs.pfs.cephfs.option.rados_osd_op_timeout=20}
   * sets rados_osd_op_timeout.
   */
  public static final String OPTION_PREFIX = PREFIX + "option.";
}
