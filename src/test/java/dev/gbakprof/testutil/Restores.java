package dev.gbakprof.testutil;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.store.RunMarker;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code gbakprof run} (or {@code matrix}) of one backup into one database through one route, and the run folders it
 * leaves: the argument list the real-gbak and real-server tests share. The backup comes from {@link Firebird#backup}
 * or {@link FirebirdServer.Folder#backup}, the folder from a {@code @TempDir} or {@link FirebirdServer.Fixture}.
 */
public final class Restores {
    private Restores() {}

    /** How the restore reaches the database. */
    public enum Route {
        /** gbak on a local file, embedded (as root). */
        EMBEDDED,
        /** gbak through the tests' server ({@link FirebirdServer#ADDRESS}): {@code --database HOST/PORT:PATH}. */
        SERVER,
        /**
         * the tests' server's services manager: {@code --via service --host HOST/PORT} (unless {@code more} names a
         * {@code --host}); backup and database are the server's paths.
         */
        SERVICE
    }

    /** The arguments of {@code command} ({@code run}, {@code matrix}) of {@code backup} into {@code database}, then {@code more}. */
    public static String[] args(String command, Route route, Path backup, Path database, String... more) {
        List<String> args = new ArrayList<>(List.of(command));
        if (route == Route.SERVICE) {
            args.addAll(List.of("--via", "service"));
            if (!List.of(more).contains("--host")) {
                args.addAll(List.of("--host", FirebirdServer.ADDRESS.toString()));
            }
        }
        args.addAll(List.of(
                "--backup",
                backup.toString(),
                "--database",
                route == Route.SERVER ? FirebirdServer.database(database) : database.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /** {@code gbakprof run} of {@code backup} into {@code database} through {@code route}, its run folders in {@code runs}. */
    public static Cli.Result run(Route route, Path backup, Path database, Path runs, String... more) {
        List<String> rest = new ArrayList<>(List.of("--runs-dir", runs.toString()));
        rest.addAll(List.of(more));
        return Cli.run(args("run", route, backup, database, rest.toArray(String[]::new)));
    }

    /** {@code gbakprof matrix} of {@code backup} into {@code database} (its restores' names), its report and restores in {@code out}. */
    public static Cli.Result matrix(Path backup, Path database, Path out, String... more) {
        List<String> rest = new ArrayList<>(List.of(more));
        rest.addAll(List.of("--out", out.toString()));
        return Cli.run(args("matrix", Route.EMBEDDED, backup, database, rest.toArray(String[]::new)));
    }

    /** The records {@code matrix} left in {@code out}, in the order it made them (its folders end -m1, -m2…). */
    public static List<RestoreRun> matrixRuns(Path out) throws IOException {
        return runDirs(out.resolve("runs")).stream()
                .sorted(Comparator.comparingInt(
                        d -> Integer.parseInt(d.getFileName().toString().replaceFirst(".*-m(\\d+)$", "$1"))))
                .map(d -> RunJson.read(d.resolve("run.json")).get(0))
                .toList();
    }

    /** The same, embedded. */
    public static Cli.Result run(Path backup, Path database, Path runs, String... more) {
        return run(Route.EMBEDDED, backup, database, runs, more);
    }

    /** What {@code runs} holds (the run folders of restores; not those refused runs left), sorted: by start time, then label. */
    public static List<Path> runDirs(Path runs) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(f -> !refused(f)).sorted().toList();
        }
    }

    /**
     * A run folder made of a real gbak log, as {@code gbakprof run} would have left it: {@code log}'s record
     * ({@code parse --json}) restored from {@code /backups/erp.fbk}, labelled nightly, started at {@code hour}:00 UTC on
     * 1 Dec 2026, in {@code runs/20261201-HH0000-nightly}.
     */
    public static Path night(Path runs, String log, int hour) throws Exception {
        return night(
                runs,
                log,
                Instant.parse(String.format("2026-12-01T%02d:00:00.000Z", hour)),
                "nightly",
                "/backups/erp.fbk");
    }

    /**
     * The same of {@code backupFile} under {@code label} ({@code null}: a record without one), started {@code at}, in
     * {@code runs/yyyyMMdd-HHmmss-LABEL} (UTC); a log of a failed restore gives a failed run.
     */
    public static Path night(Path runs, String log, Instant at, String label, String backupFile) throws Exception {
        Cli.Result parsed = Cli.run("parse", "--json", log);
        if (parsed.code() > 1) { // 1: the restore failed, its record printed
            throw new IllegalStateException(log + ": " + parsed.err());
        }
        ObjectMapper m = new ObjectMapper();
        ObjectNode record = (ObjectNode) m.readTree(parsed.out());
        record.put("startedAt", at.toString());
        record.put("backupFile", backupFile);
        record.put("label", label);
        String name = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                        .withZone(ZoneOffset.UTC)
                        .format(at) + "-" + RunStore.fileSafe(label == null ? "" : label);
        Path folder = Files.createDirectories(runs.resolve(name));
        Files.writeString(
                folder.resolve("run.json"), m.writerWithDefaultPrettyPrinter().writeValueAsString(record));
        return folder;
    }

    /** Nights 1 to {@code n} of {@code log}'s restore ({@link #night}), in {@code runs}, which is returned. */
    public static Path nights(Path runs, String log, int n) throws Exception {
        for (int h = 1; h <= n; h++) {
            night(runs, log, h);
        }
        return runs;
    }

    /** Changes the record of a run folder made by {@link #night} (its run.json, one record) as {@code change} says. */
    public static void edit(Path folder, Consumer<ObjectNode> change) throws IOException {
        Path record = folder.resolve("run.json");
        ObjectMapper m = new ObjectMapper();
        ObjectNode r = (ObjectNode) m.readTree(record.toFile());
        change.accept(r);
        Files.writeString(record, m.writerWithDefaultPrettyPrinter().writeValueAsString(r));
    }

    /**
     * A run folder a gbakprof run killed during its restore left, {@code runs/20261201-060000-LABEL}: its marker, naming a
     * process that is gone (the one a real {@code gbakprof run} killed with SIGKILL left: {@code {"pid":…,"startedAt":…,
     * "backup":…,"label":…,"database":…}}), and the first line of its gbak log.
     */
    public static Path killed(Path runs, String label, String backup) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path folder = Files.createDirectories(runs.resolve("20261201-060000-" + RunStore.fileSafe(label)));
        ObjectNode marker = new ObjectMapper().createObjectNode();
        marker.put("pid", gone.pid());
        marker.put("startedAt", "2026-12-01T06:00:00.125Z");
        marker.put("backup", backup);
        marker.put("label", label);
        marker.put("database", "/tmp/k.fdb");
        Files.writeString(folder.resolve(RunMarker.FILE), marker.toString());
        Files.writeString(folder.resolve("gbak.log"), "gbak:opened file " + backup + "\n");
        return folder;
    }

    private static final Pattern START = Pattern.compile("(\"(?:startedAt|followsRunStartedAt)\" ?: ?\")([^\"]+)\"");
    private static final Pattern FOLDER = Pattern.compile("(\\d{8}-\\d{6})(-.+)");
    private static final DateTimeFormatter NAME_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /**
     * The run folders of {@code runs} ({@code only}: the one) moved in time by {@code by}, as if they had run then: the
     * start times of their records and markers ({@code startedAt}, {@code followsRunStartedAt}) and their names (the
     * local start) shifted, their SHA256SUMS made again as {@code run} makes them. Shifting every folder alike is
     * reading them {@code -by} later; shifting one is its clock set wrong by {@code by}.
     */
    public static void shift(Path runs, Path only, Duration by) throws IOException {
        for (Path folder : only != null ? List.of(only) : runDirsAndRefused(runs)) {
            for (String file : List.of("run.json", RunMarker.FILE)) {
                Path f = folder.resolve(file);
                if (Files.isRegularFile(f)) {
                    Matcher m = START.matcher(Files.readString(f));
                    Files.writeString(
                            f,
                            m.replaceAll(t -> Matcher.quoteReplacement(
                                    t.group(1) + Instant.parse(t.group(2)).plus(by) + "\"")));
                }
            }
            if (Files.exists(folder.resolve(RunStore.CHECKSUMS))) {
                RunStore.writeChecksums(folder, Map.of());
            }
            Matcher name = FOLDER.matcher(folder.getFileName().toString());
            if (name.matches()) {
                String moved =
                        LocalDateTime.parse(name.group(1), NAME_TIME).plus(by).format(NAME_TIME) + name.group(2);
                Files.move(folder, folder.resolveSibling(moved));
            }
        }
    }

    private static List<Path> runDirsAndRefused(Path runs) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** A run folder a refused run left (its marker alone, saying why): no restore. */
    public static boolean refused(Path folder) {
        RunMarker.State m = RunMarker.read(folder);
        return m != null && m.refused() != null;
    }

    /** The run folders refused runs left in {@code runs} ({@link #refused}), in their order. */
    public static List<Path> refusedDirs(Path runs) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(Restores::refused).sorted().toList();
        }
    }

    /** The record of the first run folder in {@code runs}. */
    public static RestoreRun firstRun(Path runs) throws IOException {
        return RunJson.read(runDirs(runs).get(0).resolve("run.json")).get(0);
    }
}
