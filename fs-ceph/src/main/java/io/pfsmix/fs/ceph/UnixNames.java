package io.pfsmix.fs.ceph;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the numeric owners CephFS stores to the user and group names Hadoop shows, from this host's passwd and group
 * files (a CephFS cluster shares uids with its clients, as NFS does). Unknown ids show as numbers.
 */
final class UnixNames {

  private final Map<Integer, String> users;
  private final Map<Integer, String> groups;

  private UnixNames(Map<Integer, String> users, Map<Integer, String> groups) {
    this.users = users;
    this.groups = groups;
  }

  static UnixNames load() {
    return new UnixNames(read(Path.of("/etc/passwd")), read(Path.of("/etc/group")));
  }

  String user(int uid) {
    return users.getOrDefault(uid, Integer.toString(uid));
  }

  String group(int gid) {
    return groups.getOrDefault(gid, Integer.toString(gid));
  }

  /** The uid of a user name or number. */
  int uid(String user) {
    return id(users, user, "user");
  }

  int gid(String group) {
    return id(groups, group, "group");
  }

  private static int id(Map<Integer, String> names, String name, String kind) {
    for (Map.Entry<Integer, String> entry : names.entrySet()) {
      if (entry.getValue().equals(name)) {
        return entry.getKey();
      }
    }
    try {
      return Integer.parseInt(name);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("unknown " + kind + " '" + name + "' (not in /etc/" + ("user".equals(kind)
          ? "passwd" : "group") + " and not a number)");
    }
  }

  private static Map<Integer, String> read(Path file) {
    Map<Integer, String> names = new HashMap<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      return names;
    }
    for (String line : lines) {
      String[] fields = line.split(":");
      if (fields.length >= 3) {
        try {
          names.putIfAbsent(Integer.parseInt(fields[2]), fields[0]);
        } catch (NumberFormatException malformed) {
          // skip lines that are not name:x:id
        }
      }
    }
    return names;
  }
}
