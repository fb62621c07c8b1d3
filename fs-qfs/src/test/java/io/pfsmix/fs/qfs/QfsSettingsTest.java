package io.pfsmix.fs.qfs;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A bad value of a fs.pfs.qfs.* key is refused naming the key and the value, before any client connects. */
class QfsSettingsTest {

  @ParameterizedTest
  @CsvSource({
      QfsConfigKeys.MAX_RETRIES + ", -1",
      QfsConfigKeys.SHARED_WRITER_MAX_RETRIES + ", 1001",
      QfsConfigKeys.SHARED_WRITER_MAX_RETRIES + ", many",
      QfsConfigKeys.RETRY_DELAY_SECONDS + ", 3601",
      QfsConfigKeys.OP_TIMEOUT_SECONDS + ", 0",
      QfsConfigKeys.REPLICAS + ", -2",
      QfsConfigKeys.CLIENT_LOG_LEVEL + ", LOUD"})
  void aBadValueIsRefusedNamingItsKey(String key, String value) {
    Configuration conf = new Configuration(false);
    // nothing listens on port 1: a refusal that came from connecting would name the metaserver instead
    conf.set(QfsConfigKeys.METASERVER, "127.0.0.1:1");
    conf.set(key, value);
    assertThatThrownBy(() -> QfsBackend.connect(conf)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(key).hasMessageContaining(value);
  }
}
