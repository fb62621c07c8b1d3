package io.pfsmix.fs.posix;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;

import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.layout.LayoutResolver;
import io.pfsmix.fs.layout.XattrReader;

/**
 * Where the stripes of a file under a POSIX mount live: the layout the mounted file system exposes in extended
 * attributes (CephFS, Lustre, OrangeFS), else the configured one (fs.pfs.layout.*).
 */
final class PosixBlockLocator {

  private final LayoutResolver resolver;

  /** Checks the fs.pfs.layout.* keys now, so a bad one fails when the file system starts. */
  PosixBlockLocator(Configuration conf) {
    this.resolver = new LayoutResolver(conf);
  }

  /** @param directory the attributes of the file's directory, or null for the root */
  BlockLocation[] locate(XattrReader.Source attributes, XattrReader.Source directory, FileInfo file, long start,
      long length) throws IOException {
    return resolver.resolveFile(XattrReader.readLayoutXattrs(attributes, directory), file.blockSize())
        .blockLocations(file.length(), start, length);
  }
}
