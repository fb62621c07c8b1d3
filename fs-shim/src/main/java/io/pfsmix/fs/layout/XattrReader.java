package io.pfsmix.fs.layout;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the extended attributes that describe a file's layout on a mounted parallel file system.
 *
 * <ul>
 *   <li>{@code ceph.file.layout} (CephFS kernel mounts, type "ceph", and ceph-fuse, "fuse.ceph-fuse") and
 *       {@code lustre.lov} (type "lustre") lie outside the user namespace Java can read, so they are read with
 *       {@code getfattr -n NAME -e hex} from the Debian package {@code attr}, and only on those file system types:
 *       CephFS hides its layout from listxattr, so the name must be asked for, and asking on every other mount would
 *       start a process per call for nothing.</li>
 *   <li>OrangeFS {@code user.pvfs2.*} distribution hints are read directly; as OrangeFS sets them on directories for
 *       the files created inside, a file without its own hints gets its directory's.</li>
 * </ul>
 * Without getfattr the result lacks the privileged attributes and one warning is logged, never an exception. Nothing
 * is cached: callers that ask often may cache per file.
 */
public final class XattrReader {

  private static final Logger LOG = LoggerFactory.getLogger(XattrReader.class);

  static final String GETFATTR = "getfattr";

  private final String getfattr;
  private final Function<String, List<String>> namesByFileSystemType;
  private final AtomicBoolean getfattrMissing = new AtomicBoolean();

  public XattrReader() {
    this(GETFATTR, XattrReader::privilegedNames);
  }

  /**
   * @param getfattr the getfattr command
   * @param namesByFileSystemType the attributes to ask getfattr for, by {@link FileStore#type()}
   */
  XattrReader(String getfattr, Function<String, List<String>> namesByFileSystemType) {
    this.getfattr = getfattr;
    this.namesByFileSystemType = namesByFileSystemType;
  }

  /** The non-user layout attributes a file system of this type exposes. */
  static List<String> privilegedNames(String fileSystemType) {
    switch (fileSystemType) {
      case "ceph":
      case "fuse.ceph-fuse":
      case "fuse.ceph":
        return List.of(CephLayoutParser.LAYOUT);
      case "lustre":
        return List.of(LustreLovParser.LOV);
      default:
        return List.of();
    }
  }

  /**
   * The layout attributes of {@code file} (name to raw value); empty when its file system tells nothing.
   *
   * @throws FileNotFoundException when the file does not exist
   */
  public Map<String, byte[]> readLayoutXattrs(Path file) throws IOException {
    FileStore store;
    try {
      store = Files.getFileStore(file);
    } catch (NoSuchFileException e) {
      throw fileNotFound(file, e);
    }
    Map<String, byte[]> attributes = new LinkedHashMap<>();
    for (String name : namesByFileSystemType.apply(store.type())) {
      byte[] value = getfattr(file, name);
      if (value != null) {
        attributes.put(name, value);
      }
    }
    Map<String, byte[]> hints = pvfs2Hints(file);
    Path directory = file.toAbsolutePath().getParent();
    if (hints.isEmpty() && directory != null && !Files.isDirectory(file)) {
      hints = pvfs2Hints(directory);
    }
    attributes.putAll(hints);
    return attributes;
  }

