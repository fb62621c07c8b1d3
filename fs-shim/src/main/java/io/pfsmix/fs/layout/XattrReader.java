package io.pfsmix.fs.layout;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the extended attributes that describe a file's layout on a mounted parallel file system.
 *
 * <ul>
 *   <li>{@code ceph.file.layout} (CephFS kernel mounts and ceph-fuse) and {@code lustre.lov} (Lustre) are asked for
 *       by name: CephFS hides its layout from listxattr.</li>
 *   <li>OrangeFS {@code user.pvfs2.*} distribution hints are listed; as OrangeFS sets them on directories for the
 *       files created inside, a file without its own hints gets its directory's.</li>
 * </ul>
 * Nothing is cached: callers that ask often may cache per file.
 */
public final class XattrReader {

  /** The attributes of one file, however its backend reaches them. */
  public interface Source {

    /** The value of an attribute, or null when the file has none of that name or its file system has none at all. */
    byte[] get(String name) throws IOException;

    /** The names of the file's attributes, in every namespace the caller may read. */
    List<String> names() throws IOException;
  }

  private static final List<String> NAMED = List.of(CephLayoutParser.LAYOUT, LustreLovParser.LOV);

  private XattrReader() {
  }

  /**
   * The layout attributes of a file (name to raw value); empty when its file system tells nothing.
   *
   * @param directory the attributes of the file's directory, or null when the file has none (the root)
   */
  public static Map<String, byte[]> readLayoutXattrs(Source file, Source directory) throws IOException {
    Map<String, byte[]> attributes = new LinkedHashMap<>();
    for (String name : NAMED) {
      byte[] value = file.get(name);
      if (value != null) {
        attributes.put(name, value);
      }
    }
    Map<String, byte[]> hints = pvfs2Hints(file);
    if (hints.isEmpty() && directory != null) {
      hints = pvfs2Hints(directory);
    }
    attributes.putAll(hints);
    return attributes;
  }

  private static Map<String, byte[]> pvfs2Hints(Source source) throws IOException {
    Map<String, byte[]> hints = new LinkedHashMap<>();
    for (String name : source.names()) {
      if (name.startsWith(Pvfs2HintParser.PREFIX)) {
        byte[] value = source.get(name);
        if (value != null) {
          hints.put(name, value);
        }
      }
    }
    return hints;
  }
}
