package io.pfsmix.fs.qfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.pfsmix.fs.backend.CreateOptions;
import io.pfsmix.fs.backend.FileInfo;
import io.pfsmix.fs.backend.ReadHandle;
import io.pfsmix.fs.backend.WriteHandle;

/** The QFS backend on a real metaserver and chunkservers: what each call leaves in QFS, read back through QFS. */
class QfsBackendTest {

  private static final CreateOptions NEW = new CreateOptions(false, new FsPermission((short) 0644), (short) 2, 0);
  private static final CreateOptions REPLACE = new CreateOptions(true, new FsPermission((short) 0644), (short) 2, 0);

  private static QfsBackend backend;

  @BeforeAll
  static void connect() throws IOException {
    backend = QfsBackend.connect(QfsTestCluster.get().configuration("/backend-test"));
  }

  @AfterAll
  static void close() {
    if (backend != null) {
      backend.close();
    }
  }

  static ByteBuffer text(String text) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(text.length());
    buffer.put(text.getBytes(StandardCharsets.UTF_8)).flip();
    return buffer;
  }

  static String read(String path) throws IOException {
    try (ReadHandle in = backend.openForRead(path)) {
      ByteBuffer buffer = ByteBuffer.allocateDirect((int) in.length());
      while (buffer.hasRemaining() && in.read(buffer.position(), buffer) > 0) {
        // the handle advances the buffer
      }
      buffer.flip();
      return StandardCharsets.UTF_8.decode(buffer).toString();
    }
  }

  @Test
  void directoriesFilesRenameAndDelete() throws IOException {
    backend.mkdir("/tree", new FsPermission((short) 0755));
    assertThatThrownBy(() -> backend.mkdir("/tree", new FsPermission((short) 0755)))
        .isInstanceOf(FileAlreadyExistsException.class);
    try (WriteHandle out = backend.create("/tree/a.txt", NEW)) {
      out.write(0, text("hello "));
      out.write(6, text("qfs"));
    }
    FileInfo info = backend.stat("/tree/a.txt");
    assertThat(info.length()).isEqualTo(9);
    assertThat(info.isDirectory()).isFalse();
    assertThat(info.replication()).isEqualTo((short) 2);
    assertThat(read("/tree/a.txt")).isEqualTo("hello qfs");
    assertThat(backend.list("/tree")).extracting(FileInfo::path).containsExactly("/tree/a.txt");
    assertThatThrownBy(() -> backend.create("/tree/a.txt", NEW)).isInstanceOf(FileAlreadyExistsException.class);

    backend.rename("/tree/a.txt", "/tree/b.txt");
    assertThat(read("/tree/b.txt")).isEqualTo("hello qfs");
    assertThatThrownBy(() -> backend.stat("/tree/a.txt")).isInstanceOf(FileNotFoundException.class);

    assertThatThrownBy(() -> backend.truncate("/tree/b.txt", 5)).isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("cannot truncate");
    backend.setPermission("/tree/b.txt", new FsPermission((short) 0600));
    assertThat(backend.stat("/tree/b.txt").permission().toShort()).isEqualTo((short) 0600);
    backend.setTimes("/tree/b.txt", 1_700_000_000_000L, -1);
    assertThat(backend.stat("/tree/b.txt").modificationTimeMillis()).isEqualTo(1_700_000_000_000L);

    backend.delete("/tree/b.txt");
    backend.delete("/tree");
    assertThatThrownBy(() -> backend.stat("/tree")).isInstanceOf(FileNotFoundException.class);
  }

  @Test
  void appendWritesAfterTheOldEnd() throws IOException {
    try (WriteHandle out = backend.create("/append.txt", REPLACE)) {
      out.write(0, text("one"));
    }
    try (WriteHandle out = backend.openForAppend("/append.txt")) {
      assertThat(out.initialLength()).isEqualTo(3);
      out.write(3, text("two"));
    }
    assertThat(read("/append.txt")).isEqualTo("onetwo");
  }

  /**
   * N-to-1 creation: the first writer creates the file and has its data on the chunkservers (synced) before the
   * second one opens it. The second one opens without truncating, so the first one's bytes stay; a second create, as
   * two writers that both pass O_CREAT do, replaces the file and drops them without an error.
   */
  @Test
  void theSecondSharedWriterOpensTheFileAndLosesNothing() throws IOException {
    try (WriteHandle first = backend.openShared("/shared.txt", NEW)) {
      assertThat(first.initialLength()).isZero();
      first.write(0, text("AAAA"));
      first.sync(true);
      try (WriteHandle second = backend.openShared("/shared.txt", NEW)) {
        assertThat(second.initialLength()).isEqualTo(4);
        second.write(4, text("BBBB"));
      }
    }
    assertThat(read("/shared.txt")).isEqualTo("AAAABBBB");

    // the other way: a second create replaces the file while the first writer still writes to the one it created
    try (WriteHandle first = backend.create("/replaced.txt", NEW)) {
      first.write(0, text("AAAA"));
      first.sync(true);
      try (WriteHandle second = backend.create("/replaced.txt", REPLACE)) {
        second.write(4, text("BBBB"));
      }
    }
    assertThat(read("/replaced.txt")).as("what is left after a second create").doesNotContain("AAAA");
  }

  @Test
  void filesAreReplicatedAndTheirChunksLocated() throws IOException {
    try (WriteHandle out = backend.create("/located.bin", REPLACE)) {
      out.write(0, ByteBuffer.allocateDirect(1 << 20));
    }
    FileInfo info = backend.stat("/located.bin");
    assertThat(info.blockSize()).isEqualTo(QfsConnection.CHUNK_SIZE);
    var locations = backend.blockLocations("/located.bin", info, 0, info.length());
    assertThat(locations).hasSize(1);
    assertThat(locations[0].getLength()).isEqualTo(1 << 20);
    assertThat(List.of(locations[0].getHosts())).hasSize(2).allMatch(host -> host.startsWith("127.0.0."));
  }
}
