package io.pfsmix.fs.posix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.apache.hadoop.security.AccessControlException;

/**
 * Maps backend paths ("/a/b") to local paths under the root and refuses every path that would reach outside it:
 * {@code ..} components, absolute symlinks anywhere on the way, and relative symlinks whose real target leaves the root.
 * Each symlink met while walking from the root is checked, so a symlinked parent directory cannot lead out either.
 */
final class PosixJail {

  private final Path root;

  /** @param root the real path (symlinks resolved) of the root directory */
  PosixJail(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  /**
   * The local path of {@code path}.
   *
   * @param followFinal whether the operation follows a symlink in the last component (open, list) or acts on the link
   *     itself (stat, delete, rename); a followed final link is checked like the ancestors
   */
  Path resolve(String path, boolean followFinal) throws IOException {
    Path local = root;
    String[] parts = path.split("/");
    int last = lastNonEmpty(parts);
    for (int i = 0; i <= last; i++) {
      String part = parts[i];
      if (part.isEmpty()) {
        continue;
      }
      if (part.equals(".") || part.equals("..") || part.indexOf('\0') >= 0) {
        throw new AccessControlException("pfs path " + path + " is refused: component '" + part
            + "' could leave the root " + root);
      }
      local = local.resolve(part);
      if ((i < last || followFinal) && Files.isSymbolicLink(local)) {
        checkLink(path, local);
      }
    }
    return local;
  }

  /** Checks a symlink (also one not followed, before reporting it) and returns its target as stored. */
  Path checkLink(String path, Path link) throws IOException {
    Path target = Files.readSymbolicLink(link);
    if (target.isAbsolute()) {
      throw new AccessControlException("pfs path " + path + " is refused: " + link + " is an absolute symlink (to "
          + target + "); only relative symlinks inside the root " + root + " are followed");
    }
    Path resolved = link.getParent().resolve(target).normalize();
    Path real;
    try {
      real = resolved.toRealPath();
    } catch (NoSuchFileException dangling) {
      real = resolved;
    }
    if (!real.startsWith(root)) {
      throw new AccessControlException("pfs path " + path + " is refused: symlink " + link + " -> " + target
          + " leads to " + real + ", outside the root " + root);
    }
    return target;
  }

  private static int lastNonEmpty(String[] parts) {
    for (int i = parts.length - 1; i >= 0; i--) {
      if (!parts[i].isEmpty()) {
        return i;
      }
    }
    return -1;
  }
}
