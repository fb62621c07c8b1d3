package io.pfsmix.fs.layout;

import static io.pfsmix.fs.layout.RecordedXattrs.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;

class CephLayoutParserTest {

  @Test
  void parsesTheRecordedDefaultLayout() throws IOException {
    Map<String, byte[]> recorded = RecordedXattrs.load("cephfs-default.getfattr");

    assertThat(CephLayoutParser.present(recorded)).isTrue();
    assertThat(CephLayoutParser.parse(recorded))
        .isEqualTo(new CephLayoutParser.CephLayout(4194304, 1, 4194304, "cephfs_data", null));
  }

  @Test
  void parsesARecordedStripedLayoutWithPoolNamespace() throws IOException {
    assertThat(CephLayoutParser.parse(RecordedXattrs.load("cephfs-striped-namespace.getfattr")))
        .isEqualTo(new CephLayoutParser.CephLayout(1048576, 4, 4194304, "cephfs_ssd", "hadoop"));
  }

  @Test
  void acceptsANumericPoolIdAndATrailingNul() throws IOException {
    // The client prints the pool id when its OSD map does not know the pool; some writers keep C strings' NUL.
    Map<String, byte[]> xattrs = text(CephLayoutParser.LAYOUT,
        "stripe_unit=65536 stripe_count=8 object_size=1048576 pool=7\0");

    assertThat(CephLayoutParser.parse(xattrs))
        .isEqualTo(new CephLayoutParser.CephLayout(65536, 8, 1048576, "7", null));
  }

  @Test
  void parsesTheSingleFieldAttributes() throws IOException {
    Map<String, byte[]> xattrs = text(
        CephLayoutParser.STRIPE_UNIT, "1048576",
        CephLayoutParser.STRIPE_COUNT, "2",
        CephLayoutParser.OBJECT_SIZE, "8388608",
        CephLayoutParser.POOL, "cephfs_data");

    assertThat(CephLayoutParser.present(xattrs)).isTrue();
    assertThat(CephLayoutParser.parse(xattrs))
        .isEqualTo(new CephLayoutParser.CephLayout(1048576, 2, 8388608, "cephfs_data", null));
  }

  @Test
  void corruptValuesNameTheAttributeAndTheProblem() {
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT,
        "stripe_unit=4194304 stripe_count=1 pool=cephfs_data")))
        .isInstanceOf(IOException.class).hasMessageContaining("ceph.file.layout: object_size missing");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT,
        "stripe_unit=4M stripe_count=1 object_size=4194304 pool=cephfs_data")))
        .isInstanceOf(IOException.class).hasMessageContaining("ceph.file.layout: stripe_unit is not a number: \"4M\"");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT,
        "stripe_unit=1048576 stripe_count=1 object_size=1500000 pool=cephfs_data")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("object_size 1500000 is not a positive multiple of stripe_unit 1048576");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT,
        "stripe_unit=1048576 stripe_count=0 object_size=1048576 pool=cephfs_data")))
        .isInstanceOf(IOException.class).hasMessageContaining("stripe_count 0 is out of range");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT, "stripe_unit 4194304")))
        .isInstanceOf(IOException.class).hasMessageContaining("\"stripe_unit\" is not key=value");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT,
        "stripe_unit=1 stripe_unit=2 stripe_count=1 object_size=2")))
        .isInstanceOf(IOException.class).hasMessageContaining("stripe_unit appears twice");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.LAYOUT, "")))
        .isInstanceOf(IOException.class).hasMessageContaining("ceph.file.layout is empty");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.STRIPE_UNIT, "1048576")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("ceph.file.layout.stripe_count, ceph.file.layout.object_size missing");
    assertThatThrownBy(() -> CephLayoutParser.parse(text(CephLayoutParser.STRIPE_UNIT, "-1",
        CephLayoutParser.STRIPE_COUNT, "1", CephLayoutParser.OBJECT_SIZE, "1048576")))
        .isInstanceOf(IOException.class).hasMessageContaining("ceph.file.layout.stripe_unit: value is negative");
  }
}
