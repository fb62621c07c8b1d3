package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Bad configuration fails when the file system starts, with the key and the value or path in the message. */
class PfsConfigurationTest {

  @Test
  void missingRootNamesTheKeyAndThePath() throws Exception {
    java.nio.file.Path missing = PfsTestFileSystems.newRoot("config").resolve("no-such-dir");
    assertThatThrownBy(() -> PfsTestFileSystems.newPosixFileSystem(missing))
        .isInstanceOf(FileNotFoundException.class)
        .hasMessageContaining(PfsConfigKeys.POSIX_ROOT).hasMessageContaining(missing.toString());
  }

  @Test
  void rootThatIsAFileNamesTheKeyAndThePath() throws Exception {
    java.nio.file.Path file = PfsTestFileSystems.newRoot("config").resolve("plain-file");
    Files.writeString(file, "not a directory");
    assertThatThrownBy(() -> PfsTestFileSystems.newPosixFileSystem(file))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(PfsConfigKeys.POSIX_ROOT).hasMessageContaining(file.toString())
        .hasMessageContaining("not a directory");
  }

  /** Root (uid 0) may read any directory, so the check can only be exercised by another user. */
  @Test
  void unreadableRootNamesTheKeyAndThePath() throws Exception {
    Assumptions.assumeFalse("root".equals(System.getProperty("user.name")),
        "running as root: every directory is readable, an unreadable root cannot be made");
    java.nio.file.Path locked = PfsTestFileSystems.newRoot("config-locked");
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    try {
      assertThatThrownBy(() -> PfsTestFileSystems.newPosixFileSystem(locked))
          .isInstanceOf(AccessControlException.class)
          .hasMessageContaining(PfsConfigKeys.POSIX_ROOT).hasMessageContaining(locked.toString());
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }

  /** Code that builds its own Configuration (a node manager's localizer) finds the root through a system property. */
  @Test
  void systemPropertyGivesTheRootWhenTheConfigurationHasNone() throws Exception {
    java.nio.file.Path root = PfsTestFileSystems.newRoot("config-sysprop");
    Configuration conf = new Configuration();
    conf.setBoolean("fs.pfs.impl.disable.cache", true);
    System.setProperty(PfsConfigKeys.POSIX_ROOT, root.toString());
    try (PfsFileSystem fs = PfsTestFileSystems.newFileSystem(conf)) {
      fs.create(new Path("/from-property")).close();
    } finally {
      System.clearProperty(PfsConfigKeys.POSIX_ROOT);
    }
    assertThat(root.resolve("from-property")).exists();
  }

  /** Whichever way the root is given, a missing directory is refused and nothing is created in its place. */
  @Test
  void aMissingRootGivenAsSystemPropertyIsRefusedAndNotCreated() throws Exception {
    java.nio.file.Path missing = PfsTestFileSystems.newRoot("config-sysprop-missing").resolve("nonexistent");
    Configuration conf = new Configuration();
    conf.setBoolean("fs.pfs.impl.disable.cache", true);
    System.setProperty(PfsConfigKeys.POSIX_ROOT, missing.toString());
    try {
      assertThatThrownBy(() -> FileSystem.get(URI.create("pfs:///g"), conf).mkdirs(new Path("/g")))
          .isInstanceOf(FileNotFoundException.class)
          .hasMessageContaining(PfsConfigKeys.POSIX_ROOT).hasMessageContaining(missing.toString());
    } finally {
      System.clearProperty(PfsConfigKeys.POSIX_ROOT);
    }
    assertThat(missing).doesNotExist();
  }

  @Test
  void anEmptyRootIsAnErrorNotTheEmbeddedDefault() throws Exception {
    Configuration conf = new Configuration();
    conf.setBoolean("fs.pfs.impl.disable.cache", true);
    conf.set(PfsConfigKeys.POSIX_ROOT, " ");
    assertThatThrownBy(() -> PfsTestFileSystems.newFileSystem(conf)).isInstanceOf(IOException.class)
        .hasMessageContaining(PfsConfigKeys.POSIX_ROOT + " is set but empty");
    Configuration bare = new Configuration();
    bare.setBoolean("fs.pfs.impl.disable.cache", true);
    System.setProperty(PfsConfigKeys.POSIX_ROOT, "");
    try {
      assertThatThrownBy(() -> PfsTestFileSystems.newFileSystem(bare)).isInstanceOf(IOException.class)
          .hasMessageContaining(PfsConfigKeys.POSIX_ROOT + " is set but empty");
    } finally {
      System.clearProperty(PfsConfigKeys.POSIX_ROOT);
    }
  }

  @Test
  void configuredRootWinsOverTheSystemProperty() throws Exception {
    java.nio.file.Path configured = PfsTestFileSystems.newRoot("config-conf");
    java.nio.file.Path property = PfsTestFileSystems.newRoot("config-sysprop");
    System.setProperty(PfsConfigKeys.POSIX_ROOT, property.toString());
    try (PfsFileSystem fs = PfsTestFileSystems.newPosixFileSystem(configured)) {
      fs.create(new Path("/from-configuration")).close();
    } finally {
      System.clearProperty(PfsConfigKeys.POSIX_ROOT);
    }
    assertThat(configured.resolve("from-configuration")).exists();
    assertThat(property.resolve("from-configuration")).doesNotExist();
  }

  @Test
  void badSystemPropertyIsNamedLikeABadKey() throws Exception {
    java.nio.file.Path root = PfsTestFileSystems.newRoot("config-sysprop");
    System.setProperty(PfsConfigKeys.READAHEAD_SIZE, "four megs");
    try {
      assertThatThrownBy(() -> PfsTestFileSystems.newPosixFileSystem(root))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(PfsConfigKeys.READAHEAD_SIZE).hasMessageContaining("'four megs'");
    } finally {
      System.clearProperty(PfsConfigKeys.READAHEAD_SIZE);
    }
  }

  @Test
  void badNumbersNameTheKeyAndTheValue() throws Exception {
    java.nio.file.Path root = PfsTestFileSystems.newRoot("config");
    String[][] cases = {
        {PfsConfigKeys.READAHEAD_SIZE, "four megs"},
        {PfsConfigKeys.READAHEAD_SIZE, "3g"},
        {PfsConfigKeys.WRITE_BUFFER_SIZE, "-1"},
        {PfsConfigKeys.READAHEAD_RANDOM_SIZE, "0"},
        {PfsConfigKeys.BLOCK_SIZE, "12x"},
        {PfsConfigKeys.VECTORED_MAX_MERGED, "1e"},
        {PfsConfigKeys.WRITE_BUFFER_SIZE, ""},
        {PfsConfigKeys.READAHEAD_MMAP, "yes"},
    };
    for (String[] c : cases) {
      Configuration conf = PfsTestFileSystems.posixConfiguration(root);
      conf.set(c[0], c[1]);
      assertThatThrownBy(() -> PfsTestFileSystems.newFileSystem(conf)).as(c[0] + "=" + c[1])
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(c[0]).hasMessageContaining("'" + c[1] + "'");
    }
  }

  @Test
  void unknownBackendAndBadDecoratorAreNamed() throws Exception {
    java.nio.file.Path root = PfsTestFileSystems.newRoot("config");
    Configuration unknown = PfsTestFileSystems.posixConfiguration(root);
    unknown.set(PfsConfigKeys.BACKEND, "orangefs-native");
    assertThatThrownBy(() -> PfsTestFileSystems.newFileSystem(unknown))
        .hasMessageContaining(PfsConfigKeys.BACKEND).hasMessageContaining("orangefs-native")
        .hasMessageContaining("available: ").hasMessageContaining("posix");

    Configuration badDecorator = PfsTestFileSystems.posixConfiguration(root);
    badDecorator.set(PfsConfigKeys.BACKEND_DECORATORS, "io.pfsmix.NoSuchDecorator");
    assertThatThrownBy(() -> PfsTestFileSystems.newFileSystem(badDecorator))
        .hasMessageContaining(PfsConfigKeys.BACKEND_DECORATORS).hasMessageContaining("io.pfsmix.NoSuchDecorator");

    Configuration notADecorator = PfsTestFileSystems.posixConfiguration(root);
    notADecorator.set(PfsConfigKeys.BACKEND_DECORATORS, String.class.getName());
    assertThatThrownBy(() -> PfsTestFileSystems.newFileSystem(notADecorator))
        .hasMessageContaining("java.lang.String").hasMessageContaining("does not implement");
  }

  @Test
  void withoutARootTheEmbeddedDirectoryUnderPfsmixHomeIsCreated() throws Exception {
    java.nio.file.Path home = PfsTestFileSystems.newRoot("home");
    String previous = System.getProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY);
    System.setProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY, home.toString());
    try {
      Configuration conf = new Configuration();
      conf.setBoolean("fs.pfs.impl.disable.cache", true);
      try (PfsFileSystem fs = PfsTestFileSystems.newFileSystem(conf)) {
        fs.mkdirs(new Path("/made-here"));
      }
      assertThat(home.resolve("var/pfs-root/made-here")).isDirectory();
    } finally {
      if (previous == null) {
        System.clearProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY);
      } else {
        System.setProperty(PfsConfigKeys.PFSMIX_HOME_PROPERTY, previous);
      }
    }
  }
}
