package io.pfsmix.fs;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/** Makes pfs file systems over fresh temporary POSIX roots under target/, for this module's tests and others'. */
public final class PfsTestFileSystems {

  /** Where test roots go; a module's tests run with the module directory as working directory. */
  public static final String TEST_DIR_PROPERTY = "pfsmix.test.dir";

  private PfsTestFileSystems() {
  }

  /** A new, empty directory to serve as a POSIX root. */
  public static Path newRoot(String name) throws IOException {
    Path base = Paths.get(System.getProperty(TEST_DIR_PROPERTY, "target/pfs-test-roots")).toAbsolutePath();
    Files.createDirectories(base);
    return Files.createTempDirectory(base, name + "-");
  }

  /**
   * A POSIX root and, beside it, a directory outside it holding {@code secret} ("outside the root"): what the jail
   * tests try to reach.
   */
  public record Jail(Path root, Path outside) {
  }

  /** A new {@link Jail} in a fresh directory. */
  public static Jail newJail(String name) throws IOException {
    Path base = newRoot(name);
    Jail jail = new Jail(Files.createDirectories(base.resolve("root")),
        Files.createDirectories(base.resolve("outside")));
    Files.writeString(jail.outside().resolve("secret"), "outside the root");
    return jail;
  }

  /** Configuration selecting the POSIX backend on {@code root}, with the FileSystem cache off (roots differ). */
  public static Configuration posixConfiguration(Path root) {
    Configuration conf = new Configuration();
    conf.set(PfsConfigKeys.BACKEND, "posix");
    conf.set(PfsConfigKeys.POSIX_ROOT, root.toString());
    conf.setBoolean("fs.pfs.impl.disable.cache", true);
    return conf;
  }

  /** A pfs file system on {@code root}, as Hadoop would create it from the configuration. */
  public static PfsFileSystem newFileSystem(Configuration conf) throws IOException {
    return (PfsFileSystem) FileSystem.newInstance(URI.create("pfs:///"), conf);
  }

  public static PfsFileSystem newPosixFileSystem(Path root) throws IOException {
    return newFileSystem(posixConfiguration(root));
  }
}
