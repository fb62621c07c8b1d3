package io.pfsmix.export.text;

import io.pfsmix.export.Actor;
import io.pfsmix.export.ActorTable;
import io.pfsmix.export.EventKind;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.ExportWarnings;
import io.pfsmix.export.Exporter;
import io.pfsmix.export.PerActorWriters;
import io.pfsmix.trace.format.TraceOp;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * HECIOS serial trace format (SHTF), one file per actor ("&lt;actor&gt;.shtf"): a format line, "numFiles numRecords",
 * one "path size" line per file, then records "start duration CMD args" (seconds since the first record) with CMD one of
 * OPEN path mode fd, READ fd offset extent, WRITE fd offset extent, CLOSE fd status, DELETE path, MKDIR path perms.
 * The header needs counts, so records go to a spool file first and are copied behind the header at the end. A read or
 * write on a file the actor never opened in the trace gets an OPEN (duration 0) first; other calls are counted warnings.
 */
public final class HeciosExporter implements Exporter {
  static final String FORMAT_LINE = "SHTF 1.0 pfsmix";
  private final Path directory;
  private final ExportWarnings warnings;
  private final PerActorWriters spools;
  private final List<ActorState> states = new ArrayList<>();
  private final StringBuilder line = new StringBuilder(128);
  private long baseNs = Long.MIN_VALUE;

  private static final class ActorState {
    final Map<String, Integer> descriptors = new HashMap<>();
    final Map<String, Long> fileSizes = new LinkedHashMap<>();
    long records;
    int nextDescriptor = 3;
  }

  public HeciosExporter(Path directory, ExportWarnings warnings) throws IOException {
    this.directory = directory;
    this.warnings = warnings;
    this.spools = new PerActorWriters(directory.resolve(".spool"), ".records");
  }

  @Override
  public void accept(ExportEvent e) throws IOException {
    if (baseNs == Long.MIN_VALUE) {
      baseNs = e.startNs();
    }
    if (e.fsPath == null) {
      warnings.warn("SHTF records name a file; " + e.kind + " call without one skipped", e);
      return;
    }
    String path = e.fsPath;
    if (path.chars().anyMatch(Character::isWhitespace)) {
      warnings.warn("path with whitespace written with '_' in its place (SHTF fields are whitespace-separated)", e);
      path = path.replaceAll("\\s", "_");
    }
    ActorState s = stateOf(e.actor);
    s.fileSizes.putIfAbsent(path, 0L);
    switch (e.kind) {
      case OPEN -> {
        int fd = s.nextDescriptor++;
        s.descriptors.put(path, fd);
        String mode = e.record.op() == TraceOp.OPEN || e.record.op() == TraceOp.OPEN_FILE
            || e.record.op() == TraceOp.POSIX_OPEN || e.record.op() == TraceOp.POSIX_OPENAT ? "r" : "w";
        emit(e, s, e.startNs(), e.durationNs(), "OPEN " + path + " " + mode + " " + fd);
      }
      case READ, WRITE -> {
        Integer fd = s.descriptors.get(path);
        if (fd == null) {
          fd = s.nextDescriptor++;
          s.descriptors.put(path, fd);
          emit(e, s, e.startNs(), 0, "OPEN " + path + " r " + fd);
        }
        s.fileSizes.merge(path, e.offset + e.transferred, Math::max);
        emit(e, s, e.startNs(), e.durationNs(),
            (e.kind == EventKind.READ ? "READ " : "WRITE ") + fd + " " + e.offset + " "
                + e.transferred);
      }
      case CLOSE -> {
        Integer fd = s.descriptors.remove(path);
        if (fd == null) {
          warnings.warn("close of a file not opened in the trace skipped", e);
          return;
        }
        emit(e, s, e.startNs(), e.durationNs(), "CLOSE " + fd + " " + (e.record.succeeded() ? 0 : -1));
      }
      case SEEK -> {
        // READ and WRITE records carry their offsets
      }
      default -> {
        TraceOp op = e.record.op();
        if (op == TraceOp.DELETE) {
          emit(e, s, e.startNs(), e.durationNs(), "DELETE " + path);
        } else if (op == TraceOp.MKDIRS) {
          emit(e, s, e.startNs(), e.durationNs(), "MKDIR " + path + " 0755");
        } else {
          warnings.warn("SHTF has no record for " + op + "; skipped", e);
        }
      }
    }
  }

  private ActorState stateOf(Actor actor) {
    while (states.size() <= actor.index()) {
      states.add(null);
    }
    ActorState s = states.get(actor.index());
    if (s == null) {
      s = new ActorState();
      states.set(actor.index(), s);
    }
    return s;
  }

  private void emit(ExportEvent e, ActorState s, long startNs, long durationNs, String command) throws IOException {
    line.setLength(0);
    PfssimExporter.appendSeconds(line, startNs - baseNs);
    line.append(' ');
    PfssimExporter.appendSeconds(line, durationNs);
    line.append(' ').append(command).append('\n');
    spools.of(e.actor).append(line);
    s.records++;
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    spools.close();
    for (Actor actor : actors.actors()) {
      ActorState s = actor.index() < states.size() ? states.get(actor.index()) : null;
      if (s == null) {
        continue;
      }
      Path spool = spools.fileOf(actor);
      try (BufferedWriter out = Files.newBufferedWriter(directory.resolve(actor.name() + ".shtf"),
          StandardCharsets.UTF_8); BufferedReader in = Files.newBufferedReader(spool, StandardCharsets.UTF_8)) {
        out.write(FORMAT_LINE + "\n");
        out.write(s.fileSizes.size() + " " + s.records + "\n");
        for (Map.Entry<String, Long> f : s.fileSizes.entrySet()) {
          out.write(f.getKey() + " " + f.getValue() + "\n");
        }
        in.transferTo(out);
      }
      Files.delete(spool);
    }
    Files.deleteIfExists(directory.resolve(".spool"));
  }

  @Override
  public void close() throws IOException {
    spools.close();
  }
}
