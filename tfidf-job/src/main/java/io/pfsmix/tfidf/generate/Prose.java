package io.pfsmix.tfidf.generate;

import static io.pfsmix.tfidf.generate.AttackPayloads.one;

import java.util.SplittableRandom;

/**
 * Text people type into forms: reviews, forum posts, messages, notes, bios. Sentences are composed from a small grammar so
 * that they carry what real prose carries and naive filters mistake for attacks: apostrophes (names, possessives,
 * contractions), quotes, commas and lists, dashes and hyphens, parentheses, semicolons, percentages, ampersands, a
 * "<3" or "a < b", SQL words ("select", "union", "order by", "drop", "where"), shell words ("cat", "ping", "sleep",
 * "echo"), slashes ("and/or", "24/7") and now and then a code fragment in backticks, as developer forums have.
 */
final class Prose {

  private static final String[] NAMES = {"Anna", "Bob", "Alice", "O'Brien", "Zoë", "José", "Nguyen", "Müller", "D'Angelo",
      "Kowalski", "Priya", "García", "Okafor", "Jean-Luc", "Ødegaard", "McDonald", "Ivanova", "Sam", "O'Neil", "Dmitri",
      "Fatima", "Chen", "Lucía", "Mary-Kate", "Tom", "Li Wei", "Ngozi", "Björn", "Aoife", "Siobhán"};
  private static final String[] COMPANIES = {"Meta", "IBM", "Tinder", "Google", "Amazon", "Netflix", "Airbnb", "Oracle",
      "SAP", "Spotify", "Uber", "AT&T", "Johnson & Johnson", "Procter & Gamble", "Ben & Jerry's", "McDonald's", "Macy's",
      "Lowe's", "Kellogg's", "Trader Joe's"};
  private static final String[] NOUNS = {"order", "table", "union", "station", "select committee", "drop-off point",
      "update", "delivery", "script", "shell", "cat", "window", "system", "server", "user group", "admin team",
      "password reset", "group chat", "schedule", "having fun", "file", "path", "root beer", "command line", "exec board",
      "include list", "document", "alert", "sleep mode", "ping pong table", "echo chamber", "directory", "value",
      "character", "pipe", "and/or question", "join date", "like button", "null result", "where clause"};
  private static final String[] ADJECTIVES = {"great", "terrible", "full-time", "part-time", "well-known", "so-so",
      "long-term", "up-to-date", "broken", "excellent", "cheap", "over-priced", "top-notch", "first-class", "old",
      "brand-new", "half-empty", "state-of-the-art", "user-friendly", "hands-on"};
  private static final String[] VERBS = {"ordered", "selected", "dropped", "updated", "deleted", "joined", "grouped",
      "inserted", "executed", "included", "echoed", "printed", "slept through", "pinged", "catalogued", "loved",
      "returned", "recommended", "tested", "merged", "fixed", "ran", "killed", "found", "checked"};
  private static final String[] OPENERS = {"Honestly", "To be fair", "Update", "FYI", "P.S.", "Edit", "BTW", "Well",
      "OK so", "In short", "Long story short", "Note", "TL;DR", "Hi all", "Dear team"};
  private static final String[] CODE = {"`ls -la`", "`SELECT * FROM orders`", "`cat README.md`", "`npm install`",
      "`git pull --rebase`", "`ping 8.8.8.8`", "`sleep(2)`", "`x = a < b && c > d`", "`<div class=\"row\">`",
      "`../config/app.yml`", "`sudo apt update`", "`id -u`", "`echo $PATH`", "`console.log(value)`",
      "`ORDER BY created_at DESC`", "`/usr/local/bin`", "`C:\\Users\\me\\Desktop`", "`1=1`", "`a || b`", "`--force`"};

  private Prose() {
  }

  /** One to {@code maxSentences} sentences. */
  static String text(SplittableRandom r, int maxSentences) {
    StringBuilder out = new StringBuilder();
    int n = r.nextInt(1, maxSentences + 1);
    for (int i = 0; i < n; i++) {
      out.append(i > 0 ? (r.nextInt(8) == 0 ? "\n" : " ") : "").append(sentence(r));
    }
    return out.toString();
  }

