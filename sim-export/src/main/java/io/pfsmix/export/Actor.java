package io.pfsmix.export;

import io.pfsmix.trace.format.EventContext;

/**
 * One track of the exported workload: an IOR rank, a Hadoop task attempt, or (for untagged programs) a process.
 *
 * @param index dense index in order of first appearance (stable within one export)
 * @param name file-name-safe label, e.g. "rank-3", "attempt_1_0001_m_000002_0", "pid-4711@node1"
 * @param context the context of the actor's first record
 */
public record Actor(int index, String name, EventContext context) {

  public String host() {
    return context.host();
  }

  /** Orders IOR ranks first by rank, then task attempts by id, then processes: ranks keep their numbers in Darshan. */
  public static int exportOrder(Actor a, Actor b) {
    int ga = group(a.context);
    int gb = group(b.context);
    if (ga != gb) {
      return Integer.compare(ga, gb);
    }
    if (ga == 0 && a.context.rank() != b.context.rank()) {
      return Integer.compare(a.context.rank(), b.context.rank());
    }
    return a.name.compareTo(b.name);
  }

  private static int group(EventContext c) {
    return c.hasRank() ? 0 : c.hasTask() ? 1 : 2;
  }
}
