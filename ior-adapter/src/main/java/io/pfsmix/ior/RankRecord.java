package io.pfsmix.ior;

import java.util.Locale;

/**
 * What one rank measured in one phase of one iteration: IOR's six timers (open start/stop, transfer start/stop, close
 * start/stop), bytes moved, transfers made, and data-check errors with the first wrong byte.
 */
record RankRecord(int rank, int iteration, Phase phase, double[] timers, long bytes, long transfers, int signature,
    long errors, IorDataError firstError, long fileSize, Stonewall stonewall) {

  /**
   * Where the rank stood when -O stoneWallingWearOut's stonewall (-D) ended its phase, before it went on to the busiest
   * rank's count.
   *
   * @param transfers transfers made by then
   * @param bytes bytes moved by then
   * @param seconds from the first transfer to the stonewall
   */
  record Stonewall(long transfers, long bytes, double seconds) {
  }

  static final int OPEN_START = 0;
  static final int OPEN_STOP = 1;
  static final int RDWR_START = 2;
  static final int RDWR_STOP = 3;
  static final int CLOSE_START = 4;
  static final int CLOSE_STOP = 5;

  /** One tab-separated line, for YARN tasks that hand their records to the client through files. */
  String toLine() {
    StringBuilder line = new StringBuilder();
    line.append(rank).append('\t').append(iteration).append('\t').append(phase).append('\t');
    for (double timer : timers) {
      line.append(String.format(Locale.ROOT, "%.9f", timer)).append('\t');
    }
    line.append(bytes).append('\t').append(transfers).append('\t').append(signature).append('\t').append(errors);
    line.append('\t').append(fileSize).append('\t');
    if (stonewall == null) {
      line.append("-\t-\t-");
    } else {
      line.append(stonewall.transfers()).append('\t').append(stonewall.bytes()).append('\t')
          .append(String.format(Locale.ROOT, "%.9f", stonewall.seconds()));
    }
    if (firstError != null) {
      line.append('\t').append(firstError.phase()).append('\t').append(firstError.dataRank()).append('\t')
          .append(firstError.offset()).append('\t').append(firstError.expected()).append('\t')
          .append(firstError.actual()).append('\t').append(firstError.file());
    }
    return line.toString();
  }

  static RankRecord fromLine(String line) {
    String[] f = line.split("\t", -1);
    int rank = Integer.parseInt(f[0]);
    int iteration = Integer.parseInt(f[1]);
    Phase phase = Phase.valueOf(f[2]);
    double[] timers = new double[6];
    for (int i = 0; i < 6; i++) {
      timers[i] = Double.parseDouble(f[3 + i]);
    }
    long errors = Long.parseLong(f[12]);
    long fileSize = Long.parseLong(f[13]);
    Stonewall stonewall = f[14].equals("-") ? null
        : new Stonewall(Long.parseLong(f[14]), Long.parseLong(f[15]), Double.parseDouble(f[16]));
    IorDataError first = null;
    if (f.length > 17) {
      first = new IorDataError(f[17], iteration, rank, Integer.parseInt(f[18]), f[22], Long.parseLong(f[19]),
          Byte.parseByte(f[20]), Byte.parseByte(f[21]), errors);
    }
    return new RankRecord(rank, iteration, phase, timers, Long.parseLong(f[9]), Long.parseLong(f[10]),
        Integer.parseInt(f[11]), errors, first, fileSize, stonewall);
  }
}
