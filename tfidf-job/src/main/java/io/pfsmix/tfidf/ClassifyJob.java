package io.pfsmix.tfidf;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * Classification as one MapReduce job. Each map task loads the model once (distributed cache), labels its requests and
 * writes one line per request to labels-m-NNNNN; counters carry requests and bytes per predicted class and malformed records
 * per kind. For labelled input each map task sends its part of the confusion matrix to a single reducer, which writes the
 * cells; the driver turns them into confusion.json next to the labels.
 */
final class ClassifyJob {

  static final String MODEL_CACHE_NAME = "tfidf.model";
  static final String LABELS_OUTPUT = "labels";
  static final String CONFUSION_FILE = "confusion.json";

  private ClassifyJob() {
  }

  static final class ClassifyMapper extends Mapper<LongWritable, RequestRecord, Text, LongWritable> {
    private RequestClassifier classifier;
    private MultipleOutputs<Text, LongWritable> outputs;
    private boolean writeLabels;
    private String fileName;
    private String[] predictedLabels;
    private ConfusionMatrix confusion;
    private Counter[] requestCounters;
    private Counter[] byteCounters;
    private Counter[] malformedCounters;
    private Counter requests;
    private Counter bytes;
    private Counter malformed;
    private final Text labelKey = new Text();
    private final Text labelValue = new Text();
    private final StringBuilder line = new StringBuilder(64);

    /** Appends a value in [0, 1] with four decimals (String.format per request costs more than classifying it). */
    static void appendFraction(StringBuilder out, double value) {
      int tenThousandths = (int) Math.round(Math.max(0, Math.min(1, value)) * 10_000);
      out.append(tenThousandths / 10_000).append('.');
      String digits = Integer.toString(tenThousandths % 10_000);
      for (int pad = digits.length(); pad < 4; pad++) {
        out.append('0');
      }
      out.append(digits);
    }

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      TfidfModel model = TrainJob.loadCached(context.getCacheFiles(), MODEL_CACHE_NAME, conf);
      classifier = model.newClassifier(TfidfSettings.maxLineBytes(conf));
      writeLabels = TfidfSettings.writeLabels(conf);
      if (writeLabels) {
        outputs = new MultipleOutputs<>(context);
      }
      fileName = context.getInputSplit() instanceof FileSplit ? ((FileSplit) context.getInputSplit()).getPath().getName()
          : "input";
      List<String> labels = labels(model);
      predictedLabels = labels.toArray(new String[0]);
      confusion = new ConfusionMatrix(labels);
      requestCounters = new Counter[labels.size()];
      byteCounters = new Counter[labels.size()];
      for (int i = 0; i < labels.size(); i++) {
        requestCounters[i] = context.getCounter(TfidfCounters.CLASS_GROUP, "requests." + labels.get(i));
        byteCounters[i] = context.getCounter(TfidfCounters.CLASS_GROUP, "bytes." + labels.get(i));
      }
      malformedCounters = new Counter[MalformedKind.values().length];
      for (MalformedKind kind : MalformedKind.values()) {
        malformedCounters[kind.ordinal()] = context.getCounter(TfidfCounters.MALFORMED_GROUP, kind.name());
      }
      requests = context.getCounter(TfidfCounters.REQUESTS);
      bytes = context.getCounter(TfidfCounters.BYTES);
      malformed = context.getCounter(TfidfCounters.MALFORMED);
    }

