package io.pfsmix.fs.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class XattrReaderTest {

  /**
   * A file's attributes: listed ones, and hidden ones that only a get by name finds (as CephFS hides its layout).
   * The names asked for are recorded.
   */
  private static final class MapSource implements XattrReader.Source {
    private final Map<String, byte[]> listed;
    private final Map<String, byte[]> hidden;
    private final List<String> asked = new ArrayList<>();

    MapSource(Map<String, byte[]> listed) {
      this(listed, Map.of());
    }

    MapSource(Map<String, byte[]> listed, Map<String, byte[]> hidden) {
      this.listed = listed;
      this.hidden = hidden;
    }

    @Override
    public byte[] get(String name) {
      asked.add(name);
      return listed.containsKey(name) ? listed.get(name) : hidden.get(name);
    }

    @Override
    public List<String> names() {
      return new ArrayList<>(listed.keySet());
    }
  }

  private static byte[] text(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void cephAndLustreLayoutsAreAskedForByNameSinceCephFsHidesThemFromListings() throws IOException {
    byte[] layout = text("stripe_unit=4194304 stripe_count=1 object_size=4194304 pool=cephfs_data");
    MapSource hidden = new MapSource(Map.of(), Map.of(CephLayoutParser.LAYOUT, layout));

    Map<String, byte[]> read = XattrReader.readLayoutXattrs(hidden, null);

    assertThat(read).containsOnlyKeys(CephLayoutParser.LAYOUT);
    assertThat(read.get(CephLayoutParser.LAYOUT)).containsExactly(layout);
    assertThat(hidden.asked).containsExactly(CephLayoutParser.LAYOUT, LustreLovParser.LOV);
  }

  @Test
  void aFileWithoutLayoutAttributesGivesNone() throws IOException {
    assertThat(XattrReader.readLayoutXattrs(new MapSource(Map.of("user.other", text("x"))),
        new MapSource(Map.of()))).isEmpty();
  }

  @Test
  void orangefsHintsComeFromTheFileElseItsDirectory() throws IOException {
    MapSource warehouse = new MapSource(Map.of("user.pvfs2.dist_name", text("simple_stripe"),
        "user.pvfs2.num_dfiles", text("4"), "user.unrelated", text("x")));

    Map<String, byte[]> inherited = XattrReader.readLayoutXattrs(new MapSource(Map.of()), warehouse);
    Map<String, byte[]> owned = XattrReader.readLayoutXattrs(
        new MapSource(Map.of("user.pvfs2.num_dfiles", text("1"))), warehouse);

    assertThat(inherited).containsOnlyKeys("user.pvfs2.dist_name", "user.pvfs2.num_dfiles");
    assertThat(new String(inherited.get("user.pvfs2.num_dfiles"), StandardCharsets.UTF_8)).isEqualTo("4");
    assertThat(owned).containsOnlyKeys("user.pvfs2.num_dfiles");
    assertThat(new String(owned.get("user.pvfs2.num_dfiles"), StandardCharsets.UTF_8)).isEqualTo("1");
  }

  @Test
  void dumpParsingReadsHexAndBase64AndRejectsOtherEncodings() throws IOException {
    Map<String, byte[]> parsed = RecordedXattrs.parseGetfattrDump(
        "# file: /x\nuser.a=0x00ff\nuser.b=0sAP8=\nuser.c=0x\n\n", "dump");

    assertThat(parsed).containsOnlyKeys("user.a", "user.b", "user.c");
    assertThat(parsed.get("user.a")).containsExactly((byte) 0x00, (byte) 0xff);
    assertThat(parsed.get("user.b")).containsExactly((byte) 0x00, (byte) 0xff);
    assertThat(parsed.get("user.c")).isEmpty();
    assertThatThrownBy(() -> RecordedXattrs.parseGetfattrDump("# file: /x\nuser.a=0x0g\n", "dump"))
        .isInstanceOf(IOException.class).hasMessageContaining("dump line 2 (user.a): bad hex value");
    assertThatThrownBy(() -> RecordedXattrs.parseGetfattrDump("user.a=\"text\"\n", "dump"))
        .isInstanceOf(IOException.class).hasMessageContaining("neither hex");
    assertThatThrownBy(() -> RecordedXattrs.parseGetfattrDump("user.a=0xabc\n", "dump"))
        .isInstanceOf(IOException.class).hasMessageContaining("odd number of hex digits");
  }
}
