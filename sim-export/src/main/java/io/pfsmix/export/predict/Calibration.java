package io.pfsmix.export.predict;

import io.pfsmix.export.EventKind;
import io.pfsmix.export.predict.PhaseCalls.Call;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A storage target's read and write bandwidth and latency, and the client CPU each workload's reads and writes cost per
 * byte, fitted to the calls of the phases in which each workload ran alone (docs/predict.md): a data call's latency is
 * the intercept of a least-squares line of duration over bytes (at least 0, at most the shortest such call); the
 * bandwidth is the bytes moved over the time during which at least one call was transferring (each call's interval less
 * its latency), so concurrent calls share it as they did; the CPU per byte is the lowest tenth of the calls' transfer
 * time per byte at the share of a core they had, times ioCpu. The write-back bandwidth is the bytes that fsyncs found
 * dirty ({@link PhaseCalls#storedBy()}) over the time during which at least one such fsync was under way: what the
 * device behind the client's cache took to store them. Other calls that move no data are replayed with the durations
 * they had.
 *
 * @param ioCpu how much of the measured copy cost a data call charges the client's cores (1 on a file system whose
 *     storage is the client's own page cache, 0 where the client only waits on servers)
 * @param cpuPerByte per workload: CPU seconds a byte read and a byte written cost the client
 * @param writeBackBandwidth bytes per second an fsync stores, NaN when no fsync found dirty bytes (nothing to fit)
 * @param syncs the fsyncs it was fitted to
 * @param callCpu per workload: where the storage's servers run on the client's machine (a local cluster), the CPU
 *     seconds the machine spent beyond the workloads' computing per second of the workload's calls (its servers, the
 *     client library's threads, the network stack); absent elsewhere
 */
public record Calibration(double readBandwidth, double writeBandwidth, double readLatency, double writeLatency,
    long reads, long writes, double ioCpu, Map<String, CpuPerByte> cpuPerByte, double writeBackBandwidth, long syncs,
    Map<String, Double> callCpu) {

  /** A calibration without fsyncs or servers on the client's machine. */
  public Calibration(double readBandwidth, double writeBandwidth, double readLatency, double writeLatency, long reads,
      long writes, double ioCpu, Map<String, CpuPerByte> cpuPerByte) {
    this(readBandwidth, writeBandwidth, readLatency, writeLatency, reads, writes, ioCpu, cpuPerByte, Double.NaN, 0,
        Map.of());
  }

  /** CPU seconds per byte of a workload's reads and writes (0 where it made none). */
  public record CpuPerByte(double read, double write) {
    double of(EventKind kind) {
      return kind == EventKind.READ ? read : write;
    }
  }

  /**
   * Kinds of calls that move no data. Closing a file the actor wrote since it opened it, and an fsync, commit the
   * written data: the model waits there for the actor's writes to reach the disks.
   */
  public enum MetaKind {
    OPEN, CLOSE, CLOSE_AFTER_WRITE, STAT, NAMESPACE, FLUSH, FSYNC
  }

  private static final double NS = 1e9;

  /**
   * Fits the model to these phases' calls, measured on a client with that many cores, charging ioCpu (0 to 1) of the
   * copy cost measured to the client's cores; data calls of one kind are needed for that kind's figures.
   */
  public static Calibration fit(List<PhaseCalls> phases, int cores, double ioCpu) {
    if (!(ioCpu >= 0 && ioCpu <= 1)) {
      throw new IllegalArgumentException("the share of an I/O call's copy cost charged to the client must be within 0"
          + " and 1, got " + ioCpu);
    }
    List<Call> reads = new ArrayList<>();
    List<Call> writes = new ArrayList<>();
    for (PhaseCalls p : phases) {
      for (List<Call> calls : p.byActor().values()) {
        for (Call c : calls) {
          if (c.kind() == EventKind.READ && c.bytes() > 0) {
            reads.add(c);
          } else if (c.kind() == EventKind.WRITE && c.bytes() > 0) {
            writes.add(c);
          }
        }
      }
    }
    double readLatency = latency(reads);
    double writeLatency = latency(writes);
    // per workload: the CPU seconds per byte of each of its reads, then of each of its writes, over all of its phases
    Map<String, List<List<Double>>> perCall = new LinkedHashMap<>();
    for (PhaseCalls p : phases) {
      List<List<Double>> own = perCall.computeIfAbsent(p.workload(),
          w -> List.of(new ArrayList<>(), new ArrayList<>()));
      addCpu(p, EventKind.READ, readLatency, cores, own.get(0));
      addCpu(p, EventKind.WRITE, writeLatency, cores, own.get(1));
    }
    Map<String, CpuPerByte> cpu = new LinkedHashMap<>();
    perCall.forEach((w, own) -> cpu.put(w,
        new CpuPerByte(ioCpu * lowDecile(own.get(0)), ioCpu * lowDecile(own.get(1)))));
    double readBw = bandwidth(reads, readLatency);
    double writeBw = bandwidth(writes, writeLatency);
    if (Double.isNaN(readBw) && Double.isNaN(writeBw)) {
      throw new IllegalArgumentException("the alone phases' traces hold no read or write that moved data: "
          + "nothing to calibrate a storage target's bandwidth from");
    }
    // a target only written (or only read) alone gets the other direction's figures
    if (Double.isNaN(readBw)) {
      readBw = writeBw;
      readLatency = writeLatency;
    }
    if (Double.isNaN(writeBw)) {
      writeBw = readBw;
      writeLatency = readLatency;
    }
    List<Call> syncs = new ArrayList<>();
    long synced = 0;
    for (PhaseCalls p : phases) {
      for (Map.Entry<Call, List<Call>> stored : p.storedBy().entrySet()) {
        if (!stored.getValue().isEmpty()) {
          syncs.add(stored.getKey());
          synced += stored.getValue().stream().mapToLong(Call::bytes).sum();
        }
      }
    }
    double writeBackBw = syncs.isEmpty() ? Double.NaN : synced / busySeconds(syncs, 0);
    return new Calibration(readBw, writeBw, readLatency, writeLatency, reads.size(), writes.size(), ioCpu, cpu,
        writeBackBw, syncs.size(), callCpu(phases, cores, cpu));
  }

  /**
   * Per workload, over its phases measured with the storage's servers on the machine: the machine's CPU seconds beyond
   * what the model gives the workload's computing (its gaps, start-up and copies) over the seconds its calls took. What
   * the storage spends for a workload comes with its calls, metadata as well as data (a local OrangeFS spent 0.4 s of
   * CPU on the classifier's 107 calls, mostly stats); the replay runs it beside each call on the shared cores.
   */
  private static Map<String, Double> callCpu(List<PhaseCalls> phases, int cores, Map<String, CpuPerByte> copies) {
    Map<String, double[]> sums = new LinkedHashMap<>(); // beyond, call seconds
    for (PhaseCalls p : phases) {
      if (p.cpu() == null || Double.isNaN(p.cpu().storageSeconds())) {
        continue;
      }
      double computed = p.computeSeconds(cores);
      double callSeconds = 0;
      CpuPerByte copy = copies.get(p.workload());
      for (List<Call> calls : p.byActor().values()) {
        for (Call c : calls) {
          callSeconds += seconds(c);
          if (copy != null && c.bytes() > 0 && (c.kind() == EventKind.READ || c.kind() == EventKind.WRITE)) {
            computed += c.bytes() * copy.of(c.kind());
          }
        }
      }
      double[] sum = sums.computeIfAbsent(p.workload(), w -> new double[2]);
      sum[0] += Math.max(0, p.cpu().machineSeconds() - computed);
      sum[1] += callSeconds;
    }
    Map<String, Double> perSecond = new LinkedHashMap<>();
    sums.forEach((w, sum) -> perSecond.put(w, sum[1] > 0 ? sum[0] / sum[1] : 0));
    return perSecond;
  }

  /** CPU seconds the machine spends beyond computing per second of this workload's calls (0 where not calibrated). */
  public double callCpu(String workload) {
    return callCpu.getOrDefault(workload, 0.0);
  }

  /** Whether the replay stores written data on the device: some fsync of the alone phases found bytes to store. */
  public boolean hasWriteBack() {
    return writeBackBandwidth > 0;
  }

  /** CPU seconds a byte of this kind cost the workload's client: 0 for a workload the calibration has not seen. */
  public double cpuPerByte(String workload, EventKind kind) {
    CpuPerByte c = cpuPerByte.get(workload);
    return c == null ? 0 : c.of(kind);
  }

  /**
   * Adds the CPU seconds per byte each of one phase's data calls of a kind took at most: its transfer time (its duration
   * less the latency) times the share of a core it had (cores / the actors computing at its middle and itself, at most 1),
   * over its bytes. A call measured while more actors than cores were busy ran slower than its CPU work; the model's
   * shared cores slow it the same way again.
   */
  private static void addCpu(PhaseCalls p, EventKind kind, double latency, int cores, List<Double> out) {
    for (List<Call> calls : p.byActor().values()) {
      for (Call c : calls) {
        if (c.kind() == kind && c.bytes() > 0) {
          int busy = 1 + p.computing(c.startNs() + (c.endNs() - c.startNs()) / 2);
          out.add(Math.max(0, seconds(c) - latency) * Math.min(1.0, (double) cores / busy) / c.bytes());
        }
      }
    }
  }

  /**
   * The copy's CPU per byte: the lowest tenth of the calls' figures. The fastest calls waited for nothing but the copy
   * (a page-cache hit, no dirty-page throttling); what slower calls took beyond it was storage time, which the disk
   * bandwidth already holds. 0 without calls.
   */
  static double lowDecile(List<Double> perByte) {
    if (perByte.isEmpty()) {
      return 0;
    }
    List<Double> sorted = perByte.stream().sorted().toList();
    return sorted.get((sorted.size() - 1) / 10);
  }

  /**
   * The metadata kind of a call, or null for reads and writes; written tracks the files the actor wrote since it last
   * opened them.
   */
  static MetaKind metaKind(Call c, Set<String> written) {
    return switch (c.kind()) {
      case READ -> null;
      case WRITE -> {
        written.add(c.path());
        yield null;
      }
      case OPEN -> {
        written.remove(c.path());
        yield MetaKind.OPEN;
      }
      case CLOSE -> written.remove(c.path()) ? MetaKind.CLOSE_AFTER_WRITE : MetaKind.CLOSE;
      case STAT -> MetaKind.STAT;
      case FLUSH -> MetaKind.FLUSH;
      case FSYNC, FDATASYNC -> MetaKind.FSYNC;
      default -> MetaKind.NAMESPACE;
    };
  }

  private static double latency(List<Call> calls) {
    if (calls.stream().mapToLong(Call::bytes).distinct().count() < 2) {
      return 0; // calls of one size cannot tell latency from bandwidth: all of their time is transfer
    }
    double n = calls.size();
    double mx = 0;
    double my = 0;
    double shortest = Double.MAX_VALUE;
    for (Call c : calls) {
      mx += c.bytes() / n;
      my += seconds(c) / n;
      shortest = Math.min(shortest, seconds(c));
    }
    double sxy = 0;
    double sxx = 0;
    for (Call c : calls) {
      sxy += (c.bytes() - mx) * (seconds(c) - my);
      sxx += (c.bytes() - mx) * (c.bytes() - mx);
    }
    double intercept = sxx == 0 ? 0 : my - sxy / sxx * mx;
    return Math.max(0, Math.min(intercept, shortest));
  }

  /** Bytes over the union of the calls' transfer intervals (each call's interval less the latency at its start). */
  private static double bandwidth(List<Call> calls, double latency) {
    if (calls.isEmpty()) {
      return Double.NaN;
    }
    long bytes = calls.stream().mapToLong(Call::bytes).sum();
    return bytes / busySeconds(calls, latency);
  }

  /**
   * The time during which at least one of the calls was under way, each call counted from its start plus the latency;
   * calls too short for the clock still took a microsecond each at least.
   */
  private static double busySeconds(List<Call> calls, double latency) {
    long latencyNs = (long) (latency * NS);
    List<long[]> intervals = new ArrayList<>(calls.size());
    for (Call c : calls) {
      intervals.add(new long[] {Math.min(c.startNs() + latencyNs, c.endNs()), c.endNs()});
    }
    intervals.sort(Comparator.comparingLong(i -> i[0]));
    long busy = 0;
    long from = intervals.get(0)[0];
    long to = intervals.get(0)[1];
    for (long[] i : intervals) {
      if (i[0] > to) {
        busy += to - from;
        from = i[0];
      }
      to = Math.max(to, i[1]);
    }
    busy += to - from;
    return Math.max(busy / NS, calls.size() * 1e-6);
  }

  /** What the call took of the storage client: its duration, less what it waited for another call of its process. */
  private static double seconds(Call c) {
    return c.serviceSeconds();
  }

  /**
   * For reports: "read 812.3 MiB/s + 41 us latency (16 calls), write 2296.3 MiB/s + 14 us (11292 calls), write-back
   * 301.2 MiB/s (8 fsyncs); client CPU per MiB: tfidf read 1.10 ms, ior write 2.31 ms".
   */
  public String describe() {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
        "read %.1f MiB/s + %.0f us latency (%d calls), write %.1f MiB/s + %.0f us (%d calls)",
        readBandwidth / (1 << 20), readLatency * 1e6, reads, writeBandwidth / (1 << 20), writeLatency * 1e6, writes));
    if (hasWriteBack()) {
      s.append(String.format(Locale.ROOT, ", write-back %.1f MiB/s (%d fsyncs)", writeBackBandwidth / (1 << 20), syncs));
    }
    callCpu.forEach((w, perSecond) -> s.append(String.format(Locale.ROOT, ", CPU beside %s's calls %.2f cores", w,
        perSecond)));
    String sep = "; client CPU per MiB: ";
    for (Map.Entry<String, CpuPerByte> e : cpuPerByte.entrySet()) {
      for (EventKind kind : List.of(EventKind.READ, EventKind.WRITE)) {
        if (e.getValue().of(kind) > 0) {
          s.append(String.format(Locale.ROOT, "%s%s %s %.2f ms", sep, e.getKey(), kind.name().toLowerCase(Locale.ROOT),
              e.getValue().of(kind) * (1 << 20) * 1e3));
          sep = ", ";
        }
      }
    }
    return s.toString();
  }
}
