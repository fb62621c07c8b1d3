package io.pfsmix.fs.qfs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.PfsmixHome;
import io.pfsmix.fs.posix.ErrnoException;
import io.pfsmix.fs.posix.NativeCalls;

/** Finds the configured metaserver, connects a client to it with the configured retries, and opens the root. */
final class QfsConnection {

  /** QFS's chunk size (CHUNKSIZE in kfstypes.h): the unit of replica placement and of write leases. */
  static final long CHUNK_SIZE = 64L << 20;

  private QfsConnection() {
  }

  static QfsBackend connect(Configuration conf) throws IOException {
    String metaserver = metaserver(conf);
    int colon = metaserver.lastIndexOf(':');
    int port = colon < 0 ? -1 : parsePort(metaserver.substring(colon + 1));
    if (colon <= 0 || port <= 0 || port > 65535) {
      throw new IllegalArgumentException(QfsConfigKeys.METASERVER + " must be HOST:PORT, got '" + metaserver + "'");
    }
    PfsConfigValues values = PfsConfigValues.of(conf);
    String directory = values.rootDirectory(QfsConfigKeys.ROOT, QfsConfigKeys.ROOT_DEFAULT);
    int replicas = values.integer(QfsConfigKeys.REPLICAS, QfsConfigKeys.REPLICAS_DEFAULT, 0, Short.MAX_VALUE);
    int retryDelay = (int) values.duration(QfsConfigKeys.RETRY_DELAY_SECONDS,
        QfsConfigKeys.RETRY_DELAY_SECONDS_DEFAULT, TimeUnit.SECONDS, 0, 3600);
    int retries = values.integer(QfsConfigKeys.MAX_RETRIES, QfsConfigKeys.MAX_RETRIES_DEFAULT, 0, 1000);
    int sharedWriterRetries = values.integer(QfsConfigKeys.SHARED_WRITER_MAX_RETRIES,
        QfsConfigKeys.SHARED_WRITER_MAX_RETRIES_DEFAULT, 0, 1000);
    int timeout = (int) values.duration(QfsConfigKeys.OP_TIMEOUT_SECONDS,
        QfsConfigKeys.OP_TIMEOUT_SECONDS_DEFAULT, TimeUnit.SECONDS, 1, 3600);
    String logLevel = values.choice(QfsConfigKeys.CLIENT_LOG_LEVEL,
        QfsConfigKeys.CLIENT_LOG_LEVEL_DEFAULT, QfsConfigKeys.CLIENT_LOG_LEVELS);
    QfsClient.LIBRARY.load();
    Clients clients = new Clients(metaserver, metaserver.substring(0, colon), port, retryDelay, retries,
        sharedWriterRetries, timeout, logLevel);
    long client = clients.connect();
    try {
      QfsRoot root = open(new QfsRoot(client, "/", 0), directory);
      return new QfsBackend(root, clients, replicas);
    } catch (IOException | RuntimeException e) {
      QfsClient.disconnect(client);
      throw e;
    }
  }

  /** How to connect a client to the metaserver: the backend's own, and one for each shared writer. */
  record Clients(String metaserver, String host, int port, int retryDelaySeconds, int maxRetries,
      int sharedWriterMaxRetries, int timeoutSeconds, String logLevel) {

    long connect() throws IOException {
      return connect(maxRetries);
    }

    /** A shared writer's client: its writes lose the chunk's write lease to the other writers, and retry for it. */
    long connectSharedWriter() throws IOException {
      return connect(sharedWriterMaxRetries);
    }

    private long connect(int retries) throws IOException {
      try {
        return NativeCalls.call(QfsConfigKeys.BACKEND_NAME, "connect", metaserver,
            () -> QfsClient.connect(host, port, retryDelaySeconds, retries, timeoutSeconds, logLevel));
      } catch (IOException e) {
        throw new IOException("cannot reach the QFS metaserver " + metaserver + " (" + QfsConfigKeys.METASERVER
            + "): " + e.getMessage() + "; `./pfsmix qfs up` starts pfsmix's own", e);
      }
    }
  }

  private static int parsePort(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The configured root directory, walked from QFS's root (no symlinks), created with its missing parents. */
  private static QfsRoot open(QfsRoot top, String directory) throws IOException {
    return NativeCalls.call(QfsConfigKeys.BACKEND_NAME, "open root", directory, () -> {
      if (!directory.equals("/")) {
        StringBuilder prefix = new StringBuilder();
        for (String part : directory.substring(1).split("/")) {
          prefix.append('/').append(part);
          if (!top.resolve(prefix.toString()).exists()) {
            try {
              QfsClient.mkdir(top.client(), QfsClient.bytes(prefix.toString()), 0755);
            } catch (ErrnoException e) {
              if (e.errno() != ErrnoException.EEXIST) {
                throw e;
              }
            }
          }
        }
      }
      QfsClient.Attributes attributes = top.target(directory).attributes();
      if (!attributes.isDirectory()) {
        throw new IOException(QfsConfigKeys.ROOT + " = " + directory + ": not a directory in the file system");
      }
      return new QfsRoot(top.client(), directory, attributes.fileId());
    });
  }

  /** The metaserver to use: the key, else the one of the file system pfsmix started (its configuration). */
  static String metaserver(Configuration conf) throws IOException {
    String configured = conf.getTrimmed(QfsConfigKeys.METASERVER, "");
    if (!configured.isEmpty()) {
      return configured;
    }
    Path prp = PfsmixHome.clusterDirectory("PFSMIX_QFS_DIR", "qfs").resolve("conf/metaserver.prp");
    if (Files.isRegularFile(prp)) {
      List<String> lines = Files.readAllLines(prp);
      String host = value(lines, "metaServer.clientIp");
      String port = value(lines, "metaServer.clientPort");
      if (host != null && port != null) {
        return host + ":" + port;
      }
    }
    throw new IOException(QfsConfigKeys.METASERVER + " is not set and no QFS file system started by pfsmix was"
        + " found (no " + prp + "): set it to HOST:PORT, or run `./pfsmix qfs up`");
  }

  private static String value(List<String> lines, String key) {
    for (String line : lines) {
      String[] field = line.split("=", 2);
      if (field.length == 2 && field[0].trim().equals(key)) {
        return field[1].trim();
      }
    }
    return null;
  }
}
