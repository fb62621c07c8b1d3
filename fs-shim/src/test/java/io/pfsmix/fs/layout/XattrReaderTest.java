package io.pfsmix.fs.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XattrReaderTest {

  @TempDir
  Path dir;

  private static void setUserXattr(Path path, String nameWithoutUserPrefix, byte[] value) throws IOException {
    UserDefinedFileAttributeView view = Files.getFileAttributeView(path, UserDefinedFileAttributeView.class);
    try {
      view.write(nameWithoutUserPrefix, ByteBuffer.wrap(value));
    } catch (IOException | UnsupportedOperationException e) {
      assumeTrue(false, "the test directory's file system has no user extended attributes: " + e);
    }
  }

  private static void assumeGetfattr() {
    boolean found = false;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      found |= Files.isExecutable(Path.of(dir, XattrReader.GETFATTR));
    }
    assumeTrue(found, "getfattr is not installed (Debian package attr; ./run-tests installs it)");
  }

  @Test
  void asksGetfattrOnlyOnCephAndLustreMounts() {
    assertThat(XattrReader.privilegedNames("ceph")).containsExactly("ceph.file.layout");
    assertThat(XattrReader.privilegedNames("fuse.ceph-fuse")).containsExactly("ceph.file.layout");
    assertThat(XattrReader.privilegedNames("lustre")).containsExactly("lustre.lov");
    assertThat(XattrReader.privilegedNames("ext4")).isEmpty();
    assertThat(XattrReader.privilegedNames("pvfs2")).isEmpty();
  }

  @Test
  void getfattrReturnsTheExactBytesOfAnAttribute() throws IOException {
    assumeGetfattr();
    Path file = Files.write(dir.resolve("part-00000"), new byte[10]);
    // A binary value with NUL, 0xff, newline and '=': everything a hex dump must carry through unchanged.
    byte[] value = {0x00, (byte) 0xff, 0x0a, 0x3d, (byte) 0xd0, 0x0b, (byte) 0xd1, 0x0b};
    setUserXattr(file, "pfsmix.layout", value);
    XattrReader reader = new XattrReader(XattrReader.GETFATTR, type -> List.of("user.pfsmix.layout"));

    Map<String, byte[]> read = reader.readLayoutXattrs(file);

    assertThat(read).containsOnlyKeys("user.pfsmix.layout");
    assertThat(read.get("user.pfsmix.layout")).containsExactly(value);
  }

  @Test
  void anAbsentAttributeIsNoError() throws IOException {
    assumeGetfattr();
    Path file = Files.write(dir.resolve("plain"), new byte[1]);
    XattrReader reader = new XattrReader(XattrReader.GETFATTR, type -> List.of("user.pfsmix.absent"));

    assertThat(reader.readLayoutXattrs(file)).isEmpty();
  }

  @Test
  void aPlainLocalFileHasNoLayoutAttributes() throws IOException {
    Path file = Files.write(dir.resolve("local"), new byte[1]);

    assertThat(new XattrReader().readLayoutXattrs(file)).isEmpty();
  }

  @Test
  void withoutGetfattrTheResultIsEmptyAndOneWarningIsLogged() throws IOException {
    Path file = Files.write(dir.resolve("f"), new byte[1]);
    XattrReader reader = new XattrReader(dir.resolve("no-such-getfattr").toString(),
        type -> List.of("ceph.file.layout"));

    try (LogCapture log = new LogCapture(XattrReader.class)) {
      assertThat(reader.readLayoutXattrs(file)).isEmpty();
      assertThat(reader.readLayoutXattrs(file)).isEmpty();

      assertThat(log.warnings()).hasSize(1);
      assertThat(log.warnings().get(0)).contains("no-such-getfattr").contains("Debian package 'attr'");
    }
  }

  @Test
  void orangefsHintsComeFromTheFileElseItsDirectory() throws IOException {
    Path warehouse = Files.createDirectory(dir.resolve("warehouse"));
    setUserXattr(warehouse, "pvfs2.dist_name", "simple_stripe".getBytes(StandardCharsets.UTF_8));
    setUserXattr(warehouse, "pvfs2.num_dfiles", "4".getBytes(StandardCharsets.UTF_8));
    setUserXattr(warehouse, "unrelated", "x".getBytes(StandardCharsets.UTF_8));
    Path inherits = Files.write(warehouse.resolve("inherits"), new byte[1]);
    Path own = Files.write(warehouse.resolve("own"), new byte[1]);
    setUserXattr(own, "pvfs2.num_dfiles", "1".getBytes(StandardCharsets.UTF_8));
    XattrReader reader = new XattrReader();

    Map<String, byte[]> inherited = reader.readLayoutXattrs(inherits);
    Map<String, byte[]> owned = reader.readLayoutXattrs(own);

    assertThat(inherited).containsOnlyKeys("user.pvfs2.dist_name", "user.pvfs2.num_dfiles");
    assertThat(new String(inherited.get("user.pvfs2.num_dfiles"), StandardCharsets.UTF_8)).isEqualTo("4");
    assertThat(owned).containsOnlyKeys("user.pvfs2.num_dfiles");
    assertThat(new String(owned.get("user.pvfs2.num_dfiles"), StandardCharsets.UTF_8)).isEqualTo("1");
  }

  @Test
  void aMissingFileIsFileNotFound() {
    assertThatThrownBy(() -> new XattrReader().readLayoutXattrs(dir.resolve("missing")))
        .isInstanceOf(FileNotFoundException.class).hasMessageContaining("missing");
  }

  @Test
  void dumpParsingReadsHexAndBase64AndRejectsOtherEncodings() throws IOException {
    Map<String, byte[]> parsed = XattrReader.parseGetfattrDump(
        "# file: /x\nuser.a=0x00ff\nuser.b=0sAP8=\nuser.c=0x\n\n", "dump");

    assertThat(parsed).containsOnlyKeys("user.a", "user.b", "user.c");
    assertThat(parsed.get("user.a")).containsExactly((byte) 0x00, (byte) 0xff);
    assertThat(parsed.get("user.b")).containsExactly((byte) 0x00, (byte) 0xff);
    assertThat(parsed.get("user.c")).isEmpty();
    assertThatThrownBy(() -> XattrReader.parseGetfattrDump("# file: /x\nuser.a=0x0g\n", "dump"))
        .isInstanceOf(IOException.class).hasMessageContaining("dump line 2 (user.a): bad hex value");
    assertThatThrownBy(() -> XattrReader.parseGetfattrDump("user.a=\"text\"\n", "dump"))
        .isInstanceOf(IOException.class).hasMessageContaining("neither hex");
    assertThatThrownBy(() -> XattrReader.parseGetfattrDump("user.a=0xabc\n", "dump"))
        .isInstanceOf(IOException.class).hasMessageContaining("odd number of hex digits");
  }
}
