package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One name, one token ({@code --anonymize}): the token of each kind of name ({@code T001}, {@code IX_T001_1}, {@code
 * database-1.fdb}, {@code host-1}, {@code port-1}, {@code user-1}, {@code OBJ_001}, {@code C001}, {@code label-1}),
 * given in the order the names are first met and never one of the inputs' own names, and free text with every name in
 * it replaced. Firebird's own names keep theirs: system objects, the user SYSDBA, this machine ({@code localhost}),
 * the default port 3050. {@link Anonymizer} meets the names.
 */
final class NameTokens {
    private static final String IDENT = "A-Za-z0-9_$";
    private static final Pattern SCHEMA_NAME = Pattern.compile("\"([^\"]+)\"\\.\"([^\"]+)\"");
    private static final Pattern INET = Pattern.compile("(?i)^(inet[46]?|wnet)://([^/]+)/(.+)$");
    private static final Pattern XNET = Pattern.compile("(?i)^(xnet)://(.+)$");
    /** {@code host:path} or {@code host/port:path}: a host of 2 characters or more (so not a drive {@code C:}). */
    private static final Pattern HOST_PATH = Pattern.compile("^([^/\\\\:\\s]{2,}?)(/[^/\\\\:\\s]*)?:(.+)$");
    /** The remote route in {@code run}'s own label: {@code remote TCP (host)}, {@code (host:port)}, {@code ([::1]:port)}. */
    private static final Pattern REMOTE_ROUTE = Pattern.compile(
            "(?<words>, remote TCP \\()(?<host>\\[[^\\]]*\\]|[^)/:]+)(?:(?<sep>[/:])(?<port>\\d+))?\\)");
    /** A port after a host in free text: {@code db1/3051}, {@code db1:3051}. */
    private static final Pattern PORT_TAIL = Pattern.compile("([/:])(\\d{1,5})(.*)");
    /** The names of this machine: they name no one's machine. */
    private static final List<String> LOCAL = List.of("localhost", "127.0.0.1", "::1", "[::1]");

    /** gbak's words for an object, before its name. */
    private static final String OBJECT_WORDS = "domain|table|index|view|procedure|function|trigger|generator|sequence"
            + "|exception|package|role|filter|collation|publication|column|constraint|relation|field|parameter";

    private final Map<String, String> tables = new LinkedHashMap<>();
    private final Map<String, String> indexes = new LinkedHashMap<>();
    private final Map<String, String> columns = new LinkedHashMap<>();
    private final Map<String, String> objects = new LinkedHashMap<>();
    private final Map<String, String> paths = new LinkedHashMap<>();
    private final Map<String, String> hosts = new LinkedHashMap<>();
    private final Map<String, String> users = new LinkedHashMap<>();
    private final Map<String, String> ports = new LinkedHashMap<>();
    private final Map<String, String> labels = new LinkedHashMap<>();
    /** Other spellings of a name (a Firebird 6 table without its schema) → the name's token. */
    private final Map<String, String> aliases = new LinkedHashMap<>();
    /** Every name the inputs hold: no token is given that is one of them. */
    private final Set<String> originals;

    private final Map<String, Integer> counters = new HashMap<>();
    private Pattern text;
    private int textNames = -1;

    /** @param originals every name the inputs hold */
    NameTokens(Set<String> originals) {
        this.originals = Set.copyOf(originals);
    }

    /** The label's token, the label itself when it has none. */
    String label(String label) {
        return label == null ? null : labels.getOrDefault(label, label);
    }

    /**
     * An index's token, given once: {@code IX_T001_1} when {@code table} is the one table every run that says names (a
     * user's table), else {@code IX_001}.
     *
     * @param table the index's one table, {@code null} when the runs name none or several
     */
    void index(String name, String table) {
        if (name == null || system(name) || indexes.containsKey(name)) {
            return;
        }
        String token = table != null && !system(table) ? token("IX_" + table(table) + "_", "%d") : token("IX_", "%03d");
        indexes.put(name, token);
        alias(name, token);
    }

