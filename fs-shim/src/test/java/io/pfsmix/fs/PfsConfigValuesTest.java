package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The one reader of pfsmix's keys: each type's values, bounds and messages (key and value in every error). */
class PfsConfigValuesTest {

  private static final String KEY = "pfsmix.test.key";

  private static Configuration with(String value) {
    Configuration conf = new Configuration(false);
    if (value != null) {
      conf.set(KEY, value);
    }
    return conf;
  }

  private static void refused(Runnable read, String value, String why) {
    assertThatThrownBy(read::run).as(value).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(KEY).hasMessageContaining("'" + value + "'").hasMessageContaining(why);
  }

  @Test
  void booleansAreTrueOrFalseInAnyCase() {
    assertThat(PfsConfigValues.bool(with(null), KEY, true)).isTrue();
    assertThat(PfsConfigValues.bool(with(""), KEY, true)).isTrue();
    assertThat(PfsConfigValues.bool(with(" FALSE "), KEY, true)).isFalse();
    assertThat(PfsConfigValues.bool(with("True"), KEY, false)).isTrue();
    // Configuration.getBoolean takes each of these as the default
    for (String bad : List.of("flase", "yes", "1", "on")) {
      refused(() -> PfsConfigValues.bool(with(bad), KEY, true), bad, "is not a boolean (true or false)");
    }
  }

  @Test
  void wholeNumbersAreCheckedAgainstTheirBounds() {
    assertThat(PfsConfigValues.number(with(null), KEY, 7, 1, 10)).isEqualTo(7);
    assertThat(PfsConfigValues.number(with(" 10 "), KEY, 7, 1, 10)).isEqualTo(10);
    assertThat(PfsConfigValues.integer(with("1"), KEY, 7, 1, 10)).isEqualTo(1);
    assertThat(PfsConfigValues.integer(with("-3"), KEY, 7, -5, 10)).isEqualTo(-3);
    refused(() -> PfsConfigValues.integer(with("0"), KEY, 7, 1, 10), "0", "is out of range: must be between 1 and 10");
    refused(() -> PfsConfigValues.integer(with("11"), KEY, 7, 1, 10), "11", "must be between 1 and 10");
    for (String bad : List.of("1.5", "4k", "ten", "99999999999999999999")) {
      refused(() -> PfsConfigValues.integer(with(bad), KEY, 7, 1, 10), bad, "is not a whole number");
    }
  }

  @Test
  void decimalsTakePlainAndExponentNotationWithinTheirBounds() {
    assertThat(PfsConfigValues.decimal(with(null), KEY, 0.25, 0, 1)).isEqualTo(0.25);
    assertThat(PfsConfigValues.decimal(with("1e-5"), KEY, 0, 0, Double.POSITIVE_INFINITY)).isEqualTo(1e-5);
    assertThat(PfsConfigValues.decimal(with("0"), KEY, 0.5, 0, 1)).isZero();
    assertThat(PfsConfigValues.decimal(with(".5"), KEY, 0, 0, 1)).isEqualTo(0.5);
    assertThat(PfsConfigValues.decimalAbove(with("1"), KEY, 0.2, 0, 1)).isEqualTo(1.0);
    refused(() -> PfsConfigValues.decimal(with("-0.1"), KEY, 0, 0, Double.POSITIVE_INFINITY), "-0.1",
        "is out of range: must be at least 0");
    refused(() -> PfsConfigValues.decimal(with("1.5"), KEY, 0, 0, 1), "1.5", "must be at least 0 and at most 1");
    refused(() -> PfsConfigValues.decimalAbove(with("0"), KEY, 0.2, 0, 1), "0", "must be above 0 and at most 1");
    refused(() -> PfsConfigValues.decimalAbove(with("0.0"), KEY, 0.5, 0, Double.POSITIVE_INFINITY), "0.0",
        "must be above 0");
    // Double.parseDouble would take all of these
    for (String bad : List.of("NaN", "Infinity", "0x1p3", "0.5f", "1d", "half")) {
      refused(() -> PfsConfigValues.decimal(with(bad), KEY, 0, 0, Double.POSITIVE_INFINITY), bad,
          "is not a decimal number");
    }
  }

