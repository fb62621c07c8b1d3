package io.pfsmix.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.fs.PfsConfigKeys;
import io.pfsmix.fs.PfsFileSystem;
import io.pfsmix.trace.hadoop.TracingFileSystem;
import io.pfsmix.trace.hadoop.TracingLocalFileSystem;
import io.pfsmix.trace.shim.TracingBackendDecorator;

/**
 * Switches tracing on in a configuration: the one place that knows which wrapper a scheme takes. The application
 * point wraps the scheme's file system (file: keeps a LocalFileSystem, which Hadoop casts it to); the storage point
 * decorates the backend of any pfs file system (pfs:, ceph:, ofs:, whatever class the scheme is bound to).
 */
public final class Tracing {

  private Tracing() {
  }

  /** Both trace points for {@code scheme}, into {@code destination} (see {@link TraceConfigKeys#DESTINATION}). */
  public static void enable(Configuration conf, String scheme, String destination) {
    enable(conf, scheme, destination, true, true);
  }

  /** The chosen trace points for {@code scheme}; a point not chosen is not installed at all (no wrapper cost). */
  public static void enable(Configuration conf, String scheme, String destination, boolean applicationPoint,
      boolean storagePoint) {
    boolean pfs = isPfs(conf, scheme);
    if (applicationPoint) {
      if ("file".equals(scheme)) {
        conf.set("fs.file.impl", TracingLocalFileSystem.class.getName());
      } else {
        String bound = conf.get("fs." + scheme + ".impl");
        if (bound != null && !bound.equals(TracingFileSystem.class.getName())) {
          conf.set(TraceConfigKeys.wrappedImplKey(scheme), bound);
        }
        conf.set("fs." + scheme + ".impl", TracingFileSystem.class.getName());
      }
    }
    if (storagePoint && pfs) {
      List<String> decorators = new ArrayList<>(Arrays.asList(conf.getTrimmedStrings(PfsConfigKeys.BACKEND_DECORATORS)));
      if (!decorators.contains(TracingBackendDecorator.class.getName())) {
        decorators.add(TracingBackendDecorator.class.getName());
      }
      conf.set(PfsConfigKeys.BACKEND_DECORATORS, String.join(",", decorators));
    }
    conf.setBoolean(TraceConfigKeys.ENABLED, true);
    conf.set(TraceConfigKeys.DESTINATION, destination);
  }

  /** Whether the scheme's file system is pfsmix's shim, whose backend the storage point decorates. */
  private static boolean isPfs(Configuration conf, String scheme) {
    String wrapped = conf.get(TraceConfigKeys.wrappedImplKey(scheme));
    try {
      Class<?> bound = wrapped != null ? conf.getClassByName(wrapped) : FileSystem.getFileSystemClass(scheme, conf);
      if (bound == TracingFileSystem.class) {
        return PfsConfigKeys.SCHEME.equals(scheme);
      }
      return PfsFileSystem.class.isAssignableFrom(bound);
    } catch (java.io.IOException | ClassNotFoundException e) {
      // an unknown scheme fails at its first use, with Hadoop's own message
      return PfsConfigKeys.SCHEME.equals(scheme);
    }
  }
}
