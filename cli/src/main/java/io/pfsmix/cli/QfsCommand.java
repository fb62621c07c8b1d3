package io.pfsmix.cli;

import java.io.IOException;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Starts, stops and shows the local QFS of scripts/qfs-cluster.sh. */
@Command(name = "qfs", mixinStandardHelpOptions = true,
    header = "Start, stop or show a local QFS (Quantcast File System, CloudStore's successor) on loopback addresses.",
    description = {"Start, stop or show a local QFS (scripts/qfs-cluster.sh): a metaserver",
        "on 127.0.0.1 and N chunkservers on 127.0.0.2 .. 127.0.0.(N+1); configuration,",
        "chunks, checkpoints and logs in one scratch directory, removed by down. The",
        "first up builds QFS's servers, tools and client libraries from its source",
        "tarball into ~/.cache/pfsmix (10 to 30 minutes, once). up prints 'home",
        "INSTALL', 'meta 127.0.0.1:PORT' and 'uri qfs://127.0.0.1:PORT/'; QFS's own",
        "tools reach it as LD_LIBRARY_PATH=INSTALL/lib INSTALL/bin/tools/qfs -fs",
        "qfs://127.0.0.1:PORT/, and ./pfsmix hadoop fs as qfs://127.0.0.1:PORT/.",
        "Several can run at once with distinct --dir and --port. See docs/qfs.md."})
final class QfsCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "ACTION", description = "up, down or status")
  ClusterScript.Action action;

  @Option(names = "--dir", paramLabel = "DIR", description = "scratch directory. Default: $PFSMIX_QFS_DIR, else "
      + "<pfsmix home>/var/qfs")
  String dir;

  @Option(names = "--chunkservers", paramLabel = "N", description = "number of chunkservers, 1 to 16 (up). Default: 2")
  Integer chunkservers;

  @Option(names = "--port", paramLabel = "PORT", description = "the metaserver's client port; PORT+1 and PORT+2 are"
      + " the metaserver's chunkserver port and the chunkservers' client port (up). Default: 20000")
  Integer port;

  @Option(names = "--tarball", paramLabel = "FILE", description = "QFS source tarball to build from (up). "
      + "Default: $PFSMIX_QFS_TARBALL, else the first qfs-*.tar.gz in <pfsmix home>/../shared/thirdparty")
  String tarball;

  @Override
  public Integer call() throws IOException, InterruptedException {
    return new ClusterScript("qfs-cluster.sh", action).option("--dir", dir).option("--chunkservers", chunkservers)
        .option("--port", port).option("--tarball", tarball).run();
  }
}
