package io.pfsmix.tfidf;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The pre-generated attack model: a dictionary of terms with their document frequencies and idf weights, and vectors over
 * it: for the nearest-centroid model one or more centroids per class, for the logistic model one weight vector and a bias
 * per class. File layout (big-endian, see docs/tfidf.md): magic "PFSTFIDF", format version, tokenizer version, training
 * document count, classes (name, documents, vectors), terms (bytes, df, idf), vector weights (vector-major, one float per
 * term), the biases (none for centroids), CRC-32 of everything before it. Version 1 files (centroids, no bias section)
 * are still read.
 */
public final class TfidfModel {

  public static final int FORMAT_VERSION = 2;
  /** The first format: nearest centroids only, without the bias count. */
  static final int FORMAT_VERSION_CENTROIDS = 1;
  static final byte[] MAGIC = "PFSTFIDF".getBytes(StandardCharsets.US_ASCII);

  private final long trainingDocuments;
  private final String[] classNames;
  private final long[] classDocuments;
  private final int[] centroidsPerClass;
  private final byte[][] terms;
  private final long[] documentFrequencies;
  private final float[] idf;
  /** vector-major: centroids[c][term]; for centroids L2-normalised unless all zero, for the logistic model weights. */
  private final float[][] centroids;
  /** The logistic model's bias per class; null for nearest centroids. */
  private final float[] biases;

  /** A nearest-centroid model. */
  public TfidfModel(long trainingDocuments, String[] classNames, long[] classDocuments, int[] centroidsPerClass,
      byte[][] terms, long[] documentFrequencies, float[] idf, float[][] centroids) {
    this(trainingDocuments, classNames, classDocuments, centroidsPerClass, terms, documentFrequencies, idf, centroids,
        null);
  }

  /**
   * A model; {@code biases} null for nearest centroids, or one per class for the logistic model (whose classes then have
   * one weight vector each, in {@code centroids}).
   */
  public TfidfModel(long trainingDocuments, String[] classNames, long[] classDocuments, int[] centroidsPerClass,
      byte[][] terms, long[] documentFrequencies, float[] idf, float[][] centroids, float[] biases) {
    int total = Arrays.stream(centroidsPerClass).sum();
    if (classNames.length != classDocuments.length || classNames.length != centroidsPerClass.length
        || terms.length != idf.length || terms.length != documentFrequencies.length || centroids.length != total) {
      throw new IllegalArgumentException("inconsistent model: " + classNames.length + " classes, " + total + " centroids ("
          + centroids.length + " given), " + terms.length + " terms, " + idf.length + " idf values");
    }
    for (float[] centroid : centroids) {
      if (centroid.length != terms.length) {
        throw new IllegalArgumentException("centroid of " + centroid.length + " weights for " + terms.length + " terms");
      }
    }
    if (biases != null && (biases.length != classNames.length || Arrays.stream(centroidsPerClass).anyMatch(n -> n != 1))) {
      throw new IllegalArgumentException("a logistic model has one weight vector and one bias per class: " + biases.length
          + " biases, vectors per class " + Arrays.toString(centroidsPerClass) + " for " + classNames.length + " classes");
    }
    this.biases = biases == null ? null : biases.clone();
    this.trainingDocuments = trainingDocuments;
    this.classNames = classNames.clone();
    this.classDocuments = classDocuments.clone();
    this.centroidsPerClass = centroidsPerClass.clone();
    this.terms = terms;
    this.documentFrequencies = documentFrequencies;
    this.idf = idf;
    this.centroids = centroids;
  }

  public long trainingDocuments() {
    return trainingDocuments;
  }

  public int classCount() {
    return classNames.length;
  }

  public String className(int index) {
    return classNames[index];
  }

  public long classDocuments(int index) {
    return classDocuments[index];
  }

  public int centroidsPerClass(int index) {
    return centroidsPerClass[index];
  }

  public int termCount() {
    return terms.length;
  }

  public byte[] term(int index) {
    return terms[index].clone();
  }

