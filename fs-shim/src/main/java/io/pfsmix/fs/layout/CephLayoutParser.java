package io.pfsmix.fs.layout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads CephFS's layout virtual extended attributes. The combined {@code ceph.file.layout} value is what both the
 * kernel client and libcephfs (ceph-fuse) print: {@code stripe_unit=N stripe_count=N object_size=N pool=P}, then
 * {@code  pool_namespace=NS} when the layout has a namespace; {@code pool} is the pool's name, or its numeric id when
 * the client's OSD map does not know the pool. The single fields {@code ceph.file.layout.stripe_unit},
 * {@code .stripe_count}, {@code .object_size}, {@code .pool} and {@code .pool_namespace} hold the bare values.
 * CephFS hides all of them from listxattr, so they are only seen when asked for by name.
 */
final class CephLayoutParser {

  static final String LAYOUT = "ceph.file.layout";
  static final String STRIPE_UNIT = LAYOUT + ".stripe_unit";
  static final String STRIPE_COUNT = LAYOUT + ".stripe_count";
  static final String OBJECT_SIZE = LAYOUT + ".object_size";
  static final String POOL = LAYOUT + ".pool";
  static final String POOL_NAMESPACE = LAYOUT + ".pool_namespace";

  /**
   * A CephFS file layout.
   *
   * @param pool pool name or numeric id, null when not given
   * @param poolNamespace null when none
   */
  record CephLayout(long stripeUnit, int stripeCount, long objectSize, String pool, String poolNamespace) {
  }

  private CephLayoutParser() {
  }

  static boolean present(Map<String, byte[]> xattrs) {
    return xattrs.containsKey(LAYOUT) || xattrs.containsKey(STRIPE_UNIT) || xattrs.containsKey(STRIPE_COUNT)
        || xattrs.containsKey(OBJECT_SIZE);
  }

  /** Parses the combined attribute when present, else the single fields. */
  static CephLayout parse(Map<String, byte[]> xattrs) throws IOException {
    byte[] combined = xattrs.get(LAYOUT);
    if (combined != null) {
      return parseCombined(AttributeValues.text(combined));
    }
    return parseFields(xattrs);
  }

  private static CephLayout parseCombined(String value) throws IOException {
    if (value.isEmpty()) {
      throw new IOException(LAYOUT + " is empty");
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (String token : value.split("\\s+")) {
      int equals = token.indexOf('=');
      if (equals <= 0) {
        throw new IOException(LAYOUT + ": \"" + token + "\" is not key=value in \"" + value + "\"");
      }
      String key = token.substring(0, equals);
      if (fields.put(key, token.substring(equals + 1)) != null) {
        throw new IOException(LAYOUT + ": " + key + " appears twice in \"" + value + "\"");
      }
    }
    List<String> missing = new ArrayList<>();
    for (String required : List.of("stripe_unit", "stripe_count", "object_size")) {
      if (!fields.containsKey(required)) {
        missing.add(required);
      }
    }
    if (!missing.isEmpty()) {
      throw new IOException(LAYOUT + ": " + String.join(", ", missing) + " missing in \"" + value + "\"");
    }
    return validated(LAYOUT,
        AttributeValues.number(LAYOUT, "stripe_unit", fields.get("stripe_unit")),
        AttributeValues.number(LAYOUT, "stripe_count", fields.get("stripe_count")),
        AttributeValues.number(LAYOUT, "object_size", fields.get("object_size")),
        emptyToNull(fields.get("pool")), emptyToNull(fields.get("pool_namespace")));
  }

  private static CephLayout parseFields(Map<String, byte[]> xattrs) throws IOException {
    List<String> missing = new ArrayList<>();
    for (String required : List.of(STRIPE_UNIT, STRIPE_COUNT, OBJECT_SIZE)) {
      if (!xattrs.containsKey(required)) {
        missing.add(required);
      }
    }
    if (!missing.isEmpty()) {
      throw new IOException("Ceph layout attributes incomplete: " + String.join(", ", missing) + " missing");
    }
    byte[] pool = xattrs.get(POOL);
    byte[] namespace = xattrs.get(POOL_NAMESPACE);
    return validated(LAYOUT + ".*",
        AttributeValues.number(STRIPE_UNIT, "value", AttributeValues.text(xattrs.get(STRIPE_UNIT))),
        AttributeValues.number(STRIPE_COUNT, "value", AttributeValues.text(xattrs.get(STRIPE_COUNT))),
        AttributeValues.number(OBJECT_SIZE, "value", AttributeValues.text(xattrs.get(OBJECT_SIZE))),
        pool == null ? null : emptyToNull(AttributeValues.text(pool)),
        namespace == null ? null : emptyToNull(AttributeValues.text(namespace)));
  }

  /** The rules of Ceph's file_layout_t::is_valid, so a layout Ceph would reject is reported, not used. */
  private static CephLayout validated(String attribute, long stripeUnit, long stripeCount, long objectSize,
                                      String pool, String poolNamespace) throws IOException {
    if (stripeUnit == 0) {
      throw new IOException(attribute + ": stripe_unit is 0");
    }
    if (stripeCount == 0 || stripeCount > Integer.MAX_VALUE) {
      throw new IOException(attribute + ": stripe_count " + stripeCount + " is out of range");
    }
    if (objectSize == 0 || objectSize % stripeUnit != 0) {
      throw new IOException(attribute + ": object_size " + objectSize + " is not a positive multiple of stripe_unit "
          + stripeUnit);
    }
    return new CephLayout(stripeUnit, (int) stripeCount, objectSize, pool, poolNamespace);
  }

  private static String emptyToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
