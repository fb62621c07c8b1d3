package io.pfsmix.e2e;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * A user's MapReduce job that does not end by itself: each map task sleeps ten minutes per input line. It is its own
 * mapper, so that a jar of this class alone ({@link MixCli#packJob}) carries the whole job to YARN's tasks.
 */
public final class SleepingJob extends Mapper<LongWritable, Text, NullWritable, NullWritable> implements Tool {

  private Configuration conf;

  @Override
  protected void map(LongWritable key, Text value, Context context) throws IOException, InterruptedException {
    Thread.sleep(600_000);
  }

  @Override
  public int run(String[] args) throws Exception {
    Job job = Job.getInstance(getConf(), "user sleeping job");
    job.setJarByClass(SleepingJob.class);
    job.setMapperClass(SleepingJob.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    FileInputFormat.addInputPath(job, new Path(args[0]));
    FileOutputFormat.setOutputPath(job, new Path(args[1]));
    return job.waitForCompletion(false) ? 0 : 1;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new SleepingJob(), args));
  }
}
