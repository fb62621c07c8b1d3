package io.pfsmix.fs.layout;

import static io.pfsmix.fs.layout.LayoutFixtures.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

class FileLayoutTest {

  private static final long MIB = 1 << 20;

  private static StripeLayout striped(long unit, String... hosts) {
    return new StripeLayout(unit, hosts.length, 0, LayoutFixtures.hosts(hosts), "lustre.lov");
  }

  @Test
  void componentsStripeByAbsoluteFileOffset() throws IOException {
    FileLayout layout = new FileLayout(List.of(
        new FileLayout.Component(0, MIB, striped(MIB, "ost0")),
        new FileLayout.Component(MIB, 64 * MIB, striped(MIB, "ost1", "ost2", "ost3", "ost4"))));

    // Unit 1 (the component's first) is on targets.get(1 % 4) = ost2, as Lustre counts units from the file start.
    assertThat(describe(layout.blockLocations(100 * MIB, MIB / 2, 3 * MIB)))
        .containsExactly("524288+524288@ost0", "1048576+1048576@ost2", "2097152+1048576@ost3",
            "3145728+524288@ost4");
    assertThat(layout.layoutAt(0).targets()).extracting(StorageTarget::name).containsExactly("ost0");
    assertThat(layout.layoutAt(5 * MIB).stripeCount()).isEqualTo(4);
  }

  @Test
  void bytesInNoComponentHaveNoLocation() throws IOException {
    FileLayout layout = new FileLayout(List.of(
        new FileLayout.Component(0, MIB, striped(MIB, "a")),
        new FileLayout.Component(2 * MIB, Long.MAX_VALUE, striped(MIB, "b"))));

    assertThat(describe(layout.blockLocations(3 * MIB, 0, Long.MAX_VALUE)))
        .containsExactly("0+1048576@a", "2097152+1048576@b");
  }

  @Test
  void overlappingComponentsAreRejected() {
    assertThatThrownBy(() -> new FileLayout(List.of(
        new FileLayout.Component(0, 2 * MIB, striped(MIB, "a")),
        new FileLayout.Component(MIB, 4 * MIB, striped(MIB, "b")))))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlap");
  }
}
