package io.pfsmix.tfidf;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.UUID;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * Training as MapReduce jobs. Job 1 counts, per class, the documents each term occurs in and keeps the top-K terms by
 * their highest class-conditional document frequency (df within a class / documents of that class), so every class keeps
 * the terms typical of it however rare the class is. For nearest centroids, job 2 sums the L2-normalised TF-IDF vectors
 * of each class (and request shape, when more than one centroid per class is asked for) over that dictionary; for the
 * logistic model, {@link LogisticTraining} runs its rounds. The driver writes the model.
 */
final class TrainJob {

  static final String DICTIONARY_CACHE_NAME = "tfidf.dictionary";
  /** Key of the per-class document totals in job 1's output: sorts before every term. */
  private static final BytesWritable TOTALS_KEY = new BytesWritable(new byte[0]);
  private static final String TOTALS_GROUP = "io.pfsmix.tfidf.TrainingDocuments";

  private TrainJob() {
  }

  /** Label of a training record as a class index, or -1 when it cannot teach anything (unlabelled, malformed). */
  static int trainingClass(RequestRecord record) {
    HttpClass c = HttpClass.fromLabel(record.label());
    return c == null ? -1 : c.ordinal();
  }

  /** Which of a class's centroids a request feeds: by method and first path segment, so centroids follow site areas. */
  static int shape(byte[] b, int length, int centroidsPerClass) {
    if (centroidsPerClass == 1) {
      return 0;
    }
    long h = 0xcbf29ce484222325L;
    int slashes = 0;
    for (int i = 0; i < length && i < 256; i++) {
      byte c = b[i];
      if (c == '/' && ++slashes == 2 || c == '?' || c == '\r') {
        break;
      }
      h = (h ^ c) * 0x100000001b3L;
    }
    return (int) Long.remainderUnsigned(h ^ (h >>> 32), centroidsPerClass);
  }

  // ---- job 1: document frequencies and the dictionary ----

  static final class DocumentFrequencyMapper extends Mapper<LongWritable, RequestRecord, BytesWritable, ClassCounts> {
    private static final int FLUSH_TERMS = 300_000;
    private final RequestTokenizer tokenizer = new RequestTokenizer(true);
    private final Map<Long, TermCounts> terms = new HashMap<>();
    private final Set<Long> documentTerms = new HashSet<>();
    private final ClassCounts totals = new ClassCounts();
    private RequestValidator validator;

    private static final class TermCounts {
      final byte[] term;
      final ClassCounts counts = new ClassCounts();

      TermCounts(byte[] term) {
        this.term = term;
      }
    }

    @Override
    protected void setup(Context context) {
      validator = new RequestValidator(TfidfSettings.maxLineBytes(context.getConfiguration()));
    }

    @Override
    protected void map(LongWritable key, RequestRecord record, Context context) throws IOException, InterruptedException {
      context.getCounter(TfidfCounters.REQUESTS).increment(1);
      context.getCounter(TfidfCounters.BYTES).increment(record.length());
      int currentClass = trainingClass(record);
      if (currentClass < 0 || record.oversize() || validator.check(record.bytes(), 0, record.length()) != null) {
        context.getCounter(TfidfCounters.MALFORMED).increment(1);
        return;
      }
      totals.increment(currentClass, 1);
      context.getCounter(TOTALS_GROUP, HttpClass.ofIndex(currentClass).label()).increment(1);
      documentTerms.clear();
      int found = tokenizer.tokenize(record.bytes(), 0, record.length());
      long[] hashes = tokenizer.hashes();
      for (int k = 0; k < found; k++) {
        long hash = hashes[k];
        if (documentTerms.add(hash)) {
          final int term = k;
          terms.computeIfAbsent(hash, h -> new TermCounts(tokenizer.term(term))).counts.increment(currentClass, 1);
        }
      }
      if (terms.size() > FLUSH_TERMS) {
        flush(context);
      }
    }

    private void flush(Context context) throws IOException, InterruptedException {
      BytesWritable key = new BytesWritable();
      for (TermCounts t : terms.values()) {
        key.set(t.term, 0, t.term.length);
        context.write(key, t.counts);
      }
      terms.clear();
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      flush(context);
      context.write(TOTALS_KEY, totals);
    }
  }

