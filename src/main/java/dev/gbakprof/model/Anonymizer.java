package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The restores of one call with the user's names replaced by stable tokens ({@code --anonymize}): tables {@code T001},
 * indexes {@code IX_T001_1} (the first index of T001) or {@code IX_001} (table unknown or not one), files {@code
 * database-1.fdb}, {@code backup-1.fbk}, {@code log-1.log} (the extension kept), hosts {@code host-1}, users and roles
 * {@code user-1}, other objects gbak names ({@code OBJ_001}), columns {@code C001}, a label that is the name of its
 * input's file or folder {@code label-1}. One name is one token across every run of the call, tokens are given in the
 * order the names first appear (the same inputs give the same tokens), and every number stays as measured.
 *
 * <p>Done once on the records, before the one analysis: every output (page, charts, HTML, Markdown, CSV, JSON, console)
 * shows only what the records hold. Names inside free text (gbak's error lines, gbakprof's warnings, the command line,
 * gfix's output) are replaced word by word; so are quoted upper-case names and the name after an object word ({@code
 * restoring procedure X}) that no record field holds, and absolute paths. Firebird's own names stay: system objects
 * ({@code RDB$...}, {@code MON$...}, {@code SEC$...}, the schemas {@code PUBLIC} and {@code SYSTEM}), the user {@code SYSDBA} and {@code localhost}. The value of a
 * problematic key gbak prints is the user's data: it becomes {@code (...)}.
 */
public final class Anonymizer {

    /** The warning every anonymized record carries (its code: {@link WarningCode#ANONYMIZED}). */
    public static final String WARNING =
            "anonymized (--anonymize): the names of tables, indexes, files, hosts and users"
                    + " are tokens (T001, IX_T001_1, database-1.fdb, host-1, user-1), not the real ones; every number is as"
                    + " measured";

    private static final String IDENT = "A-Za-z0-9_$";
    private static final Pattern SCHEMA_NAME = Pattern.compile("\"([^\"]+)\"\\.\"([^\"]+)\"");
    private static final Pattern INET = Pattern.compile("(?i)^(inet[46]?|wnet)://([^/]+)/(.+)$");
    private static final Pattern XNET = Pattern.compile("(?i)^(xnet)://(.+)$");
    /** {@code host:path} or {@code host/port:path}: a host of 2 characters or more (so not a drive {@code C:}). */
    private static final Pattern HOST_PATH = Pattern.compile("^([^/\\\\:\\s]{2,}?)(/[^/\\\\:\\s]*)?:(.+)$");

    private static final Pattern SERVICES =
            Pattern.compile("^services (?:restore|backup) on (\\S+) as (\\S+): (.+?) -> (.+?) \\(");
    private static final Pattern USER_SWITCH = Pattern.compile("(?i)-(?:u|us|use|user|ro|rol|role)");
    private static final Pattern SERVICE_SWITCH = Pattern.compile("(?i)-se(?:r(?:v(?:i(?:c(?:e)?)?)?)?)?");
    private static final Pattern FILE_SWITCH = Pattern.compile("(?i)-(?:y|fe|fet|fetc|fetch|fetch_|fetch_p\\w*)");
    private static final Pattern DATA_SWITCH = Pattern.compile("(?i)-(?:sk\\w*|in\\w*_d\\w*|include\\w*)");
    /** gbak and gfix switches whose value is no name (a number, columns, a character set, a mode). */
    private static final Pattern VALUE_SWITCH = Pattern.compile(
            "(?i)-(?:st|sta\\w*|par\\w*|bu\\w*|p|pa|pag\\w*|verbint|fix_fss_\\w*|mo\\w*|repl\\w*|crypt|keyh\\w*|keyn\\w*"
                    + "|password|pas\\w*|buffers|housekeeping|h|sql_dialect|write|w|parallel)");

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
    private final Map<String, String> labels = new LinkedHashMap<>();
    /** Other spellings of a name (a Firebird 6 table without its schema) → the name's token. */
    private final Map<String, String> aliases = new LinkedHashMap<>();
    /** Every name the inputs hold: no token is given that is one of them. */
    private final Set<String> originals = new HashSet<>();

