package io.pfsmix.fs.layout;

import static io.pfsmix.fs.layout.LayoutFixtures.describe;
import static io.pfsmix.fs.layout.LayoutFixtures.hosts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;

class StripeLayoutTest {

  private static final long MIB = 1 << 20;


  @Test
  void lustreStyleUnitsGoRoundRobinInTargetOrder() throws IOException {
    StripeLayout layout = new StripeLayout(MIB, 4, 0, hosts("oss3", "oss0", "oss1", "oss2"), "lustre.lov");

    BlockLocation[] blocks = layout.blockLocations(5 * MIB + MIB / 2, 0, Long.MAX_VALUE);

    assertThat(describe(blocks)).containsExactly(
        "0+1048576@oss3", "1048576+1048576@oss0", "2097152+1048576@oss1", "3145728+1048576@oss2",
        "4194304+1048576@oss3", "5242880+524288@oss0");
    assertThat(layout.blockSize()).isEqualTo(MIB);
  }

  @Test
  void blocksAreClippedToTheRangeAndTheFile() throws IOException {
    StripeLayout layout = new StripeLayout(MIB, 2, 0, hosts("a", "b"), "configuration");

    assertThat(describe(layout.blockLocations(10 * MIB, MIB + MIB / 2, 2 * MIB)))
        .containsExactly("1572864+524288@b", "2097152+1048576@a", "3145728+524288@b");
    assertThat(describe(layout.blockLocations(3 * MIB - 10, 2 * MIB, 5 * MIB)))
        .containsExactly("2097152+1048566@a");
    assertThat(layout.blockLocations(4 * MIB, 4 * MIB, MIB)).isEmpty();
    assertThat(layout.blockLocations(4 * MIB, MIB, 0)).isEmpty();
    assertThat(layout.blockLocations(0, 0, 100)).isEmpty();
  }

  @Test
  void cephSingleStripeFilesReportOneBlockPerObject() throws IOException {
    // 1 MiB stripe units, 4 MiB objects, stripe count 1: units 0-3 are object 0, 4-7 object 1, ...
    StripeLayout layout = new StripeLayout(MIB, 1, 4 * MIB, hosts("h0", "h1", "h2"), "ceph.file.layout");

    assertThat(describe(layout.blockLocations(10 * MIB, 0, 10 * MIB)))
        .containsExactly("0+4194304@h0", "4194304+4194304@h1", "8388608+2097152@h2");
    assertThat(describe(layout.blockLocations(10 * MIB, 3 * MIB, 2 * MIB)))
        .containsExactly("3145728+1048576@h0", "4194304+1048576@h1");
    assertThat(layout.blockSize()).isEqualTo(4 * MIB);
  }

  @Test
  void cephStripingOverSeveralObjectsFollowsObjectSets() throws IOException {
    // stripe_unit 1 MiB, stripe_count 2, object_size 2 MiB: an object set is 2 objects x 2 units = 4 MiB.
    // unit k: row r = k / 2, position p = k % 2, object set s = r / 2, object o = 2s + p:
    // k = 0 1 2 3 4 5 6 7 8  ->  o = 0 1 0 1 2 3 2 3 4
    StripeLayout layout = new StripeLayout(MIB, 2, 2 * MIB, hosts("h0", "h1", "h2", "h3"), "ceph.file.layout");

    List<Long> objects = new ArrayList<>();
    for (long unit = 0; unit <= 8; unit++) {
      objects.add(layout.objectOfUnit(unit));
    }
    assertThat(objects).containsExactly(0L, 1L, 0L, 1L, 2L, 3L, 2L, 3L, 4L);
    assertThat(describe(layout.blockLocations(9 * MIB, 0, 9 * MIB))).containsExactly(
        "0+1048576@h0", "1048576+1048576@h1", "2097152+1048576@h0", "3145728+1048576@h1",
        "4194304+1048576@h2", "5242880+1048576@h3", "6291456+1048576@h2", "7340032+1048576@h3",
        "8388608+1048576@h0");
    assertThat(layout.blockSize()).isEqualTo(MIB);
  }

  @Test
  void namesKeepPortsAndHostsDropThem() throws IOException {
    StorageTarget target = new StorageTarget("OST0000", List.of("oss1:988", "[fe80::1]:988", "oss1b", "fe80::2"));
    StripeLayout layout = new StripeLayout(MIB, 1, 0, List.of(target), "lustre.lov");

    BlockLocation block = layout.blockLocations(MIB, 0, MIB)[0];

    assertThat(block.getNames()).containsExactly("oss1:988", "[fe80::1]:988", "oss1b", "fe80::2");
    assertThat(block.getHosts()).containsExactly("oss1", "fe80::1", "oss1b", "fe80::2");
  }

  @Test
  void inconsistentLayoutsAreRejected() {
    assertThatThrownBy(() -> new StripeLayout(MIB, 1, 3 * MIB / 2, hosts("a"), "ceph.file.layout"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("object size 1572864");
    assertThatThrownBy(() -> new StripeLayout(MIB, 3, 0, hosts("a", "b"), "lustre.lov"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 targets for stripe count 3");
    assertThatThrownBy(() -> new StripeLayout(0, 1, 0, hosts("a"), "configuration"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stripe unit");
    assertThatThrownBy(() -> new StorageTarget("OST0001", List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("OST0001 has no hosts");
    StripeLayout layout = new StripeLayout(MIB, 1, 0, hosts("a"), "configuration");
    assertThatThrownBy(() -> layout.blockLocations(MIB, -1, 10))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start -1");
  }
}
