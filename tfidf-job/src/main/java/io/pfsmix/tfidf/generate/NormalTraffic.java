package io.pfsmix.tfidf.generate;

import static io.pfsmix.tfidf.generate.AttackPayloads.one;

import java.util.SplittableRandom;

/**
 * Normal traffic of a few kinds of sites — a shop, a news site, a forum, a bank, a JSON API, static assets — as browsers,
 * crawlers and API clients send it. Values include what makes naive filters misfire (apostrophes in names, "select" and
 * "union" in searches, parentheses, ampersands, encoded non-ASCII text), so the classifier has to learn attacks, not
 * punctuation.
 */
final class NormalTraffic {

  private static final String[] HOSTS = {"www.example-shop.com", "news.example.org", "forum.example.net", "api.example.io",
      "bank.example.com", "static.example-cdn.net", "mail.example.com", "www.example.edu", "jobs.example.org",
      "m.example-shop.com"};
  private static final String[] PRODUCTS = {"wireless-mouse", "usb-c-hub", "espresso-machine", "running-shoes",
      "rain-jacket", "desk-lamp", "noise-cancelling-headphones", "cast-iron-pan", "yoga-mat", "mechanical-keyboard",
      "backpack-30l", "water-bottle", "smart-watch", "coffee-grinder", "office-chair", "led-strip", "garden-hose",
      "board-game", "phone-case", "sleeping-bag"};
  private static final String[] CATEGORIES = {"electronics", "kitchen", "sports", "garden", "toys", "books", "fashion",
      "office", "outdoor", "home", "beauty", "automotive"};
  private static final String[] SEARCH_WORDS = {"union", "station", "select", "table", "drop", "earrings", "script",
      "writing", "order", "tracking", "cat", "food", "id", "card", "holder", "and", "or", "not", "echo", "dot", "shell",
      "exec", "chair", "include", "vitamins", "where", "to", "buy", "from", "passwd", "reset", "help", "the", "best",
      "cheap", "2024", "review", "red", "blue", "size", "10", "42", "kids", "men", "women", "organic", "free", "shipping",
      "window", "system", "admin", "panel", "mount", "everest", "alert", "light", "sleep", "mode", "java", "python",
      "sql", "server", "guide", "price", "history", "bash", "ping", "pong", "root", "beer"};
  private static final String[] NAMES = {"Anna", "O'Brien", "Zoë", "José", "Smith", "Nguyen", "Müller", "D'Angelo",
      "Kowalski", "Li", "Patel", "García", "Okafor", "Jean-Luc", "Ødegaard", "McDonald", "Schmidt", "Ivanova"};
  private static final String[] TEXT_WORDS = {"Great", "product,", "works", "as", "described.", "Shipping", "took", "3",
      "days", "(not", "bad).", "I'd", "buy", "again", "&", "recommend", "it!", "Does", "anyone", "know", "how", "to",
      "select", "the", "right", "size?", "Thanks", "in", "advance", ":)", "The", "union", "of", "both", "sets", "is",
      "what", "we", "want", "--", "see", "page", "2.", "50%", "off", "today", "only", "C'est", "très", "bien", "<3",
      "x=1", "works;", "\"quoted\"", "e.g.", "a/b", "testing", "1+1=2", "who's", "there", "#1", "fan"};
  private static final String[] ARTICLE_SLUGS = {"city-council-approves-budget", "local-team-wins-final",
      "how-to-choose-a-laptop", "markets-close-higher", "new-library-opens", "weather-warning-issued",
      "review-the-best-coffee-shops", "interview-with-the-mayor", "election-results-explained",
      "science-fair-winners-announced", "traffic-changes-on-main-street", "recipe-of-the-week"};
  private static final String[] STATIC = {"app", "main", "vendor", "runtime", "polyfills", "style", "theme", "chunk-vendors",
      "analytics", "jquery.min", "bootstrap.bundle", "script", "bundle"};
  private static final String[] IMAGES = {"logo", "hero-banner", "product-1", "product-2", "avatar", "thumbnail", "icon-cart",
      "sprite", "background", "promo"};
  private static final String[] LANGUAGES = {"en-US,en;q=0.9", "en-GB,en;q=0.8", "de-DE,de;q=0.9,en;q=0.8",
      "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "es-ES,es;q=0.9", "ja,en-US;q=0.9,en;q=0.8", "pt-BR,pt;q=0.9,en;q=0.8",
      "nl-NL,nl;q=0.9,en;q=0.7", "zh-CN,zh;q=0.9", "en-US"};
  private static final String[] API_RESOURCES = {"users", "orders", "products", "invoices", "sessions", "carts", "payments",
      "shipments", "reviews", "notifications", "accounts", "tickets"};
  private static final String[] STATUSES = {"open", "closed", "pending", "shipped", "paid", "cancelled", "active"};
  private static final String[] SORTS = {"price_asc", "price_desc", "newest", "rating", "relevance", "name"};
  private static final String[] REFERRER_SITES = {"https://www.google.com/", "https://www.bing.com/search?q=",
      "https://duckduckgo.com/?q=", "https://t.co/", "https://www.facebook.com/", "https://news.ycombinator.com/item?id="};

