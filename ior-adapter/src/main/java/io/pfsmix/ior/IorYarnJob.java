package io.pfsmix.ior;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

import io.pfsmix.fs.PfsConfigValues;
import io.pfsmix.trace.TraceConfigKeys;

/**
 * IOR's ranks as the map tasks of a YARN job — task k runs ranks k*R .. k*R+R-1 as threads (R = --ranks-per-task) — so
 * IOR shares a cluster with Hadoop jobs the way the study's workloads did. Barriers and broadcasts go through marker
 * files ({@link FileRankGroup}) in a directory beside the test file; the client reduces the records after the job.
 * Interrupting the client kills the job.
 */
final class IorYarnJob {

  private IorYarnJob() {
  }

  static void run(Configuration conf, IorOptions options, IorAggregator aggregator, PrintStream log) throws IOException {
    IorStorage storage = IorStorage.open(conf, options);
    Path coordination = new Path(storage.path().getParent(), ".ior-coordination-" + UUID.randomUUID());
    try (FileSystem fs = coordinationFileSystem(coordination, conf)) {
      fs.mkdirs(coordination);
      try {
        runJob(conf, options, aggregator, fs, coordination);
      } finally {
        // after an interrupt too: RPC clients refuse interrupted threads, so the flag is cleared for the call
        boolean interrupted = Thread.interrupted();
        try {
          fs.delete(coordination, true);
        } finally {
          if (interrupted) {
            Thread.currentThread().interrupt();
          }
        }
      }
    }
  }

  private static void runJob(Configuration conf, IorOptions options, IorAggregator aggregator, FileSystem fs,
      Path coordination) throws IOException {
    Job job = Job.getInstance(conf, "IOR " + String.join(" ", options.commandLine));
    job.setJarByClass(IorYarnJob.class);
    job.getConfiguration().setStrings(IorConfigKeys.YARN_ARGS, options.commandLine.toArray(new String[0]));
    if (options.scriptText != null) {
      job.getConfiguration().set(IorConfigKeys.YARN_SCRIPT, options.scriptText);
      job.getConfiguration().setInt(IorConfigKeys.YARN_TEST, options.testId);
    }
    job.getConfiguration().set(IorConfigKeys.YARN_COORDINATION_DIR, coordination.toString());
    // every rank must run at the same time: no uber mode (it runs maps one after another), no speculative copies
    job.getConfiguration().setBoolean("mapreduce.job.ubertask.enable", false);
    job.getConfiguration().setBoolean("mapreduce.map.speculative", false);
    job.getConfiguration().setInt("mapreduce.map.maxattempts", 1);
    job.setInputFormatClass(RankInputFormat.class);
    job.setMapperClass(RankMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setMapOutputKeyClass(NullWritable.class);
    job.setMapOutputValueClass(NullWritable.class);
    boolean succeeded = runToCompletion(job);
    Path abort = new Path(coordination, FileRankGroup.ABORT);
    if (fs.exists(abort)) {
      throw new IorRankException("IOR job " + job.getJobID() + ": " + FileRankGroup.readText(fs, abort), null);
    }
    if (!succeeded) {
      throw new IOException("IOR job " + job.getJobID() + " failed: " + failureInfo(job));
    }
    for (FileStatus file : fs.listStatus(new Path(coordination, FileRankGroup.RECORDS))) {
      if (file.getPath().getName().startsWith("task-")) {
        for (String line : FileRankGroup.readText(fs, file.getPath()).split("\n")) {
          if (!line.isEmpty()) {
            aggregator.add(RankRecord.fromLine(line));
          }
        }
      }
    }
    for (int[] phase : aggregator.completedPhases()) {
      aggregator.phaseComplete(phase[0], Phase.values()[phase[1]]);
    }
  }

  /**
   * The coordination directory's file system, untraced: its marker files stand in for the MPI messages of the real
   * IOR, they are none of IOR's I/O. An instance of its own, since cached ones are shared with the ranks' traced I/O.
   */
  static FileSystem coordinationFileSystem(Path dir, Configuration conf) throws IOException {
    Configuration untraced = new Configuration(conf);
    untraced.setBoolean(TraceConfigKeys.ENABLED, false);
    return FileSystem.newInstance(dir.toUri(), untraced);
  }

  /**
   * Submits the job and waits for it to end. An interrupt kills the job before giving up on it: Job.waitForCompletion
   * would ignore the interrupt, and a job left running keeps writing beside whatever runs next.
   */
  private static boolean runToCompletion(Job job) throws IOException {
    boolean submitted = false;
    try {
      job.submit();
      submitted = true;
      int pollMillis = pollMillis(job.getConfiguration());
      while (!job.isComplete()) {
        Thread.sleep(pollMillis);
      }
      return job.isSuccessful();
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    } catch (InterruptedException | IOException | RuntimeException e) {
      if (!interrupted(e)) {
        if (e instanceof RuntimeException unchecked) {
          throw unchecked;
        }
        throw (IOException) e;
      }
      // Hadoop's RPC client refuses calls on an interrupted thread: clear the flag while killing, then restore it
      Thread.interrupted();
      IorAbortedException aborted = new IorAbortedException("interrupted: " + kill(job, submitted));
      Thread.currentThread().interrupt();
      throw aborted;
    }
  }

  /**
   * Whether the failure is the thread's interrupt: also an exception wrapping it, since Hadoop's client catches an
   * interrupt in its own retry sleep (ClientServiceDelegate) and rethrows it wrapped, the thread's flag cleared: in an
   * IOException, or, from a job status poll, in an unchecked YarnRuntimeException (fresh-clone CI on 2026-11-28: the
   * job was left running).
   */
  private static boolean interrupted(Exception e) {
    if (Thread.currentThread().isInterrupted()) {
      return true;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InterruptedException || t instanceof InterruptedIOException) {
        return true;
      }
    }
    return false;
  }