  /** A short phrase, as typed into a search box or a subject line. */
  static String phrase(SplittableRandom r) {
    switch (r.nextInt(7)) {
      case 0:
        return one(r, ADJECTIVES) + " " + one(r, NOUNS);
      case 1:
        return "\"" + one(r, NOUNS) + "\" " + one(r, NOUNS);
      case 2:
        return one(r, NAMES) + "'s " + one(r, NOUNS);
      case 3:
        return one(r, COMPANIES) + " " + one(r, NOUNS) + (r.nextBoolean() ? " -" + one(r, NOUNS).split(" ")[0] : "");
      case 4:
        return "how to " + one(r, VERBS).replace("ed", "") + " a " + one(r, NOUNS);
      case 5:
        return one(r, NOUNS) + " " + r.nextInt(1, 100) + "% off";
      default:
        return one(r, NOUNS) + " " + one(r, NOUNS) + (r.nextBoolean() ? "?" : "");
    }
  }

  static String name(SplittableRandom r) {
    return one(r, NAMES);
  }

  private static String sentence(SplittableRandom r) {
    String subject = r.nextBoolean() ? one(r, NAMES) : "My " + one(r, NOUNS);
    switch (r.nextInt(14)) {
      case 0:
        return subject + " was working three " + one(r, ADJECTIVES) + " jobs at " + list(r, COMPANIES) + ".";
      case 1:
        return "Is it " + one(r, NAMES).toLowerCase(java.util.Locale.ROOT) + "'s or " + one(r, NAMES)
            .toLowerCase(java.util.Locale.ROOT) + "'s " + one(r, NOUNS) + "?";
      case 2:
        return one(r, OPENERS) + ": I " + one(r, VERBS) + " the " + one(r, NOUNS) + " and it's " + one(r, ADJECTIVES)
            + " (" + r.nextInt(2, 10) + "/10).";
      case 3:
        return "\"" + capital(one(r, ADJECTIVES)) + " " + one(r, NOUNS) + ",\" said " + one(r, NAMES) + "; we "
            + one(r, VERBS) + " it " + r.nextInt(2, 30) + " times.";
      case 4:
        return "We can't " + one(r, VERBS).replaceAll("ed$", "") + " the " + one(r, NOUNS) + " — it's " + one(r, ADJECTIVES)
            + ", isn't it?";
      case 5:
        return "Use " + one(r, CODE) + " to " + one(r, VERBS).replaceAll("ed$", "") + " the " + one(r, NOUNS) + ".";
      case 6:
        return "Select the " + one(r, NOUNS) + " from the " + one(r, NOUNS) + " where you " + one(r, VERBS) + " it, "
            + "then order by date.";
      case 7:
        return capital(one(r, ADJECTIVES)) + " service & " + one(r, ADJECTIVES) + " staff <3 " + r.nextInt(10, 100)
            + "% would recommend!";
      case 8:
        return "Between " + r.nextInt(1, 9) + " and " + r.nextInt(10, 99) + " people (" + list(r, NAMES) + ") "
            + one(r, VERBS) + " the " + one(r, NOUNS) + " -- not bad.";
      case 9:
        return subject + " " + one(r, VERBS) + " my " + one(r, NOUNS) + " 24/7; and/or " + one(r, VERBS) + " it at "
            + r.nextInt(1, 12) + ":" + r.nextInt(10, 60) + " pm.";
      case 10:
        return "If a < b and b > c, then the " + one(r, NOUNS) + " = " + r.nextInt(1, 100) + ", right?";
      case 11:
        return "Don't drop the " + one(r, NOUNS) + "; union " + one(r, NOUNS) + "s are " + one(r, ADJECTIVES)
            + ", I'd say.";
      case 12:
        return one(r, OPENERS) + " — " + one(r, NAMES) + " asked: 'Where's the " + one(r, NOUNS) + "?'";
      default:
        return capital(one(r, NOUNS)) + ": " + one(r, ADJECTIVES) + ", " + one(r, ADJECTIVES) + " and "
            + one(r, ADJECTIVES) + "!";
    }
  }

  private static String list(SplittableRandom r, String[] items) {
    int n = r.nextInt(2, 5);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append(i == 0 ? "" : i == n - 1 ? (n > 2 ? ", and " : " and ") : ", ").append(one(r, items));
    }
    return out.toString();
  }

  private static String capital(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
