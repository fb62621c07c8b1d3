package io.pfsmix.fs.layout;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;

/**
 * Which hosts serve a storage target: an explicit {@link LayoutConfigKeys#TARGET_HOSTS} entry, else the configured
 * servers round robin by the target's index (a Lustre OST index, an OrangeFS datafile number).
 */
final class TargetHosts {

  private final List<String> servers;
  private final Map<String, List<String>> byTarget;

  private TargetHosts(List<String> servers, Map<String, List<String>> byTarget) {
    this.servers = List.copyOf(servers);
    this.byTarget = Map.copyOf(byTarget);
  }

  /** Reads and checks {@link LayoutConfigKeys#SERVERS} and {@link LayoutConfigKeys#TARGET_HOSTS}. */
  static TargetHosts from(Configuration conf) {
    List<String> servers = new ArrayList<>();
    for (String server : conf.getTrimmedStrings(LayoutConfigKeys.SERVERS)) {
      servers.add(checkedEndpoint(LayoutConfigKeys.SERVERS, conf.get(LayoutConfigKeys.SERVERS), server));
    }
    if (servers.isEmpty()) {
      servers.add(localHostName());
    }
    Map<String, List<String>> byTarget = new LinkedHashMap<>();
    String mapping = conf.get(LayoutConfigKeys.TARGET_HOSTS);
    for (String entry : conf.getTrimmedStrings(LayoutConfigKeys.TARGET_HOSTS)) {
      int equals = entry.indexOf('=');
      if (equals <= 0 || equals == entry.length() - 1) {
        throw new IllegalArgumentException(LayoutConfigKeys.TARGET_HOSTS + " = \"" + mapping + "\": entry \"" + entry
            + "\" is not target=host[ host...]");
      }
      String target = entry.substring(0, equals).trim();
      List<String> hosts = new ArrayList<>();
      for (String host : entry.substring(equals + 1).trim().split("\\s+")) {
        hosts.add(checkedEndpoint(LayoutConfigKeys.TARGET_HOSTS, mapping, host));
      }
      if (byTarget.put(target, hosts) != null) {
        throw new IllegalArgumentException(LayoutConfigKeys.TARGET_HOSTS + " = \"" + mapping + "\": target \""
            + target + "\" is listed twice");
      }
    }
    return new TargetHosts(servers, byTarget);
  }

  List<String> servers() {
    return servers;
  }

  /**
   * The hosts listed for {@code target}, or for a key ending in "-" + target (Lustre target names carry the fsname:
   * "scratch-OST0001"); null when none.
   */
  List<String> listed(String target) {
    List<String> hosts = byTarget.get(target);
    if (hosts != null) {
      return hosts;
    }
    for (Map.Entry<String, List<String>> entry : byTarget.entrySet()) {
      if (entry.getKey().endsWith("-" + target)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /** The hosts of target {@code target} with index {@code index}: listed ones, else one server round robin. */
  List<String> hostsOf(String target, int index) {
    List<String> hosts = listed(target);
    return hosts != null ? hosts : List.of(servers.get(Math.floorMod(index, servers.size())));
  }

  private static String checkedEndpoint(String key, String value, String endpoint) {
    String problem = null;
    if (endpoint.isEmpty() || endpoint.chars().anyMatch(c -> Character.isWhitespace(c) || c == '=' || c == ',')) {
      problem = "is not a host name";
    } else {
      String host = StorageTarget.hostOf(endpoint);
      String rest = endpoint.startsWith("[") ? endpoint.substring(endpoint.indexOf(']') + 1)
          : endpoint.substring(host.length());
      if (host.isEmpty()) {
        problem = "has no host";
      } else if (!rest.isEmpty() && !validPort(rest)) {
        problem = "has a bad port (host:port with port 1-65535 expected)";
      }
    }
    if (problem != null) {
      throw new IllegalArgumentException(key + " = \"" + value + "\": \"" + endpoint + "\" " + problem);
    }
    return endpoint;
  }

  private static boolean validPort(String colonPort) {
    if (!colonPort.startsWith(":") || colonPort.length() < 2 || colonPort.length() > 6) {
      return false;
    }
    for (int i = 1; i < colonPort.length(); i++) {
      if (!Character.isDigit(colonPort.charAt(i))) {
        return false;
      }
    }
    int port = Integer.parseInt(colonPort.substring(1));
    return port >= 1 && port <= 65535;
  }

  /** This machine's host name; "localhost" when it does not resolve. */
  private static String localHostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