  /** Fills a request; returns its family (the kind of page or call it is). */
  String fill(HttpRequestDraft d, SplittableRandom r) {
    String host = one(r, HOSTS);
    Client client = Client.random(r);
    int kind = r.nextInt(100);
    String family;
    if (client.api || host.startsWith("api.")) {
      if (kind < 15) {
        xmlCall(d, r);
        family = "xml";
      } else {
        api(d, r);
        family = "api";
      }
    } else if (kind < 17) {
      staticAsset(d, r);
      family = "static";
    } else if (kind < 31) {
      product(d, r);
      family = "product";
    } else if (kind < 41) {
      search(d, r);
      family = "search";
    } else if (kind < 48) {
      article(d, r);
      family = "article";
    } else if (kind < 54) {
      forum(d, r);
      family = "forum";
    } else if (kind < 62) {
      form(d, r);
      family = "form";
    } else if (kind < 68) {
      ajax(d, r);
      family = "ajax";
    } else if (kind < 73) {
      misc(d, r);
      family = "misc";
    } else if (kind < 86) {
      prose(d, r, client);
      family = "prose";
    } else if (kind < 94) {
      upload(d, r, client);
      family = "upload";
    } else {
      xmlCall(d, r);
      family = "xml";
    }
    d.headers.add(0, new String[] {"Host", host});
    client.headers(d, host, r);
    if (r.nextInt(5) == 0) {
      d.header("X-Forwarded-For", r.nextInt(1, 224) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256)
          + (r.nextBoolean() ? ", 10." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256) : ""));
    }
    return family;
  }

  /** Text a user wrote: a review, a forum reply, a message, a comment, in a form, JSON or multipart body. */
  private void prose(HttpRequestDraft d, SplittableRandom r, Client client) {
    d.method = "POST";
    String text = Prose.text(r, 6);
    String title = Prose.phrase(r);
    int where = r.nextInt(client.browser ? 3 : 1);
    if (where == 0) {
      d.path = one(r, new String[] {"/api/v1/comments", "/api/v2/reviews", "/api/messages", "/graphql"});
      d.contentType = "application/json" + (r.nextBoolean() ? "" : ";charset=UTF-8");
      d.body = d.path.equals("/graphql") ? "{\"query\":\"mutation($t: String!) { addComment(text: $t) { id } }\","
          + "\"variables\":{\"t\":\"" + Evasions.jsonString(text) + "\"}}" : "{\"title\":\"" + Evasions.jsonString(title)
          + "\",\"body\":\"" + Evasions.jsonString(text) + "\",\"rating\":" + r.nextInt(1, 6) + ",\"author\":\""
          + Evasions.jsonString(Prose.name(r)) + "\"}";
    } else if (where == 1) {
      d.path = one(r, new String[] {"/forum/thread/" + r.nextInt(1, 90000) + "/reply", "/products/review", "/contact",
          "/blog/comments", "/support/ticket"});
      d.contentType = "application/x-www-form-urlencoded";
      d.body = "subject=" + enc(title, r) + "&message=" + enc(text, r) + "&name=" + enc(Prose.name(r), r) + "&csrf_token="
          + hex(r, 32);
    } else {
      d.path = one(r, new String[] {"/forum/post", "/support/ticket", "/profile/about"});
      Bodies.Multipart m = new Bodies.Multipart(r).field("title", title).field("body", text);
      if (r.nextBoolean()) {
        m.field("tags", Prose.phrase(r).replace(" ", ","));
      }
      d.contentType = m.contentType();
      d.body = m.body();
    }
  }

  /** A file upload: multipart with text fields and a file part. */
  private void upload(HttpRequestDraft d, SplittableRandom r, Client client) {
    d.method = r.nextInt(5) == 0 ? "PUT" : "POST";
    d.path = one(r, new String[] {"/upload", "/account/documents", "/api/v1/files", "/import", "/attachments/new"});
    String[] file = Bodies.uploadedFile(r);
    Bodies.Multipart m = new Bodies.Multipart(r);
    if (r.nextBoolean()) {
      m.field("folder", one(r, new String[] {"/", "/documents", "/shared/team", "invoices/" + r.nextInt(2015, 2027),
          "Home/Desktop"}));
    }
    m.file(one(r, new String[] {"file", "upload", "attachment", "files[]"}), file[0], file[1], file[2]);
    if (r.nextBoolean()) {
      m.field("description", r.nextBoolean() ? Prose.phrase(r) : Prose.text(r, 2));
    }
    d.contentType = m.contentType();
    d.body = m.body();
  }

  /** An XML call: SOAP, XML-RPC, an Atom entry or a plain XML document. */
  private void xmlCall(HttpRequestDraft d, SplittableRandom r) {
    d.method = "POST";
    d.path = one(r, new String[] {"/ws/OrderService", "/xmlrpc.php", "/api/feed/entries", "/services/soap",
        "/api/v1/orders.xml", "/saml/acs"});
    d.contentType = r.nextBoolean() ? "application/xml" : r.nextBoolean() ? "text/xml; charset=utf-8"
        : "application/soap+xml";
    if (d.path.startsWith("/ws") || d.path.startsWith("/services")) {
      d.header("SOAPAction", "\"urn:" + one(r, new String[] {"GetOrder", "Search", "Update"}) + "\"");
    }
    d.body = Bodies.xml(r, r.nextBoolean() ? Prose.text(r, 3) : Prose.phrase(r));
  }

  private void staticAsset(HttpRequestDraft d, SplittableRandom r) {
    int type = r.nextInt(3);
    if (type == 0) {
      d.path = "/static/js/" + one(r, STATIC) + "." + hex(r, 8) + ".js";
    } else if (type == 1) {
      d.path = "/static/css/" + one(r, STATIC) + (r.nextBoolean() ? ".min" : "") + ".css";
    } else {
      d.path = "/images/" + one(r, IMAGES) + (r.nextInt(3) == 0 ? "@2x" : "") + "." + (r.nextBoolean() ? "png" : r.nextBoolean()
          ? "jpg" : "webp");
      if (r.nextInt(4) == 0) {
        d.query.add(new String[] {"w", Integer.toString(100 * r.nextInt(1, 13))});
      }
    }
    if (r.nextInt(4) == 0) {
      d.query.add(new String[] {"v", Integer.toString(r.nextInt(1, 400))});
    }
  }

  private void product(HttpRequestDraft d, SplittableRandom r) {
    if (r.nextBoolean()) {
      d.path = "/products/" + one(r, PRODUCTS) + "-" + r.nextInt(1000, 99999);
    } else {
      d.path = "/category/" + one(r, CATEGORIES);
      d.query.add(new String[] {"page", Integer.toString(r.nextInt(1, 40))});
      if (r.nextBoolean()) {
        d.query.add(new String[] {"sort", one(r, SORTS)});
      }
      if (r.nextInt(3) == 0) {
        d.query.add(new String[] {"price", r.nextInt(0, 50) + "-" + r.nextInt(50, 900)});
      }
    }
    if (r.nextInt(5) == 0) {
      d.query.add(new String[] {"utm_source", r.nextBoolean() ? "newsletter" : "google"});
      d.query.add(new String[] {"utm_campaign", "spring_sale_" + r.nextInt(2018, 2027)});
    }
  }

  private void search(HttpRequestDraft d, SplittableRandom r) {
    d.path = r.nextBoolean() ? "/search" : "/" + one(r, CATEGORIES) + "/search";
    d.query.add(new String[] {r.nextInt(4) == 0 ? "query" : "q", Evasions.queryValue(r.nextBoolean()
        ? words(r, SEARCH_WORDS, 1, 4) : Prose.phrase(r), r.nextInt(5) == 0 ? Evasions.UrlStyle.FULL
        : Evasions.UrlStyle.MINIMAL, r)});
    if (r.nextBoolean()) {
      d.query.add(new String[] {"page", Integer.toString(r.nextInt(1, 10))});
    }
    if (r.nextInt(3) == 0) {
      d.query.add(new String[] {"lang", r.nextBoolean() ? "en" : "de"});
    }
  }

  private void article(HttpRequestDraft d, SplittableRandom r) {
    d.path = "/news/" + r.nextInt(2015, 2027) + "/" + String.format("%02d", r.nextInt(1, 13)) + "/" + one(r, ARTICLE_SLUGS)
        + (r.nextBoolean() ? ".html" : "");
    if (r.nextInt(4) == 0) {
      d.query.add(new String[] {"ref", r.nextBoolean() ? "homepage" : "rss"});
    }
    if (r.nextInt(6) == 0) {
      d.query.add(new String[] {"comment_id", Integer.toString(r.nextInt(1, 1 << 20))});
    }
  }

  private void forum(HttpRequestDraft d, SplittableRandom r) {
    if (r.nextInt(3) == 0) {
      d.method = "POST";
      d.path = "/forum/thread/" + r.nextInt(1, 90000) + "/reply";
      d.contentType = "application/x-www-form-urlencoded";
      d.body = "body=" + Evasions.queryValue(words(r, TEXT_WORDS, 4, 30), Evasions.UrlStyle.MINIMAL, r) + "&csrf_token="
          + hex(r, 32) + (r.nextBoolean() ? "&notify=on" : "");
    } else {
      d.path = "/forum/thread/" + r.nextInt(1, 90000);
      d.query.add(new String[] {"page", Integer.toString(r.nextInt(1, 30))});
      if (r.nextInt(4) == 0) {
        d.query.add(new String[] {"highlight", Evasions.queryValue(words(r, SEARCH_WORDS, 1, 2), Evasions.UrlStyle.FULL, r)});
      }
    }
  }

  private void form(HttpRequestDraft d, SplittableRandom r) {
    d.method = "POST";
    d.contentType = "application/x-www-form-urlencoded";
    int which = r.nextInt(4);
    if (which == 0) {
      d.path = "/account/login";
      d.body = "username=" + enc(name(r).toLowerCase(java.util.Locale.ROOT) + r.nextInt(100), r) + "&password="
          + enc(password(r), r) + (r.nextBoolean() ? "&remember=on" : "");
    } else if (which == 1) {
      d.path = "/account/register";
      d.body = "first_name=" + enc(name(r), r) + "&last_name=" + enc(name(r), r) + "&email=" + enc(email(r), r)
          + "&password=" + enc(password(r), r) + "&terms=accepted";
    } else if (which == 2) {
      d.path = "/cart/add";
      d.body = "product_id=" + r.nextInt(1000, 99999) + "&quantity=" + r.nextInt(1, 5) + "&variant=" + one(r, CATEGORIES);
    } else {
      d.path = "/contact";
      d.body = "name=" + enc(name(r) + " " + name(r), r) + "&email=" + enc(email(r), r) + "&subject="
          + enc(words(r, TEXT_WORDS, 2, 6), r) + "&message=" + enc(words(r, TEXT_WORDS, 5, 40), r);
    }
  }

  private void ajax(HttpRequestDraft d, SplittableRandom r) {
    d.header("X-Requested-With", "XMLHttpRequest");
    d.header("Accept", "application/json, text/javascript, */*; q=0.01");
    if (r.nextBoolean()) {
      d.path = "/ajax/cart/count";
    } else {
      d.path = "/ajax/suggest";
      d.query.add(new String[] {"term", enc(words(r, SEARCH_WORDS, 1, 2), r)});
      d.query.add(new String[] {"_", Long.toString(1_600_000_000_000L + r.nextLong(200_000_000_000L))});
    }
  }

  private void misc(HttpRequestDraft d, SplittableRandom r) {
    String[] paths = {"/", "/favicon.ico", "/robots.txt", "/sitemap.xml", "/about", "/help/faq", "/privacy",
        "/index.html", "/account/orders", "/wishlist", "/feed.xml", "/.well-known/security.txt"};
    d.path = one(r, paths);
    if (d.path.equals("/account/orders") && r.nextBoolean()) {
      d.query.add(new String[] {"year", Integer.toString(r.nextInt(2015, 2027))});
    }
    // parameters that hold URLs, paths, file names and expressions in ordinary use
    switch (r.nextInt(8)) {
      case 0:
        d.path = "/login";
        d.query.add(new String[] {one(r, new String[] {"redirect", "return_to", "next", "continue"}), enc(r.nextBoolean()
            ? "/account/orders?page=" + r.nextInt(1, 9) : "https://" + one(r, HOSTS) + "/" + one(r, CATEGORIES), r)});
        break;
      case 1:
        d.path = "/docs/view";
        d.query.add(new String[] {one(r, new String[] {"path", "page", "doc"}), enc("/" + one(r, new String[] {"guide",
            "api", "help", "manual"}) + "/" + one(r, ARTICLE_SLUGS) + (r.nextBoolean() ? ".html" : ""), r)});
        break;
      case 2:
        d.path = "/download";
        d.query.add(new String[] {"file", enc(one(r, new String[] {"report", "invoice", "manual", "setup"}) + "-"
            + r.nextInt(2015, 2027) + one(r, new String[] {".pdf", ".zip", ".csv", ".tar.gz"}), r)});
        break;
      case 3:
        d.path = "/api/search";
        d.query.add(new String[] {"filter[status]", one(r, STATUSES)});
        d.query.add(new String[] {"sort", (r.nextBoolean() ? "-" : "") + "created_at"});
        break;
      case 4:
        d.path = "/widgets/feed";
        d.query.add(new String[] {"callback", "jQuery" + r.nextLong(100_000_000_000L) + "_" + r.nextLong(1_000_000_000_000L)});
        break;
      default:
        break;
    }
    if (r.nextInt(8) == 0) {
      d.method = "HEAD";
    }
  }

  private void api(HttpRequestDraft d, SplittableRandom r) {
    String resource = one(r, API_RESOURCES);
    String version = r.nextBoolean() ? "/api/v2/" : "/api/v1/";
    int op = r.nextInt(10);
    d.header("Accept", "application/json");
    if (op < 5) {
      d.path = version + resource + (r.nextBoolean() ? "/" + r.nextInt(1, 1_000_000) : "");
      if (r.nextBoolean()) {
        d.query.add(new String[] {"limit", Integer.toString(10 * r.nextInt(1, 11))});
        d.query.add(new String[] {"offset", Integer.toString(10 * r.nextInt(0, 50))});
      }
      if (r.nextInt(3) == 0) {
        d.query.add(new String[] {"status", one(r, STATUSES)});
      }
      if (r.nextInt(4) == 0) {
        d.query.add(new String[] {"fields", "id,name,created_at"});
      }
    } else if (op < 8) {
      d.method = op == 7 ? "PUT" : "POST";
      d.path = version + resource + (op == 7 ? "/" + r.nextInt(1, 1_000_000) : "");
      d.contentType = "application/json";
      d.body = json(r);
    } else if (op == 8) {
      d.method = r.nextBoolean() ? "DELETE" : "PATCH";
      d.path = version + resource + "/" + r.nextInt(1, 1_000_000);
      if (d.method.equals("PATCH")) {
        d.contentType = "application/json";
        d.body = "{\"status\":\"" + one(r, STATUSES) + "\"}";
      }
    } else {
      d.method = "POST";
      d.path = "/graphql";
      d.contentType = "application/json";
      d.body = "{\"query\":\"query { " + resource + "(first: " + r.nextInt(1, 50) + ") { id name createdAt } }\","
          + "\"variables\":{}}";
    }
  }

  static String json(SplittableRandom r) {
    StringBuilder out = new StringBuilder("{");
    out.append("\"name\":\"").append(Evasions.jsonString(name(r) + " " + name(r))).append('"');
    out.append(",\"email\":\"").append(email(r)).append('"');
    if (r.nextBoolean()) {
      out.append(",\"items\":[");
      int n = r.nextInt(1, 4);
      for (int i = 0; i < n; i++) {
        out.append(i > 0 ? "," : "").append("{\"sku\":\"").append(one(r, PRODUCTS)).append("\",\"qty\":")
            .append(r.nextInt(1, 5)).append('}');
      }
      out.append(']');
    }
    if (r.nextBoolean()) {
      out.append(",\"note\":\"").append(Evasions.jsonString(words(r, TEXT_WORDS, 2, 12))).append('"');
    }
    out.append(",\"active\":").append(r.nextBoolean()).append('}');
    return out.toString();
  }

  private static void cookies(HttpRequestDraft d, SplittableRandom r) {
    d.cookies.add(new String[] {r.nextBoolean() ? "session" : "PHPSESSID", hex(r, 32)});
    if (r.nextBoolean()) {
      d.cookies.add(new String[] {"_ga", "GA1.2." + r.nextInt(1, Integer.MAX_VALUE) + "." + r.nextInt(1_500_000_000, 1_800_000_000)});
    }
    if (r.nextInt(3) == 0) {
      d.cookies.add(new String[] {"theme", r.nextBoolean() ? "dark" : "light"});
    }
    if (r.nextInt(3) == 0) {
      d.cookies.add(new String[] {"lang", r.nextBoolean() ? "en" : "de"});
    }
    if (r.nextInt(4) == 0) {
      d.cookies.add(new String[] {"cart", Evasions.cookieValue("{\"n\":" + r.nextInt(0, 9) + "}")});
    }
    if (r.nextInt(4) == 0) {
      d.cookies.add(new String[] {"csrftoken", hex(r, 24)});
    }
  }

  private static String referer(String host, SplittableRandom r) {
    if (r.nextInt(4) == 0) {
      String site = one(r, REFERRER_SITES);
      return site.endsWith("=") ? site + Evasions.queryValue(words(r, SEARCH_WORDS, 1, 3), Evasions.UrlStyle.MINIMAL, r)
          : site;
    }
    return "https://" + host + (r.nextBoolean() ? "/" : "/category/" + one(r, CATEGORIES) + "?page=" + r.nextInt(1, 9));
  }

  private static String accept(String path, SplittableRandom r) {
    if (path.endsWith(".js")) {
      return "*/*";
    }
    if (path.endsWith(".css")) {
      return "text/css,*/*;q=0.1";
    }
    if (path.startsWith("/images") || path.endsWith(".ico")) {
      return "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    }
    return r.nextBoolean() ? "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
        : "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
  }

  private static String enc(String value, SplittableRandom r) {
    return Evasions.queryValue(value, r.nextInt(5) == 0 ? Evasions.UrlStyle.FULL : Evasions.UrlStyle.MINIMAL, r);
  }

  static String name(SplittableRandom r) {
    return one(r, NAMES);
  }

  static String email(SplittableRandom r) {
    return one(r, NAMES).toLowerCase(java.util.Locale.ROOT).replace("'", "").replace(" ", "") + r.nextInt(1, 999) + "@"
        + (r.nextBoolean() ? "example.com" : "mail.example.net");
  }

  private static String password(SplittableRandom r) {
    String chars = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#$%&*()-_=+";
    StringBuilder out = new StringBuilder();
    int n = r.nextInt(8, 17);
    for (int i = 0; i < n; i++) {
      out.append(chars.charAt(r.nextInt(chars.length())));
    }
    return out.toString();
  }

  static String words(SplittableRandom r, String[] vocabulary, int min, int max) {
    int n = r.nextInt(min, max + 1);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append(i > 0 ? " " : "").append(one(r, vocabulary));
    }
    return out.toString();
  }

  static String hex(SplittableRandom r, int digits) {
    StringBuilder out = new StringBuilder(digits);
    for (int i = 0; i < digits; i++) {
      out.append(Character.forDigit(r.nextInt(16), 16));
    }
    return out.toString();
  }

  private static String uuid(SplittableRandom r) {
    return hex(r, 8) + "-" + hex(r, 4) + "-4" + hex(r, 3) + "-a" + hex(r, 3) + "-" + hex(r, 12);
  }

  private static String token(SplittableRandom r) {
    return "eyJhbGciOiJIUzI1NiJ9." + hex(r, 40) + "." + hex(r, 43);
  }

  /** A client: browser, crawler or API library with its User-Agent, sending the headers that client sends. */
  private static final class Client {
    final String userAgent;
    final boolean api;
    final boolean browser;
    /** chrome (also Edge), firefox, safari, bot, or the library's name. */
    final String kind;
    final int major;

    private Client(String userAgent, boolean api, String kind, int major) {
      this.userAgent = userAgent;
      this.api = api;
      this.kind = kind;
      this.major = major;
      this.browser = kind.equals("chrome") || kind.equals("firefox") || kind.equals("safari");
    }

    private Client(String userAgent, boolean api) {
      this(userAgent, api, api ? userAgent.replaceAll("[/ ].*", "") : "bot", 0);
    }

    void headers(HttpRequestDraft d, String host, SplittableRandom r) {
      boolean navigation = !d.path.startsWith("/static") && !d.path.startsWith("/images") && !d.path.contains("/ajax/");
      if (kind.equals("chrome")) {
        d.header("sec-ch-ua", "\"Chromium\";v=\"" + major + "\", \"" + (userAgent.contains("Edg/") ? "Microsoft Edge"
            : "Google Chrome") + "\";v=\"" + major + "\", \"Not" + one(r, new String[] {"-A.", ")A;", "_A "}) + "Brand\";v=\""
            + one(r, new String[] {"8", "24", "99"}) + "\"");
        d.header("sec-ch-ua-mobile", userAgent.contains("Mobile") ? "?1" : "?0");
        d.header("sec-ch-ua-platform", "\"" + (userAgent.contains("Windows") ? "Windows" : userAgent.contains("Android")
            ? "Android" : userAgent.contains("Mac") ? "macOS" : "Linux") + "\"");
      }
      d.header("User-Agent", userAgent);
      if (d.headers.stream().noneMatch(h -> h[0].equals("Accept"))) {
        d.header("Accept", api ? one(r, new String[] {"application/json", "*/*", "application/json, text/plain, */*"})
            : accept(d.path, r));
      }
      if (browser || kind.equals("bot")) {
        d.header("Accept-Language", one(r, LANGUAGES));
        d.header("Accept-Encoding", kind.equals("safari") ? "gzip, deflate, br" : kind.equals("bot") ? "gzip, deflate"
            : "gzip, deflate, br, zstd");
      }
      if (browser) {
        if (kind.equals("firefox") && r.nextInt(4) == 0) {
          d.header("DNT", "1");
          d.header("Sec-GPC", "1");
        }
        if (r.nextInt(10) < 7) {
          d.header("Referer", referer(host, r));
        }
        if (d.body != null) {
          d.header("Origin", "https://" + host);
        }
        if (r.nextInt(10) < 8) {
          cookies(d, r);
        }
        if (navigation) {
          d.header("Upgrade-Insecure-Requests", "1");
        }
        d.header("Sec-Fetch-Dest", navigation ? "document" : d.path.endsWith(".js") ? "script" : d.path.endsWith(".css")
            ? "style" : d.path.startsWith("/images") ? "image" : "empty");
        d.header("Sec-Fetch-Mode", navigation ? "navigate" : d.path.startsWith("/static") ? "no-cors" : "cors");
        d.header("Sec-Fetch-Site", r.nextBoolean() ? "same-origin" : "none");
        if (navigation) {
          d.header("Sec-Fetch-User", "?1");
        }
        if (!kind.equals("safari")) {
          d.header("Priority", navigation ? "u=0, i" : "u=" + r.nextInt(1, 6));
        }
        if (r.nextInt(6) == 0) {
          d.header("If-None-Match", "W/\"" + hex(r, 16) + "\"");
        }
        if (r.nextInt(8) == 0) {
          d.header("Cache-Control", r.nextBoolean() ? "max-age=0" : "no-cache");
        }
        if (kind.equals("firefox")) {
          d.header("TE", "trailers");
        }
      } else if (api) {
        if (!kind.equals("curl")) {
          d.header("Accept-Encoding", kind.equals("python-requests") ? "gzip, deflate" : "gzip");
        }
        if (r.nextInt(3) > 0) {
          d.header("Authorization", r.nextInt(4) == 0 ? "Basic " + Bodies.random(r,
              "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 24) + "==" : "Bearer " + token(r));
        }
        if (r.nextBoolean()) {
          d.header("X-Request-ID", uuid(r));
        }
      }
      if (!kind.equals("curl") && !kind.equals("Go-http-client")) {
        d.header("Connection", r.nextInt(5) == 0 ? "close" : "keep-alive");
      }
    }

    static Client random(SplittableRandom r) {
      int p = r.nextInt(100);
      int major = r.nextInt(100, 132);
      if (p < 38) {
        String[] os = {"Windows NT 10.0; Win64; x64", "Macintosh; Intel Mac OS X 10_15_7", "X11; Linux x86_64",
            "Linux; Android 14; Pixel 8", "Linux; Android 13; SM-S911B"};
        String platform = one(r, os);
        return new Client("Mozilla/5.0 (" + platform + ") AppleWebKit/537.36 (KHTML, like Gecko) Chrome/" + major
            + ".0." + r.nextInt(1000, 7000) + "." + r.nextInt(10, 200) + (platform.contains("Android") ? " Mobile" : "")
            + " Safari/537.36", false, "chrome", major);
      }
      if (p < 55) {
        String[] os = {"Windows NT 10.0; Win64; x64; rv:", "X11; Ubuntu; Linux x86_64; rv:", "Macintosh; Intel Mac OS X 14.4; rv:"};
        int v = r.nextInt(110, 135);
        return new Client("Mozilla/5.0 (" + one(r, os) + v + ".0) Gecko/20100101 Firefox/" + v + ".0", false, "firefox", v);
      }
      if (p < 70) {
        String device = r.nextBoolean() ? "iPhone; CPU iPhone OS 17_4 like Mac OS X" : "Macintosh; Intel Mac OS X 10_15_7";
        return new Client("Mozilla/5.0 (" + device + ") AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17."
            + r.nextInt(0, 6) + (device.startsWith("iPhone") ? " Mobile/15E148" : "") + " Safari/605.1.15", false, "safari",
            17);
      }
      if (p < 78) {
        return new Client("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/"
            + major + ".0.0.0 Safari/537.36 Edg/" + major + ".0." + r.nextInt(1000, 3000) + "." + r.nextInt(10, 99), false,
            "chrome", major);
      }
      if (p < 84) {
        String[] bots = {"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)"};
        return new Client(one(r, bots), false);
      }
      String[] libraries = {"curl/8." + r.nextInt(0, 10) + "." + r.nextInt(0, 3), "python-requests/2." + r.nextInt(25, 33) + ".0",
          "okhttp/4." + r.nextInt(9, 13) + ".0", "Go-http-client/1.1", "PostmanRuntime/7." + r.nextInt(30, 40) + ".0",
          "axios/1." + r.nextInt(1, 8) + ".2", "Apache-HttpClient/5.2.1 (Java/17.0.9)"};
      return new Client(one(r, libraries), true);
    }
  }
}
