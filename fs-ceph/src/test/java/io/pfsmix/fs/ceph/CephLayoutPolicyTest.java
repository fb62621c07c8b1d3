package io.pfsmix.fs.ceph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.backend.CreateOptions;

/** Layout choices and the errors for bad layout and mount keys; no cluster needed. */
class CephLayoutPolicyTest {

  private static final int GRANULARITY = 64 << 10;

  private static CreateOptions create(short replication, long blockSize) {
    return new CreateOptions(false, FsPermission.getFileDefault(), replication, blockSize);
  }

  @Test
  void blockSizeBecomesObjectSizeAndStripeUnitAndReplicationPicksThePool() {
    Configuration conf = new Configuration(false);
    conf.set(CephConfigKeys.REPLICATION_POOLS, "2:pool_two, 3:pool_three");
    CephLayoutPolicy policy = new CephLayoutPolicy(conf, GRANULARITY);

    assertThat(policy.layoutFor(create((short) 2, 64L << 20)))
        .isEqualTo(new CephLayoutPolicy.Layout(64 << 20, 1, 64 << 20, "pool_two"));
    assertThat(policy.layoutFor(create((short) 1, 1000)))
        .isEqualTo(new CephLayoutPolicy.Layout(GRANULARITY, 1, GRANULARITY, null));
    assertThat(policy.roundToGranularity(3L << 40)).isEqualTo((Integer.MAX_VALUE / GRANULARITY) * (long) GRANULARITY);
  }

  @Test
  void configuredStripingWins() {
    Configuration conf = new Configuration(false);
    conf.set(CephConfigKeys.OBJECT_SIZE, "8m");
    conf.set(CephConfigKeys.STRIPE_UNIT, "1m");
    conf.set(CephConfigKeys.STRIPE_COUNT, "4");
    assertThat(new CephLayoutPolicy(conf, GRANULARITY).layoutFor(create((short) 1, 128L << 20)))
        .isEqualTo(new CephLayoutPolicy.Layout(1 << 20, 4, 8 << 20, null));
  }

  @Test
  void badKeysAreNamed() {
    Configuration pools = new Configuration(false);
    pools.set(CephConfigKeys.REPLICATION_POOLS, "two:pool");
    assertThatThrownBy(() -> new CephLayoutPolicy(pools, GRANULARITY))
        .hasMessageContaining(CephConfigKeys.REPLICATION_POOLS).hasMessageContaining("'two:pool'");

    Configuration objectSize = new Configuration(false);
    objectSize.set(CephConfigKeys.OBJECT_SIZE, "100000");
    assertThatThrownBy(() -> new CephLayoutPolicy(objectSize, GRANULARITY))
        .hasMessageContaining(CephConfigKeys.OBJECT_SIZE).hasMessageContaining("65536");

    Configuration mismatch = new Configuration(false);
    mismatch.set(CephConfigKeys.OBJECT_SIZE, "1m");
    mismatch.set(CephConfigKeys.STRIPE_UNIT, "768k");
    assertThatThrownBy(() -> new CephLayoutPolicy(mismatch, GRANULARITY).layoutFor(create((short) 1, 1L << 20)))
        .hasMessageContaining("not a multiple of the stripe unit");

    // the one size grammar: 1e was 1 EiB here (then "must be a multiple ... below 2 GiB"); a fraction with a suffix is fine
    Configuration exa = new Configuration(false);
    exa.set(CephConfigKeys.OBJECT_SIZE, "1e");
    assertThatThrownBy(() -> new CephLayoutPolicy(exa, GRANULARITY))
        .hasMessageStartingWith(CephConfigKeys.OBJECT_SIZE + ": '1e' is not a size");
    Configuration fraction = new Configuration(false);
    fraction.set(CephConfigKeys.OBJECT_SIZE, "1.5m");
    assertThat(new CephLayoutPolicy(fraction, GRANULARITY).layoutFor(create((short) 1, 1L << 20)).objectSize())
        .isEqualTo(3 << 19);

    Configuration stripes = new Configuration(false);
    stripes.set(CephConfigKeys.STRIPE_COUNT, "0");
    assertThatThrownBy(() -> new CephLayoutPolicy(stripes, GRANULARITY))
        .hasMessageContaining(CephConfigKeys.STRIPE_COUNT);
  }

  /**
   * Before the one reader these keys went through Configuration.getInt: "four" failed with Java's "For input string"
   * naming no key, and a mount timeout of 0 was named only inside "invalid Ceph client setting". Now each is read
   * strictly, naming key and value, before any call into libcephfs.
   */
  @Test
  void numbersDurationsAndSwitchesAreReadStrictlyNamingKeyAndValue() {
    Configuration stripes = new Configuration(false);
    stripes.set(CephConfigKeys.STRIPE_COUNT, "four");
    assertThatThrownBy(() -> new CephLayoutPolicy(stripes, GRANULARITY)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(CephConfigKeys.STRIPE_COUNT + " = 'four' is not a whole number");

    Configuration timeout = new Configuration(false);
    timeout.set(CephConfigKeys.MON_ADDRESS, "v2:127.0.0.1:1");
    timeout.set(CephConfigKeys.MOUNT_TIMEOUT_SECONDS, "soon");
    assertThatThrownBy(() -> CephFsBackend.mount(timeout)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(CephConfigKeys.MOUNT_TIMEOUT_SECONDS + " = 'soon' is not a duration")
        .hasMessageContaining("without a unit: seconds");
    timeout.set(CephConfigKeys.MOUNT_TIMEOUT_SECONDS, "0");
    assertThatThrownBy(() -> CephFsBackend.mount(timeout)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(CephConfigKeys.MOUNT_TIMEOUT_SECONDS + " = '0' is out of range: must be between 1 and 2147483647"
            + " seconds");
  }
}
