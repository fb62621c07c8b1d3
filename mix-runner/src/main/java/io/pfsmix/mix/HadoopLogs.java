package io.pfsmix.mix;

import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/** Hadoop's logging while a mix stops its workloads, so that the mix's own lines say what happened. */
final class HadoopLogs {

  private static final Logger HADOOP = Logger.getLogger("org.apache.hadoop");
  private static Level beforeStop;
  private static boolean stopping;

  private HadoopLogs() {
  }

  /**
   * Silences Hadoop once the mix stops its workloads (a phase failed, Ctrl-C, SIGTERM) until {@link #restore}: Hadoop
   * logs the interrupts that stop them as warnings and errors with stack traces (a job, a shell command, a spill
   * interrupted), while what stopped the phase is already in the mix's own lines and results. PFSMIX_DEBUG=1 keeps them.
   */
  static synchronized void silenceForStop() {
    if (!stopping && !"1".equals(System.getenv("PFSMIX_DEBUG"))) {
      beforeStop = HADOOP.getLevel();
      HADOOP.setLevel(Level.OFF);
      stopping = true;
    }
  }

  /** Hadoop's logging as it was before {@link #silenceForStop}. */
  static synchronized void restore() {
    if (stopping) {
      HADOOP.setLevel(beforeStop);
      stopping = false;
    }
  }
}
