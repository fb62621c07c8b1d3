package io.pfsmix.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Chrome/Perfetto trace-event JSON: valid structure, one track per rank or task, counts and bytes preserved. */
class ChromeExportTest {
  @TempDir
  Path dir;

  @Test
  void eventsFollowTheTraceEventFormatAndPreserveCountsAndBytes() throws Exception {
    TestTraces t = new TestTraces()
        .iorRank("node1", 0, 2, "/pfs/ior \"quoted\" file", 4, 1 << 20, TestTraces.T0 + 2000)
        .iorRank("node1", 1, 2, "/pfs/ior \"quoted\" file", 4, 1 << 20, TestTraces.T0 + 3000)
        .hadoopTask("node2", "attempt_1700000000000_0007_m_000001_0", "pfs:///in/part-1", 6, 4096, TestTraces.T0);
    Path out = dir.resolve("trace.json");
    new ExportRun(ExportFormat.CHROME, new ExportOptions()).run(t.write(dir), out);

    JsonObject root;
    try (java.io.Reader in = java.nio.file.Files.newBufferedReader(out)) {
      root = JsonParser.parseReader(in).getAsJsonObject();
    }
    JsonArray events = root.getAsJsonArray("traceEvents");
    List<TraceRecord> exported = t.records.stream().filter(r -> r.point() != TracePoint.STORAGE).toList();
    long complete = 0;
    long readBytes = 0;
    long writeBytes = 0;
    Map<Integer, String> threadNames = new HashMap<>();
    Set<String> trackOfActor = new HashSet<>();
    double lastTs = -1;
    for (JsonElement element : events) {
      JsonObject e = element.getAsJsonObject();
      String ph = e.get("ph").getAsString();
      int pid = e.get("pid").getAsInt();
      int tid = e.get("tid").getAsInt();
      if (ph.equals("M")) {
        if (e.get("name").getAsString().equals("thread_name")) {
          threadNames.put(tid, e.getAsJsonObject("args").get("name").getAsString());
        }
        continue;
      }
      assertThat(ph).isEqualTo("X");
      for (String field : List.of("name", "cat", "ts", "dur", "pid", "tid", "args")) {
        assertThat(e.has(field)).as(field + " in " + e).isTrue();
      }
      assertThat(e.get("ts").getAsJsonPrimitive().isNumber() && e.get("dur").getAsJsonPrimitive().isNumber()).isTrue();
      assertThat(e.get("dur").getAsDouble()).isGreaterThanOrEqualTo(0);
      assertThat(e.get("ts").getAsDouble()).isGreaterThanOrEqualTo(lastTs);
      lastTs = e.get("ts").getAsDouble();
      complete++;
      String name = e.get("name").getAsString();
      if (name.contains("READ")) {
        readBytes += e.getAsJsonObject("args").get("bytes").getAsLong();
      } else if (name.contains("WRITE")) {
        writeBytes += e.getAsJsonObject("args").get("bytes").getAsLong();
      }
      trackOfActor.add(pid + "/" + tid + "=" + threadNames.get(tid));
    }
    assertThat(complete).isEqualTo(exported.size());
    assertThat(readBytes).isEqualTo(exported.stream().filter(r -> r.op().isRead()).mapToLong(TraceRecord::bytes).sum());
    assertThat(writeBytes).isEqualTo(exported.stream().filter(r -> r.op().isWrite()).mapToLong(TraceRecord::bytes)
        .sum());
    // one track per rank or task, named after it, on its host's process track
    assertThat(threadNames.values()).containsExactlyInAnyOrder("rank-0", "rank-1",
        "attempt_1700000000000_0007_m_000001_0");
    assertThat(trackOfActor).hasSize(3);
    assertThat(events.toString()).contains("/pfs/ior \\\"quoted\\\" file");
  }
}