    @Override
    protected void map(LongWritable offset, RequestRecord record, Context context) throws IOException, InterruptedException {
      int predicted;
      MalformedKind kind;
      if (record.oversize()) {
        predicted = RequestClassifier.MALFORMED;
        kind = MalformedKind.OVERSIZE_RECORD;
      } else {
        predicted = classifier.classify(record.bytes(), 0, record.length());
        kind = classifier.malformedKind();
      }
      int column = predicted == RequestClassifier.MALFORMED ? predictedLabels.length - 1 : predicted;
      requests.increment(1);
      bytes.increment(record.length());
      requestCounters[column].increment(1);
      byteCounters[column].increment(record.length());
      if (kind != null) {
        malformed.increment(1);
        malformedCounters[kind.ordinal()].increment(1);
      }
      int row = record.label().isEmpty() ? -1 : confusion.indexOf(record.label());
      if (row >= 0) {
        confusion.add(row, column, 1);
      }
      if (writeLabels) {
        line.setLength(0);
        line.append(fileName).append(':').append(offset.get());
        labelKey.set(line.toString());
        line.setLength(0);
        line.append(predictedLabels[column]).append('\t').append(record.label().isEmpty() ? "-" : record.label())
            .append('\t');
        if (kind != null) {
          line.append(kind.name());
        } else {
          appendFraction(line, classifier.similarity());
        }
        labelValue.set(line.toString());
        outputs.write(LABELS_OUTPUT, labelKey, labelValue, LABELS_OUTPUT);
      }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      Text cell = new Text();
      LongWritable count = new LongWritable();
      for (int a = 0; a < predictedLabels.length; a++) {
        for (int p = 0; p < predictedLabels.length; p++) {
          if (confusion.count(a, p) > 0) {
            cell.set(predictedLabels[a] + "\t" + predictedLabels[p]);
            count.set(confusion.count(a, p));
            context.write(cell, count);
          }
        }
      }
      if (outputs != null) {
        outputs.close();
      }
    }
  }

  static final class CellSumReducer extends Reducer<Text, LongWritable, Text, LongWritable> {
    private final LongWritable sum = new LongWritable();

    @Override
    protected void reduce(Text cell, Iterable<LongWritable> counts, Context context) throws IOException, InterruptedException {
      long total = 0;
      for (LongWritable c : counts) {
        total += c.get();
      }
      sum.set(total);
      context.write(cell, sum);
    }
  }

  /** The model's class labels, then "malformed". */
  static List<String> labels(TfidfModel model) {
    List<String> labels = new ArrayList<>();
    for (int c = 0; c < model.classCount(); c++) {
      labels.add(model.className(c));
    }
    labels.add(HttpClass.MALFORMED_LABEL);
    return labels;
  }

  static ClassifyResult run(Configuration baseConf, Path input, Path modelPath, Path output,
      PrintStream progress) throws IOException, InterruptedException {
    Configuration conf = new Configuration(baseConf);
    // the tasks' keys, checked here so that a bad value fails before any job runs
    TfidfSettings.writeLabels(conf);
    TfidfSettings.maxLineBytes(conf);
    TfidfSettings.maxRecordBytes(conf);
    TfidfJobs.requireInput(conf, input);
    // fail at start, naming the file and the reason, rather than in every task
    TfidfModel model = TfidfModel.read(modelPath, conf);
    if (model.centroidCount() == 0) {
      throw new ModelFormatException("model file " + modelPath + " has no centroids: it is not a trained model");
    }
    FileSystem outFs = output.getFileSystem(conf);
    if (outFs.exists(output)) {
      throw new IOException("output " + output + " already exists; remove it or choose another --output");
    }
    OutputPaths.checkCreatable(outFs, outFs.makeQualified(output), "output");
    Path qualifiedModel = modelPath.getFileSystem(conf).makeQualified(modelPath);
    Job job = Job.getInstance(conf, "tfidf-classify " + input);
    job.setJarByClass(ClassifyJob.class);
    job.addCacheFile(TrainJob.cacheUri(qualifiedModel, MODEL_CACHE_NAME));
    job.setInputFormatClass(RequestInputFormat.class);
    FileInputFormat.addInputPath(job, input);
    job.setMapperClass(ClassifyMapper.class);
    job.setReducerClass(CellSumReducer.class);
    job.setCombinerClass(CellSumReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    MultipleOutputs.addNamedOutput(job, LABELS_OUTPUT, TextOutputFormat.class, Text.class, Text.class);
    FileOutputFormat.setOutputPath(job, output);
    long start = System.nanoTime();
    TfidfJobs.runOrFail(job, progress);
    long elapsed = System.nanoTime() - start;

    Counters counters = job.getCounters();
    List<String> labels = labels(model);
    Map<String, Long> requestsPerClass = new TreeMap<>();
    Map<String, Long> bytesPerClass = new TreeMap<>();
    CounterGroup classes = counters.getGroup(TfidfCounters.CLASS_GROUP);
    for (String label : labels) {
      requestsPerClass.put(label, classes.findCounter("requests." + label).getValue());
      bytesPerClass.put(label, classes.findCounter("bytes." + label).getValue());
    }
    Map<String, Long> malformedPerKind = new TreeMap<>();
    CounterGroup kinds = counters.getGroup(TfidfCounters.MALFORMED_GROUP);
    for (MalformedKind kind : MalformedKind.values()) {
      malformedPerKind.put(kind.name(), kinds.findCounter(kind.name()).getValue());
    }
    ConfusionMatrix confusion = readConfusion(conf, output, labels);
    Path json = null;
    if (confusion != null) {
      json = new Path(output, CONFUSION_FILE);
      try (OutputStream out = outFs.create(json, true)) {
        out.write(confusion.toJson().getBytes(StandardCharsets.UTF_8));
      }
    }
    return new ClassifyResult(outFs.makeQualified(output), counters.findCounter(TfidfCounters.REQUESTS).getValue(),
        counters.findCounter(TfidfCounters.BYTES).getValue(), counters.findCounter(TfidfCounters.MALFORMED).getValue(),
        elapsed, requestsPerClass, bytesPerClass, malformedPerKind, confusion, json);
  }

  private static ConfusionMatrix readConfusion(Configuration conf, Path output, List<String> labels) throws IOException {
    ConfusionMatrix confusion = new ConfusionMatrix(labels);
    FileSystem fs = output.getFileSystem(conf);
    for (Path part : TrainJob.parts(conf, output)) {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(part), StandardCharsets.UTF_8))) {
        String line;
        while ((line = reader.readLine()) != null) {
          String[] f = line.split("\t");
          if (f.length != 3) {
            throw new IOException("unexpected line in " + part + ": " + line);
          }
          confusion.add(confusion.indexOf(f[0]), confusion.indexOf(f[1]), Long.parseLong(f[2]));
        }
      }
    }
    return confusion.total() == 0 ? null : confusion;
  }
}
