package dev.gbakprof.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The restores of one call with the user's names replaced by stable tokens ({@code --anonymize}): tables {@code T001},
 * indexes {@code IX_T001_1} (the first index of T001) or {@code IX_001} (table unknown or not one), files {@code
 * database-1.fdb}, {@code backup-1.fbk}, {@code log-1.log} (the extension kept), hosts {@code host-1}, ports but
 * Firebird's default 3050 {@code port-1}, users and roles {@code user-1}, other objects gbak names ({@code OBJ_001}), columns {@code C001}, a label that is the name of its
 * input's file or folder {@code label-1}, and the backup's name in {@code run}'s own label its token ({@code
 * backup-1.fbk, embedded}). One name is one token across every run of the call, tokens are given in the
 * order the names first appear (the same inputs give the same tokens), and every number stays as measured.
 *
 * <p>Done once on the records, before the one analysis: every output (page, charts, HTML, Markdown, CSV, JSON, console)
 * shows only what the records hold. Names inside free text (gbak's error lines, gbakprof's warnings, the command line,
 * gfix's output) are replaced word by word; so are quoted upper-case names and the name after an object word ({@code
 * restoring procedure X}) that no record field holds, and absolute paths. Firebird's own names stay: system objects
 * ({@code RDB$...}, {@code MON$...}, {@code SEC$...}, the schemas {@code PUBLIC} and {@code SYSTEM}), the user {@code SYSDBA} (every
 * server's own), {@code localhost} (it names no machine) and the port 3050 (every server's default). The value of a
 * problematic key gbak prints is the user's data: it becomes {@code (...)}.
 *
 * <p>This class meets the names (the records' fields, then their command lines through {@link CommandLineNames});
 * {@link NameTokens} gives each its token and replaces the names in free text.
 */
public final class Anonymizer {

    /** The warning every anonymized record carries (its code: {@link WarningCode#ANONYMIZED}). */
    public static final String WARNING =
            "anonymized (--anonymize): the names of tables, indexes, files, hosts, ports and users"
                    + " are tokens (T001, IX_T001_1, database-1.fdb, host-1, port-1, user-1), not the real ones; every"
                    + " number is as measured";

    private final NameTokens tokens;

    private Anonymizer(Set<String> originals) {
        tokens = new NameTokens(originals);
    }

    /**
     * The tokens of every name in {@code runs} (in order) and in {@code inputs} (the files and folders the runs were
     * read from, as given).
     */
    public static Anonymizer of(List<RestoreRun> runs, List<String> inputs) {
        Anonymizer a = new Anonymizer(originals(runs));
        for (RestoreRun r : runs) {
            a.tokens.path(r.source(), "log");
        }
        for (String input : inputs) {
            a.tokens.path(input, "input");
        }
        for (RestoreRun r : runs) {
            a.register(r);
        }
        a.indexTokens(runs);
        for (RestoreRun r : runs) {
            a.tokens.label(r.label(), r.source());
            a.tokens.defaultLabel(r.label(), r.backupFile(), r.backupFrom());
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
        return tokens.label(label);
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
                .source(tokens.file(r.source()))
                .command(text(r.command()))
                .errors(texts(r.errors()))
                .errorsAfterStop(texts(r.errorsAfterStop()))
                .warnings(warnings)
                .environment(environment(r.environment()))
                .backupFile(tokens.file(r.backupFile()))
                .database(tokens.file(r.database()))
                .backupFrom(tokens.file(r.backupFrom()))
                .tables(r.tables().stream()
                        .map(t -> new TableLoad(tokens.table(t.name()), t.records(), t.startSeconds(), t.seconds()))
                        .toList())
                .indexes(r.indexes().stream().map(this::index).toList())
                .inspection(inspection(r.inspection()))
                .failure(text(r.failure()))
                .validation(validation(r.validation()))
                .indexesNeverBuilt(
                        r.indexesNeverBuilt() == null
                                ? null
                                : r.indexesNeverBuilt().stream()
                                        .map(tokens::indexName)
                                        .toList())
                .etaBasis(text(r.etaBasis()))
                .server(tokens.server(r.server()))
                .indexesWritten(definitions(r.indexesWritten()))
                .indexesNeverBuiltTables(definitions(r.indexesNeverBuiltTables()))
                .build();
    }

    /** Index definitions with their tables, as tokens ({@code null} stays {@code null}). */
    private List<IndexDefinition> definitions(List<IndexDefinition> all) {
        return all == null
                ? null
                : all.stream()
                        .map(i -> new IndexDefinition(tokens.indexName(i.name()), tokens.table(i.table())))
                        .toList();
    }

    /** A backup's index definitions, and the tables of a restore's definitions it never built. */
    private static List<IndexDefinition> written(RestoreRun r) {
        List<IndexDefinition> all = new ArrayList<>();
        all.addAll(r.indexesWritten() == null ? List.of() : r.indexesWritten());
        all.addAll(r.indexesNeverBuiltTables() == null ? List.of() : r.indexesNeverBuiltTables());
        return all;
    }

    /** Free text with every name in it replaced (a note that names an input, gbak's line, a warning). */
    public String text(String s) {
        return tokens.text(s);
    }

    // ---- the names of the runs

    /** Every name the runs hold: no token may be one of them. */
    private static Set<String> originals(List<RestoreRun> runs) {
        Set<String> originals = new HashSet<>();
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
            for (IndexDefinition i : written(r)) {
                originals.add(i.name());
                originals.add(i.table());
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
        return originals;
    }

    private void register(RestoreRun r) {
        tokens.connection(r.database(), "database");
        tokens.connection(r.backupFrom(), "database");
        tokens.connection(r.backupFile(), "backup");
        tokens.server(r.server());
        Environment env = r.environment();
        if (env != null) {
            tokens.host(env.host());
            FirebirdConf conf = env.firebirdConf();
            if (conf != null) {
                tokens.path(conf.path(), "file");
                if (conf.tempDirectories() != null) {
                    for (String dir : conf.tempDirectories().split(";")) {
                        tokens.path(dir.strip(), "file");
                    }
                }
            }
        }
        command(r.command(), r);
        r.tables().forEach(t -> tokens.table(t.name()));
        for (IndexBuild b : r.indexes()) {
            tokens.table(b.table());
            if (b.tableCandidates() != null) {
                b.tableCandidates().forEach(tokens::table);
            }
        }
        written(r).forEach(i -> tokens.table(i.table()));
        if (r.inspection() != null) {
            tokens.connection(r.inspection().database(), "database");
            r.inspection().tables().forEach(t -> tokens.table(t.name()));
            for (Inspection.Index i : r.inspection().indexes()) {
                tokens.table(i.table());
                i.segments().forEach(tokens::column);
            }
        }
        if (r.validation() != null) {
            tokens.connection(r.validation().database(), "database");
            command(r.validation().command(), r);
        }
    }

    /** The names of a command line of {@code r} ({@link CommandLineNames}), in the order they appear. */
    private void command(String command, RestoreRun r) {
        for (CommandLineNames.Name n :
                CommandLineNames.of(command, r.kind() == RunKind.BACKUP, r.database(), r.backupFile())) {
            switch (n.role()) {
                case TOOL -> tokens.keep(n.text(), CommandLineNames.toolName(n.text())); // not where it is installed
                case HOST -> tokens.host(n.text());
                case USER -> tokens.user(n.text());
                case DATABASE -> tokens.connection(n.text(), "database");
                case BACKUP -> tokens.connection(n.text(), "backup");
                case OTHER -> tokens.connection(n.text(), "file");
                case SWITCH_FILE -> tokens.path(n.text(), "file");
                case TABLES -> tokens.objectName(n.text()); // a pattern of table names
            }
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
            for (IndexDefinition i : written(r)) {
                Set<String> of = tablesOf.computeIfAbsent(i.name(), k -> new LinkedHashSet<>());
                if (i.table() != null) {
                    of.add(i.table());
                }
            }
        }
        tablesOf.forEach(
                (name, of) -> tokens.index(name, of.size() == 1 ? of.iterator().next() : null));
    }

    // ---- records inside the run

    private IndexBuild index(IndexBuild b) {
        return new IndexBuild(
                tokens.indexName(b.name()),
                tokens.table(b.table()),
                b.tableSource(),
                b.startSeconds(),
                b.seconds(),
                b.reads(),
                b.writes(),
                b.failed(),
                b.keysPerSecond(),
                b.tableCandidates() == null
                        ? null
                        : b.tableCandidates().stream().map(tokens::table).toList(),
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
                        tokens.file(c.path()),
                        c.serverMode(),
                        c.tempCacheLimit(),
                        c.parallelWorkers(),
                        c.maxParallelWorkers(),
                        c.tempDirectories() == null
                                ? null
                                : String.join(
                                        ";",
                                        List.of(c.tempDirectories().split(";")).stream()
                                                .map(d -> tokens.file(d.strip()))
                                                .toList()));
        return new Environment(
                tokens.host(e.host()),
                e.os(),
                e.cpuModel(),
                e.logicalCpus(),
                e.powerPlan(),
                e.gbakVersion(),
                e.engineVersion(),
                e.memoryBytes(),
                e.idleProbe(),
                conf,
                // the reason may name the server's paths: said without them
                e.firebirdConfUnknown() == null ? null : "the server did not report its configuration");
    }

    private Inspection inspection(Inspection i) {
        if (i == null) {
            return null;
        }
        return new Inspection(
                tokens.file(i.database()),
                i.engineVersion(),
                i.ods(),
                i.pageSize(),
                i.pageBuffers(),
                i.fileBytes(),
                i.sweepInterval(),
                i.forcedWrites(),
                i.tables().stream()
                        .map(t -> new Inspection.Table(tokens.table(t.name()), t.rows()))
                        .toList(),
                i.indexes().stream()
                        .map(x -> new Inspection.Index(
                                tokens.indexName(x.name()),
                                tokens.table(x.table()),
                                x.segments().stream().map(tokens::column).toList(),
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
                text(v.command()), tokens.file(v.database()), v.seconds(), v.exitCode(), v.result(), texts(v.output()));
    }

    private List<String> texts(List<String> lines) {
        return lines == null ? null : lines.stream().map(this::text).toList();
    }
}
