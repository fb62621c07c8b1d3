package io.pfsmix.fs.ceph;

import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.ceph.fs.CephMount;

/** Loads libcephfs-jni and mounts CephFS as the configuration ({@link CephConfigKeys}) says. */
public final class CephMounts {

  private static final Logger LOG = LoggerFactory.getLogger(CephMounts.class);

  private static boolean nativeLoaded;

  /** libcephfs's readahead limit unless fs.pfs.cephfs.option.client_readahead_max_bytes says otherwise. */
  static final long READAHEAD_CAP_BYTES = 16L << 20;

  private CephMounts() {
  }

  /**
   * Loads the JNI library once. Its loader prints "Loading libcephfs-jni..." on stdout, which the CLI's callers parse, so
   * stdout is diverted while the class initializes and the lines go to the debug log instead.
   */
  static synchronized void loadNative() throws IOException {
    if (nativeLoaded) {
      return;
    }
    PrintStream stdout = System.out;
    ByteArrayOutputStream loaderOutput = new ByteArrayOutputStream();
    System.setOut(new PrintStream(loaderOutput, true, StandardCharsets.UTF_8));
    try {
      Class.forName("com.ceph.fs.CephMount", true, CephMounts.class.getClassLoader());
      nativeLoaded = true;
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IOException("libcephfs-jni cannot be loaded (Debian packages libcephfs-java and libcephfs-jni provide "
          + "/usr/share/java/libcephfs.jar and /usr/lib/jni/libcephfs_jni.so): " + e, e);
    } finally {
      System.setOut(stdout);
      LOG.debug("libcephfs-jni loader said: {}", loaderOutput.toString(StandardCharsets.UTF_8).trim());
    }
  }

  /** Mounts the configured root directory, creating it first when it does not exist yet. */
  public static CephMount mount(Configuration conf) throws IOException {
    loadNative();
    String root = normalizeRoot(conf.getTrimmed(CephConfigKeys.ROOT_DIR, CephConfigKeys.ROOT_DIR_DEFAULT));
    CephMount mount = configured(conf);
    try {
      CephCalls.raw(() -> {
        mount.mount(root);
        return null;
      });
      return mount;
    } catch (FileNotFoundException missingRoot) {
      unmountQuietly(mount);
      createRoot(conf, root);
      CephMount retry = configured(conf);
      mountOrExplain(retry, conf, root);
      return retry;
    } catch (RuntimeException | IOException e) {
      unmountQuietly(mount);
      throw explain(e, conf, root);
    }
  }

  private static void createRoot(Configuration conf, String root) throws IOException {
    CephMount top = configured(conf);
    mountOrExplain(top, conf, "/");
    try {
      CephCalls.raw(() -> {
        top.mkdirs(root, 0755);
        return null;
      });
    } catch (IOException e) {
      throw new IOException("cannot create the CephFS root directory " + root + " (" + CephConfigKeys.ROOT_DIR + "): "
          + e.getMessage(), e);
    } finally {
      unmountQuietly(top);
    }
  }

  private static void mountOrExplain(CephMount mount, Configuration conf, String root) throws IOException {
    try {
      CephCalls.raw(() -> {
        mount.mount(root);
        return null;
      });
    } catch (RuntimeException | IOException e) {
      unmountQuietly(mount);
      throw explain(e, conf, root);
    }
  }

