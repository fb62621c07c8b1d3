package io.pfsmix.fs.api;

import java.io.IOException;

import org.apache.hadoop.fs.Path;

/**
 * The positioned-write extension of a Hadoop FileSystem. A file system implementing it reports
 * {@link #CAPABILITY} from {@code hasPathCapability} for paths where shared positioned writes work; use
 * {@link PositionedWrites#open} rather than casting, so that wrappers (such as the tracing file system) are honoured.
 */
public interface PositionedWriteFileSystem {

  /** The path capability that says {@link #openPositionedWriter} works under a path. */
  String CAPABILITY = "fs.capability.pfsmix.positioned-write";

  /**
   * Opens {@code path} for positioned writes, creating it when absent (never truncating: other writers may have
   * written already).
   *
   * @throws PositionedWriteUnsupportedException when the storage under {@code path} cannot take several writers
   */
  PositionedWriter openPositionedWriter(Path path) throws IOException;
}
