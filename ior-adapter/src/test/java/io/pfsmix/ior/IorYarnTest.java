package io.pfsmix.ior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.TIPStatus;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.service.ServiceOperations;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.pfsmix.minicluster.MiniYarn;

/** Ranks as the map tasks of a YARN job on an in-process YARN cluster (MiniMRYarnCluster). */
class IorYarnTest {

  @TempDir
  static Path dir;
  private static MiniMRYarnCluster cluster;

  @BeforeAll
  static void startCluster() {
    cluster = MiniYarn.start("ior-yarn", MiniYarn.withoutHistoryServer(new Configuration()), dir);
  }

  @AfterAll
  static void stopCluster() {
    ServiceOperations.stop(cluster);
  }

  @Test
  void fourRanksInTwoTasksWriteCheckAndReadBack() throws IOException {
    Path file = dir.resolve("ckpt");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult result = IorRunner.run(new Configuration(cluster.getConfig()), IorOptions.parse("--yarn",
        "--ranks-per-task=2", "-w", "-W", "-r", "-R", "-k", "-F", "-N", "4", "-s", "2", "-b", "16k", "-t", "4k", "-G",
        "4321", "-o", "file://" + file), out);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(result.dataErrors()).isEmpty();
    assertThat(result.iterations()).hasSize(2);
    assertThat(result.iterations("write").get(0).aggregateBytes()).isEqualTo(4 * 2 * 16384);
    assertThat(text).contains("\nnodes               : 2\n").contains("\nclients per node    : 2\n")
        .contains("Summary of all tests:");
    for (int rank = 0; rank < 4; rank++) {
      ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(Path.of(file + String.format(Locale.ROOT, ".%08d", rank))))
          .order(ByteOrder.LITTLE_ENDIAN);
      assertThat(bytes.capacity()).isEqualTo(2 * 16384);
      for (int word = 0; word < bytes.capacity() / 8; word++) {
        assertThat(bytes.getLong(word * 8)).isEqualTo(((long) rank << 32) | (4321 + word % 512));
      }
    }
    assertThat(Files.list(dir).filter(p -> p.getFileName().toString().startsWith(".ior-coordination"))).isEmpty();
  }

  @Test
  void aScriptsTestsRunAsJobsOfTheirOwnWithTheWearOutsCountsGatheredAcrossTasks() throws IOException {
    // the tasks cannot read the client's script: they get its text and their test's number from the job
    Path script = dir.resolve("tests.ior");
    Files.writeString(script, String.join("\n", "IOR START", "  writeFile=1, keepFile=1, filePerProc=1",
        "  deadlineForStonewalling=60, stoneWallingWearOut=1", "RUN", "  writeFile=0, readFile=1, checkRead=1", "RUN",
        "IOR STOP", ""));
    Path file = dir.resolve("scripted");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IorResult last = IorRunner.run(new Configuration(cluster.getConfig()), IorOptions.parse("--yarn",
        "--ranks-per-task=2", "-N", "4", "-b", "16k", "-t", "4k", "-G", "4321", "-f", script.toString(), "-o",
        "file://" + file), out);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text.lines().filter(l -> l.startsWith("TestID "))).containsExactly("TestID              : 0",
        "TestID              : 1");
    // every rank's count reached the client through the other task's files: four transfers each, write and read
    assertThat(text.lines().filter(l -> l.startsWith("stonewalling pairs accessed"))).hasSize(2)
        .allMatch(l -> l.startsWith("stonewalling pairs accessed min: 4 max: 4 "));
    assertThat(last.dataErrors()).isEmpty();
    assertThat(last.iterations("read")).hasSize(1).allMatch(row -> row.aggregateBytes() == 4 * 16384);
  }

  @Test
  void ranksInSeveralTasksShareOneFileOnPfs() throws IOException {
    // N-to-1 from two processes: every rank's transfers at IOR's strided offsets, none lost to another task's open
    Path root = Files.createDirectories(dir.resolve("pfs-root"));
    Configuration conf = new Configuration(cluster.getConfig());
    conf.set("fs.pfs.posix.root", root.toString());
    IorResult result = IorRunner.run(conf, IorOptions.parse("--yarn", "--ranks-per-task=2", "-w", "-k", "-N", "4",
        "-s", "2", "-b", "16k", "-t", "4k", "-G", "1234", "-o", "pfs:///shared"));
    assertThat(result.iterations("write").get(0).aggregateBytes()).isEqualTo(4 * 2 * 16384);
    ByteBuffer file = ByteBuffer.wrap(Files.readAllBytes(root.resolve("shared"))).order(ByteOrder.LITTLE_ENDIAN);
    assertThat(file.capacity()).isEqualTo(4 * 2 * 16384);
    for (int segment = 0; segment < 2; segment++) {
      for (int rank = 0; rank < 4; rank++) {
        for (int transfer = 0; transfer < 4; transfer++) {
          int offset = segment * 4 * 16384 + rank * 16384 + transfer * 4096;
          for (int word = 0; word < 4096 / 8; word++) {
            assertThat(file.getLong(offset + word * 8)).as("rank %d, word %d at %d", rank, word, offset)
                .isEqualTo(((long) rank << 32) | (1234 + word));
          }
        }
      }
    }
  }

  @Test
  void interruptingTheClientKillsTheJob() throws Exception {
    Configuration conf = new Configuration(cluster.getConfig());
    Path file = dir.resolve("killed");
    Thread[] client = new Thread[1];
    // -d 600: the rank sleeps in its container before writing, so the job is surely running when the client stops
    CompletableFuture<IorResult> run = CompletableFuture.supplyAsync(() -> {
      client[0] = Thread.currentThread();
      try {
        return IorRunner.run(conf, IorOptions.parse("--yarn", "-w", "-F", "-d", "600", "-N", "1", "-b", "4k", "-t", "4k",
            "-o", "file://" + file));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }, runnable -> new Thread(runnable, "ior-client").start());
    Job job = awaitRunningRank(conf, run);
    client[0].interrupt();
    ExecutionException thrown = catchThrowableOfType(() -> run.get(120, TimeUnit.SECONDS), ExecutionException.class);
    assertThat(thrown).as("the client stops").isNotNull();
    assertThat(thrown.getCause().getCause()).isInstanceOf(IorAbortedException.class)
        .hasMessageContaining("killed the IOR job " + job.getJobID());
    // as the resource manager has it (the job's own status would need its gone AM or a history server)
    Cluster c = new Cluster(conf);
    try {
      assertThat(c.getAllJobStatuses()).filteredOn(s -> s.getJobID().equals(job.getJobID()))
          .extracting(JobStatus::getState).containsExactly(JobStatus.State.KILLED);
    } finally {
      c.close();
    }
    assertThat(file).doesNotExist();
    assertThat(Files.list(dir).filter(p -> p.getFileName().toString().startsWith(".ior-coordination"))).isEmpty();
  }

  /** The IOR job whose rank task is running, once there is one; fails if the client ends first. */
  private static Job awaitRunningRank(Configuration conf, CompletableFuture<?> client) throws Exception {
    Cluster c = new Cluster(conf);
    try {
      while (true) {
        if (client.isDone()) {
          client.get();
          throw new AssertionError("the IOR client returned before its job ran");
        }
        for (JobStatus status : c.getAllJobStatuses()) {
          if (status.getJobName().startsWith("IOR ") && status.getState() == JobStatus.State.RUNNING) {
            Job job = c.getJob(status.getJobID());
            for (TaskReport task : job.getTaskReports(TaskType.MAP)) {
              if (task.getCurrentStatus() == TIPStatus.RUNNING) {
                return job;
              }
            }
          }
        }
        Thread.sleep(200);
      }
    } finally {
      c.close();
    }
  }
}
