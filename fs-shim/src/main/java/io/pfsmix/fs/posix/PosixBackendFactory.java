package io.pfsmix.fs.posix;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.fs.backend.StorageBackend;
import io.pfsmix.fs.backend.StorageBackendFactory;

/** {@code fs.pfs.backend=posix}: a directory tree, typically a parallel file system's mount point. */
public final class PosixBackendFactory implements StorageBackendFactory {

  @Override
  public String name() {
    return "posix";
  }

  @Override
  public StorageBackend create(URI fileSystemUri, Configuration conf) throws IOException {
    long blockSize = PfsConfigValues.of(conf).bytes(PfsConfigKeys.BLOCK_SIZE, PfsConfigKeys.BLOCK_SIZE_DEFAULT, 1,
        Long.MAX_VALUE);
    PosixBlockLocator blockLocator = new PosixBlockLocator(conf);
    RootDirectory root = RootDirectory.open(root(conf));
    try {
      // a size set explicitly wins over the file system's; mapped chunks are not copied, so their size costs no cache
      boolean ownReadAhead = conf.get(PfsConfigKeys.READAHEAD_SIZE) != null
          || PfsConfigValues.of(conf).bool(PfsConfigKeys.READAHEAD_MMAP, PfsConfigKeys.READAHEAD_MMAP_DEFAULT);
      return new PosixBackend(root, blockSize, blockLocator, ownReadAhead);
    } catch (IOException | RuntimeException e) {
      try {
        root.close();
      } catch (IOException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  /** The configured root, checked, or the embedded default directory, created on demand. */
  static Path root(Configuration conf) throws IOException {
    String configured = conf.getTrimmed(PfsConfigKeys.POSIX_ROOT);
    if (configured != null && configured.isEmpty()) {
      // a value lost on the way (an unset shell variable) must not quietly put the data somewhere else
      throw new IOException(PfsConfigKeys.POSIX_ROOT + " is set but empty: give a directory, or unset the key to use "
          + "the embedded root " + embeddedRoot());
    }
    if (configured == null) {
      Path embedded = embeddedRoot();
      try {
        Files.createDirectories(embedded);
      } catch (IOException e) {
        throw new IOException("cannot create the embedded pfs root " + embedded + " (set " + PfsConfigKeys.POSIX_ROOT
            + " to a directory): " + e, e);
      }
      return embedded.toRealPath();
    }
    Path root;
    try {
      root = Paths.get(configured.startsWith("file:") ? URI.create(configured).getPath() : configured);
    } catch (IllegalArgumentException e) {
      throw new IOException(PfsConfigKeys.POSIX_ROOT + " = '" + configured + "' is not a valid path: " + e.getMessage());
    }
    if (!Files.exists(root)) {
      throw new java.io.FileNotFoundException(PfsConfigKeys.POSIX_ROOT + " = '" + configured
          + "': no such directory (create it, or unset the key to use the embedded root)");
    }
    if (!Files.isDirectory(root)) {
      throw new IOException(PfsConfigKeys.POSIX_ROOT + " = '" + configured + "' is not a directory");
    }
    if (!Files.isReadable(root) || !Files.isExecutable(root)) {
      throw new org.apache.hadoop.security.AccessControlException(PfsConfigKeys.POSIX_ROOT + " = '" + configured
          + "' is not readable and searchable by this user (" + System.getProperty("user.name") + ")");
    }
    return root.toRealPath();
  }

  /** The root used when fs.pfs.posix.root is unset: under the pfsmix.home system property, else in the user's home. */
  public static Path embeddedRoot() {
    String home = System.getProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY);
    if (home != null && !home.isEmpty()) {
      return Paths.get(home, "var", "pfs-root");
    }
    return Paths.get(System.getProperty("user.home"), ".pfsmix", "pfs-root");
  }
}