    private final Map<String, Integer> counters = new HashMap<>();
    private Pattern text;
    private int textNames = -1;

    private Anonymizer() {}

    /**
     * The tokens of every name in {@code runs} (in order) and in {@code inputs} (the files and folders the runs were
     * read from, as given).
     */
    public static Anonymizer of(List<RestoreRun> runs, List<String> inputs) {
        Anonymizer a = new Anonymizer();
        a.collectOriginals(runs);
        for (RestoreRun r : runs) {
            a.path(r.source(), "log");
        }
        for (String input : inputs) {
            a.path(input, "input");
        }
        for (RestoreRun r : runs) {
            a.register(r);
        }
        a.indexTokens(runs);
        for (RestoreRun r : runs) {
            a.labelToken(r);
        }
        return a;
    }

    /** {@link #of} and {@link #apply(List)} at once. */
    public static List<RestoreRun> anonymize(List<RestoreRun> runs) {
        return of(runs, List.of()).apply(runs);
    }

    public List<RestoreRun> apply(List<RestoreRun> runs) {
        return runs.stream().map(this::apply).toList();
    }

    /** The label as the anonymized records carry it ({@code --baseline} names a label). */
    public String label(String label) {
        return label == null ? null : labels.getOrDefault(label, label);
    }

    /** One run with every name replaced; numbers, codes and unknowns ({@code null}) as they were. */
    public RestoreRun apply(RestoreRun r) {
        List<Warning> warnings = new ArrayList<>();
        for (Warning w : r.warnings()) {
            warnings.add(new Warning(w.code(), text(w.message())));
        }
        if (!r.hasWarning(WarningCode.ANONYMIZED)) {
            warnings.add(new Warning(WarningCode.ANONYMIZED, WARNING));
        }
        return r.toBuilder()
                .label(label(r.label()))
                .source(file(r.source()))
                .command(text(r.command()))
                .errors(texts(r.errors()))
                .warnings(warnings)
                .environment(environment(r.environment()))
                .backupFile(file(r.backupFile()))
                .database(file(r.database()))
                .backupFrom(file(r.backupFrom()))
                .tables(r.tables().stream()
                        .map(t -> new TableLoad(table(t.name()), t.records(), t.startSeconds(), t.seconds()))
                        .toList())
                .indexes(r.indexes().stream().map(this::index).toList())
                .inspection(inspection(r.inspection()))
                .failure(text(r.failure()))
                .validation(validation(r.validation()))
                .indexesNeverBuilt(
                        r.indexesNeverBuilt() == null
                                ? null
                                : r.indexesNeverBuilt().stream()
                                        .map(this::indexName)
                                        .toList())
                .etaBasis(text(r.etaBasis()))
                .build();
    }

