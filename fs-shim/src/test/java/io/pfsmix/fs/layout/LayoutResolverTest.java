package io.pfsmix.fs.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;

class LayoutResolverTest {

  private static final long MIB = 1 << 20;

  private static Configuration conf(String... keysAndValues) {
    Configuration conf = new Configuration(false);
    for (int i = 0; i < keysAndValues.length; i += 2) {
      conf.set(keysAndValues[i], keysAndValues[i + 1]);
    }
    return conf;
  }

  private static List<String> describe(BlockLocation[] blocks) throws IOException {
    List<String> described = new ArrayList<>();
    for (BlockLocation block : blocks) {
      described.add(block.getOffset() + "+" + block.getLength() + "@" + String.join(",", block.getNames()));
    }
    return described;
  }

  @Test
  void withoutAttributesOrKeysTheLocalHostHoldsBlockSizedStripes() throws Exception {
    StripeLayout layout = new LayoutResolver(conf()).resolve(Map.of(), 128 * MIB);

    String localHost = InetAddress.getLocalHost().getHostName();
    assertThat(layout.source()).isEqualTo("configuration");
    assertThat(layout.stripeUnit()).isEqualTo(128 * MIB);
    assertThat(layout.stripeCount()).isEqualTo(1);
    assertThat(describe(layout.blockLocations(300 * MIB, 0, 300 * MIB))).containsExactly(
        "0+134217728@" + localHost, "134217728+134217728@" + localHost, "268435456+46137344@" + localHost);
  }

  @Test
  void configuredServersStripeSizeAndCount() throws Exception {
    LayoutResolver resolver = new LayoutResolver(conf(
        LayoutConfigKeys.SERVERS, "io1:50010, io2 ,io3",
        LayoutConfigKeys.STRIPE_SIZE, "4m",
        LayoutConfigKeys.STRIPE_COUNT, "2"));

    StripeLayout layout = resolver.resolve(Map.of(), 128 * MIB);

    assertThat(layout.stripeUnit()).isEqualTo(4 * MIB);
    assertThat(describe(layout.blockLocations(10 * MIB, 0, 10 * MIB)))
        .containsExactly("0+4194304@io1:50010", "4194304+4194304@io2", "8388608+2097152@io1:50010");
    assertThat(layout.blockLocations(10 * MIB, 0, MIB)[0].getHosts()).containsExactly("io1");
  }

