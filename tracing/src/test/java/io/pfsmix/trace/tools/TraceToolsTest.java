package io.pfsmix.trace.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.apache.hadoop.conf.Configuration;

import io.pfsmix.fs.PfsTestFileSystems;
import io.pfsmix.trace.TraceFiles;
import io.pfsmix.trace.format.EventContext;
import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceReader;
import io.pfsmix.trace.format.TraceRecord;
import io.pfsmix.trace.format.TraceWriter;
import io.pfsmix.trace.recorder.BinaryTraceDestination;
import io.pfsmix.trace.recorder.TraceRecorder;

class TraceToolsTest {

  @TempDir
  Path dir;

  private static final long T0 = 1_700_000_000_000_000_000L;
  /** Where a test of inputs that nothing should be left out of sends the notes. */
  private static final Consumer<String> NO_NOTE = note -> {
    throw new AssertionError("unexpected note: " + note);
  };

  /** A trace of {@code count} writes by one context, starting at {@code first} every {@code step} ns. */
  private Path trace(String name, EventContext context, long first, long step, int count, boolean shuffleBlocks)
      throws IOException {
    Path file = dir.resolve(name);
    List<TraceRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TraceRecord(first + i * step, 100, TraceOp.POSIX_PWRITE, TracePoint.POSIX, "/ckpt/" + name,
          i * 65536L, 65536, 65536, TraceRecord.OK, 1 + i % 2, context));
    }
    if (shuffleBlocks) {
      // what per-thread buffers do: neighbouring records swap places within a small time window
      for (int i = 0; i + 1 < records.size(); i += 2) {
        TraceRecord a = records.get(i);
        records.set(i, records.get(i + 1));
        records.set(i + 1, a);
      }
    }
    try (TraceWriter writer = TraceWriter.create(file, TraceHeader.current(T0, 0, context.host(), context.pid(), "t"))) {
      for (TraceRecord record : records) {
        writer.write(record);
      }
    }
    return file;
  }

  @Test
  void mergeInterleavesTracesInTimeOrderKeepingEveryField() throws Exception {
    EventContext rank0 = new EventContext("n1", 10, "", "", 0);
    EventContext rank1 = new EventContext("n2", 20, "", "", 1);
    EventContext task = new EventContext("n1", 30, "job_1_1", "attempt_1_1_m_000000_0", -1);
    Path merged = merge(1_000_000, trace("r0", rank0, T0, 30, 5000, true), trace("r1", rank1, T0 + 10, 30, 5000, false),
        trace("t0", task, T0 + 20, 30, 5000, true));
    List<TraceRecord> out = TraceFiles.records(merged);
    assertThat(out).hasSize(15000);
    for (int i = 0; i < out.size(); i++) {
      TraceRecord r = out.get(i);
      assertThat(r.startNs()).isEqualTo(T0 + 10L * i);
      EventContext expected = List.of(rank0, rank1, task).get(i % 3);
      assertThat(r.context()).isEqualTo(expected);
      assertThat(r.offset()).isEqualTo((i / 3) * 65536L);
    }
  }

  @Test
  void mergeOrdersInputsMoreDisorderedThanItsWindow() throws Exception {
    Path shuffled = trace("disordered", new EventContext("n1", 10, "", "", 0), T0, 1_000_000, 100, true);
    Path other = trace("steady", new EventContext("n2", 11, "", "", 1), T0 + 500_000, 1_000_000, 100, false);
    // a window of 0 places none of the swapped neighbours: the first pass finds them all
    List<TraceRecord> out = TraceFiles.records(merge(0, shuffled, other));
    assertThat(out).extracting(TraceRecord::startNs).isSorted().hasSize(200);
    assertThat(out.get(1).startNs()).isEqualTo(T0 + 500_000);
  }

  /**
   * What a mix on Ceph wrote: the runner's open of a job's output stalled 68 s in the file system (a stat of a file whose
   * writer's client was gone), so its two records — the storage stat inside it and the application open around it —
   * were written when it ended, after calls that started a minute later. Today the merge failed the mix's report with
   * "a record starting at T arrived after one starting at T + 86 µs ... more out of order than the reorder window".
   */
  @Test
  void mergePlacesTheRecordsOfACallLongerThanTheWindowWhereTheyStarted() throws Exception {
    Path traces = dir.resolve("traces");
    TraceRecorder recorder = new TraceRecorder(BinaryTraceDestination.inLocalDirectory(traces),
        TraceRecorder.Settings.DEFAULT, "test");
    long ms = 1_000_000;
    long t = TraceRecorder.now();
    int path = recorder.pathId("pfs:/mix/tfidf/labels/part-r-00000");
    int storagePath = recorder.pathId("/mix/tfidf/labels/part-r-00000");
    recorder.record(t, t + 16 * ms, TraceOp.LIST_STATUS, TracePoint.APPLICATION, path, NONE, NONE, 1, 0, 0);
    long openStart = t + 16 * ms + 695_000;
    long statStart = openStart + 86_000;
    long stallEnd = openStart + 68_015 * ms;
    recorder.record(statStart, stallEnd - 1 * ms, TraceOp.GET_FILE_STATUS, TracePoint.STORAGE, storagePath, NONE,
        NONE, NONE, 0, 0);
    recorder.record(stallEnd - ms, stallEnd, TraceOp.OPEN, TracePoint.STORAGE, storagePath, NONE, NONE, NONE, 0, 0);
    recorder.record(openStart, stallEnd, TraceOp.OPEN, TracePoint.APPLICATION, path, NONE, 4096, NONE, 0, 0);
    recorder.record(stallEnd + ms, stallEnd + 2 * ms, TraceOp.READ, TracePoint.APPLICATION, path, 0, 4096, 4096, 0, 0);
    recorder.close();
    Path file;
    try (var files = java.nio.file.Files.list(traces)) {
      file = files.findFirst().orElseThrow();
    }
    // and a process traced beside it, busy all along
    Path busy = trace("busy", new EventContext("n2", 11, "", "", 1), recorder.header().wallAnchorNs() + t
        - recorder.header().monotonicAnchorNs(), 100 * ms, 700, true);

    List<TraceRecord> out = TraceFiles.records(merge(TraceMerge.DEFAULT_REORDER_WINDOW_NS, file, busy));
    assertThat(out).hasSize(705).extracting(TraceRecord::startNs).isSorted();
    List<TraceRecord> mine = out.stream().filter(r -> r.path().contains("part-r")).toList();
    assertThat(mine).extracting(TraceRecord::op).containsExactly(TraceOp.LIST_STATUS, TraceOp.OPEN,
        TraceOp.GET_FILE_STATUS, TraceOp.OPEN, TraceOp.READ);
    assertThat(mine.get(1).durationNs()).isEqualTo(68_015 * ms);
  }

  /**
   * The preload library writes a thread's buffer when it fills, when the thread records a call a second after the
   * buffer's first, at thread exit and at process exit: the buffer of a thread that went idle comes out late, after
   * everything the other threads did meanwhile.
   */
  @Test
  void mergePlacesAnIdleThreadsBufferWrittenAtExit() throws Exception {
    EventContext process = new EventContext("n1", 10, "", "", 0);
    List<TraceRecord> written = new ArrayList<>();
    long s = 1_000_000_000L;
    for (int i = 0; i < 100; i++) {
      written.add(pwrite(T0 + i * s / 10, 1, process)); // thread 1: ten seconds of work
    }
    written.add(pwrite(T0 + 80 * s, 1, process)); // thread 1 again, 70 s later
    for (int i = 0; i < 3; i++) {
      written.add(pwrite(T0 + 10 * s - 60_000 + i, 2, process)); // thread 2's buffer of 10 s ago, at exit
    }
    Path late = dir.resolve("late.ptrace");
    try (TraceWriter writer = TraceWriter.create(late, TraceHeader.current(T0, 0, "n1", 10, "t"))) {
      for (TraceRecord r : written) {
        writer.write(r);
      }
    }
    Path other = trace("other", new EventContext("n2", 11, "", "", 1), T0 + 5, s, 90, false);

    List<TraceRecord> out = TraceFiles.records(merge(TraceMerge.DEFAULT_REORDER_WINDOW_NS, late, other));
    assertThat(out).hasSize(194).extracting(TraceRecord::startNs).isSorted();
    assertThat(out.stream().filter(r -> r.context().equals(process) && r.threadId() == 2)).hasSize(3);
  }

  /** Any order a producer may write, any window: the merge holds every record once, in start order. */
  @Test
  void mergeOfRandomlyDelayedRecordsIsSortedAndComplete() throws Exception {
    java.util.Random random = new java.util.Random(12);
    for (long window : new long[] {0, 1_000, 50_000, Long.MAX_VALUE}) {
      List<Path> files = new ArrayList<>();
      List<Long> starts = new ArrayList<>();
      for (int f = 0; f < 3; f++) {
        // records in the order their calls ended: short calls, and now and then one far longer than the window
        List<TraceRecord> calls = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
          long start = T0 + random.nextInt(1_000_000);
          long duration = random.nextInt(20) == 0 ? random.nextInt(500_000) : random.nextInt(2_000);
          calls.add(new TraceRecord(start, duration, TraceOp.READ, TracePoint.APPLICATION, "/f" + f, 0, 1, 1,
              TraceRecord.OK, 1 + random.nextInt(4), new EventContext("n", f, "", "", -1)));
          starts.add(start);
        }
        calls.sort(java.util.Comparator.comparingLong(r -> r.startNs() + r.durationNs()));
        Path file = dir.resolve("random-" + window + "-" + f);
        try (TraceWriter writer = TraceWriter.create(file, TraceHeader.current(T0, 0, "n", f, "t"))) {
          for (TraceRecord r : calls) {
            writer.write(r);
          }
        }
        files.add(file);
      }
      List<TraceRecord> out = TraceFiles.records(merge(window, files.toArray(new Path[0])));
      starts.sort(null);
      assertThat(out).extracting(TraceRecord::startNs).as("window %d", window).containsExactlyElementsOf(starts);
    }
  }

  /** A trace rewritten between the passes (not one that grows: the second pass reads what the first counted). */
  @Test
  void mergeNamesAnInputThatChangedBetweenItsPasses() throws Exception {
    EventContext rank = new EventContext("n1", 10, "", "", 0);
    Path whole = trace("whole", rank, T0, 1000, 100, false);
    Path shorter = trace("shorter", rank, T0, 1000, 50, false);
    int[] opens = {0};
    TraceSource changing = new TraceSource() {
      @Override
      public TraceReader open() throws IOException {
        return TraceReader.open(opens[0]++ == 0 ? whole : shorter);
      }

      @Override
      public Path localFile() {
        return whole;
      }
    };
    try (TraceMerge.Records records = TraceMerge.stream(List.of(changing), 0)) {
      assertThatThrownBy(() -> {
        while (records.next() != null) {
          // read to the end
        }
      }).hasMessage(shorter + " changed while it was being merged (it ends after 50 of its 100 records)");
    }
  }

  private static final long NONE = TraceRecord.NONE;

  private static TraceRecord pwrite(long start, long thread, EventContext context) {
    return new TraceRecord(start, 100, TraceOp.POSIX_PWRITE, TracePoint.POSIX, "/ckpt/late", 0, 4096, 4096,
        TraceRecord.OK, thread, context);
  }

  /** Merges {@code files} with {@code windowNs} as the mix runner does; returns the merged file. */
  private Path merge(long windowNs, Path... files) throws IOException {
    Path merged = dir.resolve("merged-" + System.nanoTime() + ".ptrace");
    try (TraceMerge.Records records = TraceMerge.stream(java.util.Arrays.stream(files).map(TraceSource::of).toList(),
        windowNs);
        TraceWriter writer = TraceWriter.create(merged, TraceMerge.mergedHeader(records.readers(), "merge", 1, "t"))) {
      TraceMerge.Result result = TraceMerge.merge(records, writer, null);
      assertThat(result.notes()).isEmpty();
    }
    return merged;
  }

  @Test
  void summaryCountsOperationsBytesSizesFilesAndContexts() throws Exception {
    EventContext rank = new EventContext("n1", 10, "", "", 4);
    Path file = trace("r4", rank, T0, 1000, 1000, false);
    TraceSummary summary = new TraceSummary();
    try (TraceReader reader = TraceReader.open(file)) {
      summary.addAll(reader);
    }
    assertThat(summary.records()).isEqualTo(1000);
    assertThat(summary.totals(TracePoint.POSIX, TraceOp.POSIX_PWRITE).count()).isEqualTo(1000);
    assertThat(summary.totals(TracePoint.POSIX, TraceOp.POSIX_PWRITE).bytes()).isEqualTo(1000L * 65536);
    assertThat(summary.byContext()).containsOnlyKeys("rank 4@n1");
    assertThat(summary.byFile().get("POSIX /ckpt/r4").writes().bytes()).isEqualTo(1000L * 65536);
    assertThat(summary.lastEndNs() - summary.firstStartNs()).isEqualTo(999_000L + 100);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    summary.print(new PrintStream(text, true, StandardCharsets.UTF_8), 10);
    assertThat(text.toString(StandardCharsets.UTF_8))
        .contains("1000 records in 1 trace file(s), 0 lost")
        .containsPattern("POSIX +POSIX_PWRITE +1000 +65536000")
        .containsPattern("\\[64 KiB, 128 KiB\\) +1000")
        .contains("rank 4@n1");
  }

  @Test
  void summaryPutsTheProgramsDataFilesApartFromWhatItsLauncherTouched() {
    EventContext rank = new EventContext("n1", 10, "", "", 0);
    TraceSummary summary = new TraceSummary();
    // what a traced IOR rank does: its checkpoint, and MPI's and hwloc's start-up reads, probes and session files
    summary.add(call(TraceOp.POSIX_PWRITE, "/scratch/ckpt", 1 << 20, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_PREAD, "/scratch/ckpt", 1 << 20, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_OPEN, "/scratch/missing", TraceRecord.NONE, "ENOENT", rank));
    summary.add(call(TraceOp.POSIX_READ, "/usr/share/misc/pci.ids", 4_000_000, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_READ, "//sys/class/block/../../devices/system/cpu/online", 8, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_OPENAT, "/sys/devices/system/node/node0/access1/initiators", TraceRecord.NONE,
        "ENOENT", rank));
    summary.add(call(TraceOp.POSIX_READ, "/proc/meminfo", 1500, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_WRITE, "/dev/shm/vader_segment.n1.0", 4096, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_READ, "/tmp/ompi.n1.0/pid.7/pmix_dstor_ds21_7/smseg-1-0", 64, TraceRecord.OK, rank));
    summary.add(call(TraceOp.POSIX_OPEN, "/opt/ior/lib/libfabric.so.1", TraceRecord.NONE, "ENOENT", rank));
    summary.add(call(TraceOp.POSIX_OPEN, "/", TraceRecord.NONE, TraceRecord.OK, rank));

    TraceSummary.KindTotals data = summary.data();
    assertThat(data.files()).isEqualTo(2);
    assertThat(data.writes().bytes()).isEqualTo(1 << 20);
    assertThat(data.reads().bytes()).isEqualTo(1 << 20);
    assertThat(data.failures()).isEqualTo(1);
    assertThat(summary.byKind()).containsOnlyKeys(TraceSummary.DATA, "/usr/share", "/sys", "/proc", "/dev",
        LauncherFiles.MPI_SESSION, LauncherFiles.LIBRARIES, "/");
    assertThat(summary.byKind().get("/sys").files()).isEqualTo(2);
    assertThat(summary.byKind().get("/sys").failures()).isEqualTo(1);
    assertThat(summary.byKind().get("/usr/share").reads().bytes()).isEqualTo(4_000_000);
    assertThat(summary.byKind().get(LauncherFiles.LIBRARIES).failures()).isEqualTo(1);
    // Hadoop's URIs and relative paths are the program's; so is /usr in a file system under test
    assertThat(LauncherFiles.groupOf("pfs:///usr/share/x")).isNull();
    assertThat(LauncherFiles.groupOf("usr/share/x")).isNull();
    assertThat(LauncherFiles.groupOf("/var/tmp/ckpt")).isNull();
    assertThat(LauncherFiles.groupOf("/var/lib/dpkg/status")).isEqualTo("/var/lib");
    assertThat(LauncherFiles.groupOf(new TraceRecord(T0, 1, TraceOp.READ, TracePoint.APPLICATION, "/usr/share/x", 0, 1, 1,
        TraceRecord.OK, 1, rank))).isNull();

    ByteArrayOutputStream text = new ByteArrayOutputStream();
    summary.print(new PrintStream(text, true, StandardCharsets.UTF_8), 2);
    List<String> lines = text.toString(StandardCharsets.UTF_8).lines().toList();
    int kinds = lines.indexOf("files by kind (the program's data files; then what its launcher and runtime touched,"
        + " by tree):");
    assertThat(lines.get(kinds + 2)).matches(" +data files +2 +3 +1 +1048576 +1 +1048576 +1");
    assertThat(lines.get(kinds + 3)).matches(" +/usr/share +1 +1 +1 +4000000 +0 +0 +0");
    // the two files listed are the data files, though the PCI table moved more bytes
    int files = lines.indexOf("files (10, top 2 by bytes moved, data files first):");
    assertThat(lines.subList(files + 2, files + 4)).allMatch(l -> l.contains("/scratch/"));
  }

  private static TraceRecord call(TraceOp op, String path, long bytes, String result, EventContext context) {
    return new TraceRecord(T0, 100, op, TracePoint.POSIX, path, 0, bytes, bytes, result, 1, context);
  }

  @Test
  void dumpPrintsOneLinePerRecord() throws Exception {
    Path file = trace("d", new EventContext("n1", 10, "job_2_2", "attempt_2_2_r_000001_0", -1), T0, 5, 3, false);
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (TraceReader reader = TraceReader.open(file)) {
      TraceDump.dump(reader, new PrintStream(text, true, StandardCharsets.UTF_8), -1, false);
    }
    List<String> lines = text.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(2).split("\t")).containsExactly(Long.toString(T0 + 10), "100", "POSIX_PWRITE", "POSIX", "/ckpt/d",
        "131072", "65536", "65536", "ok", "1", "10", "n1", "job_2_2", "attempt_2_2_r_000001_0", "-");
  }

  /** The names of the files the sources read, relative to {@code dir}, and their records. */
  private List<String> read(List<TraceSource> sources) throws IOException {
    List<String> out = new ArrayList<>();
    for (TraceSource source : sources) {
      try (TraceReader reader = source.open()) {
        long records = 0;
        while (reader.next() != null) {
          records++;
        }
        out.add((source.localFile() == null ? reader.name() : dir.relativize(source.localFile()).toString()) + ": "
            + records);
      }
    }
    return out;
  }

  @Test
  void aDirectoryOfTracesIsSearchedWithItsSubDirectoriesLocallyAndOnAHadoopFileSystem() throws Exception {
    // a mix's traces/: one directory per phase, the further workloads' traces one level deeper
    EventContext rank = new EventContext("n1", 10, "", "", 0);
    Files.createDirectories(dir.resolve("traces/001-alone/hpc"));
    Files.createDirectories(dir.resolve("traces/002-mixed/empty"));
    trace("traces/001-alone/a.ptrace", rank, T0, 10, 3, false);
    trace("traces/001-alone/hpc/b.ptrace", rank, T0, 10, 4, false);
    trace("traces/002-mixed/c.ptrace", rank, T0, 10, 5, false);
    Files.writeString(dir.resolve("traces/002-mixed/notes.txt"), "not a trace");

    assertThat(read(TraceInputs.sources(List.of(dir.resolve("traces").toString()), new Configuration(), NO_NOTE)))
        .containsExactly("traces/001-alone/a.ptrace: 3", "traces/001-alone/hpc/b.ptrace: 4",
            "traces/002-mixed/c.ptrace: 5");
    assertThat(read(TraceInputs.sources(List.of("pfs:///traces"), PfsTestFileSystems.posixConfiguration(dir),
        NO_NOTE)))
        .containsExactly("pfs:/traces/001-alone/a.ptrace: 3", "pfs:/traces/001-alone/hpc/b.ptrace: 4",
            "pfs:/traces/002-mixed/c.ptrace: 5");
  }

  @Test
  void aDirectoryWithoutTracesAnywhereBelowItSaysSo() throws Exception {
    Files.createDirectories(dir.resolve("traces/001-alone"));
    Files.writeString(dir.resolve("traces/001-alone/notes.txt"), "not a trace");
    Path traces = dir.resolve("traces");
    assertThatThrownBy(() -> TraceInputs.sources(List.of(traces.toString()), new Configuration(), NO_NOTE))
        .isExactlyInstanceOf(IOException.class)
        .hasMessage(traces + " holds no .ptrace file, neither in it nor in its sub-directories");
    assertThatThrownBy(() -> TraceInputs.sources(List.of("pfs:///traces"), PfsTestFileSystems.posixConfiguration(dir),
        NO_NOTE))
        .isExactlyInstanceOf(IOException.class)
        .hasMessage("pfs:///traces holds no .ptrace file, neither in it nor in its sub-directories");
  }

  @Test
  void aMergedTraceBesideTheTracesItWasMadeFromLeavesThemOutWithANote() throws Exception {
    // as a mix's results directory holds them: traces/PHASE/*.ptrace and trace.ptrace merged from them
    Files.createDirectories(dir.resolve("results/traces/001-alone"));
    Path a = trace("results/traces/001-alone/a.ptrace", new EventContext("n1", 10, "", "", 0), T0, 10, 3, false);
    Path b = trace("results/traces/001-alone/b.ptrace", new EventContext("n1", 11, "", "", 1), T0, 10, 4, false);
    trace("results/traces/001-alone/c.ptrace", new EventContext("n1", 12, "", "", 2), T0, 10, 5, false);
    Path merged = Files.move(merge(TraceMerge.DEFAULT_REORDER_WINDOW_NS, a, b), dir.resolve("results/trace.ptrace"));
    try (TraceReader reader = TraceReader.open(merged)) {
      assertThat(reader.mergedFrom()).extracting(TraceHeader::pid).containsExactly(10, 11);
      assertThat(reader.stream().count()).isEqualTo(7);
    }

    List<String> notes = new ArrayList<>();
    assertThat(read(TraceInputs.sources(List.of(dir.resolve("results").toString()), new Configuration(), notes::add)))
        .containsExactly("results/trace.ptrace: 7", "results/traces/001-alone/c.ptrace: 5");
    assertThat(notes).containsExactly("left out 2 traces that " + merged + " was merged from and holds already: " + a
        + ", " + b);

    // a merge of that merge holds its sources too; named in any order, each record is read once
    Path again = merge(TraceMerge.DEFAULT_REORDER_WINDOW_NS, merged, dir.resolve("results/traces/001-alone/c.ptrace"));
    notes.clear();
    assertThat(read(TraceInputs.sources(List.of(a.toString(), dir.resolve("results").toString(), again.toString()),
        new Configuration(), notes::add))).containsExactly(dir.relativize(again) + ": 12");
    assertThat(notes).containsExactly("left out 4 traces that " + again + " was merged from and holds already: " + a
        + ", " + merged + ", " + b + " and 1 more");
  }

  @Test
  void aFileNamedMoreThanOnceIsReadOnceWhereItWasFirstNamed() throws Exception {
    EventContext rank = new EventContext("n1", 10, "", "", 0);
    Files.createDirectories(dir.resolve("traces"));
    Path a = trace("traces/a.ptrace", rank, T0, 10, 3, false);
    trace("traces/b.ptrace", rank, T0, 10, 4, false);
    Path link = Files.createSymbolicLink(dir.resolve("link.ptrace"), a);
    List<String> names = List.of(a.toString(), dir.resolve("traces").toString(), link.toString(),
        "file://" + dir.resolve("traces/./b.ptrace"), dir + "/traces/../traces/a.ptrace");

    assertThat(read(TraceInputs.sources(names, new Configuration(), NO_NOTE)))
        .containsExactly("traces/a.ptrace: 3", "traces/b.ptrace: 4");
    assertThat(read(TraceInputs.sources(List.of("pfs:///traces", "pfs:/traces/b.ptrace", "pfs:///traces/a.ptrace"),
        PfsTestFileSystems.posixConfiguration(dir), NO_NOTE))).containsExactly("pfs:/traces/a.ptrace: 3",
            "pfs:/traces/b.ptrace: 4");
  }
}
