package io.pfsmix.export.predict;

import io.pfsmix.export.EventKind;
import io.pfsmix.export.predict.PhaseCalls.Call;
import io.pfsmix.export.simgrid.SimGridBundleExporter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One SimGrid model of workloads replayed together on the calibrated machine, written for sim-export's
 * pfsmix-simgrid-predict and run by it: a client host whose cores all actors share, storage targets (a host with one disk
 * of the calibrated bandwidth and latency each) behind one link per host. Each actor replays a traced actor's calls: it
 * spends the gaps between its calls computing (up to the workload's first call on its main file, its start-up, which a
 * flush of a target that shares the client's disk holds up), and makes each call on the target its file's stripe lands
 * on, its data calls also doing their calibrated client CPU on the shared cores.
 * When the alone phases' fsyncs calibrated a write-back bandwidth, writes go into the client's cache (the time they
 * took, their CPU on the shared cores) and each fsync stores what its file's writes left there on the disks, which the
 * reads use too.
 */
public final class SimModel {
  /** What to replay: one alone phase's calls, its actors copied and its data scaled. */
  public record Workload(PhaseCalls calls, int copies, double dataScale) {
  }

  /**
   * The machine the calls are replayed on. busySlowdown: how many times as long a call takes that starts while an actor
   * of another workload computes (1: no such effect).
   */
  public record Machine(Calibration target, int targets, long stripeBytes, int cores, double linkBandwidth,
      double linkLatency, boolean clientDisk, double busySlowdown) {
  }

  /** Simulated seconds each workload took, from the model's start (its start-up and tail included). */
  public record Result(Map<String, Double> seconds) {
    public double runtime() {
      return seconds.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
  }

  private static final double NS = 1e9;

  private SimModel() {
  }

  /** Writes the model for these workloads into dir and runs the simulator on it. */
  public static Result run(Path simulator, Path dir, Machine machine, List<Workload> workloads)
      throws IOException, InterruptedException {
    Files.createDirectories(dir.resolve("actions"));
    Map<String, String> workloadOf = new HashMap<>();
    Map<String, Double> tails = new HashMap<>();
    StringBuilder deployment = new StringBuilder(SimGridBundleExporter.header());
    for (Workload w : workloads) {
      PhaseCalls p = w.calls();
      tails.put(p.workload(), Math.max(0, (p.workloadEndNs() - p.lastCallEndNs()) / NS));
      int actor = 0;
      for (Map.Entry<String, List<Call>> calls : p.byActor().entrySet()) {
        for (int copy = 0; copy < w.copies(); copy++) {
          String name = p.workload() + "." + actor + "." + copy;
          workloadOf.put(name, p.workload());
          Path file = dir.resolve("actions").resolve(name + ".txt");
          writeActions(file, name, p, calls.getKey(), calls.getValue(), copy, w.dataScale(), machine);
          deployment.append("  <actor host=\"client\" function=\"client\"><argument value=\"").append(name)
              .append("\"/><argument value=\"actions/").append(name).append(".txt\"/></actor>\n");
        }
        actor++;
      }
    }
    deployment.append("</platform>\n");
    Files.writeString(dir.resolve("deployment.xml"), deployment, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("platform.xml"), platform(machine), StandardCharsets.UTF_8);
    Map<String, Double> seconds = new HashMap<>();
    List<String> out = simulate(simulator, dir);
    for (String line : out) {
      String[] f = line.split(" ");
      if (f.length == 4 && f[0].equals("actor")) {
        String workload = workloadOf.get(f[1]);
        seconds.merge(workload, Double.parseDouble(f[3]) + tails.get(workload), Math::max);
      }
    }
    long finished = out.stream().filter(l -> l.startsWith("actor ")).count();
    if (finished != workloadOf.size()) {
      throw new IOException("the simulation in " + dir + " ended with " + (workloadOf.size() - finished)
          + " of its " + workloadOf.size() + " actors blocked (at a barrier that not every rank reached)");
    }
    return new Result(seconds);
  }

  private static void writeActions(Path file, String name, PhaseCalls p, String actor, List<Call> calls, int copy,
      double scale, Machine m) throws IOException {
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write(name + " workload " + p.workload() + "\n");
      if (p.oneCallAtATime()) {
        // its process's client library, which the process's actors (of either workload) enter one call at a time;
        // each copy of an actor is a client of its own
        out.write(name + " library " + p.processOf(actor).replaceAll("\\s", "_") + "-" + copy + "\n");
      }
      long previousEnd = p.workloadStartNs();
      boolean first = true;
      java.util.Set<String> written = new java.util.HashSet<>();
      for (int i = 0; i < calls.size(); i++) {
        Call c = calls.get(i);
        double gap = Math.max(0, (c.startNs() - previousEnd) / NS);
        int barrier = p.barrierBefore(actor, i);
        boolean waited = p.waitedAtBarrier(actor, i, previousEnd);
        if (waited) {
          // the rank waited here for the others: the barrier, not its gap, makes it wait in the model
          out.write(barrier(name, p, copy, barrier));
        } else if (gap > 0) {
          // the CPU time the gap held: its length times the actor's share of the cores while it was measured
          double cpu = p.gapCpuSeconds(previousEnd, c.startNs(), m.cores());
          if (first || c.startNs() <= p.startupEndNs()) {
            // until it starts on its main file the job is starting up (submission, set-up): work of the same size
            // whatever the data, held up by flushes to a disk that holds the client's own files
            out.write(line(name, "startup", cpu));
          } else {
            out.write(line(name, "compute", cpu * scale));
          }
        }
        if (barrier >= 0 && !waited) {
          out.write(barrier(name, p, copy, barrier));
        }
        first = false;
        previousEnd = Math.max(previousEnd, c.endNs());
        String target = target(c, copy, m);
        Calibration.MetaKind kind = Calibration.metaKind(c, written);
        // what the machine spends for the call beyond the workload's own computing (the storage's local servers, the
        // client library's threads) runs beside it on the shared cores; more than a core's worth ran in several
        // processes at once, as many as it takes (at most one per core)
        double rate = m.target().callCpu(p.workload());
        double serveCpu = c.serviceSeconds() * rate * (kind == null ? scale : 1);
        // a client that walks the path itself takes a turn for each of its calls into the library, each behind the
        // other threads' calls and with its share of the call's CPU beside it (one turn for any call that walks none)
        int turns = p.turns(c);
        String serve = serve(name, serveCpu / turns, rate, m);
        if (kind == null && c.kind() == EventKind.WRITE && m.target().hasWriteBack()) {
          // into the cache, taking the time it took; the fsync of its file stores it on the target's disk
          long bytes = Math.round(c.bytes() * scale);
          out.write(serve + String.format(Locale.ROOT, "%s write %s %d %.9f %.9f%n", name, target, bytes,
              bytes * m.target().cpuPerByte(p.workload(), c.kind()), c.serviceSeconds() * scale));
        } else if (kind == null) {
          long bytes = Math.round(c.bytes() * scale);
          out.write(serve + String.format(Locale.ROOT, "%s %s %s %d %.9f%n", name,
              c.kind() == EventKind.READ ? "read" : "write",
              target, bytes, bytes * m.target().cpuPerByte(p.workload(), c.kind())));
        } else if (kind == Calibration.MetaKind.FSYNC && m.target().hasWriteBack()) {
          // the disks store what the file's writes left in the cache, sharing their time with everyone's reads; an
          // fsync that found nothing left waits for the file's stores under way, as it did
          Map<String, Long> bytes = new java.util.TreeMap<>();
          for (Call w : p.storedBy().getOrDefault(c, List.of())) {
            bytes.merge(target(w, copy, m), Math.round(w.bytes() * scale), Long::sum);
          }
          StringBuilder sync = new StringBuilder(name).append(" fsync f").append(copy).append('-')
              .append(Integer.toHexString(c.path().hashCode()));
          bytes.forEach((t, b) -> sync.append(' ').append(t).append(' ').append(b));
          out.write(serve + sync.append('\n'));
        } else {
          // an fsync, and a close that commits written data, wait for the actor's write-back to reach the disks
          boolean drain = kind == Calibration.MetaKind.FSYNC || kind == Calibration.MetaKind.CLOSE_AFTER_WRITE;
          String turn = serve + line(name, "sleep", c.serviceSeconds() / turns);
          out.write((drain ? name + " fsync\n" : "") + turn.repeat(turns));
        }
      }
      int last = p.barrierBefore(actor, calls.size());
      if (last >= 0) {
        // a rank that had no call left still let the waiting ones go only once it got there
        out.write(barrier(name, p, copy, last));
      }
    }
  }

  /** The serve action before a call: cpu seconds beside it, run by as many processes as the rate takes cores. */
  private static String serve(String name, double cpu, double rate, Machine m) {
    return cpu > 0 ? String.format(Locale.ROOT, "%s serve %.9f %d%n", name, cpu,
        (int) Math.min(m.cores(), Math.ceil(rate))) : "";
  }

  /** The target a call's bytes are on: each copy of an actor works on files of its own (its checkpoint, its split). */
  private static String target(Call c, int copy, Machine m) {
    return "target-" + Math.floorMod(c.path().hashCode() * 31 + copy + c.offset() / m.stripeBytes(), m.targets());
  }

  /** Each copy of a job has barriers of its own. */
  private static String barrier(String name, PhaseCalls p, int copy, int barrier) {
    return name + " barrier " + p.workload() + "-" + copy + "-" + barrier + " " + p.barrierRanks() + "\n";
  }

  private static String line(String name, String action, double seconds) {
    return String.format(Locale.ROOT, "%s %s %.9f%n", name, action, seconds);
  }

  private static String platform(Machine m) {
    Calibration c = m.target();
    StringBuilder p = new StringBuilder(SimGridBundleExporter.header());
    p.append("  <zone id=\"pfsmix\" routing=\"Full\">\n");
    // write-back is bounded like a client's dirty-page cache: a writer waits once 16 of its writes are under way
    p.append("    <host id=\"client\" speed=\"1Gf\" core=\"").append(m.cores()).append("\">\n")
        .append("      <prop id=\"write_back_depth\" value=\"16\"/>\n")
        .append(m.busySlowdown() != 1 ? prop("busy_slowdown", m.busySlowdown()) : "")
        .append("    </host>\n");
    for (int t = 0; t < m.targets(); t++) {
      p.append("    <host id=\"target-").append(t).append("\" speed=\"1Gf\">\n")
          .append(prop("read_latency", c.readLatency())).append(prop("write_latency", c.writeLatency()))
          .append(m.clientDisk() ? "      <prop id=\"client_disk\" value=\"yes\"/>\n" : "")
          .append(disk("target-" + t + "-disk", c.readBandwidth(),
              c.hasWriteBack() ? c.writeBackBandwidth() : c.writeBandwidth()))
          .append("    </host>\n");
    }
    p.append("    <link id=\"client-link\" bandwidth=\"").append(num(m.linkBandwidth())).append("Bps\" latency=\"")
        .append(num(m.linkLatency())).append("s\"/>\n");
    for (int t = 0; t < m.targets(); t++) {
      p.append("    <link id=\"target-").append(t).append("-link\" bandwidth=\"").append(num(m.linkBandwidth()))
          .append("Bps\" latency=\"").append(num(m.linkLatency())).append("s\"/>\n");
    }
    // the DTD wants every link before the first route
    for (int t = 0; t < m.targets(); t++) {
      p.append("    <route src=\"client\" dst=\"target-").append(t).append("\"><link_ctn id=\"client-link\"/>")
          .append("<link_ctn id=\"target-").append(t).append("-link\"/></route>\n");
    }
    p.append("  </zone>\n</platform>\n");
    return p.toString();
  }

  private static String disk(String id, double readBandwidth, double writeBandwidth) {
    return "      <disk id=\"" + id + "\" read_bw=\"" + num(readBandwidth) + "Bps\" write_bw=\"" + num(writeBandwidth)
        + "Bps\"/>\n";
  }

  private static String prop(String key, double value) {
    return "      <prop id=\"" + key + "\" value=\"" + String.format(Locale.ROOT, "%.9f", value) + "\"/>\n";
  }

  private static List<String> simulate(Path simulator, Path dir) throws IOException, InterruptedException {
    Path log = dir.resolve("simgrid.log");
    Process p = new ProcessBuilder(simulator.toString(), dir.toString(), "--log=root.thres:warning")
        .redirectError(log.toFile()).start();
    List<String> out;
    try (var in = p.inputReader(StandardCharsets.UTF_8)) {
      out = new ArrayList<>(in.lines().toList());
    }
    if (!p.waitFor(30, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException(simulator + " did not finish in 30 minutes on " + dir);
    }
    if (p.exitValue() != 0) {
      String err = Files.readString(log, StandardCharsets.UTF_8).strip();
      throw new IOException(simulator + " failed on " + dir + " (exit " + p.exitValue() + "): "
          + err.substring(Math.max(0, err.length() - 2000)));
    }
    return out;
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6f", v);
  }
}