    /** A label that is the name of its input's file or of a folder it is in may name the database: a token. */
    void label(String label, String source) {
        if (label == null || labels.containsKey(label) || source == null) {
            return;
        }
        List<String> parts = List.of(source.split("[/\\\\]+"));
        boolean named = parts.stream().anyMatch(p -> p.equals(label) || stem(p).equals(label));
        if (named) {
            labels.put(label, token("label-", "%d"));
        }
    }

    /**
     * {@code run}'s label when none is given starts with the backup's file name (a drill's: its database's), then the
     * route: {@code shop.fbk, embedded}. That name becomes its file's token ({@code backup-1.fbk, embedded}); the rest,
     * gbakprof's words, stays, but for the server a remote route names: {@code remote TCP (db1)} becomes {@code remote
     * TCP (host-1)}, the token the record's other fields give that host. Call after the files are met.
     *
     * @param files the run's backup and the database it was made from, as the record holds them
     */
    void defaultLabel(String label, String... files) {
        if (label == null || labels.containsKey(label)) {
            return;
        }
        for (String f : files) {
            String name = f == null ? "" : fileName(f);
            if (!name.isEmpty() && (label.equals(name) || label.startsWith(name + ", "))) {
                String token = fileName(file(f)) + routeHost(label.substring(name.length()));
                labels.put(label, originals.contains(token) ? token("label-", "%d") : token);
                return;
            }
        }
    }

