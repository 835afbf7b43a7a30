package dev.gbakprof.cli;

import dev.gbakprof.firebird.Credentials;
import dev.gbakprof.firebird.DatabaseInspector;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.forecast.Estimate;
import dev.gbakprof.forecast.Forecaster;
import dev.gbakprof.forecast.Target;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.Inspection;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.monitor.DatabaseHeader;
import dev.gbakprof.output.EstimateText;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gbakprof estimate RUN...}: how long a restore of another size will take, with a range. */
@Command(
        name = "estimate",
        header = "How long will production be down? A forecast from test restores, with a range.",
        footer = "  gbakprof estimate samples/shop-tdrw.log --rows ORDERS=40000000 --rto 4h",
        sortOptions = false,
        description = {
            "Forecast a restore from calibration restores (logs or run records, any route): the total with a "
                    + "range, each phase, the slowest objects, and with --rto whether it fits the window.",
            "A model per table load (rows) and index build (n·ln n of its table's rows, a sort), fitted from the "
                    + "calibration runs; several sizes fit the exponents. See docs/guide/forecast.md.",
            "Exits 0, or 2 on bad input (a table the calibration does not have or given twice, negative rows or"
                    + " more than a table can hold, a --rows-from folder of several run folders, an unreadable "
                    + "source, calibration restores of another Firebird version than the target, or that mix routes,"
                    + " gbak switches, gbak versions or databases)."
        })
final class EstimateCommand implements Callable<Integer> {

    @Mixin
    InputRuns inputs;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Size size;

    static final class Size {
        @Option(
                names = "--rows",
                paramLabel = "TABLE=N",
                split = ",",
                description = "The target's rows of these tables; the others as in the largest calibration run.")
        List<String> rows;

        @Option(
                names = "--rows-from",
                paramLabel = "SOURCE",
                description =
                        "The target's sizes from a restore log, run record or run folder of it, a backup log (gbak -b -v, with or without -st), or a "
                                + "database (rows counted through the server: a path or host[/port]:path, with --host, --user, "
                                + "--password-file as for inspect).")
        String rowsFrom;

        @Option(
                names = "--scale",
                paramLabel = "F",
                description = "Every table of the largest calibration run times F.")
        Double scale;
    }

    @Option(
            names = "--rto",
            paramLabel = "DURATION",
            description =
                    "The window the restore must fit in (e.g. 4h, 90m): a verdict, fits with margin, at risk or does not fit.")
    String rto;

    @Option(
            names = "--engine",
            paramLabel = "VERSION",
            description = "The Firebird version the target restores with, e.g. 4.0 (default: what --rows-from says, a"
                    + " restore of the target or its database's server). Calibration restores of another version are"
                    + " refused: a migration is forecast from restores by the new version.")
    String engine;

    @Option(
            names = "--across-versions",
            description = "Forecast even when the calibration restores ran on another Firebird version than the"
                    + " target (the forecast then says so first).")
    boolean acrossVersions;

    @Option(names = "--json", description = "Print the forecast as JSON (\"schema\": \"gbakprof.estimate/1\").")
    boolean json;

    @Mixin
    TopOption top;

