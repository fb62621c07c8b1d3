package io.pfsmix.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One buffered text file per actor in a directory, opened when the actor first writes: "&lt;dir&gt;/&lt;actor&gt;&lt;suffix&gt;". */
public final class PerActorWriters implements AutoCloseable {
  private final Path directory;
  private final String suffix;
  private final List<BufferedWriter> writers = new ArrayList<>();

  public PerActorWriters(Path directory, String suffix) throws IOException {
    this.directory = Files.createDirectories(directory);
    this.suffix = suffix;
  }

  public BufferedWriter of(Actor actor) throws IOException {
    int i = actor.index();
    while (writers.size() <= i) {
      writers.add(null);
    }
    BufferedWriter w = writers.get(i);
    if (w == null) {
      w = Files.newBufferedWriter(fileOf(actor), StandardCharsets.UTF_8);
      writers.set(i, w);
    }
    return w;
  }

  public Path fileOf(Actor actor) {
    return directory.resolve(actor.name() + suffix);
  }

  public boolean hasFile(Actor actor) {
    return actor.index() < writers.size() && writers.get(actor.index()) != null;
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (BufferedWriter w : writers) {
      if (w != null) {
        try {
          w.close();
        } catch (IOException e) {
          first = first == null ? e : first;
        }
      }
    }
    writers.clear();
    if (first != null) {
      throw first;
    }
  }
}
