package io.pfsmix.trace.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;

import io.pfsmix.trace.format.TraceHeader;
import io.pfsmix.trace.format.TraceReader;

/**
 * Opens the traces named on a command line: local files, local directories (the {@code *.ptrace} files in them and in
 * their sub-directories: a mix's {@code traces/} holds one directory per phase), and files or directories on any Hadoop
 * file system given as URIs ({@code hdfs://nn/traces}, {@code pfs:///traces}). A file named more than once (directly
 * and through its directory, or by another name: a link) is read once, where it was first named; a trace that a merged
 * trace among them was made from (a mix's results directory holds both) is left out, with a note, since the merged
 * trace holds its records.
 */
public final class TraceInputs {

  public static final String EXTENSION = ".ptrace";
  /** Traces a note names of those left out; a mix's phases make hundreds. */
  private static final int LEFT_OUT_NAMED = 3;

  private TraceInputs() {
  }

  /**
   * Opens every named trace; on failure, closes those already open and names the culprit. {@code notes} gets what was
   * left out and why, for the user.
   */
  public static List<TraceReader> open(List<String> names, Configuration conf, Consumer<String> notes)
      throws IOException {
    List<TraceReader> readers = new ArrayList<>();
    try {
      for (TraceSource source : sources(names, conf, notes)) {
        readers.add(source.open());
      }
    } catch (IOException | RuntimeException e) {
      closeAll(readers);
      throw e;
    }
    return readers;
  }

  /**
   * The traces named, each a source that can be opened (more than once, as the merge does); each is opened here only to
   * read its header and what it was merged from. {@code notes} gets what was left out and why, for the user.
   */
  public static List<TraceSource> sources(List<String> names, Configuration conf, Consumer<String> notes)
      throws IOException {
    List<TraceSource> sources = new ArrayList<>();
    Set<Object> seen = new HashSet<>();
    for (String name : names) {
      URI uri = URI.create(name.replace(" ", "%20"));
      if (uri.getScheme() != null && !uri.getScheme().equals("file") && uri.getScheme().length() > 1) {
        addHadoop(name, conf, sources, seen);
      } else {
        addLocal(uri.getScheme() == null ? Paths.get(name) : Paths.get(uri), sources, seen);
      }
    }
    return withoutMergedOnes(sources, notes);
  }

  /**
   * The sources less those a merged trace among them was made from: each recorded call counts once. A merge's list
   * holds what its inputs were merged from too, so a trace left out is named with a merged trace that is kept.
   */
  private static List<TraceSource> withoutMergedOnes(List<TraceSource> sources, Consumer<String> notes)
      throws IOException {
    List<TraceHeader> headers = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<Set<TraceHeader>> mergedFrom = new ArrayList<>();
    for (TraceSource source : sources) {
      try (TraceReader reader = source.open()) {
        headers.add(reader.header());
        names.add(reader.name());
        mergedFrom.add(Set.copyOf(reader.mergedFrom()));
      }
    }
    boolean[] held = new boolean[sources.size()];
    for (int i = 0; i < sources.size(); i++) {
      for (int j = 0; j < sources.size() && !held[i]; j++) {
        // never by itself: two merges by one process from inputs of one start can have equal headers
        held[i] = j != i && mergedFrom.get(j).contains(headers.get(i));
      }
    }
    List<TraceSource> kept = new ArrayList<>();
    Map<String, List<String>> leftOut = new LinkedHashMap<>();
    for (int i = 0; i < sources.size(); i++) {
      String holder = null;
      for (int j = 0; j < sources.size() && held[i] && holder == null; j++) {
        if (!held[j] && mergedFrom.get(j).contains(headers.get(i))) {
          holder = names.get(j);
        }
      }
      if (holder == null) {
        kept.add(sources.get(i));
      } else {
        leftOut.computeIfAbsent(holder, m -> new ArrayList<>()).add(names.get(i));
      }
    }
    leftOut.forEach((merged, left) -> {
      String named = String.join(", ", left.subList(0, Math.min(left.size(), LEFT_OUT_NAMED)))
          + (left.size() > LEFT_OUT_NAMED ? " and " + (left.size() - LEFT_OUT_NAMED) + " more" : "");
      notes.accept("left out " + left.size() + (left.size() == 1 ? " trace" : " traces") + " that " + merged
          + " was merged from and holds already: " + named);
    });
    return kept;
  }

  public static void closeAll(List<TraceReader> readers) {
    for (TraceReader reader : readers) {
      try {
        reader.close();
      } catch (IOException e) {
        // closing a reader of a file we only read: nothing to recover
      }
    }
  }

  private static void addLocal(Path path, List<TraceSource> sources, Set<Object> seen) throws IOException {
    List<Path> files = Files.isDirectory(path) ? localTracesBelow(path) : List.of(path);
    for (Path file : files) {
      TraceReader.requireRegularFile(file);
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      // the device and inode where the file system has them: links and other spellings are the same file
      if (seen.add(attributes.fileKey() != null ? attributes.fileKey() : file.toRealPath())) {
        sources.add(TraceSource.of(file));
      }
    }
  }

  /** The trace files in a directory and its sub-directories, links followed, in name order; none is an error. */
  private static List<Path> localTracesBelow(Path dir) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir, FileVisitOption.FOLLOW_LINKS)) {
      files = walk.filter(p -> p.getFileName().toString().endsWith(EXTENSION) && !Files.isDirectory(p)).sorted()
          .toList();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    if (files.isEmpty()) {
      throw new IOException(noTraces(dir.toString()));
    }
    return files;
  }

  private static String noTraces(String dir) {
    return dir + " holds no " + EXTENSION + " file, neither in it nor in its sub-directories";
  }

  private static void addHadoop(String name, Configuration conf, List<TraceSource> sources, Set<Object> seen)
      throws IOException {
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(name);
    FileSystem fs = path.getFileSystem(conf);
    FileStatus status = fs.getFileStatus(path);
    List<org.apache.hadoop.fs.Path> files = new ArrayList<>();
    if (status.isDirectory()) {
      for (RemoteIterator<LocatedFileStatus> it = fs.listFiles(path, true); it.hasNext(); ) {
        org.apache.hadoop.fs.Path file = it.next().getPath();
        if (file.getName().endsWith(EXTENSION)) {
          files.add(file);
        }
      }
      if (files.isEmpty()) {
        throw new IOException(noTraces(name));
      }
      files.sort(null);
    } else {
      files.add(path);
    }
    files.removeIf(file -> !seen.add(fs.makeQualified(file).toUri()));
    for (org.apache.hadoop.fs.Path file : files) {
      sources.add(new TraceSource() {
        @Override
        public TraceReader open() throws IOException {
          var in = fs.open(file);
          try {
            return new TraceReader(in, file.toString());
          } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
          }
        }

        @Override
        public Path localFile() {
          return null;
        }
      });
    }
  }
}
