package io.pfsmix.fs.posix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.backend.MapRefusedException;

/**
 * Whether one file system's files can be mapped: yes until a mapping is refused, then never again, with one warning for
 * the file system rather than one per file (a pvfs2fuse mount refuses every mmap).
 */
final class Mappability {

  private static final Logger LOG = LoggerFactory.getLogger(Mappability.class);

  private final Path root;
  private final AtomicBoolean refused = new AtomicBoolean();

  Mappability(Path root) {
    this.root = root;
  }

  boolean allowed() {
    return !refused.get();
  }

  /** Records that mapping {@code path} failed; returns the exception that tells the caller to read instead. */
  MapRefusedException refuse(String path, IOException cause) {
    if (refused.compareAndSet(false, true)) {
      LOG.warn("{} cannot map files ({}, mapping {}; a FUSE mount with direct_io?): {} falls back to ordinary reads "
          + "for this file system", root, cause.getMessage(), path, PfsConfigKeys.READAHEAD_MMAP);
    }
    return new MapRefusedException("mapping " + path + " under " + root + " refused: " + cause.getMessage(), cause);
  }
}
