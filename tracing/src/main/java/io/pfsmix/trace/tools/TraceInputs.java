package io.pfsmix.trace.tools;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

import io.pfsmix.trace.format.TraceReader;

/**
 * Opens the traces named on a command line: local files, local directories (their {@code *.ptrace} files), and files
 * or directories on any Hadoop file system given as URIs ({@code hdfs://nn/traces}, {@code pfs:///traces}).
 */
public final class TraceInputs {

  public static final String EXTENSION = ".ptrace";

  private TraceInputs() {
  }

  /** Opens every named trace; on failure, closes those already open and names the culprit. */
  public static List<TraceReader> open(List<String> names, Configuration conf) throws IOException {
    List<TraceReader> readers = new ArrayList<>();
    try {
      for (TraceSource source : sources(names, conf)) {
        readers.add(source.open());
      }
    } catch (IOException | RuntimeException e) {
      closeAll(readers);
      throw e;
    }
    return readers;
  }

  /** The traces named, each a source that can be opened (more than once, as the merge does); none is opened here. */
  public static List<TraceSource> sources(List<String> names, Configuration conf) throws IOException {
    List<TraceSource> sources = new ArrayList<>();
    for (String name : names) {
      URI uri = URI.create(name.replace(" ", "%20"));
      if (uri.getScheme() != null && !uri.getScheme().equals("file") && uri.getScheme().length() > 1) {
        addHadoop(name, conf, sources);
      } else {
        addLocal(uri.getScheme() == null ? Paths.get(name) : Paths.get(uri), sources);
      }
    }
    return sources;
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

  private static void addLocal(Path path, List<TraceSource> sources) throws IOException {
    if (Files.isDirectory(path)) {
      List<Path> files;
      try (Stream<Path> list = Files.list(path)) {
        files = list.filter(p -> p.getFileName().toString().endsWith(EXTENSION)).sorted().toList();
      }
      if (files.isEmpty()) {
        throw new FileNotFoundException(path + " holds no " + EXTENSION + " files");
      }
      for (Path file : files) {
        sources.add(TraceSource.of(file));
      }
    } else {
      TraceReader.requireRegularFile(path);
      sources.add(TraceSource.of(path));
    }
  }

  private static void addHadoop(String name, Configuration conf, List<TraceSource> sources) throws IOException {
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(name);
    FileSystem fs = path.getFileSystem(conf);
    FileStatus status = fs.getFileStatus(path);
    List<org.apache.hadoop.fs.Path> files = new ArrayList<>();
    if (status.isDirectory()) {
      for (FileStatus child : fs.listStatus(path)) {
        if (child.isFile() && child.getPath().getName().endsWith(EXTENSION)) {
          files.add(child.getPath());
        }
      }
      if (files.isEmpty()) {
        throw new FileNotFoundException(name + " holds no " + EXTENSION + " files");
      }
      files.sort(null);
    } else {
      files.add(path);
    }
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
