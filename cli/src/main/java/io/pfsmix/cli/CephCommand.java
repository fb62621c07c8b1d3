package io.pfsmix.cli;

import java.io.IOException;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Starts, stops and shows the single-node Ceph cluster of scripts/ceph-cluster.sh. */
@Command(name = "ceph", mixinStandardHelpOptions = true,
    header = "Start, stop or show a single-node Ceph cluster with CephFS on 127.0.0.1.",
    description = {"Start, stop or show a single-node Ceph cluster with CephFS on 127.0.0.1 (scripts/ceph-cluster.sh): "
        + "one monitor, N OSDs, one MDS, in a scratch directory; nothing in /etc/ceph, no systemd.",
        "up prints 'conf PATH' and 'mon ADDRESS'; use them as fs.pfs.cephfs.conf.file (or .mon.address)."})
final class CephCommand implements Callable<Integer> {

  @Parameters(index = "0", paramLabel = "ACTION", description = "up, down or status")
  ClusterScript.Action action;

  @Option(names = "--dir", paramLabel = "DIR", description = "scratch directory. Default: $PFSMIX_CEPH_DIR, else "
      + "<pfsmix home>/var/ceph")
  String dir;

  @Option(names = "--port", paramLabel = "PORT", description = "monitor port on 127.0.0.1. Default: 40789")
  Integer port;

  @Option(names = "--osds", paramLabel = "N", description = "number of OSDs (up). Default: 1")
  Integer osds;

  @Option(names = "--store", paramLabel = "STORE", description = "memstore (RAM, default) or bluestore (a sparse file "
      + "per OSD, for data larger than RAM)")
  String store;

  @Option(names = "--store-size", paramLabel = "GiB", description = "capacity of each OSD in GiB. Default: 4")
  Integer storeSize;

  @Option(names = "--mgr", description = "also start a manager (needed for `ceph -s` pool statistics, not for CephFS)")
  boolean mgr;

  @Override
  public Integer call() throws IOException, InterruptedException {
    return new ClusterScript("ceph-cluster.sh", action).option("--dir", dir).option("--port", port)
        .option("--osds", osds).option("--store", store).option("--store-size", storeSize).flag("--mgr", mgr).run();
  }
}
