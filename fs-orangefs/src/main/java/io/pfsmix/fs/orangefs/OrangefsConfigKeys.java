package io.pfsmix.fs.orangefs;

import io.pfsmix.fs.OptionalBackendKeys;

/** Every configuration key of the OrangeFS backend ({@code fs.pfs.backend=orangefs}, or the {@code ofs://} scheme). */
public final class OrangefsConfigKeys {

  private OrangefsConfigKeys() {
  }

  /** The backend name for {@code fs.pfs.backend}, and the URI scheme of {@link OrangefsFileSystem}. */
  public static final String BACKEND_NAME = OptionalBackendKeys.Orangefs.BACKEND_NAME;
  public static final String SCHEME = OptionalBackendKeys.Orangefs.SCHEME;

  public static final String PREFIX = OptionalBackendKeys.Orangefs.PREFIX;

  /**
   * The file system, as OrangeFS's fs_spec {@code tcp://HOST:PORT/FSNAME} (commas separate further configuration
   * servers of the same file system). Unset: the file system {@code ./pfsmix orangefs up} started, named by the first
   * line of {@code $PFSMIX_ORANGEFS_DIR/pvfs2tab}, else of {@code <pfsmix home>/var/orangefs/pvfs2tab}.
   */
  public static final String SERVER = OptionalBackendKeys.Orangefs.SERVER;

  /** The directory inside OrangeFS that is this file system's root; created when missing. */
  public static final String ROOT = OptionalBackendKeys.Orangefs.ROOT;
  public static final String ROOT_DEFAULT = "/";

  /**
   * Strip size of new files, a size (docs/configuration.md, "Sizes"); 0: the Hadoop block size of the create call, so
   * that each strip is one Hadoop block on one server.
   */
  public static final String STRIP_SIZE = PREFIX + "strip.size";
  public static final long STRIP_SIZE_DEFAULT = 0;

  /** I/O servers (datafiles) a new file is striped over; 0: as many as the file system has. */
  public static final String STRIPE_WIDTH = PREFIX + "stripe.width";
  public static final int STRIPE_WIDTH_DEFAULT = 0;

  /**
   * Milliseconds the client library may answer names and attributes from its caches. OrangeFS clients share no cache
   * coherence: with more than 0, another process's creates, deletes and writes may be seen that much later. One
   * value per process: the first file system opened sets it.
   */
  public static final String CACHE_TIMEOUT_MILLIS = PREFIX + "cache.timeout.ms";
  public static final int CACHE_TIMEOUT_MILLIS_DEFAULT = 0;

  /**
   * Where OrangeFS's client library writes its own messages: {@code off}, {@code stderr}, or a file appended to. Its
   * errors also reach pfsmix as return codes and are reported as exceptions, so the default keeps them out of the
   * terminal (two threads creating one directory would print "mkdir failed: File exists"). One value per process: the
   * first file system opened sets it.
   */
  public static final String CLIENT_LOG = PREFIX + "client.log";
  public static final String CLIENT_LOG_DEFAULT = "off";

  /** Seconds the first contact with the file system may take before it fails naming the server. */
  public static final String CONNECT_TIMEOUT_SECONDS = PREFIX + "connect.timeout";
  public static final int CONNECT_TIMEOUT_SECONDS_DEFAULT = 30;

  /**
   * Seconds any call of the client library may wait for the servers before it fails with an IOException (the
   * library's own limits, ClientJobBMITimeoutSecs and ClientRetryLimit, are set by the servers' configuration, and
   * can add up to many minutes); 0: wait as the library does.
   */
  public static final String IO_TIMEOUT_SECONDS = PREFIX + "io.timeout";
  public static final int IO_TIMEOUT_SECONDS_DEFAULT = 120;
}