    @Mixin
    ServerOptions server = new ServerOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        int top = this.top.value();
        Double rtoSeconds = rto == null ? null : Durations.parse("--rto", rto).toMillis() / 1000.0;
        List<RestoreRun> calibration = inputs.load();
        Target target;
        if (size.scale != null) {
            target = Target.scaled(Forecaster.reference(calibration), size.scale);
        } else if (size.rows != null) {
            target = Target.overriding(Forecaster.reference(calibration), parseRows(size.rows));
        } else {
            target = fromSource(size.rowsFrom);
        }
        Estimate estimate = Forecaster.forecast(calibration, target, rtoSeconds);
        String across = acrossVersions(calibration);
        if (across != null) {
            estimate = estimate.withCaveat(across);
        }
        String unknown = unknownVersions(calibration);
        if (unknown != null) {
            estimate = estimate.withAssumption(unknown);
        }
        List<String> leftOut = inputs.leftOut(); // run folders without a record: killed, running, impossible
        if (!leftOut.isEmpty()) {
            estimate = estimate.withAssumption(leftOut.size()
                    + (leftOut.size() == 1 ? " calibration run folder" : " calibration run folders")
                    + " left out, no record to read: " + String.join("; ", leftOut));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Stdout.json(out, estimate);
        } else {
            out.print(EstimateText.of(estimate, top));
            out.flush();
        }
        return ExitCode.OK;
    }

    /** The Firebird version of the target, {@code major.minor}: --engine, else what --rows-from said; or null. */
    private String targetVersion;

    /**
     * What to say when the calibration restores ran on another Firebird version than the target ({@code null} when
     * they did not, or a version is unknown); refused (exit 2) unless {@code --across-versions}.
     */
    private String acrossVersions(List<RestoreRun> calibration) {
        String target = targetVersion();
        Set<String> versions = new TreeSet<>();
        calibration.stream()
                .map(RestoreRun::firebirdVersion)
                .filter(v -> v != null) // unknown: never taken for another version (unknownVersions says so)
                .forEach(versions::add);
        if (target == null || versions.isEmpty() || versions.equals(Set.of(target))) {
            return null;
        }
        String said = "the calibration restores ran on Firebird " + String.join(" and ", versions)
                + ", the target restores with " + target;
        if (!acrossVersions) {
            throw new UsageException(
                    said + ": a forecast across versions is no measurement; " + fixes(versions, target));
        }
        return said + " (--across-versions): the forecast assumes both versions restore at the same speed; the range"
                + " and the RTO verdict do not cover a difference";
    }

    /** The target's Firebird version, {@code major.minor}: --engine, else what --rows-from said; or null. */
    private String targetVersion() {
        String target = engine != null ? RestoreRun.majorMinor("V" + engine.strip()) : targetVersion;
        if (engine != null && target == null) {
            throw new UsageException("--engine " + engine + ": expected a Firebird version, e.g. 4.0");
        }
        return target;
    }

    /**
     * What to assume of calibration runs whose Firebird version is unknown (parsed gbak logs, which do not say it) when
     * the target's is known: that they restored as the target's version does, said; {@code null} when none is unknown
     * or the target's version is unknown too.
     */
    private String unknownVersions(List<RestoreRun> calibration) {
        String target = targetVersion();
        List<String> unknown = calibration.stream()
                .filter(r -> r.firebirdVersion() == null)
                .map(r -> r.label() != null ? r.label() : r.source())
                .toList();
        if (target == null || unknown.isEmpty()) {
            return null;
        }
        return "the Firebird version of "
                + (unknown.size() == calibration.size()
                        ? "the calibration"
                        : unknown.size() + " of the " + calibration.size() + " calibration runs")
                + " is unknown (a gbak log does not say it: "
                + (unknown.size() <= 3 ? String.join(", ", unknown) : String.join(", ", unknown.subList(0, 3)) + ", …")
                + "): taken to restore as the target's " + target + " does ("
                + (engine != null ? "--engine " + engine.strip() : "--rows-from " + size.rowsFrom)
                + "); a calibration by another version would restore at its own speed: calibrate with run records of"
                + " restores by " + target;
    }

    /**
     * The ways out of a refusal across versions, the likeliest first: a calibration of one version says how the
     * target restores when it restores with that version ({@code --engine}: a migration, when the calibration's is the
     * newer, is forecast from restores by the new version while {@code --rows-from} names the old one's restore or
     * database); else restores by the target's version, or {@code --across-versions}.
     */
    private String fixes(Set<String> calibration, String target) {
        String others = "calibrate with restores by " + target + " (gbakprof run --gbak its gbak), or give"
                + " --across-versions";
        if (calibration.size() != 1 || engine != null) { // --engine named the target's version already
            return others;
        }
        String version = calibration.iterator().next();
        return "if the target will be restored by " + version + (newer(version, target) ? " (a migration)" : "")
                + ", give --engine " + version + "; else " + others;
    }

    /** Whether Firebird {@code a} ({@code major.minor}) is newer than {@code b}. */
    private static boolean newer(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        int major = Integer.compare(Integer.parseInt(x[0]), Integer.parseInt(y[0]));
        return major != 0 ? major > 0 : Integer.parseInt(x[1]) > Integer.parseInt(y[1]);
    }

    /**
     * The {@code --rows} pairs, each table once: Firebird's unquoted names are upper case, so {@code orders} is ORDERS
     * (as the calibration's tables are matched), and a table given twice is refused, not the last count taken.
     */
    static Map<String, Long> parseRows(List<String> items) {
        Map<String, Long> rows = new LinkedHashMap<>();
        Map<String, String> seen = new LinkedHashMap<>(); // upper-case name -> the pair as given
        for (int k = 0; k < items.size(); k++) {
            String item = items.get(k);
            int digits = k + 1;
            while (item.indexOf('=') > 0
                    && digits < items.size()
                    && items.get(digits).strip().matches("\\d+")) {
                digits++; // ORDERS=1,000,000: the comma separates TABLE=N pairs, so "000" came alone
            }
            if (digits > k + 1) {
                String given = String.join(",", items.subList(k, digits));
                throw new UsageException("--rows " + given + ": a comma separates TABLE=N pairs, so a count cannot"
                        + " have thousands separators; write " + given.replace(",", "") + " (or "
                        + given.replace(",", "_") + ")");
            }
            int eq = item.indexOf('=');
            String table = eq < 0 ? "" : item.substring(0, eq).strip();
            String n = eq < 0 ? "" : item.substring(eq + 1).strip().replace("_", "");
            if (table.isEmpty() || !n.matches("-?\\d+")) {
                throw new UsageException(
                        "--rows " + item + ": expected TABLE=N with N a row count, e.g. ORDERS=4000000");
            }
            long count;
            try {
                count = Long.parseLong(n);
            } catch (NumberFormatException tooBig) {
                count = Long.MAX_VALUE; // past a long: past a table's limit too
            }
            if (count < 0) {
                throw new UsageException("--rows " + item + ": negative rows; expected a row count of 0 or more");
            }
            if (count > Target.MAX_ROWS) {
                throw new UsageException("--rows " + item + ": " + n + " rows is " + Target.MAX_ROWS_WHY);
            }
            String first = seen.putIfAbsent(table.toUpperCase(Locale.ROOT), item.strip());
            if (first != null) {
                throw new UsageException("--rows: " + table.toUpperCase(Locale.ROOT) + " given twice (" + first
                        + " and " + item.strip() + "); expected each table once");
            }
            rows.put(table, count);
        }
        return rows;
    }

    /** A restore log or run record of the target, a backup log of it, or its database through the server. */
    private Target fromSource(String source) throws IOException {
        Path path = Path.of(source);
        readable(path, source);
        if (Files.isDirectory(path) || Files.isRegularFile(path) && !DatabaseHeader.isDatabase(path)) {
            // a log, a run record, or a run folder (a folder of run folders is refused: which one is the target?)
            List<RestoreRun> runs;
            try {
                runs = RunInputs.load(path, null, inputs.encoding); // --encoding reads it too
            } catch (LogFormatException ex) {
                if (ex.reason() != LogFormatException.Reason.BINARY) {
                    throw ex;
                }
                // no text at all (a backup file, given for its log?): say all that --rows-from takes
                throw new LogFormatException(
                        ex.file(),
                        ex.line(),
                        ex.reason(),
                        ex.getMessage().replaceFirst(";.*", "") + "; --rows-from takes a backup log (gbak -b -v, "
                                + "not the backup file), a restore log, a run record or its folder, or a database");
            }
            if (Files.isDirectory(path) && runs.size() > 1) {
                List<String> folders = runFolders(path);
                throw new UsageException("--rows-from " + source + ": a folder of " + runs.size() + " restores ("
                        + (folders.size() <= 4
                                ? String.join(", ", folders)
                                : String.join(", ", folders.subList(0, 2)) + ", …, " + folders.get(folders.size() - 1)
                                        + ", " + folders.size() + " run folders")
                        + "), maybe of several backups; expected the one run folder of the target, e.g. "
                        + path.resolve(folders.isEmpty() ? "RUN" : folders.get(folders.size() - 1)) + " (the newest)");
            }
            targetVersion = runs.get(runs.size() - 1).firebirdVersion();
            return Target.of(runs.get(runs.size() - 1), source);
        }
        ServerAddress.Remote remote = ServerAddress.remote(source);
        if (!Files.exists(path) && remote == null && server.host == null) {
            throw new UsageException(
                    "--rows-from " + source + ": no such file; expected a restore or backup log, a run "
                            + "record, or a database (host[/port]:path, or a path with --host)");
        }
        if (remote != null && server.host != null) {
            throw new UsageException("give the server either in --rows-from (" + source + ") or with --host, not both");
        }
        ServerAddress address = remote != null ? remote.server() : server.address();
        Credentials credentials = Credentials.resolve(server.user(), server.password());
        if (credentials == null) {
            throw new UsageException(
                    "--rows-from " + source + " is a database: no password; " + Credentials.howToGive(address));
        }
        String dbPath = remote != null ? remote.path() : path.toAbsolutePath().toString();
        Inspection inspection = new DatabaseInspector(new Server(address, credentials)).inspect(dbPath);
        targetVersion = RestoreRun.majorMinor(inspection.engineVersion()); // the server that will restore it
        return Target.of(inspection, "database " + source);
    }

    /** The run folders (those with a run.json) in {@code dir}, or in its runs/ when it is a matrix's, in name order. */
    private static List<String> runFolders(Path dir) throws IOException {
        Path matrix = RunStore.matrixRunsOf(dir);
        try (Stream<Path> children = Files.list(matrix != null ? matrix : dir)) {
            return children.filter(d -> Files.isRegularFile(d.resolve(RunStore.RUN_JSON)))
                    .map(d -> dir.relativize(d).toString())
                    .sorted()
                    .toList();
        }
    }

    /** A file of {@code --rows-from} that cannot be read: refused in one line (exit 2), as a calibration's is. */
    private static void readable(Path path, String source) {
        if (!Files.isRegularFile(path)) {
            return;
        }
        try (InputStream in = Files.newInputStream(path)) {
            if (in.read() < 0) {
                return; // empty: readable, and said for what it is when read
            }
        } catch (IOException ex) {
            throw new UsageException("--rows-from " + source + ": cannot read ("
                    + (ex instanceof AccessDeniedException ? "permission denied" : ex.getMessage())
                    + "); expected a restore or backup log, a run record or its folder, or a database, readable by"
                    + " this user");
        }
    }
}
