package io.pfsmix.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The one reader of pfsmix's keys: each type's values, bounds and messages (key and value in every error). */
class PfsConfigValuesTest {

  private static final String KEY = "pfsmix.test.key";

  private static PfsConfigValues with(String value) {
    Configuration conf = new Configuration(false);
    if (value != null) {
      conf.set(KEY, value);
    }
    return PfsConfigValues.of(conf);
  }

  private static void refused(Runnable read, String value, String why) {
    assertThatThrownBy(read::run).as(value).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(KEY).hasMessageContaining("'" + value + "'").hasMessageContaining(why);
  }

  @Test
  void booleansAreTrueOrFalseInAnyCase() {
    assertThat(with(null).bool(KEY, true)).isTrue();
    assertThat(with("").bool(KEY, true)).isTrue();
    assertThat(with(" FALSE ").bool(KEY, true)).isFalse();
    assertThat(with("True").bool(KEY, false)).isTrue();
    // Configuration.getBoolean takes each of these as the default
    for (String bad : List.of("flase", "yes", "1", "on")) {
      refused(() -> with(bad).bool(KEY, true), bad, "is not a boolean (true or false)");
    }
  }

  @Test
  void wholeNumbersAreCheckedAgainstTheirBounds() {
    assertThat(with(null).number(KEY, 7, 1, 10)).isEqualTo(7);
    assertThat(with(" 10 ").number(KEY, 7, 1, 10)).isEqualTo(10);
    assertThat(with("1").integer(KEY, 7, 1, 10)).isEqualTo(1);
    assertThat(with("-3").integer(KEY, 7, -5, 10)).isEqualTo(-3);
    refused(() -> with("0").integer(KEY, 7, 1, 10), "0", "is out of range: must be between 1 and 10");
    refused(() -> with("11").integer(KEY, 7, 1, 10), "11", "must be between 1 and 10");
    for (String bad : List.of("1.5", "4k", "ten", "99999999999999999999")) {
      refused(() -> with(bad).integer(KEY, 7, 1, 10), bad, "is not a whole number");
    }
  }

  @Test
  void decimalsTakePlainAndExponentNotationWithinTheirBounds() {
    assertThat(with(null).decimal(KEY, 0.25, 0, 1)).isEqualTo(0.25);
    assertThat(with("1e-5").decimal(KEY, 0, 0, Double.POSITIVE_INFINITY)).isEqualTo(1e-5);
    assertThat(with("0").decimal(KEY, 0.5, 0, 1)).isZero();
    assertThat(with(".5").decimal(KEY, 0, 0, 1)).isEqualTo(0.5);
    assertThat(with("1").decimalAbove(KEY, 0.2, 0, 1)).isEqualTo(1.0);
    refused(() -> with("-0.1").decimal(KEY, 0, 0, Double.POSITIVE_INFINITY), "-0.1",
        "is out of range: must be at least 0");
    refused(() -> with("1.5").decimal(KEY, 0, 0, 1), "1.5", "must be at least 0 and at most 1");
    refused(() -> with("0").decimalAbove(KEY, 0.2, 0, 1), "0", "must be above 0 and at most 1");
    refused(() -> with("0.0").decimalAbove(KEY, 0.5, 0, Double.POSITIVE_INFINITY), "0.0",
        "must be above 0");
    // Double.parseDouble would take all of these
    for (String bad : List.of("NaN", "Infinity", "0x1p3", "0.5f", "1d", "half")) {
      refused(() -> with(bad).decimal(KEY, 0, 0, Double.POSITIVE_INFINITY), bad,
          "is not a decimal number");
    }
  }

  @Test
  void durationsTakeAUnitOrTheKeysOwn() {
    assertThat(with(null).duration(KEY, 30, TimeUnit.SECONDS, 1, 100)).isEqualTo(30);
    assertThat(with("45").duration(KEY, 30, TimeUnit.SECONDS, 1, 1000)).isEqualTo(45);
    assertThat(with("2m").duration(KEY, 30, TimeUnit.SECONDS, 1, 1000)).isEqualTo(120);
    assertThat(with("1H").duration(KEY, 30, TimeUnit.SECONDS, 1, 10000)).isEqualTo(3600);
    assertThat(with("1d").duration(KEY, 30, TimeUnit.SECONDS, 1, 100000)).isEqualTo(86400);
    assertThat(with("30s").duration(KEY, 0, TimeUnit.MILLISECONDS, 0, 100000)).isEqualTo(30000);
    assertThat(with("500 ms").duration(KEY, 0, TimeUnit.MILLISECONDS, 0, 1000)).isEqualTo(500);
    // a finer value rounds up: 500 ms of a timeout in seconds must not become 0, "no limit"
    assertThat(with("500ms").duration(KEY, 30, TimeUnit.SECONDS, 0, 100)).isEqualTo(1);
    assertThat(with("2001ms").duration(KEY, 30, TimeUnit.SECONDS, 0, 100)).isEqualTo(3);
    assertThat(with("0").duration(KEY, 30, TimeUnit.SECONDS, 0, 100)).isZero();
    refused(() -> with("0").duration(KEY, 30, TimeUnit.SECONDS, 1, 100), "0",
        "is out of range: must be between 1 and 100 seconds");
    refused(() -> with("2m").duration(KEY, 30, TimeUnit.MILLISECONDS, 1, 1000), "2m",
        "must be between 1 and 1000 milliseconds");
    refused(() -> with("99999999999999999999").duration(KEY, 30, TimeUnit.SECONDS, 1, 100),
        "99999999999999999999", "must be between 1 and 100 seconds");
    refused(() -> with("106751991167301d").duration(KEY, 30, TimeUnit.MILLISECONDS, 1, 100),
        "106751991167301d", "must be between 1 and 100 milliseconds");
    for (String bad : List.of("1.5s", "-1", "5 minutes", "10us", "s", "PT30S")) {
      refused(() -> with(bad).duration(KEY, 30, TimeUnit.SECONDS, 0, 100), bad,
          "is not a duration (a whole number with an optional unit ms, s, m, h or d: 30s, 500ms, 2m; without a unit:"
              + " seconds)");
    }
  }

