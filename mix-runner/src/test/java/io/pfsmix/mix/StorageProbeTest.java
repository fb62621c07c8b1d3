package io.pfsmix.mix;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class StorageProbeTest {

  private static Map<String, String> described(double[] alone, double[] busy) {
    Map<String, String> environment = new LinkedHashMap<>();
    new StorageProbe.BesideComputing(alone, busy, "-a HADOOP -w -o /mix/probe-busy/checkpoint").describeInto(environment);
    return environment;
  }

  @Test
  void theSlowdownBesideComputingIsTheRatioOfTheMediansWhereEveryRoundBesideWasSlower() {
    // medians 622.7 and 387.7: 1.606
    Map<String, String> env = described(new double[] {645.4, 602.0, 622.7}, new double[] {391.6, 387.7, 380.0});
    assertThat(env).containsEntry(StorageProbe.BesideComputing.SLOWDOWN_KEY, "1.606")
        .containsEntry(StorageProbe.BesideComputing.DETAIL_KEY, "alone 645.4, 602.0, 622.7; beside it 391.6, 387.7,"
            + " 380.0 (IOR's write bandwidth per round, in turn)")
        .containsEntry(StorageProbe.BesideComputing.COMMAND_KEY, "pfsmix ior -a HADOOP -w -o /mix/probe-busy/checkpoint");
  }

  @Test
  void roundsThatOverlapRecordNoSlowdownAndSaySo() {
    // a round beside the thread (1023.2) faster than one alone (951.3): the spread, not the computing
    Map<String, String> env = described(new double[] {951.3, 1446.0, 1213.8}, new double[] {1023.2, 1158.2, 269.9});
    assertThat(env).doesNotContainKey(StorageProbe.BesideComputing.SLOWDOWN_KEY);
    assertThat(env.get(StorageProbe.BesideComputing.DETAIL_KEY)).endsWith("; the rounds overlap, so no slowdown is"
        + " recorded");
  }
}
