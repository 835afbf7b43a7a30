package dev.gbakprof.cli;

import dev.gbakprof.history.Band;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Validation;
import dev.gbakprof.report.TrendChart;
import dev.gbakprof.run.RunOptions;
import dev.gbakprof.store.AtomicFiles;
import dev.gbakprof.store.OutputRefusedException;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.RunFolders;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof history}: the restore tests of each backup over time, with their baseline band. */
@Command(
        name = "history",
        header = "The restores recorded in run folders, per backup, each against its baseline band.",
        footerHeading = "%nExample:%n",
        footer = "  gbakprof history runs --backup erp --last 30 --rto 4h --out trend/",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The restores recorded under the run folders, per backup (or per label: --by label, --label L), oldest",
            "first: a drill's backup (run --backup-from), status, total, each phase,",
            "rows, verification (--inspect) and validation (--validate), and the baseline band each one is judged",
            "against (median ± 3 MAD of the previous completed restores, at most 10, at least ±5%% and ±1 s).",
            "--out DIR: trend.png (total and phases over time, failed and unfinished runs marked, the band behind).",
            "Exits 0, or 2 when a runs folder cannot be read or holds no restore."
        })
final class HistoryCommand implements Callable<Integer> {

    /** The JSON's schema. */
    static final String SCHEMA = "gbakprof.history/1";

    @Parameters(arity = "0..*", paramLabel = "RUNS_DIR", description = "Folders of run folders (default: runs).")
    List<Path> runsDirs = new ArrayList<>();

    @Option(
            names = "--backup",
            paramLabel = "NAME",
            description = "Only this backup (its file name, with or without extension).")
    String backup;

    @Option(
            names = "--label",
            paramLabel = "L",
            description = "Only the runs labelled L (run --label), as one history whatever their backup files' names.")
    String label;

    @Option(
            names = "--by",
            paramLabel = "backup|label",
            defaultValue = "backup",
            description = "Group the runs by backup file name (default) or by label.")
    String by;

    @Option(
            names = "--last",
            paramLabel = "N",
            description = "Only the newest N restores of each backup (the bands still use the older ones).")
    Integer last;

    @Option(
            names = "--rto",
            paramLabel = "DURATION",
            description = "Say for each restore whether it was within this recovery time objective (4h, 90m).")
    String rto;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write trend.png there (trend-NAME.png per backup when there are several).")
    Path out;

