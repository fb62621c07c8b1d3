package io.pfsmix.fs;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.DelegateToFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;

/**
 * Binds pfs:// for FileContext. Hadoop finds it only through the key {@code fs.AbstractFileSystem.pfs.impl}
 * (conf/core-site.xml sets it; a cluster's core-site.xml needs it too).
 *
 * <p>It works on the instance {@link FileSystem#get} returns, not on one of its own as Hadoop's bindings do: nothing
 * ever closes a FileContext's file system, and a pfs instance holds a storage client (a Ceph mount's session and
 * threads). One per FileContext (YARN's job client makes one per submitted job) lived until the process exited, and
 * the exit tore libcephfs down under those threads, aborting the JVM. The instance used here is closed with the
 * cached ones, by {@link FileSystem#closeAll} or at shutdown. It is wrapped because DelegateToFileSystem initializes the instance it
 * is given, and initializing the cached one again would open a second backend.
 */
public class PfsAbstractFileSystem extends DelegateToFileSystem {

  public PfsAbstractFileSystem(URI uri, Configuration conf) throws IOException, URISyntaxException {
    super(uri, new FilterFileSystem(closedWithTheCache(uri, conf)), conf, PfsConfigKeys.SCHEME, false);
  }

  /** The cached instance; with the cache disabled, a new one that closeAll and shutdown still close. */
  private static FileSystem closedWithTheCache(URI uri, Configuration conf) throws IOException {
    boolean cacheDisabled = conf.getBoolean(PfsConfigKeys.DISABLE_CACHE, false);
    return cacheDisabled ? FileSystem.newInstance(uri, conf) : FileSystem.get(uri, conf);
  }
}
