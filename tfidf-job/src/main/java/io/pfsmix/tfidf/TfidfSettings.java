package io.pfsmix.tfidf;

import java.util.List;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsConfigValues;

/**
 * The TF-IDF keys ({@link TfidfConfigKeys}) read through pfsmix's one reader, each with its bounds written once: the
 * driver and every task read a key the same way, and a bad value fails naming key and value.
 */
final class TfidfSettings {

  private TfidfSettings() {
  }

  static int maxRecordBytes(Configuration conf) {
    return PfsConfigValues.of(conf).bufferBytes(TfidfConfigKeys.MAX_RECORD_BYTES,
        TfidfConfigKeys.MAX_RECORD_BYTES_DEFAULT, 1);
  }

  static int maxLineBytes(Configuration conf) {
    // 16: room for the shortest request line
    return PfsConfigValues.of(conf).bufferBytes(TfidfConfigKeys.MAX_LINE_BYTES, TfidfConfigKeys.MAX_LINE_BYTES_DEFAULT,
        16);
  }

  static int topK(Configuration conf) {
    return PfsConfigValues.of(conf).integer(TfidfConfigKeys.TOP_K, TfidfConfigKeys.TOP_K_DEFAULT, 1, Integer.MAX_VALUE);
  }

  static int minDf(Configuration conf) {
    return PfsConfigValues.of(conf).integer(TfidfConfigKeys.MIN_DF, TfidfConfigKeys.MIN_DF_DEFAULT, 0,
        Integer.MAX_VALUE);
  }

  static double maxDfShare(Configuration conf) {
    return PfsConfigValues.of(conf).decimalAbove(TfidfConfigKeys.MAX_DF_SHARE, TfidfConfigKeys.MAX_DF_SHARE_DEFAULT, 0,
        1);
  }

  static int centroidsPerClass(Configuration conf) {
    return PfsConfigValues.of(conf).integer(TfidfConfigKeys.CENTROIDS_PER_CLASS,
        TfidfConfigKeys.CENTROIDS_PER_CLASS_DEFAULT, 1, 64);
  }

  static String model(Configuration conf) {
    return PfsConfigValues.of(conf).choice(TfidfConfigKeys.MODEL, TfidfConfigKeys.MODEL_DEFAULT,
        List.of(TfidfConfigKeys.MODEL_LOGISTIC, TfidfConfigKeys.MODEL_CENTROID));
  }

  static int logisticRounds(Configuration conf) {
    return PfsConfigValues.of(conf).integer(TfidfConfigKeys.LOGISTIC_ROUNDS, TfidfConfigKeys.LOGISTIC_ROUNDS_DEFAULT, 1,
        Integer.MAX_VALUE);
  }

  static int logisticEpochs(Configuration conf) {
    return PfsConfigValues.of(conf).integer(TfidfConfigKeys.LOGISTIC_EPOCHS, TfidfConfigKeys.LOGISTIC_EPOCHS_DEFAULT, 1,
        Integer.MAX_VALUE);
  }

  // rate and L2 stay floats, as they were always read: a configured value trains the same weights as before
  static float learningRate(Configuration conf) {
    return (float) PfsConfigValues.of(conf).decimalAbove(TfidfConfigKeys.LOGISTIC_LEARNING_RATE,
        TfidfConfigKeys.LOGISTIC_LEARNING_RATE_DEFAULT, 0, Double.POSITIVE_INFINITY);
  }

  static float l2(Configuration conf) {
    return (float) PfsConfigValues.of(conf).decimal(TfidfConfigKeys.LOGISTIC_L2, TfidfConfigKeys.LOGISTIC_L2_DEFAULT, 0,
        Double.POSITIVE_INFINITY);
  }

  static boolean writeLabels(Configuration conf) {
    return PfsConfigValues.of(conf).bool(TfidfConfigKeys.WRITE_LABELS, TfidfConfigKeys.WRITE_LABELS_DEFAULT);
  }
}
