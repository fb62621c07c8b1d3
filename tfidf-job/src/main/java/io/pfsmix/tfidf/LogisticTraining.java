package io.pfsmix.tfidf;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

import io.pfsmix.fs.PfsConfigValues;

/**
 * Multinomial logistic regression over the dictionary's TF-IDF vectors, trained as MapReduce rounds (iterative parameter
 * mixing): in each round every map task starts from the current model (distributed cache), makes a few passes of
 * stochastic gradient descent over the requests of its split, and sends its weights, scaled by its request count, to a
 * single reducer, which adds them in split order; the driver divides by the requests and writes the next model. One
 * split gives plain stochastic gradient descent; more splits average their models each round.
 */
final class LogisticTraining {

  static final String WEIGHTS_CACHE_NAME = "tfidf.weights";
  /** L2 decay is applied every this many requests rather than to every weight at every step. */
  private static final int DECAY_EVERY = 128;

  private LogisticTraining() {
  }

  /** Weights of class c: w[c * (terms + 1) + t]; its bias at w[c * (terms + 1) + terms]. */
  static final class TrainMapper extends Mapper<LongWritable, RequestRecord, Text, VectorSum> {
    private TfidfVectorizer vectorizer;
    private RequestValidator validator;
    private double[] w;
    private int terms;
    private int classes;
    private int[] termIndex = new int[1 << 16];
    private float[] termWeight = new float[1 << 16];
    private int[] starts = new int[1 << 12];
    private int[] labels = new int[1 << 12];
    private int documents;
    private int used;

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      TfidfModel model = TrainJob.loadCached(context.getCacheFiles(), WEIGHTS_CACHE_NAME, conf);
      terms = model.termCount();
      classes = model.classCount();
      vectorizer = new TfidfVectorizer(new TermDictionary(model.termHashes()), model.idfArray());
      validator = new RequestValidator(TfidfSettings.maxLineBytes(conf));
      w = weights(model);
    }

    @Override
    protected void map(LongWritable key, RequestRecord record, Context context) {
      int c = TrainJob.trainingClass(record);
      if (c < 0 || record.oversize() || vectorizer.vectorize(record.bytes(), 0, record.length(), validator) != null) {
        return;
      }
      int n = vectorizer.termCount();
      if (documents + 1 >= starts.length) {
        starts = Arrays.copyOf(starts, starts.length * 2);
        labels = Arrays.copyOf(labels, labels.length * 2);
      }
      if (used + n > termIndex.length) {
        termIndex = Arrays.copyOf(termIndex, Math.max(termIndex.length * 2, used + n));
        termWeight = Arrays.copyOf(termWeight, termIndex.length);
      }
      System.arraycopy(vectorizer.terms(), 0, termIndex, used, n);
      System.arraycopy(vectorizer.weights(), 0, termWeight, used, n);
      starts[documents] = used;
      labels[documents] = c;
      used += n;
      documents++;
      starts[documents] = used;
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      if (documents == 0) {
        return;
      }
      Configuration conf = context.getConfiguration();
      int round = PfsConfigValues.of(conf).integer(TfidfConfigKeys.LOGISTIC_ROUND, 0, 0, Integer.MAX_VALUE);
      int epochs = TfidfSettings.logisticEpochs(conf);
      double rate = TfidfSettings.learningRate(conf);
      double l2 = TfidfSettings.l2(conf);
      String split = context.getInputSplit() instanceof FileSplit ? ((FileSplit) context.getInputSplit()).getPath()
          .getName() + ":" + ((FileSplit) context.getInputSplit()).getStart() : "input";
      // the same split shuffles the same way in the same round: training is repeatable
      SplittableRandom random = new SplittableRandom(split.hashCode() * 0x9E3779B97F4A7C15L + round);
      int[] order = new int[documents];
      for (int i = 0; i < documents; i++) {
        order[i] = i;
      }
      double[] p = new double[classes];
      int stride = terms + 1;
      for (int e = 0; e < epochs; e++) {
        double lr = rate / (1 + (round * epochs + e) / 2.0);
        for (int i = documents - 1; i > 0; i--) {
          int j = random.nextInt(i + 1);
          int t = order[i];
          order[i] = order[j];
          order[j] = t;
        }
        for (int step = 0; step < documents; step++) {
          int d = order[step];
          probabilities(d, p);
          for (int c = 0; c < classes; c++) {
            double g = p[c] - (labels[d] == c ? 1 : 0);
            if (Math.abs(g) < 1e-9) {
              continue;
            }
            int base = c * stride;
            for (int k = starts[d]; k < starts[d + 1]; k++) {
              w[base + termIndex[k]] -= lr * g * termWeight[k];
            }
            w[base + terms] -= lr * g;
          }
          if (step % DECAY_EVERY == DECAY_EVERY - 1) {
            double keep = 1 - lr * l2 * DECAY_EVERY;
            for (int c = 0; c < classes; c++) {
              for (int t = 0; t < terms; t++) {
                w[c * stride + t] *= keep;
              }
            }
          }
        }
      }
      VectorSum out = new VectorSum(w.length);
      out.addScaled(w, documents);
      context.write(new Text(split), out);
    }