  static final class SumCombiner extends Reducer<BytesWritable, ClassCounts, BytesWritable, ClassCounts> {
    private final ClassCounts sum = new ClassCounts();

    @Override
    protected void reduce(BytesWritable key, Iterable<ClassCounts> values, Context context)
        throws IOException, InterruptedException {
      sum.clear();
      for (ClassCounts v : values) {
        sum.add(v);
      }
      context.write(key, sum);
    }
  }

  /** The single reducer: sees the totals first (empty key sorts first), then keeps the K best terms. */
  static final class TopTermsReducer extends Reducer<BytesWritable, ClassCounts, BytesWritable, ClassCounts> {
    private final ClassCounts totals = new ClassCounts();
    private TopTerms best;
    private int minDf;
    private double maxDfShare;

    static final class Candidate {
      final byte[] term;
      final long hash;
      final ClassCounts counts = new ClassCounts();
      double score;

      Candidate(byte[] term) {
        this.term = term;
        this.hash = RequestTokenizer.hash(term);
      }
    }

    /** Worst first: lowest score, then the larger term, so ties keep the same terms on every run. */
    static int worstFirst(Candidate a, Candidate b) {
      int c = Double.compare(a.score, b.score);
      return c != 0 ? c : -Arrays.compareUnsigned(a.term, b.term);
    }

    /**
     * The K best candidates, of which no two share a term hash: classification knows a term by its hash only, and
     * the tokenizer's hash gives some words of 10 bytes or more the same one ("parameters" and "rarameterr"), so of
     * two such the better is kept (a dictionary with both could not be loaded).
     */
    static final class TopTerms {
      private final int k;
      private final PriorityQueue<Candidate> best;
      private final Map<Long, Candidate> byHash = new HashMap<>();

      TopTerms(int k) {
        this.k = k;
        best = new PriorityQueue<>(k + 1, TopTermsReducer::worstFirst);
      }

      void offer(Candidate candidate) {
        Candidate same = byHash.get(candidate.hash);
        if (same != null) {
          if (worstFirst(candidate, same) <= 0) {
            return;
          }
          best.remove(same);
        }
        best.add(candidate);
        byHash.put(candidate.hash, candidate);
        if (best.size() > k) {
          byHash.remove(best.poll().hash);
        }
      }

      /** The kept candidates, best first. */
      List<Candidate> bestFirst() {
        List<Candidate> kept = new ArrayList<>(best);
        kept.sort((a, b) -> worstFirst(b, a));
        return kept;
      }
    }

    @Override
    protected void setup(Context context) {
      Configuration conf = context.getConfiguration();
      minDf = TfidfSettings.minDf(conf);
      maxDfShare = TfidfSettings.maxDfShare(conf);
      best = new TopTerms(TfidfSettings.topK(conf));
    }

    @Override
    protected void reduce(BytesWritable key, Iterable<ClassCounts> values, Context context) {
      if (key.getLength() == 0) {
        for (ClassCounts v : values) {
          totals.add(v);
        }
        return;
      }
      Candidate candidate = new Candidate(key.copyBytes());
      for (ClassCounts v : values) {
        candidate.counts.add(v);
      }
      if (candidate.counts.total() < minDf || candidate.counts.total() > maxDfShare * totals.total()) {
        return;
      }
      candidate.score = score(candidate.counts, totals);
      best.offer(candidate);
    }

    /**
     * How typical a term is of one class against all others: max over classes c of P(term | c) - P(term | not c), with
     * P estimated by document frequencies. Terms every kind of request carries (Host, browser names) score near 0.
     */
    static double score(ClassCounts df, ClassCounts totals) {
      long allDocuments = totals.total();
      long allDf = df.total();
      double best = 0;
      for (int c = 0; c < HttpClass.count(); c++) {
        long inClass = totals.get(c);
        long outside = allDocuments - inClass;
        if (inClass == 0) {
          continue;
        }
        double p = df.get(c) / (double) inClass;
        double q = outside == 0 ? 0 : (allDf - df.get(c)) / (double) outside;
        best = Math.max(best, p - q);
      }
      return best;
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      context.write(TOTALS_KEY, totals);
      for (Candidate c : best.bestFirst()) {
        context.write(new BytesWritable(c.term), c.counts);
      }
    }
  }

