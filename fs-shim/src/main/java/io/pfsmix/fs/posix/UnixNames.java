package io.pfsmix.fs.posix;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * User and group names of numeric ids and back, through the C library's name service (passwd and group files, LDAP,
 * SSSD: what ls shows), cached. An id without a name shows as its number, as ls shows it.
 */
public final class UnixNames {

  private final Map<Integer, String> users = new ConcurrentHashMap<>();
  private final Map<Integer, String> groups = new ConcurrentHashMap<>();

  public UnixNames() throws IOException {
    NativeLibrary.POSIX.load();
  }

  public String user(int uid) {
    return users.computeIfAbsent(uid, id -> orNumber(userName(id), id));
  }

  public String group(int gid) {
    return groups.computeIfAbsent(gid, id -> orNumber(groupName(id), id));
  }

  /** The ids chown(2) takes for a setOwner; -1 leaves the owner or the group as it is. */
  public record Owner(int uid, int gid) {
  }

  /**
   * The ids of a user and a group given by name or number, either of them null to leave it as it is.
   *
   * @throws IOException naming {@code path} and the name when there is no such user or group
   */
  public Owner owner(String path, String user, String group) throws IOException {
    try {
      return new Owner(user == null ? -1 : id(userId(user), user, "user"),
          group == null ? -1 : id(groupId(group), group, "group"));
    } catch (IllegalArgumentException e) {
      throw new IOException("setOwner of pfs path " + path + ": " + e.getMessage(), e);
    }
  }

  private static String orNumber(String name, int id) {
    return name == null ? Integer.toString(id) : name;
  }

  private static int id(int found, String name, String kind) {
    if (found >= 0) {
      return found;
    }
    try {
      return Integer.parseInt(name);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("unknown " + kind + " '" + name + "' (no such " + kind
          + " on this host, and not a number)");
    }
  }

  private static native String userName(int uid);

  private static native String groupName(int gid);

  private static native int userId(String name);

  private static native int groupId(String name);
}