  @Test
  void choicesAreOneOfTheNamedValuesAndTheErrorListsThem() {
    List<String> allowed = List.of("logistic", "centroid");
    assertThat(with(null).choice(KEY, "logistic", allowed)).isEqualTo("logistic");
    assertThat(with(" centroid ").choice(KEY, "logistic", allowed)).isEqualTo("centroid");
    for (String bad : List.of("Centroid", "kmeans")) {
      refused(() -> with(bad).choice(KEY, "logistic", allowed), bad,
          "is not one of logistic, centroid");
    }
  }

  @Test
  void rootDirectoriesAreAbsoluteWithoutDotsAndNormalized() {
    assertThat(with(null).rootDirectory(KEY, "/")).isEqualTo("/");
    assertThat(with("//pfsmix//runs/").rootDirectory(KEY, "/")).isEqualTo("/pfsmix/runs");
    assertThat(with("/").rootDirectory(KEY, "/x")).isEqualTo("/");
    refused(() -> with("pfsmix").rootDirectory(KEY, "/"), "pfsmix",
        "is not an absolute path inside the file system");
    for (String dots : List.of("/a/../b", "/a/./b", "/..")) {
      refused(() -> with(dots).rootDirectory(KEY, "/"), dots, "holds '.' or '..'");
    }
  }

  @Test
  void aMapOfSettingsIsReadWithTheSameGrammarAndTheCallersException() {
    final class SettingException extends IllegalArgumentException {
      final String key;

      SettingException(String key, IllegalArgumentException problem) {
        super(problem.getMessage(), problem);
        this.key = key;
      }
    }
    PfsConfigValues values = PfsConfigValues.of(Map.of(KEY, " on ", "size", "7.2g", "empty", " "), SettingException::new);
    assertThat(values.string("empty", "default")).isEqualTo("default");
    assertThat(values.string(KEY, "off")).isEqualTo("on");
    assertThat(values.bytes("size", 0, 1, Long.MAX_VALUE)).isEqualTo(7730941133L);
    assertThat(values.integer("unset", 3, 1, 10)).isEqualTo(3);
    assertThatThrownBy(() -> values.bool(KEY, true)).isInstanceOfSatisfying(SettingException.class,
        e -> assertThat(e.key).isEqualTo(KEY)).hasMessage(KEY + " = 'on' is not a boolean (true or false)");
    assertThatThrownBy(() -> values.bytes("size", 0, 1, 1 << 20)).isInstanceOf(SettingException.class)
        .hasMessage("size = '7.2g' is out of range: must be between 1 and 1048576 bytes");
    assertThatThrownBy(() -> values.bytes("empty", 0, 1, 1 << 20)).isInstanceOf(SettingException.class)
        .hasMessageStartingWith("empty: '' is not a size");
  }

  @Test
  void sizesUseTheSizeGrammarAndTheirBounds() {
    assertThat(with(null).bytes(KEY, 4096, 1, 1L << 30)).isEqualTo(4096);
    assertThat(with("64k").bytes(KEY, 4096, 1, 1L << 30)).isEqualTo(64 << 10);
    assertThat(with("1m").bufferBytes(KEY, 4096, 1)).isEqualTo(1 << 20);
    refused(() -> with("2g").bytes(KEY, 4096, 1, 1L << 30), "2g",
        "is out of range: must be between 1 and 1073741824 bytes");
    refused(() -> with("2g").bufferBytes(KEY, 4096, 1), "2g", "is out of range");
    refused(() -> with("four").bytes(KEY, 4096, 1, 1L << 30), "four", "is not a size");
    // an empty size is a mistake, not "unset"
    refused(() -> with("").bytes(KEY, 4096, 1, 1L << 30), "", "is not a size");
  }
}
