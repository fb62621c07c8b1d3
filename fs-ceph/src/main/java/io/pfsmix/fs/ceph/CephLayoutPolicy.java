package io.pfsmix.fs.ceph;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.backend.CreateOptions;

/**
 * Chooses the layout of a new file: object size and stripe unit from the Hadoop block size (rounded to the stripe-unit
 * granularity) unless configured, and the data pool from the replication asked for.
 */
final class CephLayoutPolicy {

  /** A file layout; a null pool leaves the pool to the directory's layout. */
  record Layout(int stripeUnit, int stripeCount, int objectSize, String pool) {

    /** As the ceph.file.layout extended attribute of a new, empty file takes it. */
    String xattr() {
      return "stripe_unit=" + stripeUnit + " stripe_count=" + stripeCount + " object_size=" + objectSize
          + (pool == null ? "" : " pool=" + pool);
    }
  }

  private final int granularity;
  private final long configuredObjectSize;
  private final long configuredStripeUnit;
  private final int stripeCount;
  private final Map<Short, String> poolByReplication;

  CephLayoutPolicy(Configuration conf, int granularity) {
    this.granularity = granularity;
    // 0 (the default): from the create call's block size
    PfsConfigValues values = PfsConfigValues.of(conf);
    this.configuredObjectSize = values.bytes(CephConfigKeys.OBJECT_SIZE, 0, 0, Long.MAX_VALUE);
    this.configuredStripeUnit = values.bytes(CephConfigKeys.STRIPE_UNIT, 0, 0, Long.MAX_VALUE);
    this.stripeCount = values.integer(CephConfigKeys.STRIPE_COUNT, CephConfigKeys.STRIPE_COUNT_DEFAULT, 1,
        Integer.MAX_VALUE);
    this.poolByReplication = parsePools(conf.getTrimmed(CephConfigKeys.REPLICATION_POOLS, ""));
    checkMultiple(CephConfigKeys.OBJECT_SIZE, configuredObjectSize);
    checkMultiple(CephConfigKeys.STRIPE_UNIT, configuredStripeUnit);
  }

  Layout layoutFor(CreateOptions options) {
    long objectSize = configuredObjectSize > 0 ? configuredObjectSize : roundToGranularity(options.blockSize());
    long stripeUnit = configuredStripeUnit > 0 ? configuredStripeUnit : objectSize;
    if (objectSize % stripeUnit != 0) {
      throw new IllegalArgumentException("object size " + objectSize + " is not a multiple of the stripe unit "
          + stripeUnit + " (" + CephConfigKeys.OBJECT_SIZE + ", " + CephConfigKeys.STRIPE_UNIT + ")");
    }
    return new Layout((int) stripeUnit, stripeCount, (int) objectSize, poolByReplication.get(options.replication()));
  }

  Map<Short, String> pools() {
    return Collections.unmodifiableMap(poolByReplication);
  }

  /** The nearest multiple of the granularity, at least one granularity and at most what an int holds. */
  long roundToGranularity(long blockSize) {
    long units = Math.max(1, Math.round((double) blockSize / granularity));
    return Math.min(units, Integer.MAX_VALUE / granularity) * granularity;
  }

  private void checkMultiple(String key, long value) {
    if (value > 0 && (value % granularity != 0 || value > Integer.MAX_VALUE)) {
      throw new IllegalArgumentException(key + " must be a multiple of the stripe-unit granularity " + granularity
          + " below 2 GiB, got " + value);
    }
  }

  private static Map<Short, String> parsePools(String spec) {
    Map<Short, String> pools = new TreeMap<>();
    if (spec.isEmpty()) {
      return pools;
    }
    for (String entry : spec.split(",")) {
      String[] parts = entry.trim().split(":", 2);
      try {
        short replicas = Short.parseShort(parts[0].trim());
        if (replicas < 1 || parts.length < 2 || parts[1].isBlank()) {
          throw new NumberFormatException();
        }
        pools.put(replicas, parts[1].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(CephConfigKeys.REPLICATION_POOLS + ": entry '" + entry.trim()
            + "' is not REPLICAS:POOL (e.g. 2:pfsmix_data_r2)");
      }
    }
    return pools;
  }
}
