package io.pfsmix.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.OptionalBackendKeys;
import io.pfsmix.fs.PfsmixHome;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The CephFS access paths side by side: libcephfs through ceph://, pfs:// and file:// on a ceph-fuse mount. */
@Command(name = "ceph", mixinStandardHelpOptions = true,
    header = "Native libcephfs vs ceph-fuse + POSIX backend vs file:// on the mount.",
    description = {"Write a file with 4 MiB writes (then hsync), read it back with 4 MiB and with 4 KiB application "
        + "reads, and run IOR N-to-1, through ceph:// (libcephfs), pfs:// (POSIX backend) on a ceph-fuse mount, and "
        + "file:// on that mount (no IOR there); repeat, interleaved, and print the medians and the ratios "
        + "native/other.",
        "Caches are cold for every read: a new libcephfs mount, a fresh ceph-fuse mount. Needs a running cluster "
            + "(./pfsmix ceph up --store bluestore) and root for ceph-fuse."})
final class CephBenchCommand extends MountComparisonBench {

  @Option(names = "--conf", paramLabel = "CEPH_CONF", description = "the cluster's ceph.conf. Default: the one of "
      + "./pfsmix ceph up ($PFSMIX_CEPH_DIR or <pfsmix home>/var/ceph)")
  Path cephConf;

  private Path conf;

  @Override
  protected String fileSystemName() {
    return "ceph";
  }

  @Override
  protected URI nativeUri() {
    return URI.create("ceph:///");
  }

  @Override
  protected List<AccessPath> accessPaths() {
    return List.of(new AccessPath("ceph:// (libcephfs)", Access.NATIVE),
        new AccessPath("pfs:// posix on ceph-fuse", Access.PFS_ON_MOUNT),
        new AccessPath("file:// on ceph-fuse", Access.FILE_ON_MOUNT));
  }

  @Override
  protected String configure(Configuration base) throws IOException {
    conf = cephConf != null ? cephConf : PfsmixHome.cephConf();
    if (!Files.isReadable(conf)) {
      throw new IOException("no ceph.conf at " + conf + ": start a cluster with ./pfsmix ceph up, or pass --conf");
    }
    base.set(OptionalBackendKeys.Ceph.CONF_FILE, conf.toString());
    return "cluster " + conf;
  }

  @Override
  protected List<String> mountCommand() {
    return List.of("ceph-fuse", "--conf", conf.toString(), mountPoint.toString());
  }

  @Override
  protected String mountNeeds() {
    return "ceph-fuse (Debian package ceph-fuse; needs root and /dev/fuse)";
  }

  @Override
  protected boolean remountForColdReads() {
    return true;
  }
}
