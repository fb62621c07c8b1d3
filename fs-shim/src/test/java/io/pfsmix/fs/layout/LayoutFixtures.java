package io.pfsmix.fs.layout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.fs.BlockLocation;

/** Storage targets to build layouts from, and block locations in a form compared at a glance, for the layout tests. */
final class LayoutFixtures {

  private LayoutFixtures() {
  }

  /** One target per name, held by the host of that name. */
  static List<StorageTarget> hosts(String... names) {
    List<StorageTarget> targets = new ArrayList<>();
    for (String name : names) {
      targets.add(new StorageTarget(name, List.of(name)));
    }
    return targets;
  }

  /** "offset+length@host,host" per block. */
  static List<String> describe(BlockLocation[] blocks) throws IOException {
    List<String> described = new ArrayList<>();
    for (BlockLocation block : blocks) {
      described.add(block.getOffset() + "+" + block.getLength() + "@" + String.join(",", block.getHosts()));
    }
    return described;
  }
}