  @Test
  void aStripeCountAboveTheServerCountWrapsAround() throws Exception {
    StripeLayout layout = new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "a,b",
        LayoutConfigKeys.STRIPE_COUNT, "3")).resolve(Map.of(), MIB);

    assertThat(layout.targets()).extracting(StorageTarget::name).containsExactly("a", "b", "a");
  }

  @Test
  void badKeysAreRejectedUpFrontNamingKeyAndValue() {
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.STRIPE_SIZE, "lots")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fs.pfs.layout.stripe-size: 'lots' is not a size");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.STRIPE_SIZE, "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fs.pfs.layout.stripe-size = '0' is out of range: must be at least 1 bytes");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.STRIPE_COUNT, "two")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fs.pfs.layout.stripe-count = 'two' is not a whole number");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.STRIPE_COUNT, "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fs.pfs.layout.stripe-count = '0' is out of range: must be between 1 and 2147483647");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "oss1:99999,oss2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fs.pfs.layout.servers = \"oss1:99999,oss2\": \"oss1:99999\" has a bad port");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "oss1:http")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"oss1:http\" has a bad port");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.TARGET_HOSTS, "OST0000")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fs.pfs.layout.target-hosts = \"OST0000\": entry \"OST0000\" is not target=host");
    assertThatThrownBy(() -> new LayoutResolver(conf(LayoutConfigKeys.TARGET_HOSTS, "OST0000=a,OST0000=b")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("target \"OST0000\" is listed twice");
    assertThatThrownBy(() -> new LayoutResolver(conf()).resolve(Map.of(), 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("default block size");
  }

  @Test
  void lustreOstsMapThroughTargetHostsElseServersByIndex() throws Exception {
    LayoutResolver resolver = new LayoutResolver(conf(
        LayoutConfigKeys.SERVERS, "s0,s1",
        LayoutConfigKeys.TARGET_HOSTS, "scratch-OST0000=oss0 oss0b, OST0003=oss3:988"));

    // Recorded value: 1 MiB stripes on OSTs 3, 0, 1, 2 in that order.
    StripeLayout layout = resolver.resolve(RecordedXattrs.load("lustre-v1-4stripes.getfattr"), 128 * MIB);

    assertThat(layout.source()).isEqualTo("lustre.lov");
    assertThat(layout.targets()).extracting(StorageTarget::name)
        .containsExactly("OST0003", "OST0000", "OST0001", "OST0002");
    assertThat(describe(layout.blockLocations(4 * MIB + 1, 0, 5 * MIB))).containsExactly(
        "0+1048576@oss3:988", "1048576+1048576@oss0,oss0b", "2097152+1048576@s1", "3145728+1048576@s0",
        "4194304+1@oss3:988");
  }

  @Test
  void lustreOstIndexesAreNamedInHex() throws Exception {
    StripeLayout layout = new LayoutResolver(conf(LayoutConfigKeys.TARGET_HOSTS, "OST000a=flash1,OST000b=flash2"))
        .resolve(RecordedXattrs.load("lustre-v3-pool.getfattr"), MIB);

    assertThat(describe(layout.blockLocations(MIB / 8, 0, MIB)))
        .containsExactly("0+65536@flash1", "65536+65536@flash2");
  }

  @Test
  void progressiveLayoutsReportEachComponentsHosts() throws Exception {
    LayoutResolver resolver = new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "oss0,oss1,oss2,oss3,oss4"));
    Map<String, byte[]> xattrs = RecordedXattrs.load("lustre-pfl.getfattr");

    FileLayout layout = resolver.resolveFile(xattrs, 128 * MIB);

    // [0, 1 MiB): one stripe on OST 0; [1 MiB, 64 MiB): OSTs 1-4, unit k on the (k mod 4)-th of them.
    assertThat(describe(layout.blockLocations(3 * MIB, 0, 3 * MIB)))
        .containsExactly("0+1048576@oss0", "1048576+1048576@oss2", "2097152+1048576@oss3");
    assertThat(resolver.resolve(xattrs, 128 * MIB).targets()).extracting(StorageTarget::name)
        .containsExactly("OST0000");
  }

  @Test
  void dataOnMdtBytesLiveOnTheMdtHosts() throws Exception {
    FileLayout layout = new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "oss0",
        LayoutConfigKeys.TARGET_HOSTS, "MDT=mds1 mds2"))
        .resolveFile(RecordedXattrs.load("lustre-dom.getfattr"), 128 * MIB);

    assertThat(describe(layout.blockLocations(2 * MIB, 0, 2 * MIB)))
        .containsExactly("0+1048576@mds1,mds2", "1048576+1048576@oss0");
  }

  @Test
  void cephObjectsSpreadOverThePoolsHosts() throws Exception {
    LayoutResolver resolver = new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "client1",
        LayoutConfigKeys.TARGET_HOSTS, "cephfs_data=osd-a osd-b osd-c"));

    StripeLayout layout = resolver.resolve(RecordedXattrs.load("cephfs-default.getfattr"), 128 * MIB);

    assertThat(layout.source()).isEqualTo("ceph.file.layout");
    assertThat(layout.objectSize()).isEqualTo(4 * MIB);
    assertThat(describe(layout.blockLocations(10 * MIB, 0, 10 * MIB)))
        .containsExactly("0+4194304@osd-a", "4194304+4194304@osd-b", "8388608+2097152@osd-c");
    StripeLayout otherPool = resolver.resolve(RecordedXattrs.load("cephfs-striped-namespace.getfattr"), MIB);
    assertThat(otherPool.targets()).extracting(StorageTarget::name).containsExactly("client1");
  }

  @Test
  void orangefsHintsStripeOverDatafiles() throws Exception {
    StripeLayout layout = new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "pvfs1,pvfs2,pvfs3"))
        .resolve(RecordedXattrs.load("orangefs-dir-hints.getfattr"), 128 * MIB);

    assertThat(layout.source()).isEqualTo("user.pvfs2");
    assertThat(layout.stripeUnit()).isEqualTo(MIB);
    assertThat(layout.targets()).extracting(StorageTarget::name)
        .containsExactly("datafile0", "datafile1", "datafile2", "datafile3");
    assertThat(describe(layout.blockLocations(5 * MIB, 0, 5 * MIB)))
        .containsExactly("0+1048576@pvfs1", "1048576+1048576@pvfs2", "2097152+1048576@pvfs3",
            "3145728+1048576@pvfs1", "4194304+1048576@pvfs1");
  }

  @Test
  void theFirstSourcePresentWins() throws Exception {
    LayoutResolver resolver = new LayoutResolver(conf());
    Map<String, byte[]> all = new LinkedHashMap<>(RecordedXattrs.load("orangefs-dir-hints.getfattr"));
    all.putAll(RecordedXattrs.load("lustre-v1-4stripes.getfattr"));
    assertThat(resolver.resolve(all, MIB).source()).isEqualTo("lustre.lov");
    all.putAll(RecordedXattrs.load("cephfs-default.getfattr"));
    assertThat(resolver.resolve(all, MIB).source()).isEqualTo("ceph.file.layout");
  }

  @Test
  void unusableLayoutsFallBackToConfigurationWarningOnce() throws Exception {
    LayoutResolver resolver = new LayoutResolver(conf(LayoutConfigKeys.SERVERS, "n1"));
    Map<String, byte[]> released = Map.of(LustreLovParser.LOV, LovValues.plain(ByteOrder.LITTLE_ENDIAN,
        LustreLovParser.MAGIC_V1, LustreLovParser.PATTERN_RAID0 | LustreLovParser.PATTERN_F_RELEASED, MIB, 0, null));

    try (LogCapture log = new LogCapture(LayoutResolver.class)) {
      StripeLayout first = resolver.resolve(released, 64 * MIB);
      StripeLayout second = resolver.resolve(released, 64 * MIB);

      assertThat(first.source()).isEqualTo("configuration");
      assertThat(second.stripeUnit()).isEqualTo(64 * MIB);
      assertThat(log.warnings()).hasSize(1);
      assertThat(log.warnings().get(0)).contains("released to HSM").contains("using the configured layout");
    }
  }

  @Test
  void corruptAttributesFailNamingThem() {
    LayoutResolver resolver = new LayoutResolver(conf());
    Map<String, byte[]> corrupt = Map.of(CephLayoutParser.LAYOUT,
        "stripe_unit=0 stripe_count=1 object_size=4194304".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> resolver.resolve(corrupt, MIB))
        .isInstanceOf(IOException.class).hasMessageContaining("ceph.file.layout: stripe_unit is 0");
  }
}