  /** A mount handle with every setting applied, not yet mounted. */
  private static CephMount configured(Configuration conf) throws IOException {
    String clientId = conf.getTrimmed(CephConfigKeys.CLIENT_ID, CephConfigKeys.CLIENT_ID_DEFAULT);
    CephMount mount = new CephMount(clientId);
    String setting = null;
    try {
      String confFile = conf.getTrimmed(CephConfigKeys.CONF_FILE, "");
      if (!confFile.isEmpty()) {
        setting = CephConfigKeys.CONF_FILE;
        CephCalls.raw(() -> {
          mount.conf_read_file(confFile);
          return null;
        });
      }
      setting = CephConfigKeys.MON_ADDRESS;
      set(mount, "mon_host", conf.getTrimmed(CephConfigKeys.MON_ADDRESS, ""));
      setting = CephConfigKeys.KEYRING;
      set(mount, "keyring", conf.getTrimmed(CephConfigKeys.KEYRING, ""));
      setting = CephConfigKeys.MOUNT_TIMEOUT_SECONDS;
      int timeout = conf.getInt(CephConfigKeys.MOUNT_TIMEOUT_SECONDS, CephConfigKeys.MOUNT_TIMEOUT_SECONDS_DEFAULT);
      if (timeout <= 0) {
        throw new IllegalArgumentException("must be a positive number of seconds, got " + timeout);
      }
      mount.conf_set("client_mount_timeout", Integer.toString(timeout));
      // The shim reads ahead itself. libcephfs's own readahead (up to 4 stripe periods, no byte cap) outgrows its 200 MiB
      // object cache on wide-striped files and thrashes: a 1 GiB sequential read ran at 13 MB/s uncapped, 267 MB/s so.
      mount.conf_set("client_readahead_max_bytes", Long.toString(READAHEAD_CAP_BYTES));
      for (Map.Entry<String, String> option : conf.getPropsWithPrefix(CephConfigKeys.OPTION_PREFIX).entrySet()) {
        setting = CephConfigKeys.OPTION_PREFIX + option.getKey();
        mount.conf_set(option.getKey(), option.getValue());
      }
      setting = CephConfigKeys.KEY;
      setSecretKey(mount, conf);
      return mount;
    } catch (RuntimeException | IOException e) {
      unmountQuietly(mount);
      // The message names the setting, never its value: the key must not leak, and the others are in the configuration.
      throw new IOException("invalid Ceph client setting " + setting + ": " + describe(e), e);
    }
  }

  private static void set(CephMount mount, String option, String value) throws IOException {
    if (!value.isEmpty()) {
      mount.conf_set(option, value);
    }
  }

  /**
   * Sets the cephx key with the client's debug logging of configuration calls turned off, since at a high
   * debug_javaclient level libcephfs-jni logs every conf_set with its value.
   */
  private static void setSecretKey(CephMount mount, Configuration conf) throws IOException {
    char[] key = conf.getPassword(CephConfigKeys.KEY);
    if (key == null || key.length == 0) {
      return;
    }
    String debugLevel = mount.conf_get("debug_javaclient");
    mount.conf_set("debug_javaclient", "0/0");
    try {
      mount.conf_set("key", new String(key));
    } catch (RuntimeException e) {
      throw new IOException("rejected by the Ceph client (value hidden)");
    } finally {
      if (debugLevel != null) {
        mount.conf_set("debug_javaclient", debugLevel);
      }
    }
  }

  private static IOException explain(Exception e, Configuration conf, String root) {
    String monitors = conf.getTrimmed(CephConfigKeys.MON_ADDRESS, "");
    String confFile = conf.getTrimmed(CephConfigKeys.CONF_FILE, "");
    StringBuilder message = new StringBuilder("cannot mount CephFS directory ").append(root)
        .append(" as client.").append(conf.getTrimmed(CephConfigKeys.CLIENT_ID, CephConfigKeys.CLIENT_ID_DEFAULT));
    if (!monitors.isEmpty()) {
      message.append(" from monitor ").append(monitors);
    }
    if (!confFile.isEmpty()) {
      message.append(" (conf ").append(confFile).append(')');
    }
    message.append(": ").append(describe(e));
    if (String.valueOf(e.getMessage()).contains("timed out")) {
      message.append(" after ").append(conf.getInt(CephConfigKeys.MOUNT_TIMEOUT_SECONDS,
          CephConfigKeys.MOUNT_TIMEOUT_SECONDS_DEFAULT)).append(" s (").append(CephConfigKeys.MOUNT_TIMEOUT_SECONDS)
          .append("); is the cluster up?");
    }
    return new IOException(message.toString(), e);
  }

  private static String describe(Exception e) {
    String message = e.getMessage();
    return message == null || message.isEmpty() ? e.getClass().getSimpleName() : message;
  }

  static String normalizeRoot(String root) {
    String normalized = root.replaceAll("/+", "/");
    if (!normalized.startsWith("/")) {
      normalized = "/" + normalized;
    }
    if (normalized.length() > 1 && normalized.endsWith("/")) {
      normalized = normalized.substring(0, normalized.length() - 1);
    }
    return normalized;
  }

  /** Unmounts when mounted; the native handle itself is released when the object is collected. */
  static void unmountQuietly(CephMount mount) {
    try {
      CephCalls.raw(() -> {
        mount.unmount();
        return null;
      });
    } catch (IOException | RuntimeException notMounted) {
      // a handle that never mounted has nothing to unmount
    }
  }
}
