package io.pfsmix.trace.format;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The path, string and context tables of one trace, assigning ids on first use. Safe for many threads: lookups of known
 * values take no lock; only a new value takes one. Ids start at 1; 0 is reserved (no path, "ok", header context).
 */
public final class TraceDictionary {

  /** One interning table. */
  public static final class Table<T> {
    private final ConcurrentHashMap<T, Integer> ids = new ConcurrentHashMap<>();
    private final List<T> values = new ArrayList<>();

    Table(T zeroValue) {
      values.add(zeroValue);
    }

    /** The id of {@code value}, assigning the next one on first use. */
    public int id(T value) {
      Integer id = ids.get(value);
      if (id != null) {
        return id;
      }
      synchronized (this) {
        id = ids.get(value);
        if (id == null) {
          id = values.size();
          values.add(value);
          ids.put(value, id);
        }
        return id;
      }
    }

    /** The value of an assigned id, or null. */
    public synchronized T value(int id) {
      return id >= 0 && id < values.size() ? values.get(id) : null;
    }

    /** Ids assigned so far are 1 .. size() - 1. */
    public synchronized int size() {
      return values.size();
    }

    /** Values of ids {@code from} .. size() - 1. */
    public synchronized List<T> valuesFrom(int from) {
      return new ArrayList<>(values.subList(Math.min(from, values.size()), values.size()));
    }
  }

  private final Table<String> paths = new Table<>(null);
  private final Table<String> strings = new Table<>(TraceRecord.OK);
  private final Table<EventContext> contexts;

  /** @param processContext context id 0: the writing process with no task or rank */
  public TraceDictionary(EventContext processContext) {
    contexts = new Table<>(processContext);
    contexts.ids.put(processContext, 0);
    strings.ids.put(TraceRecord.OK, 0);
  }

  public Table<String> paths() {
    return paths;
  }

  /** Results and error classes. */
  public Table<String> strings() {
    return strings;
  }

  public Table<EventContext> contexts() {
    return contexts;
  }

  public int pathId(String path) {
    return path == null ? 0 : paths.id(path);
  }

  public int resultId(String result) {
    return result == null || TraceRecord.OK.equals(result) ? 0 : strings.id(result);
  }

  public int contextId(EventContext context) {
    return contexts.id(context);
  }
}