  /** One attribute's value through getfattr, or null when the file has no such attribute. */
  private byte[] getfattr(Path file, String name) throws IOException {
    if (getfattrMissing.get()) {
      return null;
    }
    Process process;
    try {
      process = new ProcessBuilder(getfattr, "--absolute-names", "-n", name, "-e", "hex", "--",
          file.toAbsolutePath().toString()).start();
    } catch (IOException e) {
      if (getfattrMissing.compareAndSet(false, true)) {
        LOG.warn("Cannot run {} ({}): layouts in {} and similar attributes are not read; install the Debian package "
            + "'attr' for locality on CephFS and Lustre mounts", getfattr, e.getMessage(), name);
      }
      return null;
    }
    byte[] out;
    String err;
    int status;
    try (InputStream stdout = process.getInputStream(); InputStream stderr = process.getErrorStream()) {
      process.getOutputStream().close();
      out = stdout.readAllBytes();
      err = new String(stderr.readAllBytes(), StandardCharsets.UTF_8).trim();
      status = process.waitFor();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted reading " + name + " of " + file);
    }
    if (status != 0) {
      if (err.contains("No such file or directory")) {
        throw new FileNotFoundException(file + ": no such file (" + getfattr + ": " + err + ")");
      }
      if (err.contains("No such attribute") || err.contains("No data available")
          || err.contains("Operation not supported")) {
        LOG.debug("{}: {}", file, err);
      } else {
        LOG.warn("{} -n {} {} failed with status {}: {}; its layout comes from configuration", getfattr, name, file,
            status, err);
      }
      return null;
    }
    return parseGetfattrDump(new String(out, StandardCharsets.UTF_8), getfattr + " -n " + name + " " + file)
        .get(name);
  }

  /**
   * The attributes in getfattr's dump format ({@code # file: PATH} lines, then {@code name=0xHEX} or
   * {@code name=0sBASE64} per attribute), as {@code getfattr -d -e hex} and {@code -n NAME -e hex} print them.
   *
   * @param origin where the text came from, for messages
   */
  static Map<String, byte[]> parseGetfattrDump(String dump, String origin) throws IOException {
    Map<String, byte[]> attributes = new LinkedHashMap<>();
    String[] lines = dump.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int equals = line.indexOf('=');
      String name = equals < 0 ? line : line.substring(0, equals);
      String encoded = equals < 0 ? "" : line.substring(equals + 1);
      String where = origin + " line " + (i + 1) + " (" + name + ")";
      byte[] value;
      if (encoded.isEmpty()) {
        value = new byte[0];
      } else if (encoded.startsWith("0x")) {
        String hex = encoded.substring(2);
        if (hex.length() % 2 != 0) {
          throw new IOException(where + ": odd number of hex digits");
        }
        try {
          value = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
          throw new IOException(where + ": bad hex value: " + e.getMessage(), e);
        }
      } else if (encoded.startsWith("0s")) {
        try {
          value = Base64.getDecoder().decode(encoded.substring(2));
        } catch (IllegalArgumentException e) {
          throw new IOException(where + ": bad base64 value: " + e.getMessage(), e);
        }
      } else {
        throw new IOException(where + ": value is neither hex (0x...) nor base64 (0s...); run getfattr with -e hex");
      }
      attributes.put(name, value);
    }
    return attributes;
  }

  /** The user.pvfs2.* attributes of a path, empty where user attributes are not supported. */
  private static Map<String, byte[]> pvfs2Hints(Path path) throws IOException {
    UserDefinedFileAttributeView view = Files.getFileAttributeView(path, UserDefinedFileAttributeView.class);
    if (view == null) {
      return Map.of();
    }
    String prefix = Pvfs2HintParser.PREFIX.substring("user.".length());
    Map<String, byte[]> hints = new LinkedHashMap<>();
    try {
      for (String name : view.list()) {
        if (name.startsWith(prefix)) {
          ByteBuffer value = ByteBuffer.allocate(view.size(name));
          view.read(name, value);
          byte[] bytes = new byte[value.flip().remaining()];
          value.get(bytes);
          hints.put("user." + name, bytes);
        }
      }
    } catch (NoSuchFileException e) {
      throw fileNotFound(path, e);
    } catch (IOException | UnsupportedOperationException e) {
      LOG.debug("{}: user attributes not readable: {}", path, e.toString());
      return Map.of();
    }
    return hints;
  }

  private static FileNotFoundException fileNotFound(Path file, NoSuchFileException cause) {
    FileNotFoundException notFound = new FileNotFoundException(file + ": no such file");
    notFound.initCause(cause);
    return notFound;
  }
}
