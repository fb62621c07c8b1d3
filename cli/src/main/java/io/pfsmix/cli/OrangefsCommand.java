package io.pfsmix.cli;

import java.io.IOException;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Starts, stops and shows the local OrangeFS file system of scripts/orangefs-cluster.sh. */
@Command(name = "orangefs", mixinStandardHelpOptions = true,
    header = "Start, stop or show a local OrangeFS (PVFS2) file system on loopback addresses.",
    description = {"Start, stop or show a local OrangeFS file system (scripts/orangefs-cluster.sh):",
        "N I/O servers on 127.0.0.2 .. 127.0.0.(N+1), all on one port, the metadata",
        "server on 127.0.0.2; configuration, storage and logs in one scratch directory.",
        "The first up builds OrangeFS from its source tarball into ~/.cache/pfsmix",
        "(a few minutes, once). up prints 'home INSTALL',",
        "'server tcp://127.0.0.2:PORT/orangefs', 'tab DIR/pvfs2tab', 'uri ofs:///'",
        "and, with --fuse, 'fuse MOUNT'. OrangeFS's own tools reach it with",
        "PVFS2TAB_FILE=DIR/pvfs2tab LD_LIBRARY_PATH=INSTALL/lib. Several can run at",
        "once with distinct --dir and --port. See docs/orangefs.md."})
final class OrangefsCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "ACTION", description = "up, down or status")
  ClusterScript.Action action;

  @Option(names = "--dir", paramLabel = "DIR", description = "scratch directory. Default: $PFSMIX_ORANGEFS_DIR, else "
      + "<pfsmix home>/var/orangefs")
  String dir;

  @Option(names = "--servers", paramLabel = "N", description = "number of I/O servers, 1 to 16 (up). Default: 4")
  Integer servers;

  @Option(names = "--port", paramLabel = "PORT", description = "TCP port of every server (up). Default: 3334")
  Integer port;

  @Option(names = "--fuse", paramLabel = "MOUNT", description = "also mount the file system at MOUNT with pvfs2fuse "
      + "(up; needs root and /dev/fuse)")
  String fuse;

  @Option(names = "--tarball", paramLabel = "FILE", description = "OrangeFS source tarball to build from (up). "
      + "Default: $PFSMIX_ORANGEFS_TARBALL, else the first orangefs-*.tar.gz in <pfsmix home>/../shared/thirdparty")
  String tarball;

  @Override
  public Integer call() throws IOException, InterruptedException {
    return new ClusterScript("orangefs-cluster.sh", action).option("--dir", dir).option("--servers", servers)
        .option("--port", port).option("--fuse", fuse).option("--tarball", tarball).run();
  }
}
