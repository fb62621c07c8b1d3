package io.pfsmix.fs.orangefs;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.fs.posix.CallDeadline;
import io.pfsmix.fs.posix.ErrnoException;

/** Finds the configured OrangeFS file system, reaches it within a bounded time, and opens its configured root. */
final class OrangefsConnection {

  private OrangefsConnection() {
  }

  static OrangefsBackend connect(Configuration conf) throws IOException {
    String server = server(conf);
    PfsConfigValues values = PfsConfigValues.of(conf);
    String directory = values.rootDirectory(OrangefsConfigKeys.ROOT, OrangefsConfigKeys.ROOT_DEFAULT);
    int cacheMillis = (int) values.duration(OrangefsConfigKeys.CACHE_TIMEOUT_MILLIS,
        OrangefsConfigKeys.CACHE_TIMEOUT_MILLIS_DEFAULT, TimeUnit.MILLISECONDS, 0, Integer.MAX_VALUE);
    String log = conf.getTrimmed(OrangefsConfigKeys.CLIENT_LOG, OrangefsConfigKeys.CLIENT_LOG_DEFAULT);
    String clientLog = log.equals("off") ? null : log.equals("stderr") ? "" : log;
    long connectSeconds = values.duration(OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS,
        OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS_DEFAULT, TimeUnit.SECONDS, 1, Integer.MAX_VALUE);
    long ioSeconds = values.duration(OrangefsConfigKeys.IO_TIMEOUT_SECONDS,
        OrangefsConfigKeys.IO_TIMEOUT_SECONDS_DEFAULT, TimeUnit.SECONDS, 0, Integer.MAX_VALUE);
    CallDeadline calls = new CallDeadline(OrangefsConfigKeys.BACKEND_NAME, OrangefsConfigKeys.IO_TIMEOUT_SECONDS,
        ioSeconds, "a server of " + server + " may be down");
    try {
      OrangefsRoot top;
      try (CallDeadline connecting = new CallDeadline(OrangefsConfigKeys.BACKEND_NAME,
          OrangefsConfigKeys.CONNECT_TIMEOUT_SECONDS, connectSeconds, "is it up?")) {
        top = connecting.call("connect", server, () -> {
          int fs = OrangefsClient.fileSystem(server, cacheMillis, clientLog);
          return new OrangefsRoot(fs, OrangefsClient.rootHandle(fs), "/");
        });
      } catch (IOException e) {
        throw new IOException("cannot reach the OrangeFS file system " + server + " (" + OrangefsConfigKeys.SERVER
            + "): " + e.getMessage() + "; `./pfsmix orangefs up` starts pfsmix's own", e);
      }
      OrangefsRoot root = calls.call("open root", directory, () -> open(top, directory));
      return new OrangefsBackend(root, server, calls, conf);
    } catch (IOException | RuntimeException e) {
      calls.close();
      throw e;
    }
  }

  /** The configured root directory, created with its missing parents when absent. */
  private static OrangefsRoot open(OrangefsRoot top, String directory) throws IOException {
    OrangefsRoot.Place place = top.resolve(directory, true);
    if (!place.exists()) {
      StringBuilder prefix = new StringBuilder();
      for (String part : directory.substring(1).split("/")) {
        prefix.append('/').append(part);
        OrangefsRoot.Place level = top.resolve(prefix.toString(), true);
        if (!level.exists()) {
          try {
            OrangefsClient.mkdir(top.fs(), level.parent(), OrangefsClient.bytes(level.name()), 0755);
          } catch (ErrnoException e) {
            if (e.errno() != ErrnoException.EEXIST) {
              throw e;
            }
          }
        }
      }
      place = top.existing(directory, true);
    }
    if (!place.attributes().isDirectory()) {
      throw new IOException(OrangefsConfigKeys.ROOT + " = " + directory + ": not a directory in the file system");
    }
    return new OrangefsRoot(top.fs(), place.handle(), directory);
  }

  /** The fs_spec to use: the key, else the file system pfsmix started (its pvfs2tab). */
  static String server(Configuration conf) throws IOException {
    String configured = conf.getTrimmed(OrangefsConfigKeys.SERVER, "");
    if (!configured.isEmpty()) {
      return configured;
    }
    return PfsmixHome.orangefsServer().orElseThrow(() -> new IOException(OrangefsConfigKeys.SERVER + " is not set "
        + "and no OrangeFS file system started by pfsmix was found (no " + PfsmixHome.orangefsTab() + "): set it to "
        + "tcp://HOST:PORT/FSNAME, or run `./pfsmix orangefs up`"));
  }
}
