package io.pfsmix.mix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Brings storage to the same state before every phase: the dirty data of earlier phases written out (so that a
 * phase does not pay for the last one's write-back) and, where permitted, the kernel's caches dropped (so that no phase
 * reads what an earlier one left in memory). Both act on this machine only: a cluster's other nodes keep their state.
 */
final class Settling {

  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");
  /** In {@link #describe()} whenever caches were kept; the report's checks look for it. */
  static final String CACHES_KEPT = "caches not dropped";
  private static final long SYNC_TIMEOUT_SECONDS = 600;

  private final boolean sync;
  private final boolean dropCaches;
  private final Progress progress;
  /** Why caches cannot be dropped here, once found; null while they can. */
  private String dropRefused;

  Settling(MeasurementMethod method, Progress progress) {
    this.sync = method.sync();
    this.dropCaches = method.dropCaches();
    this.progress = progress;
  }

  void settle() throws IOException, InterruptedException {
    if (sync || dropCaches) {
      runSync();
    }
    if (dropCaches && dropRefused == null) {
      try {
        // 3: page cache, dentries and inodes; only clean pages are dropped, hence the sync before
        Files.writeString(DROP_CACHES, "3\n");
      } catch (IOException | SecurityException e) {
        dropRefused = (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
            + " (dropping caches needs root)";
        progress.say("  caches cannot be dropped between phases: " + dropRefused);
      }
    }
  }

  /** Whether caches were dropped before every phase so far. */
  boolean cachesDropped() {
    return dropCaches && dropRefused == null;
  }

  /** What was done before each phase, for the report. */
  String describe() {
    if (!sync && !dropCaches) {
      return "nothing (" + MixKeys.SETTLE + " = none)";
    }
    String caches = !dropCaches ? CACHES_KEPT + " (" + MixKeys.SETTLE + ")"
        : dropRefused == null ? "caches dropped" : CACHES_KEPT + ": " + dropRefused;
    return "sync, " + caches + "; on this machine only";
  }

  private static void runSync() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("sync").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    if (!p.waitFor(SYNC_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException("sync did not finish in " + SYNC_TIMEOUT_SECONDS + " s");
    }
  }
}
