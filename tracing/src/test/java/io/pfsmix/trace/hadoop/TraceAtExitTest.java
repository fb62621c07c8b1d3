package io.pfsmix.trace.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.TraceFiles;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TraceRecord;

class TraceAtExitTest {

  @TempDir
  Path tmp;

  @Test
  void aProcessThatExitsWithoutClosingStillLeavesACompleteTrace() throws Exception {
    Path traces = tmp.resolve("traces");
    Path data = tmp.resolve("data.bin");
    Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), TraceAtExitMain.class.getName(), traces.toString(),
        data.toString()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();

    List<TraceRecord> records = TraceFiles.readAll(traces); // fails unless the END block was written
    List<TraceRecord> writes = records.stream()
        .filter(r -> r.op() == TraceOp.WRITE && r.path().endsWith("/data.bin")).toList();
    assertThat(writes.stream().mapToLong(TraceRecord::bytes).sum()).isEqualTo(102_400);
    assertThat(records).extracting(TraceRecord::op).contains(TraceOp.CREATE);
  }
}
