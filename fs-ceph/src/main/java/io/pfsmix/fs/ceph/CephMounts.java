package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.fs.posix.ErrnoException;

/** Mounts CephFS through libcephfs as the configuration ({@link CephConfigKeys}) says. */
final class CephMounts {

  /** libcephfs's readahead limit unless fs.pfs.cephfs.option.client_readahead_max_bytes says otherwise. */
  static final long READAHEAD_CAP_BYTES = 16L << 20;

  private CephMounts() {
  }

  /** Mounts the configured root directory, creating it first when it does not exist yet. */
  static CephRoot mount(Configuration conf) throws IOException {
    String root = PfsConfigValues.of(conf).rootDirectory(CephConfigKeys.ROOT_DIR, CephConfigKeys.ROOT_DIR_DEFAULT);
    try {
      return configured(conf).mount(root);
    } catch (ErrnoException e) {
      if (e.errno() != ErrnoException.ENOENT || root.equals("/")) {
        throw explain(e, conf, root);
      }
    }
    createRoot(conf, root);
    try {
      return configured(conf).mount(root);
    } catch (ErrnoException e) {
      throw explain(e, conf, root);
    }
  }

  /** Creates the root directory and its missing parents, each resolved beneath the file system's root. */
  private static void createRoot(Configuration conf, String root) throws IOException {
    CephRoot top;
    try {
      top = configured(conf).mount("/");
    } catch (ErrnoException e) {
      throw explain(e, conf, "/");
    }
    try {
      StringBuilder prefix = new StringBuilder();
      for (String part : root.substring(1).split("/")) {
        prefix.append('/').append(part);
        try {
          top.mkdir(prefix.toString(), 0755);
        } catch (ErrnoException e) {
          if (e.errno() != ErrnoException.EEXIST) {
            throw CephCalls.translate("mkdir", prefix.toString(), e);
          }
        }
      }
    } catch (IOException e) {
      throw new IOException("cannot create the CephFS root directory " + root + " (" + CephConfigKeys.ROOT_DIR + "): "
          + e.getMessage(), e);
    } finally {
      top.close();
    }
  }

  /** A client with every setting applied, not mounted yet. */
  private static CephRoot.Unmounted configured(Configuration conf) throws IOException {
    String confFile = confFile(conf);
    if (confFile.isEmpty() && !monitorConfigured(conf)) {
      // libcephfs would only say ENOENT, after trying no monitor at all
      throw new IOException("no Ceph cluster is configured: set " + CephConfigKeys.CONF_FILE + " (or "
          + CephConfigKeys.MON_ADDRESS + "), or start one with ./pfsmix ceph up, whose ceph.conf ("
          + PfsmixHome.cephConf() + ") is then used");
    }
    long timeout = mountTimeoutSeconds(conf);
    String clientId = conf.getTrimmed(CephConfigKeys.CLIENT_ID, CephConfigKeys.CLIENT_ID_DEFAULT);
    CephRoot.Unmounted client = CephRoot.create(clientId);
    String setting = null;
    try {
      if (!confFile.isEmpty()) {
        setting = CephConfigKeys.CONF_FILE;
        client.readConfFile(confFile);
      }
      setting = CephConfigKeys.MON_ADDRESS;
      set(client, "mon_host", conf.getTrimmed(CephConfigKeys.MON_ADDRESS, ""));
      setting = CephConfigKeys.KEYRING;
      set(client, "keyring", conf.getTrimmed(CephConfigKeys.KEYRING, ""));
      setting = CephConfigKeys.MOUNT_TIMEOUT_SECONDS;
      set(client, "client_mount_timeout", Long.toString(timeout));
      // The shim reads ahead itself. libcephfs's own readahead (up to 4 stripe periods, no byte cap) outgrows its 200 MiB
      // object cache on wide-striped files and thrashes: a 1 GiB sequential read ran at 13 MB/s uncapped, 267 MB/s so.
      set(client, "client_readahead_max_bytes", Long.toString(READAHEAD_CAP_BYTES));
      for (Map.Entry<String, String> option : conf.getPropsWithPrefix(CephConfigKeys.OPTION_PREFIX).entrySet()) {
        setting = CephConfigKeys.OPTION_PREFIX + option.getKey();
        client.set(option.getKey(), option.getValue().getBytes(StandardCharsets.UTF_8));
      }
      setting = CephConfigKeys.KEY;
      setSecretKey(client, conf);
      return client;
    } catch (RuntimeException | IOException e) {
      client.close();
      // The message names the setting, never its value: the key must not leak, and the others are in the configuration.
      throw new IOException("invalid Ceph client setting " + setting + ": " + describe(e), e);
    }
  }

