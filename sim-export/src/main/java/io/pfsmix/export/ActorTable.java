package io.pfsmix.export;

import io.pfsmix.trace.format.EventContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Assigns actors to record contexts: one actor per IOR rank, per Hadoop task attempt, else per host and process. */
public final class ActorTable {
  private final Map<EventContext, Actor> byIdentity = new IdentityHashMap<>();
  private final Map<String, Actor> byKey = new HashMap<>();
  private final List<Actor> actors = new ArrayList<>();

  /** The actor of a context; readers share context instances, so the identity map answers almost every call. */
  public Actor actorOf(EventContext context) {
    Actor actor = byIdentity.get(context);
    if (actor != null) {
      return actor;
    }
    String key = keyOf(context);
    actor = byKey.get(key);
    if (actor == null) {
      actor = new Actor(actors.size(), nameOf(context), context);
      byKey.put(key, actor);
      actors.add(actor);
    }
    byIdentity.put(context, actor);
    return actor;
  }

  /** Actors in order of first appearance. */
  public List<Actor> actors() {
    return Collections.unmodifiableList(actors);
  }

  /** Actors in export order (ranks, then tasks, then processes). */
  public List<Actor> sorted() {
    List<Actor> copy = new ArrayList<>(actors);
    copy.sort(Actor::exportOrder);
    return copy;
  }

  public int size() {
    return actors.size();
  }

  private static String keyOf(EventContext c) {
    if (c.hasRank()) {
      // an MPI job's ranks are unique across its hosts
      return "r" + c.jobId() + "/" + c.rank();
    }
    if (c.hasTask()) {
      return "t" + c.taskAttemptId();
    }
    return "p" + c.host() + "/" + c.pid();
  }

  private static String nameOf(EventContext c) {
    String raw = c.hasRank() ? "rank-" + c.rank() : c.hasTask() ? c.taskAttemptId() : "pid-" + c.pid() + "@" + c.host();
    return raw.replaceAll("[^A-Za-z0-9._@-]", "_");
  }
}