    /** Free text with every name in it replaced (a note that names an input, gbak's line, a warning). */
    public String text(String s) {
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
                replacement = known(m.group("known"));
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

    // ---- the names of the runs

    private void collectOriginals(List<RestoreRun> runs) {
        for (RestoreRun r : runs) {
            r.tables().forEach(t -> originals.add(t.name()));
            for (IndexBuild b : r.indexes()) {
                originals.add(b.name());
                originals.add(b.table());
                if (b.tableCandidates() != null) {
                    originals.addAll(b.tableCandidates());
                }
            }
            if (r.indexesNeverBuilt() != null) {
                originals.addAll(r.indexesNeverBuilt());
            }
            if (r.inspection() != null) {
                r.inspection().tables().forEach(t -> originals.add(t.name()));
                for (Inspection.Index i : r.inspection().indexes()) {
                    originals.add(i.name());
                    originals.add(i.table());
                    originals.addAll(i.segments());
                }
            }
            originals.add(r.label());
        }
        originals.remove(null);
    }

    private void register(RestoreRun r) {
        connection(r.database(), "database");
        connection(r.backupFrom(), "database");
        connection(r.backupFile(), "backup");
        Environment env = r.environment();
        if (env != null) {
            host(env.host());
            FirebirdConf conf = env.firebirdConf();
            if (conf != null) {
                path(conf.path(), "file");
                if (conf.tempDirectories() != null) {
                    for (String dir : conf.tempDirectories().split(";")) {
                        path(dir.strip(), "file");
                    }
                }
            }
        }
        command(r.command(), r);
        r.tables().forEach(t -> table(t.name()));
        for (IndexBuild b : r.indexes()) {
            table(b.table());
            if (b.tableCandidates() != null) {
                b.tableCandidates().forEach(this::table);
            }
        }
        if (r.inspection() != null) {
            connection(r.inspection().database(), "database");
            r.inspection().tables().forEach(t -> table(t.name()));
            for (Inspection.Index i : r.inspection().indexes()) {
                table(i.table());
                i.segments().forEach(this::column);
            }
        }
        if (r.validation() != null) {
            connection(r.validation().database(), "database");
            command(r.validation().command(), r);
        }
    }

    /**
     * Index tokens, in the order the indexes first appear: {@code IX_T001_1} when every run that says which table the
     * index is of names the same one, else {@code IX_001}.
     */
    private void indexTokens(List<RestoreRun> runs) {
        Map<String, Set<String>> tablesOf = new LinkedHashMap<>();
        for (RestoreRun r : runs) {
            for (IndexBuild b : r.indexes()) {
                Set<String> of = tablesOf.computeIfAbsent(b.name(), k -> new LinkedHashSet<>());
                if (b.table() != null) {
                    of.add(b.table());
                }
            }
            if (r.inspection() != null) {
                for (Inspection.Index i : r.inspection().indexes()) {
                    Set<String> of = tablesOf.computeIfAbsent(i.name(), k -> new LinkedHashSet<>());
                    if (i.table() != null) {
                        of.add(i.table());
                    }
                }
            }
            if (r.indexesNeverBuilt() != null) {
                r.indexesNeverBuilt().forEach(n -> tablesOf.computeIfAbsent(n, k -> new LinkedHashSet<>()));
            }
        }
        tablesOf.forEach((name, of) -> {
            if (name == null || system(name) || indexes.containsKey(name)) {
                return;
            }
            String token = of.size() == 1 && !system(of.iterator().next())
                    ? token("IX_" + table(of.iterator().next()) + "_", "%d")
                    : token("IX_", "%03d");
            indexes.put(name, token);
            alias(name, token);
        });
    }

    /** A label that is the name of its input's file or of a folder it is in may name the database: a token. */
    private void labelToken(RestoreRun r) {
        String label = r.label();
        if (label == null || labels.containsKey(label) || r.source() == null) {
            return;
        }
        List<String> parts = List.of(r.source().split("[/\\\\]+"));
        boolean named = parts.stream().anyMatch(p -> p.equals(label) || stem(p).equals(label));
        if (named) {
            labels.put(label, token("label-", "%d"));
        }
    }

    private static String stem(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    private String table(String name) {
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

    private String indexName(String name) {
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

    private String column(String name) {
        if (name == null || system(name)) {
            return name;
        }
        return columns.computeIfAbsent(name, n -> token("C", "%03d"));
    }

    /** A name gbak's text gives that no field holds: a known name's token, else one of its own. */
    private String objectName(String name) {
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

    private String host(String host) {
        if (host == null || host.isBlank() || local(host)) {
            return host;
        }
        return hosts.computeIfAbsent(host, h -> token("host-", "%d"));
    }

    private static boolean local(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.equals("127.0.0.1") || h.equals("::1") || h.equals("[::1]");
    }

    private String user(String user) {
        if (user == null || user.isBlank() || user.equalsIgnoreCase("SYSDBA") || user.startsWith("<")) {
            return user;
        }
        return users.computeIfAbsent(user, u -> token("user-", "%d"));
    }

    /**
     * A database or backup as gbak was given it: {@code host:path}, {@code host/port:path}, {@code inet://host/path} or a
     * path (or an alias); its token keeps the form ({@code host-1:database-1.fdb}).
     */
    private String connection(String s, String kind) {
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
            token = m.group(1) + "://" + host(h) + hostPort.substring(h.length()) + "/" + path(m.group(3), kind);
        } else if ((m = XNET.matcher(s)).matches()) {
            token = m.group(1) + "://" + path(m.group(2), kind);
        } else if ((m = HOST_PATH.matcher(s)).matches()) {
            token = host(m.group(1)) + (m.group(2) == null ? "" : m.group(2)) + ":" + path(m.group(3), kind);
        } else {
            return path(s, kind);
        }
        paths.put(s, token);
        return token;
    }

    /** A file or folder: {@code kind-N} with the extension of its name. */
    private String path(String p, String kind) {
        if (p == null || p.isBlank()) {
            return p;
        }
        return paths.computeIfAbsent(p, x -> token(kind + "-", "%d") + extension(x));
    }

    private static String extension(String path) {
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        int dot = name.lastIndexOf('.');
        String ext = dot > 0 ? name.substring(dot) : "";
        return ext.matches("\\.[A-Za-z0-9_]{1,8}") ? ext : "";
    }

    /** A structured path field: its token. */
    private String file(String s) {
        if (s == null) {
            return null;
        }
        String token = paths.get(s);
        return token != null ? token : text(s);
    }

    /**
     * The names a command line holds: gbak's ({@code gbak -c -user U -se host:service_mgr backup database}), gfix's, or
     * a services restore's description ({@code services restore on host/3050 as U: backup -> database (...)}).
     */
    private void command(String command, RestoreRun r) {
        if (command == null) {
            return;
        }
        Matcher services = SERVICES.matcher(command);
        if (services.find()) {
            String address = services.group(1);
            int slash = address.indexOf('/');
            host(slash > 0 ? address.substring(0, slash) : address);
            user(services.group(2));
            connection(services.group(3), r.kind() == RunKind.BACKUP ? "database" : "backup");
            connection(services.group(4), r.kind() == RunKind.BACKUP ? "backup" : "database");
            return;
        }
        List<String> words = words(command.replaceAll("\\s+\\(password from ISC_PASSWORD\\)$", ""));
        if (words.isEmpty()) {
            return;
        }
        String tool = words.get(0);
        int sep = Math.max(tool.lastIndexOf('/'), tool.lastIndexOf('\\'));
        if (sep >= 0) {
            paths.putIfAbsent(tool, tool.substring(sep + 1)); // the tool's name, not where it is installed
        }
        List<String> positional = new ArrayList<>();
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            boolean hasValue = i + 1 < words.size() && !words.get(i + 1).startsWith("-");
            if (!w.startsWith("-")) {
                positional.add(w);
            } else if (!hasValue) {
                continue;
            } else if (USER_SWITCH.matcher(w).matches()) {
                user(words.get(++i));
            } else if (SERVICE_SWITCH.matcher(w).matches()) {
                String server = words.get(++i);
                int colon = server.indexOf(':');
                host(colon > 0 ? server.substring(0, colon) : server);
            } else if (FILE_SWITCH.matcher(w).matches()) {
                String file = words.get(++i);
                if (!file.toLowerCase(Locale.ROOT).startsWith("suppress")) {
                    path(file, "file");
                }
            } else if (DATA_SWITCH.matcher(w).matches()) {
                objectName(words.get(++i)); // a pattern of table names
            } else if (VALUE_SWITCH.matcher(w).matches()) {
                i++;
            }
        }
        for (String p : positional) {
            if (!p.equals(r.database()) && !p.equals(r.backupFile())) {
                connection(p, "file");
            }
        }
    }

    /** The words of a command line; a word in double quotes (with {@code \"} inside) is one word. */
    private static List<String> words(String command) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = command.length();
        while (i < n) {
            char c = command.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                StringBuilder w = new StringBuilder();
                i++;
                while (i < n && command.charAt(i) != '"') {
                    if (command.charAt(i) == '\\' && i + 1 < n && command.charAt(i + 1) == '"') {
                        i++;
                    }
                    w.append(command.charAt(i++));
                }
                i++;
                out.add(w.toString());
            } else {
                int start = i;
                while (i < n && !Character.isWhitespace(command.charAt(i))) {
                    i++;
                }
                out.add(command.substring(start, i));
            }
        }
        return out;
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

    // ---- records inside the run

    private IndexBuild index(IndexBuild b) {
        return new IndexBuild(
                indexName(b.name()),
                table(b.table()),
                b.tableSource(),
                b.startSeconds(),
                b.seconds(),
                b.reads(),
                b.writes(),
                b.failed(),
                b.keysPerSecond(),
                b.tableCandidates() == null
                        ? null
                        : b.tableCandidates().stream().map(this::table).toList(),
                texts(b.errors()));
    }

    private Environment environment(Environment e) {
        if (e == null) {
            return null;
        }
        FirebirdConf c = e.firebirdConf();
        FirebirdConf conf = c == null
                ? null
                : new FirebirdConf(
                        file(c.path()),
                        c.serverMode(),
                        c.tempCacheLimit(),
                        c.parallelWorkers(),
                        c.maxParallelWorkers(),
                        c.tempDirectories() == null
                                ? null
                                : String.join(
                                        ";",
                                        List.of(c.tempDirectories().split(";")).stream()
                                                .map(d -> file(d.strip()))
                                                .toList()));
        return new Environment(
                host(e.host()),
                e.os(),
                e.cpuModel(),
                e.logicalCpus(),
                e.powerPlan(),
                e.gbakVersion(),
                e.engineVersion(),
                e.memoryBytes(),
                e.idleProbe(),
                conf);
    }

    private Inspection inspection(Inspection i) {
        if (i == null) {
            return null;
        }
        return new Inspection(
                file(i.database()),
                i.engineVersion(),
                i.ods(),
                i.pageSize(),
                i.pageBuffers(),
                i.fileBytes(),
                i.sweepInterval(),
                i.forcedWrites(),
                i.tables().stream()
                        .map(t -> new Inspection.Table(table(t.name()), t.rows()))
                        .toList(),
                i.indexes().stream()
                        .map(x -> new Inspection.Index(
                                indexName(x.name()),
                                table(x.table()),
                                x.segments().stream().map(this::column).toList(),
                                x.expression() == null ? null : "(expression)",
                                x.unique(),
                                x.descending(),
                                x.active(),
                                x.selectivity()))
                        .toList(),
                texts(i.problems()),
                i.verifiedAgainst());
    }

    private Validation validation(Validation v) {
        if (v == null) {
            return null;
        }
        return new Validation(
                text(v.command()), file(v.database()), v.seconds(), v.exitCode(), v.result(), texts(v.output()));
    }

    private List<String> texts(List<String> lines) {
        return lines == null ? null : lines.stream().map(this::text).toList();
    }

    // ---- free text

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
     * an object word, a known name (longest first), a quoted upper-case name, an absolute path.
     */
    private Pattern textPattern() {
        List<String> names = new ArrayList<>();
        for (Map<String, String> m : List.of(tables, indexes, paths, hosts, users, labels, columns, objects, aliases)) {
            names.addAll(m.keySet());
        }
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
                + "|(?<![" + IDENT + "])(?<known>" + known + ")(?![" + IDENT + "])"
                + "|\"(?<quoted>[A-Z][A-Z0-9_$]*)\""
                + "|(?<![" + IDENT + ".\\-/])/(?!proc/|sys/|dev/)[^\\s\"'/:;,()<>]+(?:/[^\\s\"'/:;,()<>]+)+"
                + "|(?<![" + IDENT + "])[A-Za-z]:\\\\[^\\s\"';,()<>]+");
        return text;
    }
}
