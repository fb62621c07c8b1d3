package io.pfsmix.fs.layout;

import static io.pfsmix.fs.layout.RecordedXattrs.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;

class Pvfs2HintParserTest {

  @Test
  void parsesRecordedDirectoryHints() throws Exception {
    Map<String, byte[]> recorded = RecordedXattrs.load("orangefs-dir-hints.getfattr");

    assertThat(Pvfs2HintParser.present(recorded)).isTrue();
    assertThat(Pvfs2HintParser.parse(recorded))
        .isEqualTo(new Pvfs2HintParser.Pvfs2Hints("simple_stripe", 1048576, 4));
  }

  @Test
  void missingHintsTakeOrangefsDefaults() throws Exception {
    // simple_stripe with 64 KiB strips over all servers (datafiles 0 = "all").
    assertThat(Pvfs2HintParser.parse(text(Pvfs2HintParser.NUM_DFILES, "2")))
        .isEqualTo(new Pvfs2HintParser.Pvfs2Hints("simple_stripe", 65536, 2));
    assertThat(Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_NAME, "simple_stripe\0")))
        .isEqualTo(new Pvfs2HintParser.Pvfs2Hints("simple_stripe", 65536, 0));
    assertThat(Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_NAME, "basic_dist", Pvfs2HintParser.NUM_DFILES, "8")))
        .isEqualTo(new Pvfs2HintParser.Pvfs2Hints("basic_dist", 0, 1));
  }

  @Test
  void parametersOfOtherDistributionsAreIgnored() throws Exception {
    assertThat(Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_PARAMS, "group_strip_factor:5, strip_size:4096")))
        .isEqualTo(new Pvfs2HintParser.Pvfs2Hints("simple_stripe", 4096, 0));
  }

  @Test
  void otherAttributesAreNoLayout() {
    assertThat(Pvfs2HintParser.present(text("user.pvfs2.meta_hint", "\0\0\0\0\0\0\0\0",
        "user.pvfs2.mirror.copies", "2"))).isFalse();
  }

  @Test
  void unsupportedDistributionsAreUnusable() {
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_NAME, "twod_stripe")))
        .isInstanceOf(UnusableLayoutException.class)
        .hasMessageContaining("distribution \"twod_stripe\" is not supported");
  }

  @Test
  void corruptValuesNameTheAttribute() {
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_PARAMS, "strip_size=4096")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("user.pvfs2.dist_params: \"strip_size=4096\" is not name:value");
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_PARAMS, "strip_size:64k")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("user.pvfs2.dist_params: strip_size is not a number: \"64k\"");
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_PARAMS, "strip_size:0")))
        .isInstanceOf(IOException.class).hasMessageContaining("strip_size is 0");
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.NUM_DFILES, "0")))
        .isInstanceOf(IOException.class).hasMessageContaining("user.pvfs2.num_dfiles: 0 datafiles is out of range");
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.NUM_DFILES, "four")))
        .isInstanceOf(IOException.class).hasMessageContaining("user.pvfs2.num_dfiles: value is not a number");
    assertThatThrownBy(() -> Pvfs2HintParser.parse(text(Pvfs2HintParser.DIST_NAME, "")))
        .isInstanceOf(IOException.class).hasMessageContaining("user.pvfs2.dist_name is empty");
  }
}
