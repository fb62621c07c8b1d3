package io.pfsmix.fs;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/** Ports for servers started on this machine (the local Ceph, OrangeFS and QFS file systems, tests' clusters). */
public final class LocalPorts {

  private LocalPorts() {
  }

  /**
   * A base port with the {@code count - 1} after it free, below Linux's ephemeral range (32768 and up): a port there
   * found free can be taken by any outgoing connection before the server binds it (a QFS metaserver failed so in CI).
   */
  public static int free(int count) throws IOException {
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = 20000 + ThreadLocalRandom.current().nextInt(12000);
      boolean free = true;
      for (int i = 0; i < count && free; i++) {
        try {
          new ServerSocket(base + i).close();
        } catch (IOException inUse) {
          free = false;
        }
      }
      if (free) {
        return base;
      }
    }
    throw new IOException("no " + count + " consecutive free ports found between 20000 and 32000");
  }
}
