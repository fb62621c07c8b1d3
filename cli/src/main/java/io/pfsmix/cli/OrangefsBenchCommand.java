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

/** The OrangeFS access paths side by side: its client library through ofs://, and pfs:// on a pvfs2fuse mount. */
@Command(name = "orangefs", mixinStandardHelpOptions = true,
    header = "Native OrangeFS client (ofs://) vs pvfs2fuse + POSIX backend.",
    description = {"Write a file with 4 MiB writes (then hsync), read it back with 4 MiB and with 4 KiB application "
        + "reads, and run IOR N-to-1, through ofs:// (pfsmix's binding to OrangeFS's client library) and through "
        + "pfs:// (POSIX backend) on a pvfs2fuse mount of the same file system; repeat, interleaved, and print the "
        + "medians and the ratios native/FUSE.",
        "Neither path caches on the client (pvfs2fuse mounts with direct_io), so every read reaches the servers. Needs "
            + "a running file system (./pfsmix orangefs up), and root and /dev/fuse for pvfs2fuse."})
final class OrangefsBenchCommand extends MountComparisonBench {

  @Option(names = "--server", paramLabel = "FS_SPEC", description = "the file system, tcp://HOST:PORT/NAME. Default: "
      + "the one of ./pfsmix orangefs up (its pvfs2tab in $PFSMIX_ORANGEFS_DIR or <pfsmix home>/var/orangefs)")
  String server;

  private String fsSpec;

  @Override
  protected String fileSystemName() {
    return "orangefs";
  }

  @Override
  protected URI nativeUri() {
    return URI.create("ofs:///");
  }

  @Override
  protected List<AccessPath> accessPaths() {
    return List.of(new AccessPath("ofs:// (client library)", Access.NATIVE),
        new AccessPath("pfs:// posix on pvfs2fuse", Access.PFS_ON_MOUNT));
  }

  @Override
  protected String configure(Configuration base) throws IOException {
    fsSpec = server != null ? server : PfsmixHome.orangefsServer().orElseThrow(() -> new IOException("no running "
        + "OrangeFS started by pfsmix (no " + PfsmixHome.orangefsTab() + "): start one with ./pfsmix orangefs up, or "
        + "pass --server"));
    base.set(OptionalBackendKeys.Orangefs.SERVER, fsSpec);
    return "file system " + fsSpec;
  }

  @Override
  protected List<String> mountCommand() {
    Path install = Path.of(System.getProperty("user.home"), ".cache/pfsmix/orangefs/current/install");
    if (!Files.isExecutable(install.resolve("bin/pvfs2fuse"))) {
      return List.of("pvfs2fuse", mountPoint.toString(), "-o", "fs_spec=" + fsSpec);
    }
    // OrangeFS's build sets no run path in its programs
    return List.of("env", "LD_LIBRARY_PATH=" + install.resolve("lib"), install.resolve("bin/pvfs2fuse").toString(),
        mountPoint.toString(), "-o", "fs_spec=" + fsSpec);
  }

  @Override
  protected String mountNeeds() {
    return "pvfs2fuse, built by ./pfsmix orangefs up; needs root and /dev/fuse";
  }

  @Override
  protected boolean remountForColdReads() {
    return false;
  }
}
