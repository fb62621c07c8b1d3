package io.pfsmix.fs.orangefs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.layout.StorageTarget;
import io.pfsmix.fs.layout.StripeLayout;
import io.pfsmix.fs.posix.ErrnoException;

/**
 * The layouts of OrangeFS files: what a new file is created with (from the Hadoop block size and the keys), and what
 * an existing file has, read from its metadata object — the distribution (simple_stripe and its strip size) and the
 * datafiles in stripe order, each mapped through the file system's handle ranges to the I/O server that holds it.
 */
final class OrangefsLayouts {

  /** OrangeFS's striped distribution; the others (basic_dist: all on one datafile) are reported as one block. */
  static final String SIMPLE_STRIPE = "simple_stripe";
  /** The largest strip size a create asks for: a strip is moved by one request per server. */
  private static final long MAX_STRIP_SIZE = 1L << 30;

  private final long stripSize;
  private final int width;
  private final Map<String, String> hostsByServer = new ConcurrentHashMap<>();

  OrangefsLayouts(Configuration conf) {
    PfsConfigValues values = PfsConfigValues.of(conf);
    this.stripSize = values.bytes(OrangefsConfigKeys.STRIP_SIZE, OrangefsConfigKeys.STRIP_SIZE_DEFAULT, 0,
        MAX_STRIP_SIZE);
    // 0: every I/O server
    this.width = (int) values.number(OrangefsConfigKeys.STRIPE_WIDTH,
        OrangefsConfigKeys.STRIPE_WIDTH_DEFAULT, 0, Integer.MAX_VALUE);
  }

  /** How a new file is striped: strip size (0: the file system's default) over {@code width} servers (0: all). */
  record Layout(long stripSize, int width) {
    @Override
    public String toString() {
      return "strip size " + stripSize + ", " + (width == 0 ? "every I/O server" : width + " I/O servers");
    }
  }

  Layout layoutFor(CreateOptions options) {
    long strip = stripSize > 0 ? stripSize : Math.min(options.blockSize(), MAX_STRIP_SIZE);
    return new Layout(Math.max(0, strip), width);
  }

  /** The layout of an existing file. */
  StripeLayout read(int fs, long handle, String path) throws ErrnoException {
    ByteBuffer distribution = ByteBuffer.wrap(OrangefsClient.distribution(fs, handle))
        .order(ByteOrder.LITTLE_ENDIAN);
    ByteBuffer datafiles = ByteBuffer.wrap(OrangefsClient.datafiles(fs, handle)).order(ByteOrder.nativeOrder());
    List<StorageTarget> targets = new ArrayList<>();
    for (int i = 0; datafiles.remaining() >= Long.BYTES; i++) {
      String server = OrangefsClient.server(fs, datafiles.getLong());
      targets.add(new StorageTarget("datafile" + i, List.of(endpoint(server))));
    }
    // the distribution's encoding: name length (u32), the name and its NUL padded to 8 bytes, then the parameters
    int nameLength = distribution.getInt();
    String name = new String(distribution.array(), 4, nameLength, StandardCharsets.US_ASCII);
    distribution.position((4 + nameLength + 1 + 7) & ~7);
    if (name.equals(SIMPLE_STRIPE) && distribution.remaining() >= Long.BYTES && !targets.isEmpty()) {
      return new StripeLayout(distribution.getLong(), targets.size(), 0, targets, "orangefs " + SIMPLE_STRIPE);
    }
    // one block on every server the file has datafiles on
    List<String> hosts = new ArrayList<>();
    for (StorageTarget target : targets) {
      hosts.addAll(target.hosts());
    }
    return new StripeLayout(Long.MAX_VALUE, 1, 0, List.of(new StorageTarget(name, hosts)), "orangefs " + name);
  }

  /** "tcp://127.0.0.3:3334" as "127.0.0.3:3334". */
  private String endpoint(String server) {
    return hostsByServer.computeIfAbsent(server, address -> {
      int scheme = address.indexOf("://");
      return scheme < 0 ? address : address.substring(scheme + 3);
    });
  }
}
