package io.pfsmix.fs.layout;

import static io.pfsmix.fs.layout.LustreLovParser.LCME_FL_INIT;
import static io.pfsmix.fs.layout.LustreLovParser.LCME_FL_STALE;
import static io.pfsmix.fs.layout.LustreLovParser.MAGIC_V1;
import static io.pfsmix.fs.layout.LustreLovParser.MAGIC_V3;
import static io.pfsmix.fs.layout.LustreLovParser.PATTERN_RAID0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import io.pfsmix.fs.layout.LovValues.Entry;
import io.pfsmix.fs.layout.LustreLovParser.Component;
import org.junit.jupiter.api.Test;

class LustreLovParserTest {

  private static final long MIB = 1 << 20;
  private static final long EOF = -1L; // LUSTRE_EOF, ~0 as a u64

  private static List<Component> recorded(String resource) throws Exception {
    return LustreLovParser.parse(RecordedXattrs.value(resource, LustreLovParser.LOV));
  }

  @Test
  void parsesARecordedV1LayoutInObjectOrder() throws Exception {
    assertThat(recorded("lustre-v1-4stripes.getfattr"))
        .containsExactly(new Component(0, Long.MAX_VALUE, MIB, false, List.of(3, 0, 1, 2), null));
  }

  @Test
  void parsesARecordedV3LayoutWithItsPool() throws Exception {
    assertThat(recorded("lustre-v3-pool.getfattr"))
        .containsExactly(new Component(0, Long.MAX_VALUE, 65536, false, List.of(10, 11), "flash"));
  }

  @Test
  void parsesTheInstantiatedComponentsOfARecordedProgressiveLayout() throws Exception {
    // The third component ([64 MiB, EOF), 8 stripes) is not instantiated: it has no objects and holds no data.
    assertThat(recorded("lustre-pfl.getfattr")).containsExactly(
        new Component(0, MIB, MIB, false, List.of(0), null),
        new Component(MIB, 64 * MIB, MIB, false, List.of(1, 2, 3, 4), null));
  }

  @Test
  void parsesARecordedDataOnMdtLayout() throws Exception {
    assertThat(recorded("lustre-dom.getfattr")).containsExactly(
        new Component(0, MIB, MIB, true, List.of(), null),
        new Component(MIB, Long.MAX_VALUE, 4 * MIB, false, List.of(5, 6), null));
  }

  @Test
  void readsAByteSwappedValue() throws Exception {
    byte[] bigEndian = LovValues.plain(ByteOrder.BIG_ENDIAN, MAGIC_V3, PATTERN_RAID0, 4 * MIB, 2, "ssd", 7, 300);

    assertThat(LustreLovParser.parse(bigEndian))
        .containsExactly(new Component(0, Long.MAX_VALUE, 4 * MIB, false, List.of(7, 300), "ssd"));
  }

  @Test
  void usesTheFirstMirrorThatIsInstantiatedAndNotStale() throws Exception {
    // FLR: mirror 1 (component ids 0x10001...) is stale, mirror 2 (0x20001) is in sync.
    byte[] value = LovValues.composite(
        new Entry(0x10001, LCME_FL_INIT | LCME_FL_STALE, 0, EOF, LovValues.raid0(MIB, 0, 1)),
        new Entry(0x20001, LCME_FL_INIT, 0, 4 * MIB, LovValues.raid0(MIB, 2)),
        new Entry(0x20002, LCME_FL_INIT, 4 * MIB, EOF, LovValues.raid0(MIB, 3, 4)));

    assertThat(LustreLovParser.parse(value)).containsExactly(
        new Component(0, 4 * MIB, MIB, false, List.of(2), null),
        new Component(4 * MIB, Long.MAX_VALUE, MIB, false, List.of(3, 4), null));
  }

  @Test
  void shortAndCorruptValuesNameTheProblem() {
    byte[] fourStripes = LovValues.raid0(MIB, 0, 1, 2, 3);
    assertThatThrownBy(() -> LustreLovParser.parse(Arrays.copyOf(fourStripes, 80)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("lustre.lov: lmm_stripe_count 4 needs 128 bytes, value has 80");
    assertThatThrownBy(() -> LustreLovParser.parse(Arrays.copyOf(fourStripes, 20)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("lustre.lov: 20 bytes is shorter than the 32-byte lov_user_md header");
    assertThatThrownBy(() -> LustreLovParser.parse(new byte[] {1, 2}))
        .isInstanceOf(IOException.class).hasMessageContaining("too short for a magic number");
    assertThatThrownBy(() -> LustreLovParser.parse(new byte[] {0x78, 0x56, 0x34, 0x12, 0, 0, 0, 0}))
        .isInstanceOf(IOException.class).hasMessageContaining("lustre.lov: unknown magic 0x12345678");
    assertThatThrownBy(() -> LustreLovParser.parse(LovValues.raid0(0, 1)))
        .isInstanceOf(IOException.class).hasMessageContaining("lmm_stripe_size is 0");
    byte[] composite = LovValues.composite(new Entry(1, LCME_FL_INIT, 0, EOF, LovValues.raid0(MIB, 0)));
    assertThatThrownBy(() -> LustreLovParser.parse(Arrays.copyOf(composite, 60)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("lustre.lov: lcm_size 136 exceeds the value's 60 bytes");
    byte[] overlapping = LovValues.composite(
        new Entry(1, LCME_FL_INIT, 0, 2 * MIB, LovValues.raid0(MIB, 0)),
        new Entry(2, LCME_FL_INIT, MIB, EOF, LovValues.raid0(MIB, 1)));
    assertThatThrownBy(() -> LustreLovParser.parse(overlapping))
        .isInstanceOf(IOException.class).hasMessageContaining("of one mirror overlap");
    byte[] badBlob = LovValues.composite(new Entry(1, LCME_FL_INIT, 0, EOF, new byte[] {1, 2, 3, 4}));
    assertThatThrownBy(() -> LustreLovParser.parse(badBlob))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("lustre.lov component 0: 4 bytes is shorter than the 32-byte lov_user_md header");
  }

  @Test
  void layoutsWithoutUsableObjectsAreUnusableNotCorrupt() {
    byte[] released = LovValues.plain(ByteOrder.LITTLE_ENDIAN, MAGIC_V1,
        PATTERN_RAID0 | LustreLovParser.PATTERN_F_RELEASED, MIB, 0, null);
    assertThatThrownBy(() -> LustreLovParser.parse(released))
        .isInstanceOf(UnusableLayoutException.class).hasMessageContaining("released to HSM");
    byte[] noObjects = LovValues.plain(ByteOrder.LITTLE_ENDIAN, MAGIC_V1, PATTERN_RAID0, MIB, 0, null);
    assertThatThrownBy(() -> LustreLovParser.parse(noObjects))
        .isInstanceOf(UnusableLayoutException.class).hasMessageContaining("no OST objects yet");
    byte[] nothingInstantiated = LovValues.composite(new Entry(1, 0, 0, EOF, LovValues.raid0(MIB, 0)));
    assertThatThrownBy(() -> LustreLovParser.parse(nothingInstantiated))
        .isInstanceOf(UnusableLayoutException.class).hasMessageContaining("no instantiated component");
  }
}
