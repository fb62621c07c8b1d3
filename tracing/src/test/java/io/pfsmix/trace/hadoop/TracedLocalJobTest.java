package io.pfsmix.trace.hadoop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.trace.TraceConfigKeys;
import io.pfsmix.trace.TraceFiles;
import io.pfsmix.trace.format.TraceOp;
import io.pfsmix.trace.format.TracePoint;
import io.pfsmix.trace.format.TraceRecord;

/** A real MapReduce job in the LocalJobRunner, traced by configuration alone. */
@ExtendWith(CloseTraceRecorders.class)
class TracedLocalJobTest {

  @TempDir
  Path tmp;

  @Test
  void aLocalJobIsTracedPerTaskAttempt() throws Exception {
    Path input = Files.createDirectories(tmp.resolve("in"));
    String first = "alpha beta\n".repeat(2000);
    String second = "gamma\n".repeat(3000);
    Files.writeString(input.resolve("one.txt"), first);
    Files.writeString(input.resolve("two.txt"), second);
    Path traces = tmp.resolve("traces");

    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.setInt("mapreduce.client.completion.pollinterval", 50);
    conf.set("fs.file.impl", TracingLocalFileSystem.class.getName());
    // Each task's FileSystem is made from the task's own configuration, which carries its attempt id.
    conf.setBoolean("fs.file.impl.disable.cache", true);
    conf.set(TraceConfigKeys.DESTINATION, traces.toString());
    Job job = Job.getInstance(conf, "traced identity");
    job.setJarByClass(TracedLocalJobTest.class);
    job.setMapperClass(Mapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(LongWritable.class);
    job.setOutputValueClass(Text.class);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(tmp.resolve("out").toUri()));
    assertThat(job.waitForCompletion(false)).isTrue();
    TraceRecorders.closeAll();

    List<TraceRecord> records = TraceFiles.readAll(traces);
    assertThat(records).isNotEmpty().extracting(TraceRecord::point).containsOnly(TracePoint.APPLICATION);
    Map<String, Set<String>> attemptsByInput = records.stream()
        .filter(r -> r.path() != null && r.path().contains("/in/") && r.op() == TraceOp.READ)
        .collect(Collectors.groupingBy(r -> r.path().substring(r.path().lastIndexOf('/') + 1),
            Collectors.mapping(r -> r.context().taskAttemptId(), Collectors.toSet())));
    // each input file was read by exactly one map attempt, and the two attempts differ
    assertThat(attemptsByInput).containsOnlyKeys("one.txt", "two.txt");
    assertThat(attemptsByInput.values()).allSatisfy(attempts -> {
      assertThat(attempts).hasSize(1);
      assertThat(attempts.iterator().next()).matches("attempt_local\\d+_\\d+_m_00000[01]_0");
    });
    assertThat(attemptsByInput.get("one.txt")).doesNotContainAnyElementsOf(attemptsByInput.get("two.txt"));
    List<String> jobIds = records.stream().filter(r -> r.context().hasTask()).map(r -> r.context().jobId()).distinct()
        .toList();
    assertThat(jobIds).hasSize(1);
    assertThat(jobIds.get(0)).matches("job_local\\d+_\\d+");

    // the bytes the tasks read are the input files' bytes
    for (Map.Entry<String, String> file : Map.of("one.txt", first, "two.txt", second).entrySet()) {
      long read = records.stream().filter(r -> r.path() != null && r.path().endsWith("/in/" + file.getKey())
          && r.op() == TraceOp.READ && r.bytes() > 0).mapToLong(TraceRecord::bytes).sum();
      assertThat(read).isEqualTo(file.getValue().getBytes(StandardCharsets.UTF_8).length);
    }
    // and what they wrote is the output
    long written = records.stream().filter(r -> r.path() != null && r.path().contains("/out/")
        && r.op() == TraceOp.WRITE).mapToLong(TraceRecord::bytes).sum();
    assertThat(written).isPositive();
  }
}
