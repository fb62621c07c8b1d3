package io.pfsmix.fs.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.apache.hadoop.fs.BlockLocation;

/**
 * RAID-0 striping of a file over storage targets, as CephFS, Lustre and OrangeFS do it, and the block locations Hadoop
 * schedules by.
 *
 * <h2>Mapping a byte to a host</h2>
 * For byte offset {@code b} of the file (Ceph's {@code Striper::file_to_extents} does the same arithmetic):
 * <ol>
 *   <li>stripe unit {@code k = b / stripeUnit}; units are dealt to the {@code stripeCount} objects of an object set
 *       round robin: stripe (row) {@code r = k / stripeCount}, position in the set {@code p = k mod stripeCount};</li>
 *   <li>with bounded objects ({@code objectSize > 0}, Ceph) each object takes {@code u = objectSize / stripeUnit} units
 *       before the next object set starts: object set {@code s = r / u}, object number {@code o = s * stripeCount + p},
 *       offset in the object {@code (r mod u) * stripeUnit + b mod stripeUnit};</li>
 *   <li>with unbounded objects ({@code objectSize == 0}: Lustre, OrangeFS, configuration; one object per target that
 *       grows without limit) the object number is simply {@code o = p = k mod stripeCount};</li>
 *   <li>the object lives on {@code targets.get(o mod targets.size())}. For Lustre, OrangeFS and configured layouts
 *       {@code targets} has exactly {@code stripeCount} entries in stripe order (Lustre: lmm_objects order), so unit
 *       {@code k} is on {@code targets.get(k mod stripeCount)}. For Ceph, where CRUSH places objects and only the
 *       cluster map knows where, {@code targets} are the pool's hosts and the modulo spreads objects over them.</li>
 * </ol>
 *
 * <h2>Blocks</h2>
 * One {@link BlockLocation} per stripe unit that overlaps the requested range, except that with bounded objects and
 * {@code stripeCount == 1} consecutive units of one object form one block (a Ceph file with 4 MiB objects and 1 MiB
 * stripe units reports 4 MiB blocks). Blocks are clipped to the requested range and to the file length; their names
 * are the target's host entries as configured ("host:port" where a port is known), their hosts the host parts.
 *
 * @param stripeUnit bytes per stripe unit, &gt; 0
 * @param stripeCount objects per object set, &ge; 1
 * @param objectSize bytes per object (a multiple of {@code stripeUnit}), or 0 for unbounded objects
 * @param targets who holds the objects, see above
 * @param source where the layout came from: "ceph.file.layout", "lustre.lov", "user.pvfs2" or "configuration"
 */
public record StripeLayout(long stripeUnit, int stripeCount, long objectSize, List<StorageTarget> targets,
                           String source) {

  public StripeLayout {
    Objects.requireNonNull(source, "source");
    if (stripeUnit <= 0) {
      throw new IllegalArgumentException(source + " layout: stripe unit must be positive, is " + stripeUnit);
    }
    if (stripeCount < 1) {
      throw new IllegalArgumentException(source + " layout: stripe count must be at least 1, is " + stripeCount);
    }
    if (objectSize < 0 || (objectSize > 0 && objectSize % stripeUnit != 0)) {
      throw new IllegalArgumentException(source + " layout: object size " + objectSize
          + " must be 0 (unbounded) or a positive multiple of the stripe unit " + stripeUnit);
    }
    targets = List.copyOf(targets);
    if (targets.isEmpty()) {
      throw new IllegalArgumentException(source + " layout has no storage targets");
    }
    if (objectSize == 0 && targets.size() != stripeCount) {
      throw new IllegalArgumentException(source + " layout: " + targets.size() + " targets for stripe count "
          + stripeCount + "; unbounded objects need one target per stripe");
    }
  }

  /** The length of one reported block: the object size for single-stripe bounded objects, else the stripe unit. */
  public long blockSize() {
    return objectSize > 0 && stripeCount == 1 ? objectSize : stripeUnit;
  }

  /** The object number that holds stripe unit {@code unit} (see the class comment). */
  public long objectOfUnit(long unit) {
    if (unit < 0) {
      throw new IllegalArgumentException("stripe unit number must not be negative, is " + unit);
    }
    long position = unit % stripeCount;
    if (objectSize == 0) {
      return position;
    }
    long unitsPerObject = objectSize / stripeUnit;
    long objectSet = unit / stripeCount / unitsPerObject;
    return objectSet * stripeCount + position;
  }

  /** The target that stores stripe unit {@code unit}. */
  public StorageTarget targetOfUnit(long unit) {
    return targets.get((int) (objectOfUnit(unit) % targets.size()));
  }

  /**
   * The blocks of {@code [start, start + length)} of a file of {@code fileLength} bytes; empty when the range is empty
   * or starts at or after the end of the file.
   */
  public BlockLocation[] blockLocations(long fileLength, long start, long length) {
    if (fileLength < 0 || start < 0 || length < 0) {
      throw new IllegalArgumentException("file length " + fileLength + ", start " + start + " and length " + length
          + " must not be negative");
    }
    if (start >= fileLength || length == 0) {
      return new BlockLocation[0];
    }
    long end = length > fileLength - start ? fileLength : start + length;
    boolean wholeObjects = objectSize > 0 && stripeCount == 1;
    long blockBytes = wholeObjects ? objectSize : stripeUnit;
    List<BlockLocation> blocks = new ArrayList<>();
    long position = start;
    while (position < end) {
      long blockStart = position - position % blockBytes;
      long blockEnd = blockStart > Long.MAX_VALUE - blockBytes ? Long.MAX_VALUE : blockStart + blockBytes;
      long clippedEnd = Math.min(blockEnd, end);
      StorageTarget target = targetOfUnit(position / stripeUnit);
      blocks.add(location(target, position, clippedEnd - position));
      position = clippedEnd;
    }
    return blocks.toArray(new BlockLocation[0]);
  }

  private static BlockLocation location(StorageTarget target, long offset, long length) {
    List<String> endpoints = target.hosts();
    String[] names = endpoints.toArray(new String[0]);
    String[] hosts = new String[names.length];
    for (int i = 0; i < names.length; i++) {
      hosts[i] = StorageTarget.hostOf(names[i]);
    }
    return new BlockLocation(names, hosts, offset, length);
  }
}