  /**
   * How often to look at the job: as configured, else every 100 ms — Hadoop's default of 5 s would hold the client, and a
   * mix's phase, up to 5 s past the ranks' end.
   */
  private static int pollMillis(Configuration conf) {
    String[] sources = conf.getPropertySources(Job.COMPLETION_POLL_INTERVAL_KEY);
    boolean configured = sources != null && !Arrays.stream(sources).allMatch(source -> source.endsWith("-default.xml"));
    return configured ? Job.getCompletionPollInterval(conf) : 100;
  }

  /** Kills the job, also one whose submission was interrupted after it reached the cluster; says what it did. */
  private static String kill(Job job, boolean submitted) {
    JobID id = job.getJobID();
    if (id == null) {
      return "the IOR job was not submitted";
    }
    try {
      if (submitted) {
        job.killJob();
      } else {
        Cluster cluster = new Cluster(job.getConfiguration());
        try {
          Job reached = cluster.getJob(id);
          if (reached == null) {
            return "the IOR job " + id + " had not reached the cluster";
          }
          reached.killJob();
        } finally {
          cluster.close();
        }
      }
      return "killed the IOR job " + id;
    } catch (IOException | InterruptedException | RuntimeException e) {
      return "could not kill the IOR job " + id + " (" + e.getMessage() + "): kill it with yarn application -kill";
    }
  }

  private static String failureInfo(Job job) throws IOException {
    try {
      return job.getStatus().getFailureInfo();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted while asking why)";
    }
  }

  /** One split per task; the task index is all it carries. */
  public static final class RankSplit extends InputSplit implements Writable {
    int task;

    public RankSplit() {
    }

    RankSplit(int task) {
      this.task = task;
    }

    @Override
    public long getLength() {
      return 0;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeInt(task);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      task = in.readInt();
    }
  }

  /** The job's test: IOR's flags, and with -f the script's test the client runs. */
  static IorOptions optionsOf(Configuration conf) {
    IorOptions options = IorOptions.parse(conf.getStrings(IorConfigKeys.YARN_ARGS, new String[0]));
    String script = conf.get(IorConfigKeys.YARN_SCRIPT);
    return script == null ? options : IorScript.parse(options, script).get(conf.getInt(IorConfigKeys.YARN_TEST, 0));
  }

  /** ceil(N / ranks-per-task) splits, each yielding one record: the task index. */
  public static final class RankInputFormat extends InputFormat<NullWritable, NullWritable> {
    @Override
    public List<InputSplit> getSplits(JobContext context) {
      IorOptions options = optionsOf(context.getConfiguration());
      int tasks = (options.numTasks + options.ranksPerTask - 1) / options.ranksPerTask;
      List<InputSplit> splits = new ArrayList<>();
      for (int task = 0; task < tasks; task++) {
        splits.add(new RankSplit(task));
      }
      return splits;
    }

    @Override
    public RecordReader<NullWritable, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
      return new RecordReader<>() {
        private boolean done;

        @Override
        public void initialize(InputSplit s, TaskAttemptContext c) {
        }

        @Override
        public boolean nextKeyValue() {
          if (done) {
            return false;
          }
          done = true;
          return true;
        }

        @Override
        public NullWritable getCurrentKey() {
          return NullWritable.get();
        }

        @Override
        public NullWritable getCurrentValue() {
          return NullWritable.get();
        }

        @Override
        public float getProgress() {
          return done ? 1 : 0;
        }

        @Override
        public void close() {
        }
      };
    }
  }

  /** Runs this task's ranks as threads, keeping the task alive while they work. */
  public static final class RankMapper extends Mapper<NullWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void map(NullWritable key, NullWritable value, Context context) throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      IorOptions options = optionsOf(conf).validate();
      int task = ((RankSplit) context.getInputSplit()).task;
      Path coordination = new Path(conf.get(IorConfigKeys.YARN_COORDINATION_DIR));
      IorStorage storage = IorStorage.open(conf, options);
      FileSystem coordinationFs = coordinationFileSystem(coordination, conf);
      FileRankGroup group = new FileRankGroup(coordinationFs, coordination, options.numTasks,
          PfsConfigValues.of(conf).duration(IorConfigKeys.YARN_BARRIER_TIMEOUT,
              IorConfigKeys.YARN_BARRIER_TIMEOUT_DEFAULT, TimeUnit.MILLISECONDS, 1, Long.MAX_VALUE / 1_000_000L));
      int first = task * options.ranksPerTask;
      int last = Math.min(options.numTasks, first + options.ranksPerTask);
      ExecutorService pool = Executors.newFixedThreadPool(last - first);
      try (coordinationFs) {
        List<Future<?>> ranks = new ArrayList<>();
        for (int rank = first; rank < last; rank++) {
          RankWorker worker = new RankWorker(options, storage, group, rank);
          ranks.add(pool.submit(() -> {
            worker.run();
            return null;
          }));
        }
        pool.shutdown();
        while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
          context.progress();
          context.setStatus(String.format(Locale.ROOT, "IOR ranks %d-%d running", first, last - 1));
        }
        IorRunner.awaitRanks(ranks);
        group.saveRecords(task);
      } finally {
        pool.shutdownNow();
      }
    }
  }
}
