package io.pfsmix.fs.orangefs;

import io.pfsmix.fs.PfsFileSystem;

/**
 * {@code ofs://} — the pfs file system fixed to the OrangeFS backend; the {@code fs.pfs.orangefs.*} keys choose the
 * file system ({@code ofs:///path}).
 */
public class OrangefsFileSystem extends PfsFileSystem {

  public OrangefsFileSystem() {
    super(OrangefsConfigKeys.SCHEME, OrangefsConfigKeys.BACKEND_NAME);
  }
}
