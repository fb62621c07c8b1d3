package io.pfsmix.export.simgrid;

import io.pfsmix.export.Actor;
import io.pfsmix.export.ActorTable;
import io.pfsmix.export.EventKind;
import io.pfsmix.export.ExportEvent;
import io.pfsmix.export.ExportOptions;
import io.pfsmix.export.ExportWarnings;
import io.pfsmix.export.Exporter;
import io.pfsmix.export.PerActorWriters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A SimGrid replay bundle: actions/&lt;actor&gt;.txt per actor ("&lt;actor&gt; open|read|write|close &lt;path&gt;
 * [offset bytes]"), platform.xml (one host per traced host, each with a disk of the configured read and write bandwidth
 * mounted at "/" and a link of the configured bandwidth and latency, routes between every pair), deployment.xml (each actor
 * on its host, running the "replayer" function) and content.txt, the disks' initial files: every file the trace reads, as
 * large as the furthest byte read (SimGrid reads of unknown files take no time, and 3.32 crashes writing to a disk without
 * a content file). Calls other than open/read/write/close are counted warnings.
 */
public final class SimGridBundleExporter implements Exporter {
  static final String ACTIONS = "actions";
  private final Path directory;
  private final ExportOptions options;
  private final ExportWarnings warnings;
  private final PerActorWriters actions;
  private final Map<String, Long> readExtents = new LinkedHashMap<>();
  private final Set<Actor> active = new LinkedHashSet<>();
  private final StringBuilder line = new StringBuilder(128);

  public SimGridBundleExporter(Path directory, ExportOptions options, ExportWarnings warnings) throws IOException {
    this.directory = directory;
    this.options = options;
    this.warnings = warnings;
    this.actions = new PerActorWriters(directory.resolve(ACTIONS), ".txt");
  }

  @Override
  public void accept(ExportEvent e) throws IOException {
    if (e.fsPath == null) {
      warnings.warn("SimGrid actions name a file; " + e.kind + " call without one skipped", e);
      return;
    }
    String action = switch (e.kind) {
      case OPEN -> "open";
      case READ -> "read";
      case WRITE -> "write";
      case CLOSE -> "close";
      default -> null;
    };
    if (action == null) {
      if (e.kind == EventKind.SEEK) {
        return; // reads and writes carry their offsets
      }
      warnings.warn("the SimGrid replayer knows open, read, write and close; " + e.kind + " calls skipped", e);
      return;
    }
    String path = simPath(e.fsPath);
    if (!path.equals(e.fsPath) && !path.equals("/" + e.fsPath)) {
      warnings.warn("path with whitespace written with '_' in its place (action fields are whitespace-separated)", e);
    }
    line.setLength(0);
    line.append(e.actor.name()).append(' ').append(action).append(' ').append(path);
    if (e.kind.movesData()) {
      line.append(' ').append(e.offset).append(' ').append(e.transferred);
      if (e.kind == EventKind.READ) {
        readExtents.merge(path, e.offset + e.transferred, Math::max);
      }
    }
    line.append('\n');
    actions.of(e.actor).append(line);
    active.add(e.actor);
  }

  /** Absolute, whitespace-free path below the disks' mount point "/". */
  static String simPath(String fsPath) {
    String p = fsPath.replaceAll("\\s", "_");
    return p.startsWith("/") ? p : "/" + p;
  }

  @Override
  public void finish(ActorTable actors) throws IOException {
    actions.close();
    List<Actor> deployed = new ArrayList<>(active);
    Set<String> hosts = new LinkedHashSet<>();
    for (Actor a : deployed) {
      hosts.add(a.host());
    }
    StringBuilder content = new StringBuilder();
    readExtents.forEach((path, size) -> content.append(path).append(' ').append(size).append('\n'));
    Files.writeString(directory.resolve("content.txt"), content, StandardCharsets.UTF_8);
    Files.writeString(directory.resolve("platform.xml"), platform(hosts), StandardCharsets.UTF_8);
    StringBuilder d = new StringBuilder(header());
    for (Actor a : deployed) {
      d.append("  <actor host=\"").append(xml(a.host())).append("\" function=\"replayer\">")
          .append("<argument value=\"").append(xml(a.name())).append("\"/>")
          .append("<argument value=\"").append(ACTIONS).append('/').append(xml(a.name())).append(".txt\"/></actor>\n");
    }
    d.append("</platform>\n");
    Files.writeString(directory.resolve("deployment.xml"), d, StandardCharsets.UTF_8);
  }

  private String platform(Set<String> hosts) {
    StringBuilder p = new StringBuilder(header());
    p.append("  <zone id=\"pfsmix\" routing=\"Full\">\n");
    for (String h : hosts) {
      p.append("    <host id=\"").append(xml(h)).append("\" speed=\"").append(num(options.hostFlops()))
          .append("f\">\n")
          .append("      <disk id=\"").append(xml(h)).append("-disk\" read_bw=\"").append(num(options.diskReadBandwidth()))
          .append("Bps\" write_bw=\"").append(num(options.diskWriteBandwidth())).append("Bps\">\n")
          .append("        <prop id=\"size\" value=\"1000000TiB\"/>\n")
          .append("        <prop id=\"mount\" value=\"/\"/>\n")
          .append("        <prop id=\"content\" value=\"content.txt\"/>\n")
          .append("      </disk>\n    </host>\n");
    }
    List<String> list = new ArrayList<>(hosts);
    for (String h : list) {
      p.append("    <link id=\"").append(xml(h)).append("-link\" bandwidth=\"").append(num(options.linkBandwidth()))
          .append("Bps\" latency=\"").append(num(options.linkLatencySeconds())).append("s\"/>\n");
    }
    for (int i = 0; i < list.size(); i++) {
      for (int j = i + 1; j < list.size(); j++) {
        p.append("    <route src=\"").append(xml(list.get(i))).append("\" dst=\"").append(xml(list.get(j)))
            .append("\"><link_ctn id=\"").append(xml(list.get(i))).append("-link\"/><link_ctn id=\"")
            .append(xml(list.get(j))).append("-link\"/></route>\n");
      }
    }
    p.append("  </zone>\n</platform>\n");
    return p.toString();
  }

  /** The XML declaration, SimGrid DTD and opening platform element of a platform or deployment file. */
  public static String header() {
    return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        + "<platform version=\"4.1\">\n";
  }

  private static String num(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e18 ? Long.toString((long) v) : Double.toString(v);
  }

  private static String xml(String s) {
    return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
  }

  @Override
  public void close() throws IOException {
    actions.close();
  }
}
