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
 * Loads libpfsmix-posix.so, which the fs-shim build compiles into its jar under META-INF/native/linux-ARCH/: straight
 * from the classes directory in a build tree, else copied out of the jar into a private temporary directory (a
 * shared library cannot be loaded from inside a jar) and removed again once loaded.
 */
final class NativeLibrary {

  static final String NAME = "libpfsmix-posix.so";

  private static IOException failure;
  private static boolean loaded;

  private NativeLibrary() {
  }

  static synchronized void load() throws IOException {
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
      failure = e instanceof IOException io ? io : new IOException("cannot load " + NAME + ": " + e.getMessage(), e);
      throw failure;
    }
  }

  private static void loadOnce() throws IOException {
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    String resource = "META-INF/native/linux-" + arch + "/" + NAME;
    URL url = NativeLibrary.class.getClassLoader().getResource(resource);
    if (!"Linux".equals(os) || url == null) {
      throw new IOException("the pfs POSIX backend needs its native library " + resource + ", which is built for Linux"
          + " only (this is " + os + " on " + arch + "); it confines every path to the root with openat2(2)");
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
    Path copy = directory.resolve(NAME);
    try (InputStream in = url.openStream()) {
      Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      System.load(copy.toString());
    } finally {
      Files.deleteIfExists(copy);
      Files.deleteIfExists(directory);
    }
  }
}
