package io.pfsmix.fs.layout;

import java.util.List;
import java.util.Objects;

/**
 * One holder of file data: a Lustre OST, a Ceph OSD host, an OrangeFS datafile server or a configured server.
 *
 * @param name what the file system calls the target ("OST000a", "datafile1", a host name)
 * @param hosts the hosts that serve it, each "host" or "host:port" (the port, where known, goes into
 *     {@link org.apache.hadoop.fs.BlockLocation#getNames()}); at least one
 */
public record StorageTarget(String name, List<String> hosts) {

  public StorageTarget {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("storage target name is blank");
    }
    hosts = List.copyOf(hosts);
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("storage target " + name + " has no hosts");
    }
    for (String host : hosts) {
      if (host.isBlank()) {
        throw new IllegalArgumentException("storage target " + name + " has a blank host");
      }
    }
  }

  /** The host part of a "host" or "host:port" entry ("[v6addr]:port" keeps the brackets off). */
  static String hostOf(String endpoint) {
    if (endpoint.startsWith("[")) {
      int close = endpoint.indexOf(']');
      return close > 0 ? endpoint.substring(1, close) : endpoint;
    }
    int colon = endpoint.indexOf(':');
    // More than one colon and no brackets: a bare IPv6 address, no port.
    if (colon < 0 || endpoint.indexOf(':', colon + 1) >= 0) {
      return endpoint;
    }
    return endpoint.substring(0, colon);
  }
}
