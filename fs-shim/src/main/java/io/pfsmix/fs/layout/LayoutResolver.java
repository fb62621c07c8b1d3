package io.pfsmix.fs.layout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.pfsmix.fs.PfsConfigValues;

/**
 * Decides a file's layout from the extended attributes its file system exposes, else from configuration.
 *
 * <p>Sources, first present wins: CephFS {@code ceph.file.layout} (or its single-field variants), Lustre
 * {@code lustre.lov}, OrangeFS {@code user.pvfs2.dist_name/dist_params/num_dfiles}; with none of them, the configured
 * layout ({@link LayoutConfigKeys}). A corrupt attribute is an {@link IOException} naming it; a well-formed one that
 * describes no usable striping (a Lustre file released to HSM, an unsupported OrangeFS distribution) falls back to
 * the configured layout with a warning, logged once per distinct reason.
 *
 * <p>Hosts: Lustre OSTs and OrangeFS datafiles are mapped by {@link LayoutConfigKeys#TARGET_HOSTS} entries, else to
 * the configured servers round robin by OST index or datafile number. A Ceph file's objects go to the hosts listed
 * for its pool, else to the configured servers, object number modulo host count: CRUSH alone knows the real
 * placement, which only the native Ceph backend can ask for.
 */
public final class LayoutResolver {

  private static final Logger LOG = LoggerFactory.getLogger(LayoutResolver.class);

  static final String SOURCE_CEPH = CephLayoutParser.LAYOUT;
  static final String SOURCE_LUSTRE = LustreLovParser.LOV;
  static final String SOURCE_PVFS2 = "user.pvfs2";
  static final String SOURCE_CONFIGURATION = "configuration";

  private final long stripeSize;
  private final int stripeCount;
  private final TargetHosts hosts;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  /** Reads and checks every {@code fs.pfs.layout.*} key; a bad value is an IllegalArgumentException naming it. */
  public LayoutResolver(Configuration conf) {
    // 0, unset: from the file's own layout or the default block size
    PfsConfigValues values = PfsConfigValues.of(conf);
    stripeSize = values.bytes(LayoutConfigKeys.STRIPE_SIZE, 0, 1, Long.MAX_VALUE);
    stripeCount = values.integer(LayoutConfigKeys.STRIPE_COUNT, 0, 1, Integer.MAX_VALUE);
    hosts = TargetHosts.from(conf);
  }

  /**
   * The striping of a file. For a Lustre composite layout this is the component holding the start of the file; use
   * {@link #resolveFile} to report block locations of such files correctly past it.
   *
   * @param layoutXattrs attributes as {@link XattrReader#readLayoutXattrs} returns them (name to raw value)
   * @param defaultBlockSize the stripe unit of the configured layout when {@link LayoutConfigKeys#STRIPE_SIZE} is
   *     unset, &gt; 0
   */
  public StripeLayout resolve(Map<String, byte[]> layoutXattrs, long defaultBlockSize) throws IOException {
    return resolveFile(layoutXattrs, defaultBlockSize).layoutAt(0);
  }

  /** The layout of every extent of a file; a single component except for Lustre composite layouts. */
  public FileLayout resolveFile(Map<String, byte[]> layoutXattrs, long defaultBlockSize) throws IOException {
    if (defaultBlockSize <= 0) {
      throw new IllegalArgumentException("default block size must be positive, is " + defaultBlockSize);
    }
    try {
      if (CephLayoutParser.present(layoutXattrs)) {
        return FileLayout.of(ceph(CephLayoutParser.parse(layoutXattrs)));
      }
      byte[] lov = layoutXattrs.get(LustreLovParser.LOV);
      if (lov != null) {
        return lustre(LustreLovParser.parse(lov));
      }
      if (Pvfs2HintParser.present(layoutXattrs)) {
        return FileLayout.of(pvfs2(Pvfs2HintParser.parse(layoutXattrs), defaultBlockSize));
      }
    } catch (UnusableLayoutException e) {
      String reason = e.getMessage() + "; using the configured layout";
      if (warned.add(reason)) {
        LOG.warn(reason);
      }
    }
    return FileLayout.of(configured(defaultBlockSize));
  }

  /** The layout from configuration alone: round robin over the configured servers. */
  public StripeLayout configured(long defaultBlockSize) {
    if (defaultBlockSize <= 0 && stripeSize == 0) {
      throw new IllegalArgumentException("default block size must be positive, is " + defaultBlockSize);
    }
    List<String> servers = hosts.servers();
    int count = stripeCount > 0 ? stripeCount : servers.size();
    List<StorageTarget> targets = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String server = servers.get(i % servers.size());
      targets.add(new StorageTarget(server, List.of(server)));
    }
    return new StripeLayout(stripeSize > 0 ? stripeSize : defaultBlockSize, count, 0, targets,
        SOURCE_CONFIGURATION);
  }

  private StripeLayout ceph(CephLayoutParser.CephLayout layout) {
    List<String> poolHosts = layout.pool() == null ? null : hosts.listed(layout.pool());
    if (poolHosts == null) {
      poolHosts = hosts.servers();
    }
    List<StorageTarget> targets = new ArrayList<>(poolHosts.size());
    for (String host : poolHosts) {
      targets.add(new StorageTarget(host, List.of(host)));
    }
    return new StripeLayout(layout.stripeUnit(), layout.stripeCount(), layout.objectSize(), targets, SOURCE_CEPH);
  }

  private FileLayout lustre(List<LustreLovParser.Component> components) {
    List<FileLayout.Component> extents = new ArrayList<>(components.size());
    for (LustreLovParser.Component component : components) {
      List<StorageTarget> targets = new ArrayList<>();
      if (component.dataOnMdt()) {
        targets.add(new StorageTarget("MDT", hosts.hostsOf("MDT", 0)));
      } else {
        for (int ostIndex : component.ostIndexes()) {
          String name = String.format("OST%04x", ostIndex);
          targets.add(new StorageTarget(name, hosts.hostsOf(name, ostIndex)));
        }
      }
      StripeLayout layout = new StripeLayout(component.stripeSize(), targets.size(), 0, targets, SOURCE_LUSTRE);
      extents.add(new FileLayout.Component(component.start(), component.end(), layout));
    }
    return new FileLayout(extents);
  }

  private StripeLayout pvfs2(Pvfs2HintParser.Pvfs2Hints hints, long defaultBlockSize) {
    int datafiles = hints.datafiles() > 0 ? hints.datafiles() : hosts.servers().size();
    List<StorageTarget> targets = new ArrayList<>(datafiles);
    for (int i = 0; i < datafiles; i++) {
      String name = "datafile" + i;
      targets.add(new StorageTarget(name, hosts.hostsOf(name, i)));
    }
    // basic_dist keeps the whole file in one datafile; blocks then follow the configured stripe size.
    long unit = hints.stripSize() > 0 ? hints.stripSize() : stripeSize > 0 ? stripeSize : defaultBlockSize;
    return new StripeLayout(unit, datafiles, 0, targets, SOURCE_PVFS2);
  }
}