    /** Softmax of the class scores of buffered request {@code d}. */
    private void probabilities(int d, double[] p) {
      int stride = terms + 1;
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < classes; c++) {
        int base = c * stride;
        double s = w[base + terms];
        for (int k = starts[d]; k < starts[d + 1]; k++) {
          s += w[base + termIndex[k]] * termWeight[k];
        }
        p[c] = s;
        max = Math.max(max, s);
      }
      double sum = 0;
      for (int c = 0; c < classes; c++) {
        p[c] = Math.exp(p[c] - max);
        sum += p[c];
      }
      for (int c = 0; c < classes; c++) {
        p[c] /= sum;
      }
    }
  }

  /** The single reducer: adds the splits' scaled weights in split order (keys sort), so sums are repeatable. */
  static final class SumReducer extends Reducer<Text, VectorSum, Text, VectorSum> {
    private VectorSum total;

    @Override
    protected void reduce(Text split, Iterable<VectorSum> values, Context context) {
      for (VectorSum v : values) {
        if (total == null) {
          total = new VectorSum(v.sum().length);
        }
        total.add(v);
      }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      if (total != null) {
        context.write(new Text("weights"), total);
      }
    }
  }

  /** The model's weights and biases as the mappers' flat array. */
  static double[] weights(TfidfModel model) {
    int terms = model.termCount();
    double[] w = new double[model.classCount() * (terms + 1)];
    for (int c = 0; c < model.classCount(); c++) {
      float[] vector = model.centroidArrays()[c];
      for (int t = 0; t < terms; t++) {
        w[c * (terms + 1) + t] = vector[t];
      }
      w[c * (terms + 1) + terms] = model.bias(c);
    }
    return w;
  }

  /** A logistic model over {@code dictionary}'s terms with weights from the flat array. */
  static TfidfModel model(TfidfModel dictionary, double[] w) {
    int classes = dictionary.classCount();
    int terms = dictionary.termCount();
    String[] names = new String[classes];
    long[] classDocuments = new long[classes];
    int[] perClass = new int[classes];
    float[][] vectors = new float[classes][terms];
    float[] biases = new float[classes];
    for (int c = 0; c < classes; c++) {
      names[c] = dictionary.className(c);
      classDocuments[c] = dictionary.classDocuments(c);
      perClass[c] = 1;
      for (int t = 0; t < terms; t++) {
        vectors[c][t] = (float) w[c * (terms + 1) + t];
      }
      biases[c] = (float) w[c * (terms + 1) + terms];
    }
    byte[][] termBytes = new byte[terms][];
    long[] df = new long[terms];
    float[] idf = new float[terms];
    for (int t = 0; t < terms; t++) {
      termBytes[t] = dictionary.term(t);
      df[t] = dictionary.documentFrequency(t);
      idf[t] = dictionary.idf(t);
    }
    return new TfidfModel(dictionary.trainingDocuments(), names, classDocuments, perClass, termBytes, df, idf, vectors,
        biases);
  }

  /** Runs the rounds from zero weights; returns the trained model (not yet written to its path). */
  static TfidfModel train(Configuration conf, Path input, TfidfModel dictionary, Path work,
      PrintStream progress) throws IOException, InterruptedException {
    int rounds = TfidfSettings.logisticRounds(conf);
    FileSystem fs = work.getFileSystem(conf);
    TfidfModel current = model(dictionary, new double[dictionary.classCount() * (dictionary.termCount() + 1)]);
    for (int round = 0; round < rounds; round++) {
      Path weights = new Path(work, "weights-" + round + ".model");
      current.write(weights, conf);
      Configuration roundConf = new Configuration(conf);
      roundConf.setInt(TfidfConfigKeys.LOGISTIC_ROUND, round);
      Job job = Job.getInstance(roundConf, "tfidf-train-logistic round " + (round + 1) + "/" + rounds + " " + input);
      job.setJarByClass(LogisticTraining.class);
      job.addCacheFile(TrainJob.cacheUri(weights, WEIGHTS_CACHE_NAME));
      job.setInputFormatClass(RequestInputFormat.class);
      FileInputFormat.addInputPath(job, input);
      job.setMapperClass(TrainMapper.class);
      job.setReducerClass(SumReducer.class);
      job.setNumReduceTasks(1);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(VectorSum.class);
      job.setOutputFormatClass(SequenceFileOutputFormat.class);
      Path output = new Path(work, "round-" + round);
      FileOutputFormat.setOutputPath(job, output);
      TfidfJobs.runOrFail(job, progress);
      VectorSum sum = null;
      for (Path part : TrainJob.parts(conf, output)) {
        try (SequenceFile.Reader reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
          Text key = new Text();
          VectorSum value = new VectorSum();
          if (reader.next(key, value)) {
            sum = value;
          }
        }
      }
      if (sum == null || sum.documents() == 0) {
        throw new IOException("no well-formed labelled request to train on in " + input);
      }
      double[] w = sum.sum();
      for (int i = 0; i < w.length; i++) {
        w[i] /= sum.documents();
      }
      current = model(dictionary, w);
      fs.delete(output, true);
      fs.delete(weights, false);
    }
    return current;
  }
}
