package io.pfsmix.fs;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.DelegateToFileSystem;

/**
 * Binds pfs:// for FileContext. Hadoop finds it only through the key {@code fs.AbstractFileSystem.pfs.impl}
 * (conf/core-site.xml sets it; a cluster's core-site.xml needs it too).
 */
public class PfsAbstractFileSystem extends DelegateToFileSystem {

  public PfsAbstractFileSystem(URI uri, Configuration conf) throws IOException, URISyntaxException {
    super(uri, new PfsFileSystem(), conf, PfsConfigKeys.SCHEME, false);
  }
}
