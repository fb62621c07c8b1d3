package io.pfsmix.fs.layout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.apache.hadoop.fs.BlockLocation;

/**
 * The whole layout of a file: one {@link StripeLayout} per file extent. Plain layouts have a single component covering
 * the file; Lustre composite (progressive file layout, PFL) files have one per instantiated component, e.g. 1 stripe
 * for the first MiB, 4 stripes up to 1 GiB, all OSTs beyond. Each component stripes by absolute file offset, as Lustre
 * does (unit {@code k = offset / stripeUnit} counts from the start of the file, not of the component).
 *
 * @param components non-overlapping, ordered by start; gaps (components not yet instantiated) hold no data
 */
public record FileLayout(List<Component> components) {

  /**
   * One extent of a file and its striping.
   *
   * @param start first byte covered
   * @param end first byte not covered; {@link Long#MAX_VALUE} for "to the end of the file"
   */
  public record Component(long start, long end, StripeLayout layout) {

    public Component {
      if (start < 0 || end <= start) {
        throw new IllegalArgumentException("layout component [" + start + ", " + end + ") is empty or negative");
      }
      if (layout == null) {
        throw new IllegalArgumentException("layout component [" + start + ", " + end + ") has no layout");
      }
    }
  }

  public FileLayout {
    components = List.copyOf(components);
    if (components.isEmpty()) {
      throw new IllegalArgumentException("a file layout needs at least one component");
    }
    for (int i = 1; i < components.size(); i++) {
      if (components.get(i).start() < components.get(i - 1).end()) {
        throw new IllegalArgumentException("layout components " + components.get(i - 1) + " and "
            + components.get(i) + " overlap or are out of order");
      }
    }
  }

  /** A layout that stripes the whole file the same way. */
  public static FileLayout of(StripeLayout layout) {
    return new FileLayout(Collections.singletonList(new Component(0, Long.MAX_VALUE, layout)));
  }

  /** The striping at byte {@code offset}, or the first component's when no component covers it. */
  public StripeLayout layoutAt(long offset) {
    for (Component component : components) {
      if (offset >= component.start() && offset < component.end()) {
        return component.layout();
      }
    }
    return components.get(0).layout();
  }

  /**
   * The blocks of {@code [start, start + length)} of a file of {@code fileLength} bytes, component by component; see
   * {@link StripeLayout#blockLocations}.
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
    List<BlockLocation> blocks = new ArrayList<>();
    for (Component component : components) {
      long from = Math.max(start, component.start());
      long to = Math.min(end, component.end());
      if (from < to) {
        // The component's end acts as the file's end, so its last block is clipped there.
        Collections.addAll(blocks, component.layout().blockLocations(to, from, to - from));
      }
    }
    return blocks.toArray(new BlockLocation[0]);
  }
}
