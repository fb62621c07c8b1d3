package io.pfsmix.fs.layout;

import java.io.IOException;
import java.util.Map;

/**
 * Reads OrangeFS/PVFS2 distribution hints, the text attributes OrangeFS documents for tuning a directory (new files
 * in it, and new subdirectories, inherit them):
 * <ul>
 *   <li>{@code user.pvfs2.dist_name}: the distribution, e.g. "simple_stripe" (OrangeFS's default: fixed-size strips
 *       dealt round robin over the datafiles) or "basic_dist" (all data in one datafile);</li>
 *   <li>{@code user.pvfs2.dist_params}: comma-separated {@code name:value} pairs, for simple_stripe
 *       {@code strip_size:65536} (the default strip size is 64 KiB);</li>
 *   <li>{@code user.pvfs2.num_dfiles}: how many datafiles (servers) a file is striped over; by default all servers.</li>
 * </ul>
 * A file's own distribution is stored in {@code system.pvfs2.md} (binary, PINT_dist encoding) and its datafile
 * handles in {@code system.pvfs2.dh}; which server holds a handle is only known from the server configuration's
 * handle ranges, so neither is read here. Other distributions (twod_stripe, varstrip) are
 * {@linkplain UnusableLayoutException unusable}.
 */
final class Pvfs2HintParser {

  static final String PREFIX = "user.pvfs2.";
  static final String DIST_NAME = PREFIX + "dist_name";
  static final String DIST_PARAMS = PREFIX + "dist_params";
  static final String NUM_DFILES = PREFIX + "num_dfiles";

  static final String SIMPLE_STRIPE = "simple_stripe";
  static final String BASIC_DIST = "basic_dist";
  static final long DEFAULT_STRIP_SIZE = 65536;

  /**
   * The distribution a file gets from its hints.
   *
   * @param stripSize bytes per strip for simple_stripe; 0 for basic_dist
   * @param datafiles number of datafiles, 0 for "all servers"; always 1 for basic_dist
   */
  record Pvfs2Hints(String distName, long stripSize, int datafiles) {
  }

  private Pvfs2HintParser() {
  }

  static boolean present(Map<String, byte[]> xattrs) {
    return xattrs.containsKey(DIST_NAME) || xattrs.containsKey(DIST_PARAMS) || xattrs.containsKey(NUM_DFILES);
  }

  static Pvfs2Hints parse(Map<String, byte[]> xattrs) throws IOException, UnusableLayoutException {
    String distName = xattrs.containsKey(DIST_NAME) ? AttributeValues.text(xattrs.get(DIST_NAME)) : SIMPLE_STRIPE;
    if (distName.isEmpty()) {
      throw new IOException(DIST_NAME + " is empty");
    }
    int datafiles = 0;
    if (xattrs.containsKey(NUM_DFILES)) {
      long value = AttributeValues.number(NUM_DFILES, "value", AttributeValues.text(xattrs.get(NUM_DFILES)));
      if (value < 1 || value > Integer.MAX_VALUE) {
        throw new IOException(NUM_DFILES + ": " + value + " datafiles is out of range");
      }
      datafiles = (int) value;
    }
    long stripSize = DEFAULT_STRIP_SIZE;
    if (xattrs.containsKey(DIST_PARAMS)) {
      String params = AttributeValues.text(xattrs.get(DIST_PARAMS));
      for (String pair : params.split(",")) {
        int colon = pair.indexOf(':');
        if (colon <= 0 || colon == pair.length() - 1) {
          throw new IOException(DIST_PARAMS + ": \"" + pair.trim() + "\" is not name:value in \"" + params + "\"");
        }
        String name = pair.substring(0, colon).trim();
        // Parameters of other distributions are left alone; only strip_size shapes simple_stripe.
        if (name.equals("strip_size")) {
          stripSize = AttributeValues.number(DIST_PARAMS, "strip_size", pair.substring(colon + 1));
          if (stripSize == 0) {
            throw new IOException(DIST_PARAMS + ": strip_size is 0");
          }
        }
      }
    }
    switch (distName) {
      case SIMPLE_STRIPE:
        return new Pvfs2Hints(distName, stripSize, datafiles);
      case BASIC_DIST:
        return new Pvfs2Hints(distName, 0, 1);
      default:
        throw new UnusableLayoutException(DIST_NAME + ": distribution \"" + distName + "\" is not supported (only "
            + SIMPLE_STRIPE + " and " + BASIC_DIST + ")");
    }
  }
}
