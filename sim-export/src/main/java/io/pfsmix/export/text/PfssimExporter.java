package io.pfsmix.export.text;

import io.pfsmix.export.Actor;
import io.pfsmix.export.ActorTable;
import io.pfsmix.export.EventKind;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.ExportOptions;
import io.pfsmix.export.ExportWarnings;
import io.pfsmix.export.Exporter;
import io.pfsmix.export.PerActorWriters;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * PFSsim client traces: one file per actor ("&lt;actor&gt;.trace") of lines "time fileid offset size read appid sync", time
 * in seconds since the first record, read 1 for reads and 0 for writes, sync 1 (every traced call blocked its caller).
 * fileid numbers files in order of first use (files.txt lists "fileid path"); appid numbers applications: each Hadoop job,
 * and all IOR ranks / untagged processes as one more (apps.txt lists "appid name"). Non-data calls are counted warnings.
 */
public final class PfssimExporter implements Exporter {
  private final Path directory;
  private final ExportWarnings warnings;
  private final PerActorWriters writers;
  private final Map<String, Integer> files = new LinkedHashMap<>();
  private final Map<String, Integer> apps = new LinkedHashMap<>();
  private final StringBuilder line = new StringBuilder(96);
  private long baseNs = Long.MIN_VALUE;

  public PfssimExporter(Path directory, ExportOptions options, ExportWarnings warnings) throws IOException {
    this.directory = directory;
    this.warnings = warnings;
    this.writers = new PerActorWriters(directory, ".trace");
  }

  @Override
  public void accept(ExportEvent e) throws IOException {
    if (baseNs == Long.MIN_VALUE) {
      baseNs = e.startNs();
    }
    if (!e.kind.movesData() || e.fsPath == null) {
      if (e.kind.impliedByOffsets()) {
        return;
      }
      warnings.warn("PFSsim traces hold reads and writes only; " + e.kind + " calls skipped", e);
      return;
    }
    int file = files.computeIfAbsent(e.fsPath, p -> files.size());
    int app = apps.computeIfAbsent(appOf(e.actor), a -> apps.size());
    line.setLength(0);
    appendSeconds(line, e.startNs() - baseNs);
    line.append(' ').append(file).append(' ').append(e.offset).append(' ').append(e.transferred).append(' ')
        .append(e.kind == EventKind.READ ? '1' : '0').append(' ').append(app).append(" 1\n");
    BufferedWriter w = writers.of(e.actor);
    w.append(line);
  }

  private static String appOf(Actor actor) {
    String job = actor.context().jobId();
    return actor.context().hasTask() && !job.isEmpty() ? job : actor.context().hasRank() ? "ior" : "processes";
  }

  /** Seconds with nine decimals. */
  static void appendSeconds(StringBuilder b, long ns) {
    if (ns < 0) {
      b.append('-');
      ns = -ns;
    }
    b.append(ns / 1_000_000_000L).append('.');
    String frac = Long.toString(ns % 1_000_000_000L);
    for (int i = frac.length(); i < 9; i++) {
      b.append('0');
    }
    b.append(frac);
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    writers.close();
    StringBuilder f = new StringBuilder();
    files.forEach((path, id) -> f.append(id).append(' ').append(path).append('\n'));
    Files.writeString(directory.resolve("files.txt"), f, StandardCharsets.UTF_8);
    StringBuilder a = new StringBuilder();
    apps.forEach((name, id) -> a.append(id).append(' ').append(name).append('\n'));
    Files.writeString(directory.resolve("apps.txt"), a, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    writers.close();
  }
}
