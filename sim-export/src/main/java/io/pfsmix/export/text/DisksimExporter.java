package io.pfsmix.export.text;

import io.pfsmix.export.ActorTable;
import io.pfsmix.export.EventKind;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.ExportOptions;
import io.pfsmix.export.ExportWarnings;
import io.pfsmix.export.Exporter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * DiskSim's ASCII trace: "time_ms devno blkno bcount flags" per request, time in milliseconds since the first record,
 * 512-byte blocks, flags 1 for a read and 0 for a write. Files are laid out on the devices in order of first use: file i
 * goes to device i mod D at block (i div D) x span, so each file owns span blocks (--disksim-file-span). Calls that move no
 * data, and accesses beyond a file's span, cannot be expressed and are counted as warnings.
 */
public final class DisksimExporter implements Exporter {
  static final int BLOCK = 512;
  private final BufferedWriter out;
  private final ExportOptions options;
  private final ExportWarnings warnings;
  private final Map<String, Integer> fileIndex = new HashMap<>();
  private final StringBuilder line = new StringBuilder(64);
  private long baseNs = Long.MIN_VALUE;

  public DisksimExporter(Path output, ExportOptions options, ExportWarnings warnings) throws IOException {
    this.out = Files.newBufferedWriter(output, StandardCharsets.US_ASCII);
    this.options = options;
    this.warnings = warnings;
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
      warnings.warn("DiskSim traces hold block reads and writes only; " + e.kind + " calls skipped", e);
      return;
    }
    if (e.transferred == 0) {
      warnings.warn("read or write that moved no bytes skipped (DiskSim requests need at least one block)", e);
      return;
    }
    int file = fileIndex.computeIfAbsent(e.fsPath, p -> fileIndex.size());
    long span = options.disksimFileSpanBlocks();
    long firstBlock = e.offset / BLOCK;
    long blocks = (e.offset % BLOCK + e.transferred + BLOCK - 1) / BLOCK;
    if (firstBlock + blocks > span) {
      warnings.warn("access beyond the file's span of " + span + " blocks (--disksim-file-span) skipped", e);
      return;
    }
    int devices = options.disksimDevices();
    long slot = file / devices;
    if (slot > (Long.MAX_VALUE - span) / span) {
      warnings.warn("file placed beyond block 2^63 of its device (--disksim-file-span too large for this many files; "
          + "add --disksim-devices) skipped", e);
      return;
    }
    long blkno = slot * span + firstBlock;
    line.setLength(0);
    appendMillis(line, e.startNs() - baseNs);
    line.append(' ').append(file % devices).append(' ').append(blkno).append(' ').append(blocks).append(' ')
        .append(e.kind == EventKind.READ ? '1' : '0').append('\n');
    out.append(line);
  }

  /** Milliseconds with six decimals (nanosecond resolution), without String.format's cost. */
  static void appendMillis(StringBuilder b, long ns) {
    if (ns < 0) {
      b.append('-');
      ns = -ns;
    }
    b.append(ns / 1_000_000).append('.');
    String frac = Long.toString(ns % 1_000_000);
    for (int i = frac.length(); i < 6; i++) {
      b.append('0');
    }
    b.append(frac);
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