    /**
     * The rest of {@code run}'s own label with the server of its route a token: {@code , remote TCP (db1:3051)} →
     * {@code , remote TCP (host-1:port-1)} (the route's words are those of {@code Confounder.route}); a port its
     * token ({@link #port}).
     */
    private String routeHost(String rest) {
        Matcher m = REMOTE_ROUTE.matcher(rest);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String port = m.group("port") == null ? "" : m.group("sep") + port(m.group("port"));
            m.appendReplacement(sb, Matcher.quoteReplacement(m.group("words") + host(m.group("host")) + port + ")"));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** A path's last part as {@code run} names a label with it: after the last slash, backslash or colon. */
    private static String fileName(String path) {
        return path.replaceAll(".*[/\\\\:]", "");
    }

    private static String stem(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    String table(String name) {
        if (name == null || system(name)) {
            return name;
        }
        String token = tables.get(name);
        if (token == null) {
            token = token("T", "%03d");
            tables.put(name, token);
            alias(name, token);
        }
        return token;
    }

    String indexName(String name) {
        if (name == null || system(name)) {
            return name;
        }
        String token = indexes.get(name);
        if (token == null) { // not among the runs' indexes: a name of its own
            token = token("IX_", "%03d");
            indexes.put(name, token);
        }
        return token;
    }

    String column(String name) {
        if (name == null || system(name)) {
            return name;
        }
        return columns.computeIfAbsent(name, n -> token("C", "%03d"));
    }

    /** A name gbak's text gives that no field holds: a known name's token, else one of its own. */
    String objectName(String name) {
        String k = knownOrNull(name);
        if (k != null) {
            return k;
        }
        if (system(name)) {
            return name;
        }
        return objects.computeIfAbsent(name, n -> token("OBJ_", "%03d"));
    }

    /** A name as gbak writes it after an object word: bare, quoted, or quoted with its schema. */
    private String quotedName(String name) {
        String k = knownOrNull(name);
        if (k != null) {
            return k;
        }
        Matcher schema = SCHEMA_NAME.matcher(name);
        if (schema.matches()) {
            return '"' + objectName(schema.group(1)) + "\".\"" + objectName(schema.group(2)) + '"';
        }
        return name.startsWith("\"") && name.endsWith("\"") && name.length() > 1
                ? '"' + objectName(name.substring(1, name.length() - 1)) + '"'
                : objectName(name);
    }

    /** Firebird's own objects (system tables, indexes, domains, generated names): not the user's. */
    static boolean system(String name) {
        String bare = name.replace("\"", "");
        int dot = bare.lastIndexOf('.');
        bare = dot >= 0 ? bare.substring(dot + 1) : bare;
        return bare.startsWith("RDB$")
                || bare.startsWith("MON$")
                || bare.startsWith("SEC$")
                || bare.equals("PUBLIC")
                || bare.equals("SYSTEM");
    }

    /** A Firebird 6 name with its schema ({@code "PUBLIC"."ORDERS"}) is also written without it. */
    private void alias(String name, String token) {
        Matcher m = SCHEMA_NAME.matcher(name);
        if (m.matches()) {
            aliases.putIfAbsent(m.group(2), token);
            aliases.putIfAbsent(m.group(1) + "." + m.group(2), token);
        }
    }

    String host(String host) {
        if (host == null || host.isBlank() || local(host)) {
            return host;
        }
        return hosts.computeIfAbsent(host, h -> token("host-", "%d"));
    }

    /** A server as the record names it, {@code host/port}: its host and its port tokens. */
    String server(String server) {
        if (server == null) {
            return null;
        }
        int slash = server.lastIndexOf('/');
        return slash < 0 ? host(server) : host(server.substring(0, slash)) + "/" + port(server.substring(slash + 1));
    }

    private static boolean local(String host) {
        return LOCAL.contains(host.toLowerCase(Locale.ROOT));
    }

    /**
     * A port (or the service name Firebird's clients look up for it): {@code port-1}, but Firebird's default, 3050
     * ({@code gds_db}), which every server listens on and so tells nothing. A port of one's own is part of how the
     * server is reached, as its host's name is.
     */
    String port(String port) {
        if (port == null || port.isBlank() || port.equals("3050") || port.equalsIgnoreCase("gds_db")) {
            return port;
        }
        return ports.computeIfAbsent(port, p -> token("port-", "%d"));
    }

    String user(String user) {
        if (user == null || user.isBlank() || user.equalsIgnoreCase("SYSDBA") || user.startsWith("<")) {
            return user;
        }
        return users.computeIfAbsent(user, u -> token("user-", "%d"));
    }

    /**
     * A database or backup as gbak was given it: {@code host:path}, {@code host/port:path}, {@code inet://host/path} or a
     * path (or an alias); its token keeps the form ({@code host-1:database-1.fdb}).
     */
    String connection(String s, String kind) {
        if (s == null || s.isBlank()) {
            return s;
        }
        String done = paths.get(s);
        if (done != null) {
            return done;
        }
        String token;
        Matcher m;
        if ((m = INET.matcher(s)).matches()) {
            String hostPort = m.group(2);
            int colon = hostPort.lastIndexOf(':');
            String h = colon > 0 && !hostPort.endsWith("]") ? hostPort.substring(0, colon) : hostPort;
            String port = h.length() < hostPort.length() ? ":" + port(hostPort.substring(h.length() + 1)) : "";
            token = m.group(1) + "://" + host(h) + port + "/" + path(m.group(3), kind);
        } else if ((m = XNET.matcher(s)).matches()) {
            token = m.group(1) + "://" + path(m.group(2), kind);
        } else if ((m = HOST_PATH.matcher(s)).matches()) {
            token = host(m.group(1))
                    + (m.group(2) == null ? "" : "/" + port(m.group(2).substring(1))) + ":" + path(m.group(3), kind);
        } else {
            return path(s, kind);
        }
        paths.put(s, token);
        return token;
    }

    /** A file or folder: {@code kind-N} with the extension of its name. */
    String path(String p, String kind) {
        if (p == null || p.isBlank()) {
            return p;
        }
        return paths.computeIfAbsent(p, x -> token(kind + "-", "%d") + extension(x));
    }

    /** A name that stays as it is wherever it is written (a tool's path: its file name). */
    void keep(String name, String as) {
        paths.putIfAbsent(name, as);
    }

    private static String extension(String path) {
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        int dot = name.lastIndexOf('.');
        String ext = dot > 0 ? name.substring(dot) : "";
        return ext.matches("\\.[A-Za-z0-9_]{1,8}") ? ext : "";
    }

    /** A structured path field: its token. */
    String file(String s) {
        if (s == null) {
            return null;
        }
        String token = paths.get(s);
        return token != null ? token : text(s);
    }

    /** The next token of a kind ({@code T} + {@code %03d} → T001), never one of the inputs' own names. */
    private String token(String prefix, String format) {
        String token;
        do {
            int n = counters.merge(prefix, 1, Integer::sum);
            token = prefix + String.format(Locale.ROOT, format, n);
        } while (originals.contains(token));
        return token;
    }

    // ---- free text

    /** Free text with every name in it replaced (a note that names an input, gbak's line, a warning). */
    String text(String s) {
        if (s == null || s.isEmpty()) {
            return s;
        }
        Matcher m = textPattern().matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String replacement;
            if (m.group("key") != null) {
                replacement = m.group("key") + "(...)";
            } else if (m.group("word") != null) {
                replacement = m.group("word") + quotedName(m.group("object"));
            } else if (m.group("known") != null) {
                String name = m.group("known");
                String tail = m.group("tail");
                String colon = m.group("colon") == null ? "" : m.group("colon");
                replacement = paths.containsKey(name) && !tail.isEmpty()
                        ? path(name + tail, "file") + colon // a path inside a known folder: its own
                        : known(name) + hostTail(name, tail + colon);
            } else if (m.group("quoted") != null) {
                replacement = '"' + objectName(m.group("quoted")) + '"';
            } else {
                replacement = path(m.group(), "file");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** What follows a known name in free text: after a host its port's token ({@code /port-1}), else as it is. */
    private String hostTail(String name, String tail) {
        Matcher port = PORT_TAIL.matcher(tail);
        if ((hosts.containsKey(name) || local(name)) && port.matches()) {
            return port.group(1) + port(port.group(2)) + port.group(3);
        }
        return tail;
    }

    private String knownOrNull(String name) {
        for (Map<String, String> m : List.of(tables, indexes, paths, hosts, users, labels, columns, objects, aliases)) {
            String token = m.get(name);
            if (token != null) {
                return token;
            }
        }
        return null;
    }

    private String known(String name) {
        String token = knownOrNull(name);
        return token != null ? token : name;
    }

    /**
     * One pattern for every replacement, so that no token is replaced again: a problematic key's value, the name after
     * an object word, a known name (longest first) with what follows it after a slash (a file in a known folder, the
     * port after a host), a quoted upper-case name, an absolute path.
     */
    private Pattern textPattern() {
        List<String> names = new ArrayList<>();
        for (Map<String, String> m : List.of(tables, indexes, paths, hosts, users, labels, columns, objects, aliases)) {
            names.addAll(m.keySet());
        }
        names.addAll(LOCAL); // they stay, the port after them does not
        if (text != null && names.size() == textNames) {
            return text;
        }
        textNames = names.size();
        String known = names.stream()
                .distinct()
                .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()))
                .map(Pattern::quote)
                .reduce((x, y) -> x + "|" + y)
                .orElse("(?!)");
        text = Pattern.compile("(?<key>Problematic key value is )\\(.*\\)"
                + "|(?<word>(?<![" + IDENT + "])(?:" + OBJECT_WORDS + ")\\s+)"
                + "(?<object>\"[^\"]+\"(?:\\.\"[^\"]+\")?|[A-Z][A-Z0-9_$]*(?![" + IDENT + "]))"
                + "|(?<![" + IDENT + "])(?<known>" + known + ")(?<tail>(?:[/\\\\][^\\s\"';:,()<>/\\\\]+)*)"
                + "(?<colon>:\\d{1,5}(?![" + IDENT + ".]))?(?![" + IDENT + "])"
                + "|\"(?<quoted>[A-Z][A-Z0-9_$]*)\""
                + "|(?<![" + IDENT + ".\\-/])/(?!proc/|sys/|dev/)[^\\s\"'/:;,()<>]+(?:/[^\\s\"'/:;,()<>]+)+"
                + "|(?<![" + IDENT + "])[A-Za-z]:\\\\[^\\s\"';,()<>]+");
        return text;
    }
}