  // ---- job 2: centroids ----

  static final class CentroidMapper extends Mapper<LongWritable, RequestRecord, IntWritable, VectorSum> {
    private TfidfVectorizer vectorizer;
    private RequestValidator validator;
    private VectorSum[] sums;
    private int perClass;
    private int dimensions;

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      TfidfModel dictionary = loadCached(context.getCacheFiles(), DICTIONARY_CACHE_NAME, conf);
      dimensions = dictionary.termCount();
      vectorizer = new TfidfVectorizer(new TermDictionary(dictionary.termHashes()), dictionary.idfArray());
      validator = new RequestValidator(TfidfSettings.maxLineBytes(conf));
      perClass = TfidfSettings.centroidsPerClass(conf);
      sums = new VectorSum[HttpClass.count() * perClass];
    }

    @Override
    protected void map(LongWritable key, RequestRecord record, Context context) {
      int c = trainingClass(record);
      if (c < 0 || record.oversize() || vectorizer.vectorize(record.bytes(), 0, record.length(), validator) != null) {
        return;
      }
      int count = vectorizer.termCount();
      int slot = c * perClass + shape(record.bytes(), record.length(), perClass);
      if (sums[slot] == null) {
        sums[slot] = new VectorSum(dimensions);
      }
      sums[slot].addDocument(vectorizer.terms(), vectorizer.weights(), count);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      for (int slot = 0; slot < sums.length; slot++) {
        if (sums[slot] != null) {
          context.write(new IntWritable(slot), sums[slot]);
        }
      }
    }
  }

  static final class CentroidReducer extends Reducer<IntWritable, VectorSum, IntWritable, VectorSum> {
    private final VectorSum total = new VectorSum();

    @Override
    protected void reduce(IntWritable slot, Iterable<VectorSum> values, Context context)
        throws IOException, InterruptedException {
      boolean first = true;
      for (VectorSum v : values) {
        if (first) {
          total.reset(v.sum().length);
          first = false;
        }
        total.add(v);
      }
      context.write(slot, total);
    }
  }

  /**
   * The distributed cache URI of {@code file} under a link name of this job's own: {@code name} and a random part. The
   * local runner links cache files into the process's working directory, which every job started there shares, and
   * leaves a link that exists as it is: under a fixed name a task would read another job's file, or the one a job
   * killed with SIGKILL left behind, for good.
   */
  static URI cacheUri(Path file, String name) {
    return URI.create(file.toUri() + "#" + name + "-" + UUID.randomUUID());
  }

  /**
   * Reads a model shipped as {@code name} through the distributed cache ({@link #cacheUri}): the task's local link when
   * there is one, else the file itself.
   */
  static TfidfModel loadCached(URI[] cacheFiles, String name, Configuration conf) throws IOException {
    if (cacheFiles != null) {
      for (URI uri : cacheFiles) {
        String link = uri.getFragment();
        if (link != null && link.startsWith(name + "-")) {
          File local = new File(link);
          if (local.isFile()) {
            try (InputStream in = new FileInputStream(local)) {
              return TfidfModel.read(in, link);
            }
          }
          return TfidfModel.read(new Path(uri.getScheme(), uri.getAuthority(), uri.getPath()), conf);
        }
      }
    }
    throw new IOException("no cached file named " + name + " in the task's distributed cache");
  }

  // ---- driver ----

  /** The dictionary's and the centroids' sizes a training can make; IllegalArgumentException naming the flag. */
  static void checkSizes(int topK, int centroidsPerClass) {
    if (topK < 1) {
      throw new IllegalArgumentException("--top-k must be positive, got " + topK);
    }
    if (centroidsPerClass < 1 || centroidsPerClass > 64) {
      throw new IllegalArgumentException("--centroids-per-class must be in 1..64, got " + centroidsPerClass);
    }
  }

  /** Runs both jobs and writes the model; returns it. */
  static TfidfModel run(Configuration baseConf, Path input, Path modelPath, int topK, int centroidsPerClass,
      PrintStream progress) throws IOException, InterruptedException {
    checkSizes(topK, centroidsPerClass);
    // every key the jobs and their tasks read, checked here so that a bad value fails before any job runs
    TfidfSettings.minDf(baseConf);
    TfidfSettings.maxDfShare(baseConf);
    TfidfSettings.maxLineBytes(baseConf);
    TfidfSettings.maxRecordBytes(baseConf);
    TfidfSettings.logisticRounds(baseConf);
    TfidfSettings.logisticEpochs(baseConf);
    TfidfSettings.learningRate(baseConf);
    TfidfSettings.l2(baseConf);
    String kind = TfidfSettings.model(baseConf);
    Configuration conf = new Configuration(baseConf);
    conf.setInt(TfidfConfigKeys.TOP_K, topK);
    conf.setInt(TfidfConfigKeys.CENTROIDS_PER_CLASS, centroidsPerClass);
    TfidfJobs.requireInput(conf, input);
    FileSystem modelFs = modelPath.getFileSystem(conf);
    OutputPaths.checkCreatable(modelFs, modelFs.makeQualified(modelPath), "model");
    if (modelFs.exists(modelPath) && modelFs.getFileStatus(modelPath).isDirectory()) {
      throw new IOException("--model " + modelPath + " is a directory; --model names the model file to write");
    }
    Path work = modelFs.makeQualified(new Path(modelPath.getParent() == null ? new Path("/") : modelPath.getParent(),
        "_" + modelPath.getName() + ".training"));
    modelFs.delete(work, true);
    try {
      Path dfOutput = new Path(work, "df");
      Job df = Job.getInstance(conf, "tfidf-train-df " + input);
      df.setJarByClass(TrainJob.class);
      df.setInputFormatClass(RequestInputFormat.class);
      FileInputFormat.addInputPath(df, input);
      df.setMapperClass(DocumentFrequencyMapper.class);
      df.setCombinerClass(SumCombiner.class);
      df.setReducerClass(TopTermsReducer.class);
      df.setNumReduceTasks(1);
      df.setOutputKeyClass(BytesWritable.class);
      df.setOutputValueClass(ClassCounts.class);
      df.setOutputFormatClass(SequenceFileOutputFormat.class);
      FileOutputFormat.setOutputPath(df, dfOutput);
      TfidfJobs.runOrFail(df, progress);

      TfidfModel dictionary = readDictionary(conf, dfOutput);
      if (dictionary.termCount() == 0) {
        throw new IOException("no terms to learn from in " + input + ": " + dictionary.trainingDocuments()
            + " well-formed labelled requests");
      }
      if (kind.equals(TfidfConfigKeys.MODEL_LOGISTIC)) {
        TfidfModel model = LogisticTraining.train(conf, input, dictionary, work, progress);
        model.write(modelPath, conf);
        return model;
      }
      Path dictionaryPath = new Path(work, "dictionary.model");
      dictionary.write(dictionaryPath, conf);

      Path centroidOutput = new Path(work, "centroids");
      Job centroidJob = Job.getInstance(conf, "tfidf-train-centroids " + input);
      centroidJob.setJarByClass(TrainJob.class);
      centroidJob.addCacheFile(cacheUri(dictionaryPath, DICTIONARY_CACHE_NAME));
      centroidJob.setInputFormatClass(RequestInputFormat.class);
      FileInputFormat.addInputPath(centroidJob, input);
      centroidJob.setMapperClass(CentroidMapper.class);
      centroidJob.setReducerClass(CentroidReducer.class);
      centroidJob.setNumReduceTasks(1);
      centroidJob.setOutputKeyClass(IntWritable.class);
      centroidJob.setOutputValueClass(VectorSum.class);
      centroidJob.setOutputFormatClass(SequenceFileOutputFormat.class);
      FileOutputFormat.setOutputPath(centroidJob, centroidOutput);
      TfidfJobs.runOrFail(centroidJob, progress);

      TfidfModel model = withCentroids(dictionary, readCentroids(conf, centroidOutput), centroidsPerClass);
      model.write(modelPath, conf);
      return model;
    } finally {
      modelFs.delete(work, true);
    }
  }

  private static TfidfModel readDictionary(Configuration conf, Path dir) throws IOException {
    ClassCounts totals = new ClassCounts();
    List<byte[]> terms = new ArrayList<>();
    List<Long> df = new ArrayList<>();
    for (Path part : parts(conf, dir)) {
      try (SequenceFile.Reader reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
        BytesWritable key = new BytesWritable();
        ClassCounts value = new ClassCounts();
        while (reader.next(key, value)) {
          if (key.getLength() == 0) {
            totals.add(value);
          } else {
            terms.add(key.copyBytes());
            df.add(value.total());
          }
        }
      }
    }
    long documents = totals.total();
    float[] idf = new float[terms.size()];
    long[] dfs = new long[terms.size()];
    for (int t = 0; t < idf.length; t++) {
      dfs[t] = df.get(t);
      idf[t] = (float) (Math.log((1.0 + documents) / (1.0 + dfs[t])) + 1);
    }
    String[] names = new String[HttpClass.count()];
    long[] classDocuments = new long[names.length];
    for (int c = 0; c < names.length; c++) {
      names[c] = HttpClass.ofIndex(c).label();
      classDocuments[c] = totals.get(c);
    }
    return new TfidfModel(documents, names, classDocuments, new int[names.length], terms.toArray(new byte[0][]), dfs, idf,
        new float[0][]);
  }

  private static Map<Integer, VectorSum> readCentroids(Configuration conf, Path dir) throws IOException {
    Map<Integer, VectorSum> sums = new HashMap<>();
    for (Path part : parts(conf, dir)) {
      try (SequenceFile.Reader reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
        IntWritable key = new IntWritable();
        while (true) {
          VectorSum value = new VectorSum();
          if (!reader.next(key, value)) {
            break;
          }
          sums.put(key.get(), value);
        }
      }
    }
    return sums;
  }

  /** L2-normalised centroids; a class gets one per shape that had training documents. */
  private static TfidfModel withCentroids(TfidfModel dictionary, Map<Integer, VectorSum> sums, int perClass) {
    int classes = dictionary.classCount();
    int[] counts = new int[classes];
    List<float[]> centroids = new ArrayList<>();
    for (int c = 0; c < classes; c++) {
      for (int s = 0; s < perClass; s++) {
        VectorSum sum = sums.get(c * perClass + s);
        if (sum == null || sum.documents() == 0) {
          continue;
        }
        double norm = 0;
        for (double v : sum.sum()) {
          norm += v * v;
        }
        if (norm == 0) {
          continue;
        }
        float[] centroid = new float[sum.sum().length];
        double scale = 1 / Math.sqrt(norm);
        for (int t = 0; t < centroid.length; t++) {
          centroid[t] = (float) (sum.sum()[t] * scale);
        }
        centroids.add(centroid);
        counts[c]++;
      }
    }
    String[] names = new String[classes];
    long[] classDocuments = new long[classes];
    byte[][] terms = new byte[dictionary.termCount()][];
    long[] df = new long[terms.length];
    float[] idf = new float[terms.length];
    for (int c = 0; c < classes; c++) {
      names[c] = dictionary.className(c);
      classDocuments[c] = dictionary.classDocuments(c);
    }
    for (int t = 0; t < terms.length; t++) {
      terms[t] = dictionary.term(t);
      df[t] = dictionary.documentFrequency(t);
      idf[t] = dictionary.idf(t);
    }
    return new TfidfModel(dictionary.trainingDocuments(), names, classDocuments, counts, terms, df, idf,
        centroids.toArray(new float[0][]));
  }

  static List<Path> parts(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    List<Path> parts = new ArrayList<>();
    for (FileStatus status : fs.listStatus(dir)) {
      if (status.getPath().getName().startsWith("part-")) {
        parts.add(status.getPath());
      }
    }
    parts.sort(null);
    return parts;
  }
}