  public String termText(int index) {
    return new String(terms[index], StandardCharsets.ISO_8859_1);
  }

  public long documentFrequency(int index) {
    return documentFrequencies[index];
  }

  public float idf(int index) {
    return idf[index];
  }

  public int centroidCount() {
    return centroids.length;
  }

  public float[] centroid(int index) {
    return centroids[index].clone();
  }

  /** Whether this is the logistic model (weights and biases) rather than nearest centroids. */
  public boolean logistic() {
    return biases != null;
  }

  /** The logistic model's bias of a class. */
  public float bias(int classIndex) {
    return biases[classIndex];
  }

  /** The logistic model's biases (shared, not copied); null for nearest centroids. */
  float[] biasArray() {
    return biases;
  }

  float[] idfArray() {
    return idf;
  }

  float[][] centroidArrays() {
    return centroids;
  }

  /** The class index of each centroid. */
  int[] centroidClasses() {
    int[] owners = new int[centroids.length];
    int k = 0;
    for (int c = 0; c < classNames.length; c++) {
      for (int j = 0; j < centroidsPerClass[c]; j++) {
        owners[k++] = c;
      }
    }
    return owners;
  }

  long[] termHashes() {
    long[] hashes = new long[terms.length];
    for (int i = 0; i < terms.length; i++) {
      hashes[i] = RequestTokenizer.hash(terms[i]);
    }
    return hashes;
  }

