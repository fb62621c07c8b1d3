package io.pfsmix.fs.posix;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

/**
 * Loads one of the project's JNI libraries, which a module's build compiles into its jar under
 * META-INF/native/linux-ARCH/: straight from the classes directory in a build tree, else copied out of the jar into a
 * private temporary directory (a shared library cannot be loaded from inside a jar) and removed again once loaded.
 * Loading is tried once; a failure is remembered and reported again to every later caller.
 */
public final class NativeLibrary {

  /** The POSIX backend's library: openat2(2) beneath the root, and user names through NSS. */
  static final NativeLibrary POSIX = new NativeLibrary(NativeLibrary.class, "libpfsmix-posix.so",
      "the pfs POSIX backend", "it confines every path to the root with openat2(2)");

  private final Class<?> owner;
  private final String fileName;
  private final String user;
  private final String reason;
  private IOException failure;
  private boolean loaded;

  /**
   * @param owner a class of the jar that carries the library: its class loader finds it
   * @param fileName the library's file name, e.g. "libpfsmix-posix.so"
   * @param user what needs it, for messages ("the pfs POSIX backend")
   * @param reason why it cannot work without it, for messages
   */
  public NativeLibrary(Class<?> owner, String fileName, String user, String reason) {
    this.owner = owner;
    this.fileName = fileName;
    this.user = user;
    this.reason = reason;
  }

  public synchronized void load() throws IOException {
    if (loaded) {
      return;
    }
    if (failure != null) {
      throw new IOException(failure.getMessage(), failure);
    }
    try {
      loadOnce();
      loaded = true;
    } catch (IOException | LinkageError e) {
      failure = e instanceof IOException io ? io
          : new IOException("cannot load " + fileName + " (" + user + "): " + e.getMessage(), e);
      throw failure;
    }
  }

  private void loadOnce() throws IOException {
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    String resource = "META-INF/native/linux-" + arch + "/" + fileName;
    URL url = owner.getClassLoader().getResource(resource);
    if (!"Linux".equals(os) || url == null) {
      throw new IOException(user + " needs its native library " + resource + ", which is built for Linux only (this"
          + " is " + os + " on " + arch + "); " + reason);
    }
    if ("file".equals(url.getProtocol())) {
      try {
        System.load(Paths.get(url.toURI()).toString());
        return;
      } catch (URISyntaxException e) {
        throw new IOException("cannot locate " + url + ": " + e.getMessage(), e);
      }
    }
    Path directory = Files.createTempDirectory("pfsmix-native");
    Path copy = directory.resolve(fileName);
    try (InputStream in = url.openStream()) {
      Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      System.load(copy.toString());
    } finally {
      Files.deleteIfExists(copy);
      Files.deleteIfExists(directory);
    }
  }
}
