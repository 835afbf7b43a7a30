package dev.gbakprof.firebird;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RestoreRunBuilder;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks a restored database against the log of its restore, and lets the database settle what the log
 * cannot: which table each index belongs to (the log is ambiguous when a table has no rows) and so how
 * many keys each index build wrote per second.
 *
 * <p>Problems (each makes the run {@code failed}):
 * <ul>
 *   <li>a table whose row count differs from the log's last {@code records restored} for it (a table the
 *       log restored no data for must be empty);</li>
 *   <li>an index that is inactive although the log shows gbak activating it.</li>
 * </ul>
 * An index that is inactive and that gbak never tried to activate was inactive in the backup (gbak
 * restores it as it was): a warning, not a problem.
 */
public final class RunVerifier {
    private RunVerifier() {}

    /** The run with the inspection, its verification, database index→table mapping and key rates. */
    public static RestoreRun verify(RestoreRun run, Inspection db) {
        List<String> problems = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>(run.warnings());
        Set<String> loaded = new HashSet<>();
        for (TableLoad t : run.tables()) {
            loaded.add(t.name());
            Long rows = db.rows(t.name());
            if (t.records() == null) { // gbak printed no count for the table: nothing to check against
                continue;
            }
            if (rows == null) {
                problems.add(String.format(
                        Locale.ROOT,
                        "table %s: the log says %,d records restored, the database " + "has no such table",
                        t.name(),
                        t.records()));
            } else if (!rows.equals(t.records())) {
                problems.add(String.format(
                        Locale.ROOT,
                        "table %s: the log says %,d records restored, the database " + "has %,d",
                        t.name(),
                        t.records(),
                        rows));
            }
        }
        for (Inspection.Table t : db.tables()) {
            if (!loaded.contains(t.name()) && t.rows() != 0) {
                problems.add(String.format(
                        Locale.ROOT,
                        "table %s: the log restored no data for it, the database " + "has %,d rows",
                        t.name(),
                        t.rows()));
            }
        }

        Map<String, IndexBuild> builds = new HashMap<>();
        run.indexes().forEach(b -> builds.put(b.name(), b));
        for (Inspection.Index i : db.indexes()) {
            if (i.active()) {
                continue;
            }
            IndexBuild build = builds.get(i.name());
            if (build != null) {
                problems.add("index " + i.name() + " (table " + i.table() + ") is inactive: gbak "
                        + (build.failed() ? "could not activate it" : "activated it, but it is inactive now"));
            } else {
                warnings.add(new Warning(
                        WarningCode.INDEX_INACTIVE_IN_BACKUP,
                        "index " + i.name() + " (table " + i.table()
                                + ") is inactive, as it was in the backup: gbak did not try to activate it"));
            }
        }

        Map<String, String> tableOf = new HashMap<>();
        db.indexes().forEach(i -> tableOf.put(i.name(), i.table()));
        List<IndexBuild> indexes = new ArrayList<>();
        boolean all = true;
        for (IndexBuild b : run.indexes()) {
            String table = tableOf.get(b.name());
            if (table == null) {
                all = false;
                warnings.add(new Warning(
                        WarningCode.INDEX_NOT_IN_DATABASE,
                        "index " + b.name() + ": not in the restored database, its table stays as the log says"));
                indexes.add(b);
            } else {
                indexes.add(b.withTable(table, IndexMapping.DATABASE).withKeys(db.rows(table)));
            }
        }

        RestoreRunBuilder out = run.toBuilder()
                .inspection(db.withVerification(problems, "log"))
                .indexes(indexes)
                .warnings(warnings);
        if (all && !indexes.isEmpty()) {
            out.indexMapping(IndexMapping.DATABASE);
            // the timeline's caveat that the log could only infer the index→table mapping no longer applies
            out.warnings(warnings.stream()
                    .filter(w -> !w.is(WarningCode.MAPPING_INFERRED))
                    .toList());
        }
        if (!problems.isEmpty()) {
            out.status(RunStatus.FAILED);
        }
        if (run.environment() != null && run.environment().engineVersion() == null) {
            out.environment(run.environment().withEngineVersion(db.engineVersion()));
        }
        return out.build();
    }

    /** Without a log: the problems the database shows on its own (inactive indexes). */
    public static Inspection check(Inspection db) {
        List<String> problems = new ArrayList<>();
        for (Inspection.Index i : db.indexes()) {
            if (!i.active()) {
                problems.add("index " + i.name() + " (table " + i.table() + ") is inactive");
            }
        }
        return db.withVerification(problems, null);
    }
}