    @Option(names = "--json", description = "Print the history as JSON (\"schema\": \"" + SCHEMA + "\").")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (last != null && last < 1) {
            throw new UsageException("--last " + last + ": expected 1 or more");
        }
        Duration objective = rto == null ? null : Durations.parse("--rto", rto);
        if (out != null) {
            Outputs.refuseUnwritableDir(out, "--out"); // a read-only file system: refused before any work (2)
        }
        Loaded loaded = load(runsDirs, backup, label, grouping(by));
        if (loaded.trends().isEmpty()) {
            throw new UsageException("no restore recorded under "
                    + (runsDirs.isEmpty() ? List.of(Path.of("runs")) : runsDirs) + ": "
                    + String.join("; ", loaded.notes()));
        }
        PrintWriter w = spec.commandLine().getOut();
        List<Trend> trends = loaded.trends().stream()
                .map(t -> last == null || t.points().size() <= last
                        ? t
                        : t.withPoints(t.points()
                                .subList(t.points().size() - last, t.points().size())))
                .toList();
        if (out != null) {
            Files.createDirectories(out);
            for (Trend t : trends) {
                Path png = out.resolve(
                        trends.size() == 1 ? "trend.png" : "trend-" + RunOptions.fileSafe(t.backup()) + ".png");
                byte[] bytes = TrendChart.png(t, 1600, 900);
                try {
                    AtomicFiles.write(png, bytes);
                } catch (IOException ex) { // a disk that fills up meanwhile: the file is named
                    throw new OutputRefusedException("--out " + ex.getMessage());
                }
                if (!json) {
                    w.println("wrote " + png);
                }
            }
        }
        if (json) {
            RunJson.write(json(trends, loaded, objective), w);
            return ExitCode.OK;
        }
        for (Trend t : trends) {
            w.print(table(t, objective));
            w.println();
        }
        for (String s : loaded.notes()) {
            w.println("note: " + s);
        }
        w.flush();
        return ExitCode.OK;
    }

    /**
     * The trends of the run folders, the chosen backup's only; what was left out, in notes.
     *
     * @param unjudged the run folders without a usable record (running, killed, damaged, impossible), of the chosen
     *                 backup when one was named
     */
    record Loaded(List<Trend> trends, List<String> notes, List<RunFolders.Folder> unjudged) {

        /** The folders of {@link #unjudged} that are runs of {@code trend}, oldest first. */
        List<RunFolders.Folder> of(Trend trend) {
            return unjudged.stream()
                    .filter(f -> trends.size() == 1 && owner(f, trends) == null || belongs(f, trend))
                    .toList();
        }
    }

    /** The trend among {@code trends} a folder is a run of, or {@code null} when none tells. */
    static Trend owner(RunFolders.Folder f, List<Trend> trends) {
        return trends.stream().filter(t -> belongs(f, t)).findFirst().orElse(null);
    }

    /**
     * A folder is a run of {@code t}: its marker or record names t's backup (or label), or, for a folder that names
     * neither, its name has the label of t's runs ({@code 20261206-031500-nightly} for runs labelled nightly).
     */
    static boolean belongs(RunFolders.Folder f, Trend t) {
        if (f.backup() != null || f.label() != null) {
            String key = t.by() == Trend.By.LABEL && f.label() != null ? f.label() : fileName(f.backup());
            return key != null && t.named(key);
        }
        String name = f.nameLabel();
        return name != null
                && t.points().stream()
                        .map(p -> p.run().label())
                        .filter(l -> l != null)
                        .map(RunStore::fileSafe)
                        .anyMatch(l -> name.equals(l) || name.startsWith(l + "-"));
    }

    private static String fileName(String path) {
        if (path == null) {
            return null;
        }
        String f = path.replace('\\', '/');
        return f.substring(f.lastIndexOf('/') + 1);
    }

    /** {@code --by}: {@code backup} or {@code label}. */
    static Trend.By grouping(String by) {
        return switch (by.toLowerCase(Locale.ROOT)) {
            case "backup" -> Trend.By.BACKUP;
            case "label" -> Trend.By.LABEL;
            default -> throw new UsageException("--by " + by + ": expected backup or label");
        };
    }

    /**
     * Reads the run folders (default {@code runs}); a folder that cannot be read or holds no restore is a usage error.
     *
     * @param backup only the restores of this backup file name, or {@code null}
     * @param label  only the runs with this label, grouped by label, or {@code null}
     */
    static Loaded load(List<Path> dirs, String backup, String label, Trend.By by) {
        if (backup != null && label != null) {
            throw new UsageException("--backup and --label: give one (--backup NAME picks a backup file's restores, "
                    + "--label L the runs labelled L)");
        }
        List<Path> given = dirs.isEmpty() ? List.of(Path.of("runs")) : dirs;
        RunStore.Listing listing;
        try {
            listing = RunStore.read(given);
        } catch (IOException ex) {
            throw new UsageException((ex instanceof NoSuchFileException
                            ? ex.getMessage() + ": no such runs folder"
                            : "cannot read a runs folder: " + ex.getMessage())
                    + "; expected the --runs-dir of gbakprof run");
        }
        List<String> notes = new ArrayList<>(listing.skipped());
        List<RunFolders.Folder> unjudged = new ArrayList<>();
        try {
            Set<Path> read = new HashSet<>();
            listing.entries().forEach(e -> read.add(e.folder()));
            for (RunFolders.Folder f : RunFolders.unrecorded(given, read)) {
                unjudged.add(f);
                if (f.state() != RunFolders.State.DAMAGED) { // an unreadable record is among the skipped already
                    notes.add(f.note());
                }
            }
        } catch (IOException ex) {
            throw new UsageException("cannot read a runs folder: " + ex.getMessage());
        }
        List<Path> folders = new ArrayList<>();
        List<RestoreRun> runs = new ArrayList<>();
        for (RunStore.Entry e : listing.entries()) {
            String impossible = RunFolders.implausible(e.run());
            if (impossible == null) {
                folders.add(e.folder());
                runs.add(e.run());
                continue;
            }
            RunFolders.Folder f = new RunFolders.Folder(
                    e.folder(),
                    RunFolders.State.DAMAGED,
                    Trend.startedAt(e.run()),
                    e.run().backupFile(),
                    e.run().label(),
                    e.folder().resolve(RunStore.RUN_JSON) + ": a record that cannot be true: " + impossible);
            unjudged.add(f);
            notes.add(f.note());
        }
        long undated = runs.stream().filter(r -> r.startedAt() == null).count();
        if (undated > 0) {
            notes.add(undated + " record(s) without a start time (parsed logs, not run folders) left out");
        }
        Trend.By grouping = label != null ? Trend.By.LABEL : by;
        List<Trend> all = Trend.of(folders, runs, grouping);
        List<Trend> trends = all;
        String name = label != null ? label : backup;
        if (name != null) {
            trends = all.stream().filter(t -> t.named(name)).toList();
            List<RunFolders.Folder> named = unjudged.stream()
                    .filter(f -> belongs(f, new Trend(name, List.of(), grouping))
                            || all.isEmpty() && f.backup() == null && f.label() == null)
                    .toList();
            if (trends.isEmpty() && !named.isEmpty()) {
                return new Loaded(trends, notes, named);
            }
            if (trends.isEmpty()) {
                throw new UsageException((label != null
                                ? "no run labelled " + label + " under " + given + " (labels there: "
                                : "no restore of a backup named " + backup + " under " + given + " (backups there: ")
                        + String.join(", ", all.stream().map(Trend::backup).toList()) + ")");
            }
        }
        if (trends.isEmpty() && unjudged.isEmpty()) {
            throw new UsageException(
                    "no restore recorded under " + given + "; expected run folders of gbakprof run (run.json)");
        }
        return new Loaded(trends, notes, unjudged);
    }

    private static String table(Trend t, Duration rto) {
        StringBuilder sb = new StringBuilder();
        long restored = t.points().stream().filter(Trend.Point::restored).count();
        long stopped = t.points().size() - restored; // drills that stopped at their backup: no restore
        sb.append(t.backup())
                .append(": ")
                .append(restored)
                .append(restored == 1 ? " restore, " : " restores, ")
                .append(t.completed())
                .append(" completed");
        if (stopped > 0) {
            sb.append("; ")
                    .append(stopped)
                    .append(stopped == 1 ? " drill stopped at its backup" : " drills stopped at their backups");
        }
        sb.append(System.lineSeparator());
        boolean drills = t.drills();
        sb.append(String.format(
                Locale.ROOT,
                "  %-16s  " + (drills ? "%-10s " : "%s") + "%-10s %10s %9s %9s %9s %9s %9s %12s  %-9s %-9s %-17s%s%n",
                "started (UTC)",
                drills ? "backup" : "",
                "status",
                "total",
                "setup",
                "metadata",
                "data",
                "indexes",
                "finish",
                "rows",
                "verified",
                "validated",
                "baseline",
                rto == null ? "" : "  within RTO"));
        for (Trend.Point p : t.points()) {
            RestoreRun r = p.run();
            boolean done = p.done();
            StringBuilder phases = new StringBuilder();
            for (Phase ph : Phase.values()) {
                Double seconds = done ? r.phaseSeconds(ph) : null;
                phases.append(String.format(Locale.ROOT, " %9s", seconds == null ? "-" : secs(seconds)));
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-16s  " + (drills ? "%-10s " : "%s") + "%-10s %10s%s %12s  %-9s %-9s %-17s%s%n",
                    p.startedAt().toString().substring(0, 16).replace('T', ' '),
                    drills ? backupCell(p.backup()) : "",
                    p.restored() ? r.status() : "-",
                    r.totalSeconds() == null || !p.restored() ? "-" : secs(r.totalSeconds()),
                    phases,
                    p.restored() ? String.format(Locale.ROOT, "%,d", r.rows()) : "-",
                    verified(r) == null ? "-" : verified(r),
                    validated(r) == null ? "-" : validated(r),
                    baseline(p),
                    rto == null ? "" : "  " + (done ? p.withinRto(rto) ? "yes" : "NO" : "-")));
        }
        return sb.toString();
    }

    /** A drill's backup: its total, or FAILED (INCOMPLETE when stopped); {@code -} when the run restored a backup file. */
    private static String backupCell(RestoreRun b) {
        if (b == null) {
            return "-";
        }
        return b.restoreSeconds() != null
                ? secs(b.restoreSeconds())
                : b.status() == RunStatus.INCOMPLETE ? "INCOMPLETE" : "FAILED";
    }

    private static String secs(double s) {
        return String.format(Locale.ROOT, "%.1f s", s);
    }

    private static String baseline(Trend.Point p) {
        Band b = p.band();
        if (b == null) {
            return "none yet";
        }
        String range = String.format(Locale.ROOT, "%.1f-%.1f s", b.low(), b.high());
        Double total = p.run().status() == RunStatus.COMPLETED ? p.run().totalSeconds() : null;
        return range + (total == null ? "" : total > b.high() ? " ABOVE" : total < b.low() ? " below" : "");
    }

    /** {@code passed}/{@code failed} when --inspect verified it, else null. */
    private static String verified(RestoreRun r) {
        return r.inspection() == null || r.inspection().verifiedAgainst() == null
                ? null
                : r.inspection().problems().isEmpty() ? "passed" : "failed";
    }

    private static String validated(RestoreRun r) {
        Validation v = r.validation();
        return v == null ? null : v.result().toString();
    }

    /** A drill's backup in the JSON: {@code null} when the run restored a backup file. */
    private static Map<String, Object> drillBackup(RestoreRun b) {
        if (b == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", b.status().toString());
        m.put("totalSeconds", b.totalSeconds());
        m.put("wallSeconds", b.wallSeconds());
        m.put("lastSeenSeconds", b.lastSeenSeconds());
        m.put("database", b.database());
        m.put("file", b.backupFile());
        m.put("bytes", b.backupBytes());
        m.put("sha256", b.backupSha256());
        m.put("rows", b.rows());
        m.put("rowsPerSecond", b.rowsPerSecond());
        m.put(
                "failure",
                b.status() == RunStatus.COMPLETED
                        ? null
                        : b.failure() != null
                                ? b.failure()
                                : b.errors().isEmpty() ? null : b.errors().get(0));
        return m;
    }

    private static Map<String, Object> json(List<Trend> trends, Loaded loaded, Duration rto) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("schema", SCHEMA);
        root.put("rtoSeconds", rto == null ? null : rto.toMillis() / 1000.0);
        List<Object> backups = new ArrayList<>();
        for (Trend t : trends) {
            Map<String, Object> b = new LinkedHashMap<>();
            b.put("backup", t.backup());
            List<Object> restores = new ArrayList<>();
            for (Trend.Point p : t.points()) {
                RestoreRun r = p.run();
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("folder", p.folder().toString());
                e.put("startedAt", p.startedAt().toString());
                e.put("label", r.label());
                e.put("restored", p.restored());
                e.put("status", p.restored() ? r.status().toString() : null);
                e.put("totalSeconds", p.restored() ? r.totalSeconds() : null);
                e.put("lastSeenSeconds", p.restored() ? r.lastSeenSeconds() : null);
                Map<String, Object> phases = new LinkedHashMap<>();
                boolean done = p.done();
                for (Phase ph : Phase.values()) {
                    phases.put(ph.label(), done ? r.phaseSeconds(ph) : null);
                }
                e.put("phases", phases);
                e.put("rows", p.restored() ? r.rows() : null);
                e.put("rowsPerSecond", p.restored() ? r.rowsPerSecond() : null);
                e.put("backupSha256", p.restored() ? r.backupSha256() : null);
                e.put("verification", verified(r));
                e.put("validation", validated(r));
                e.put("band", p.band());
                e.put("aboveBand", p.aboveBand());
                e.put("withinRto", p.withinRto(rto));
                e.put("backup", drillBackup(p.backup()));
                restores.add(e);
            }
            b.put("restores", restores);
            backups.add(b);
        }
        root.put("backups", backups);
        root.put("notes", loaded.notes());
        return root;
    }
}