  /** The file's bytes. */
  public byte[] toBytes() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream(64 + terms.length * (16 + 4 * centroids.length));
    try (DataOutputStream out = new DataOutputStream(buffer)) {
      out.write(MAGIC);
      out.writeInt(FORMAT_VERSION);
      out.writeInt(RequestTokenizer.VERSION);
      out.writeLong(trainingDocuments);
      out.writeInt(classNames.length);
      for (int c = 0; c < classNames.length; c++) {
        out.writeUTF(classNames[c]);
        out.writeLong(classDocuments[c]);
        out.writeInt(centroidsPerClass[c]);
      }
      out.writeInt(terms.length);
      for (int t = 0; t < terms.length; t++) {
        out.writeByte(terms[t].length);
        out.write(terms[t]);
        out.writeLong(documentFrequencies[t]);
        out.writeFloat(idf[t]);
      }
      for (float[] centroid : centroids) {
        for (float w : centroid) {
          out.writeFloat(w);
        }
      }
      out.writeInt(biases == null ? 0 : biases.length);
      if (biases != null) {
        for (float b : biases) {
          out.writeFloat(b);
        }
      }
      out.flush();
      CRC32 crc = new CRC32();
      crc.update(buffer.toByteArray());
      out.writeInt((int) crc.getValue());
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory failed", e);
    }
    return buffer.toByteArray();
  }

  public void write(OutputStream out) throws IOException {
    out.write(toBytes());
  }

  /** Writes the model to a file on any Hadoop file system, replacing it. */
  public void write(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    try (FSDataOutputStream out = fs.create(path, true)) {
      write(out);
    }
  }

  public static TfidfModel read(Path path, Configuration conf) throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    if (!fs.exists(path)) {
      throw new FileNotFoundException("model file " + path + " does not exist (train one with `pfsmix tfidf train`)");
    }
    if (fs.getFileStatus(path).isDirectory()) {
      throw new ModelFormatException("model file " + path + " is a directory, not a model file");
    }
    try (InputStream in = new BufferedInputStream(fs.open(path))) {
      return read(in, path.toString());
    }
  }

  /** Reads a model; {@code source} names it in error messages. */
  public static TfidfModel read(InputStream input, String source) throws IOException {
    byte[] all = input.readAllBytes();
    if (all.length < MAGIC.length || !Arrays.equals(Arrays.copyOf(all, MAGIC.length), MAGIC)) {
      throw new ModelFormatException("model file " + source + " is not a pfsmix TF-IDF model (it does not start with "
          + "\"PFSTFIDF\")");
    }
    DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(all));
    try {
      in.skipNBytes(MAGIC.length);
      int format = in.readInt();
      if (format != FORMAT_VERSION && format != FORMAT_VERSION_CENTROIDS) {
        throw new ModelFormatException("model file " + source + " has format version " + format
            + " but this build reads versions " + FORMAT_VERSION_CENTROIDS + " and " + FORMAT_VERSION
            + "; retrain it with this build (`pfsmix tfidf train`)");
      }
      int tokenizer = in.readInt();
      if (tokenizer != RequestTokenizer.VERSION) {
        throw new ModelFormatException("model file " + source + " was trained with tokenizer version " + tokenizer
            + " but this build tokenizes with version " + RequestTokenizer.VERSION
            + ", so its terms would not match; retrain it with this build");
      }
      if (all.length < MAGIC.length + 12) {
        throw new EOFException();
      }
      CRC32 crc = new CRC32();
      crc.update(all, 0, all.length - 4);
      int stored = ((all[all.length - 4] & 0xff) << 24) | ((all[all.length - 3] & 0xff) << 16)
          | ((all[all.length - 2] & 0xff) << 8) | (all[all.length - 1] & 0xff);
      if (stored != (int) crc.getValue()) {
        throw new ModelFormatException("model file " + source + " is damaged or truncated: checksum mismatch over "
            + all.length + " bytes");
      }
      long documents = in.readLong();
      int classes = in.readInt();
      checkCount(classes, 1 << 10, "classes", source);
      String[] names = new String[classes];
      long[] classDocuments = new long[classes];
      int[] perClass = new int[classes];
      int centroidTotal = 0;
      for (int c = 0; c < classes; c++) {
        names[c] = in.readUTF();
        classDocuments[c] = in.readLong();
        perClass[c] = in.readInt();
        checkCount(perClass[c], 1 << 10, "centroids of class " + names[c], source);
        centroidTotal += perClass[c];
      }
      int termCount = in.readInt();
      checkCount(termCount, 1 << 24, "terms", source);
      byte[][] terms = new byte[termCount][];
      long[] df = new long[termCount];
      float[] idf = new float[termCount];
      for (int t = 0; t < termCount; t++) {
        terms[t] = new byte[in.readUnsignedByte()];
        in.readFully(terms[t]);
        df[t] = in.readLong();
        idf[t] = in.readFloat();
      }
      float[][] centroids = new float[centroidTotal][termCount];
      for (float[] centroid : centroids) {
        for (int t = 0; t < termCount; t++) {
          centroid[t] = in.readFloat();
        }
      }
      float[] biases = null;
      if (format == FORMAT_VERSION) {
        int biasCount = in.readInt();
        if (biasCount != 0 && (biasCount != classes || centroidTotal != classes)) {
          throw new ModelFormatException("model file " + source + " is damaged: " + biasCount + " biases for " + classes
              + " classes and " + centroidTotal + " vectors");
        }
        if (biasCount > 0) {
          biases = new float[biasCount];
          for (int c = 0; c < biasCount; c++) {
            biases[c] = in.readFloat();
          }
        }
      }
      if (in.available() != 4) {
        throw new ModelFormatException("model file " + source + " has " + (in.available() - 4)
            + " unexpected bytes after its " + (biases == null ? "centroids" : "biases"));
      }
      return new TfidfModel(documents, names, classDocuments, perClass, terms, df, idf, centroids, biases);
    } catch (EOFException e) {
      throw new ModelFormatException("model file " + source + " is truncated (" + all.length + " bytes)");
    }
  }

  private static void checkCount(int count, int limit, String what, String source) throws ModelFormatException {
    if (count < 0 || count > limit) {
      throw new ModelFormatException("model file " + source + " is damaged: " + count + " " + what);
    }
  }

  /** A scorer for one thread. */
  public RequestClassifier newClassifier(int maxLineBytes) {
    return new RequestClassifier(this, maxLineBytes);
  }
}