  /** Read before the client exists, so that a bad value fails naming key and value (no secret: a timeout). */
  private static long mountTimeoutSeconds(Configuration conf) {
    return PfsConfigValues.of(conf).duration(CephConfigKeys.MOUNT_TIMEOUT_SECONDS,
        CephConfigKeys.MOUNT_TIMEOUT_SECONDS_DEFAULT, TimeUnit.SECONDS, 1, Integer.MAX_VALUE);
  }

  private static void set(CephRoot.Unmounted client, String option, String value) throws IOException {
    if (!value.isEmpty()) {
      client.set(option, value.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Sets the cephx key; its bytes are wiped once libcephfs has them, and no message ever holds them. */
  private static void setSecretKey(CephRoot.Unmounted client, Configuration conf) throws IOException {
    char[] key = conf.getPassword(CephConfigKeys.KEY);
    if (key == null || key.length == 0) {
      return;
    }
    ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(key));
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    try {
      client.set("key", bytes);
    } catch (ErrnoException e) {
      throw new IOException("rejected by the Ceph client (value hidden)");
    } finally {
      Arrays.fill(bytes, (byte) 0);
      Arrays.fill(key, '\0');
      if (encoded.hasArray()) {
        Arrays.fill(encoded.array(), (byte) 0);
      }
    }
  }

  /**
   * The ceph.conf to read: the configured one; else, when no monitor is configured either, the one of the cluster
   * ./pfsmix ceph up started, if it exists; "" for none.
   */
  static String confFile(Configuration conf) {
    String configured = conf.getTrimmed(CephConfigKeys.CONF_FILE, "");
    if (!configured.isEmpty() || monitorConfigured(conf)) {
      return configured;
    }
    Path local = PfsmixHome.cephConf();
    return Files.isRegularFile(local) ? local.toString() : "";
  }

  private static boolean monitorConfigured(Configuration conf) {
    return !conf.getTrimmed(CephConfigKeys.MON_ADDRESS, "").isEmpty()
        || conf.get(CephConfigKeys.OPTION_PREFIX + "mon_host") != null;
  }

  private static IOException explain(ErrnoException e, Configuration conf, String root) {
    String monitors = conf.getTrimmed(CephConfigKeys.MON_ADDRESS, "");
    String confFile = confFile(conf);
    StringBuilder message = new StringBuilder("cannot mount CephFS directory ").append(root)
        .append(" as client.").append(conf.getTrimmed(CephConfigKeys.CLIENT_ID, CephConfigKeys.CLIENT_ID_DEFAULT));
    if (!monitors.isEmpty()) {
      message.append(" from monitor ").append(monitors);
    }
    if (!confFile.isEmpty()) {
      message.append(" (conf ").append(confFile).append(')');
    }
    message.append(": ").append(describe(e));
    if (e.errno() == ErrnoException.ETIMEDOUT) {
      message.append(" after ").append(mountTimeoutSeconds(conf)).append(" s (")
          .append(CephConfigKeys.MOUNT_TIMEOUT_SECONDS)
          .append("); is the cluster up?");
    }
    return new IOException(message.toString(), e);
  }

  private static String describe(Exception e) {
    String message = e.getMessage();
    return message == null || message.isEmpty() ? e.getClass().getSimpleName() : message;
  }
}
