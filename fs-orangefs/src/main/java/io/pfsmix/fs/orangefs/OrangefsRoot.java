package io.pfsmix.fs.orangefs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.security.AccessControlException;

import io.pfsmix.fs.posix.ErrnoException;

/**
 * A directory of an OrangeFS file system as a jail: every path is resolved beneath its handle one component at a
 * time, each looked up in the directory handle reached so far, so the client library never resolves more than one
 * name and follows no symlink itself. As fs-ceph's walk does (openat2's RESOLVE_BENEATH): a relative symlink is
 * followed by resolving its components from the directory that holds it, ".." steps back to the directory the walk
 * came from (above the root it is a refusal), an absolute symlink is refused, and at most 40 links are followed.
 * Operations then act on the handle the walk found, or on the last name through its parent's handle (create, mkdir,
 * remove, rename), so an entry swapped for a symlink by another client meanwhile leads nowhere outside.
 *
 * <p>Walks throw Hadoop's exceptions for what they find (a refusal is an {@link AccessControlException} naming the
 * symlink that leads out); the client library's failures come as {@link ErrnoException}.
 */
final class OrangefsRoot {

  /** As Linux follows at most 40 symlinks in one path walk. */
  private static final int MAX_LINKS = 40;

  private final int fs;
  private final long root;
  /** The root's path inside OrangeFS, for messages. */
  private final String directory;

  OrangefsRoot(int fs, long root, String directory) {
    this.fs = fs;
    this.root = root;
    this.directory = directory;
  }

  int fs() {
    return fs;
  }

  String directory() {
    return directory;
  }

  /**
   * Where a path leads: the handle of the directory holding its last component, that component's name, and the
   * object's handle and attributes (without size), both 0 / null when the last component does not exist. For the
   * root itself, parent is 0 and name null.
   */
  record Place(long parent, String name, long handle, OrangefsClient.Attributes attributes) {

    boolean exists() {
      return handle != 0;
    }
  }

  /** Components still to resolve, of the path asked for or of a symlink's target ({@code link} describes it). */
  private static final class Source {
    final Deque<String> components;
    final String link;

    Source(String text, String link) {
      this.components = new ArrayDeque<>(Arrays.asList(text.split("/")));
      this.components.removeIf(String::isEmpty);
      this.link = link;
    }
  }

  /**
   * Resolves {@code path} beneath the root, following symlinks in every component, and in the last one too when
   * {@code followLast}. A missing last component is no error (the place then does not exist).
   */
  Place resolve(String path, boolean followLast) throws IOException {
    List<Long> handles = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<OrangefsClient.Attributes> attributes = new ArrayList<>();
    handles.add(root);
    names.add(null);
    attributes.add(null);
    Deque<Source> sources = new ArrayDeque<>();
    sources.push(new Source(path, null));
    int links = 0;
    while (true) {
      while (!sources.isEmpty() && sources.peek().components.isEmpty()) {
        sources.pop();
      }
      if (sources.isEmpty()) {
        break;
      }
      Source source = sources.peek();
      String component = source.components.pop();
      boolean last = sources.stream().allMatch(s -> s.components.isEmpty());
      int top = handles.size() - 1;
      if (component.equals(".")) {
        continue;
      }
      if (component.equals("..")) {
        if (top == 0) {
          throw refusal(path, source.link == null ? "'..' leads above the root " + directory
              : "symlink " + source.link + " leads outside the root " + directory);
        }
        handles.remove(top);
        names.remove(top);
        attributes.remove(top);
        continue;
      }
      long handle;
      try {
        handle = OrangefsClient.lookup(fs, handles.get(top), OrangefsClient.bytes(component));
      } catch (ErrnoException e) {
        if (e.errno() == ErrnoException.ENOENT && last) {
          return new Place(handles.get(top), component, 0, null);
        }
        throw e;
      }
      OrangefsClient.Attributes found = OrangefsClient.attributes(fs, handle, false);
      if (found.isSymlink() && (!last || followLast)) {
        if (++links > MAX_LINKS) {
          throw new IOException("orangefs path " + path + ": too many levels of symbolic links");
        }
        String where = here(names, component);
        String target = found.linkTarget();
        if (target == null || target.isEmpty()) {
          throw new FileNotFoundException("orangefs path " + path + ": symlink " + where + " has no target");
        }
        if (target.startsWith("/")) {
          throw refusal(path, where + " is an absolute symlink (to " + target + "); only relative symlinks that stay"
              + " inside the root " + directory + " are followed");
        }
        sources.push(new Source(target, where + " -> " + target));
        continue;
      }
      if (last) {
        return new Place(handles.get(top), component, handle, found);
      }
      if (!found.isDirectory()) {
        throw new ParentNotDirectoryException("orangefs path " + path + ": " + here(names, component)
            + " is not a directory");
      }
      handles.add(handle);
      names.add(component);
      attributes.add(found);
    }
    int top = handles.size() - 1;
    if (top == 0) {
      return new Place(0, null, root, OrangefsClient.attributes(fs, root, false));
    }
    return new Place(handles.get(top - 1), names.get(top), handles.get(top), attributes.get(top));
  }

  /** The path of {@code name} in the directory the walk has reached, from the root. */
  private static String here(List<String> names, String name) {
    StringBuilder path = new StringBuilder();
    for (String part : names.subList(1, names.size())) {
      path.append('/').append(part);
    }
    return path.append('/').append(name).toString();
  }

  private static AccessControlException refusal(String path, String reason) {
    return new AccessControlException("pfs path " + path + " is refused: " + reason);
  }

  /** The existing object {@code path} names; FileNotFoundException when it does not exist. */
  Place existing(String path, boolean followLast) throws IOException {
    Place place = resolve(path, followLast);
    if (!place.exists()) {
      throw new FileNotFoundException("orangefs path " + path + ": no such file or directory");
    }
    return place;
  }
}
