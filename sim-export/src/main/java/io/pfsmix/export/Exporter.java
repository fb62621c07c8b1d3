package io.pfsmix.export;

import java.io.IOException;

/**
 * Writes one output format. The run calls {@link #accept} for every exported event in time order, then {@link #finish}
 * once; the exporter writes only below the staging path it was created with, which the run renames into place on
 * success and deletes on failure.
 */
public interface Exporter extends AutoCloseable {

  void accept(ExportEvent event) throws IOException;

  /** Completes the output; actors lists everyone seen in the input. */
  void finish(ActorTable actors) throws IOException;

  /** Releases open files without completing the output (also after finish). */
  @Override
  void close() throws IOException;
}