  @Test
  void durationsTakeAUnitOrTheKeysOwn() {
    assertThat(PfsConfigValues.duration(with(null), KEY, 30, TimeUnit.SECONDS, 1, 100)).isEqualTo(30);
    assertThat(PfsConfigValues.duration(with("45"), KEY, 30, TimeUnit.SECONDS, 1, 1000)).isEqualTo(45);
    assertThat(PfsConfigValues.duration(with("2m"), KEY, 30, TimeUnit.SECONDS, 1, 1000)).isEqualTo(120);
    assertThat(PfsConfigValues.duration(with("1H"), KEY, 30, TimeUnit.SECONDS, 1, 10000)).isEqualTo(3600);
    assertThat(PfsConfigValues.duration(with("1d"), KEY, 30, TimeUnit.SECONDS, 1, 100000)).isEqualTo(86400);
    assertThat(PfsConfigValues.duration(with("30s"), KEY, 0, TimeUnit.MILLISECONDS, 0, 100000)).isEqualTo(30000);
    assertThat(PfsConfigValues.duration(with("500 ms"), KEY, 0, TimeUnit.MILLISECONDS, 0, 1000)).isEqualTo(500);
    // a finer value rounds up: 500 ms of a timeout in seconds must not become 0, "no limit"
    assertThat(PfsConfigValues.duration(with("500ms"), KEY, 30, TimeUnit.SECONDS, 0, 100)).isEqualTo(1);
    assertThat(PfsConfigValues.duration(with("2001ms"), KEY, 30, TimeUnit.SECONDS, 0, 100)).isEqualTo(3);
    assertThat(PfsConfigValues.duration(with("0"), KEY, 30, TimeUnit.SECONDS, 0, 100)).isZero();
    refused(() -> PfsConfigValues.duration(with("0"), KEY, 30, TimeUnit.SECONDS, 1, 100), "0",
        "is out of range: must be between 1 and 100 seconds");
    refused(() -> PfsConfigValues.duration(with("2m"), KEY, 30, TimeUnit.MILLISECONDS, 1, 1000), "2m",
        "must be between 1 and 1000 milliseconds");
    refused(() -> PfsConfigValues.duration(with("99999999999999999999"), KEY, 30, TimeUnit.SECONDS, 1, 100),
        "99999999999999999999", "must be between 1 and 100 seconds");
    refused(() -> PfsConfigValues.duration(with("106751991167301d"), KEY, 30, TimeUnit.MILLISECONDS, 1, 100),
        "106751991167301d", "must be between 1 and 100 milliseconds");
    for (String bad : List.of("1.5s", "-1", "5 minutes", "10us", "s", "PT30S")) {
      refused(() -> PfsConfigValues.duration(with(bad), KEY, 30, TimeUnit.SECONDS, 0, 100), bad,
          "is not a duration (a whole number with an optional unit ms, s, m, h or d: 30s, 500ms, 2m; without a unit:"
              + " seconds)");
    }
  }

  @Test
  void choicesAreOneOfTheNamedValuesAndTheErrorListsThem() {
    List<String> allowed = List.of("logistic", "centroid");
    assertThat(PfsConfigValues.choice(with(null), KEY, "logistic", allowed)).isEqualTo("logistic");
    assertThat(PfsConfigValues.choice(with(" centroid "), KEY, "logistic", allowed)).isEqualTo("centroid");
    for (String bad : List.of("Centroid", "kmeans")) {
      refused(() -> PfsConfigValues.choice(with(bad), KEY, "logistic", allowed), bad,
          "is not one of logistic, centroid");
    }
  }

  @Test
  void rootDirectoriesAreAbsoluteWithoutDotsAndNormalized() {
    assertThat(PfsConfigValues.rootDirectory(with(null), KEY, "/")).isEqualTo("/");
    assertThat(PfsConfigValues.rootDirectory(with("//pfsmix//runs/"), KEY, "/")).isEqualTo("/pfsmix/runs");
    assertThat(PfsConfigValues.rootDirectory(with("/"), KEY, "/x")).isEqualTo("/");
    refused(() -> PfsConfigValues.rootDirectory(with("pfsmix"), KEY, "/"), "pfsmix",
        "is not an absolute path inside the file system");
    for (String dots : List.of("/a/../b", "/a/./b", "/..")) {
      refused(() -> PfsConfigValues.rootDirectory(with(dots), KEY, "/"), dots, "holds '.' or '..'");
    }
  }

  @Test
  void sizesUseTheSizeGrammarAndTheirBounds() {
    assertThat(PfsConfigValues.bytes(with(null), KEY, 4096, 1, 1L << 30)).isEqualTo(4096);
    assertThat(PfsConfigValues.bytes(with("64k"), KEY, 4096, 1, 1L << 30)).isEqualTo(64 << 10);
    assertThat(PfsConfigValues.bufferBytes(with("1m"), KEY, 4096, 1)).isEqualTo(1 << 20);
    refused(() -> PfsConfigValues.bytes(with("2g"), KEY, 4096, 1, 1L << 30), "2g",
        "is out of range: must be between 1 and 1073741824 bytes");
    refused(() -> PfsConfigValues.bufferBytes(with("2g"), KEY, 4096, 1), "2g", "is out of range");
    refused(() -> PfsConfigValues.bytes(with("four"), KEY, 4096, 1, 1L << 30), "four", "is not a size");
    // an empty size is a mistake, not "unset"
    refused(() -> PfsConfigValues.bytes(with(""), KEY, 4096, 1, 1L << 30), "", "is not a size");
  }
}
