package io.pfsmix.fs.layout;

/**
 * Configuration keys for the layout used when a file system does not describe a file's striping itself, and for
 * mapping storage targets named by a layout (Lustre OSTs, Ceph pools) to hosts. All are read eagerly by
 * {@link LayoutResolver}, which rejects bad values naming the key.
 */
public final class LayoutConfigKeys {

  /**
   * Stripe unit of configured layouts, a size (docs/configuration.md, "Sizes"). Unset: the block size
   * the backend passes in ({@link LayoutResolver#resolve}'s {@code defaultBlockSize}).
   */
  public static final String STRIPE_SIZE = "fs.pfs.layout.stripe-size";

  /**
   * Comma-separated servers that hold file data, each "host" or "host:port"; data is spread over them round robin.
   * Also the hosts that targets without a {@link #TARGET_HOSTS} entry map to. Unset: the local host name.
   */
  public static final String SERVERS = "fs.pfs.layout.servers";

  /** Number of servers a configured layout stripes each file over (the first this many of {@link #SERVERS}). */
  public static final String STRIPE_COUNT = "fs.pfs.layout.stripe-count";

  /**
   * Hosts of storage targets named by extended-attribute layouts, as comma-separated {@code target=host[ host...]}
   * entries: Lustre OSTs by their hex index ("OST0000=oss1,OST000a=oss2 oss2b", an fsname prefix such as
   * "scratch-OST0000" also matches), "MDT" for Lustre data-on-MDT components, a Ceph data pool name for the hosts of
   * that pool's OSDs ("cephfs_data=node1 node2 node3"). Targets without an entry map to {@link #SERVERS} round robin.
   */
  public static final String TARGET_HOSTS = "fs.pfs.layout.target-hosts";

  private LayoutConfigKeys() {
  }
}
