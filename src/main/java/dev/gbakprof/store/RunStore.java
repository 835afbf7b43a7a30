package dev.gbakprof.store;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.model.Via;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The only code that knows the run-folder layout (a contract, docs/guide/reference.md "Run folders"):
 * <pre>
 * RUNS_DIR/                                  --runs-dir (default runs/)
 *   yyyyMMdd-HHmmss-LABEL[TAG][-N]/          one restore: the local time it started, its label made file-safe,
 *     gbak.log                               the tag of a repeat (-r2) or matrix restore (-m3), -2, -3 … when
 *     run.json                               another run took the name in the same second
 *     gfix.log                               run --validate: gfix's output
 *     backup.log, NAME.fbk                   a drill (run --backup-from): gbak -b's output and the backup it made;
 *                                            run.json then holds the backup's record, then the restore's
 *     SHA256SUMS                             the SHA-256 of each file above (sha256sum -c SHA256SUMS), written last
 *     .gbakprof-running                      while the run works ({@link RunMarker}): removed once run.json is written
 * matrix-yyyyMMdd-HHmmss/                    a matrix (its --out): the report's files, and its restores under runs/
 * </pre>
 * A matrix's folder is told by that {@code runs/} holding a matrix restore's run folder ({@link #matrixRunsOf}):
 * {@code report}, {@code compare} and {@code advise} read it as its {@code runs/}.
 * Folders sort by name in the order the runs started. A folder without a readable {@code run.json} is not a
 * run (a run still going, killed, or damaged): listings skip it and say so ({@link RunFolders} says which).
 */
public final class RunStore {
    /** The raw gbak output of a run folder, written as it arrives. */
    public static final String GBAK_LOG = "gbak.log";
    /** The run record of a run folder ({@link RunJson}). */
    public static final String RUN_JSON = "run.json";
    /** A drill's backup output ({@code gbak -b -v -st tdrw}), written as it arrives. */
    public static final String BACKUP_LOG = "backup.log";
    /** The SHA-256 of every file of a run folder, in {@code sha256sum}'s format, written after run.json. */
    public static final String CHECKSUMS = "SHA256SUMS";
    /**
     * What history, check and status expect when their RUNS_DIR cannot be read: the folder run writes its run folders
     * to, given as their argument (they have no --runs-dir option).
     */
    public static final String RUNS_DIR_EXPECTED =
            "expected RUNS_DIR, the folder given to gbakprof run --runs-dir (default runs), as the argument";

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** The folder of a matrix's restores in its folder. */
    private static final String MATRIX_RUNS = "runs";

    /** A matrix restore's run folder: {@link #create}'s name with the tag {@code -mN} (then {@code -2} … if taken). */
    private static final Pattern MATRIX_RESTORE = Pattern.compile("\\d{8}-\\d{6}-.+-m\\d+(-\\d+)?");

    private final Path dir;

    /** The run folders under {@code runsDir} (which need not exist yet). */
    public RunStore(Path runsDir) {
        this.dir = Objects.requireNonNull(runsDir);
    }

    public Path dir() {
        return dir;
    }

    /**
     * Creates a new run folder {@code yyyyMMdd-HHmmss-LABELTAG}; when that name is taken (two runs started
     * in the same second with one label, here or in another process) the next free {@code -2}, {@code -3}….
     * The folder is created atomically, so two runs never share one.
     *
     * @param label the run's label, made file-safe ({@link #fileSafe})
     * @param tag   appended to the label: {@code ""}, {@code -r2} (repeat 2), {@code -m3} (matrix restore 3)
     */
    public Path create(String label, String tag, LocalDateTime startedAt) throws IOException {
        Files.createDirectories(dir);
        String base = startedAt.format(FOLDER_TIME) + "-" + fileSafe(label) + tag;
        for (int n = 1; ; n++) {
            Path folder = dir.resolve(n == 1 ? base : base + "-" + n);
            try {
                return Files.createDirectory(folder);
            } catch (FileAlreadyExistsException taken) {
                // another run started in the same second with the same label: take the next name
            }
        }
    }

    /**
     * The run folders whose name is one {@link #create} gives a run of {@code label}: its start time, the label made
     * file-safe (either of {@link #fileSafeNames}), the tag of a warm-up, repeat or matrix restore ({@code -w1},
     * {@code -r2}, {@code -m3}) and a {@code -N} when the name was taken; {@code nightly-prod}'s folders are not
     * {@code nightly}'s. The one rule for "this folder is named for that label", wherever a folder that holds no
     * record or marker naming its label is told by its name ({@code status}, {@code check}, {@code history}).
     */
    public static Predicate<Path> namedFor(String label) {
        String names = String.join(
                "|", fileSafeNames(label).stream().map(Pattern::quote).toList());
        Pattern name = Pattern.compile("\\d{8}-\\d{6}-(?:" + names + ")(-[wrm]\\d+)?(-\\d+)?");
        return folder ->
                name.matcher(composed(String.valueOf(folder.getFileName()))).matches();
    }

    /**
     * Records a run refused before it started ({@link RunMarker#refused}) in a new run folder named as {@link #create}
     * names it, holding only its marker: {@code check} then judges that night as refused, not the night before as
     * tonight's. Only where the runs folder exists already, as the earlier nights' folder does: a refusal elsewhere
     * (a mistyped --runs-dir) has no earlier night to be taken for, and makes no folder.
     *
     * @param label    the run's label, or {@code null}: then the backup's file name names the folder
     * @param backup   the backup file it would have restored, or {@code null} when it was not known
     * @param database the database it would have restored into, or {@code null}
     * @param why      the refusal
     * @return the folder, or {@code null} when none was made (no runs folder, or it cannot be written)
     */
    public Path refused(String label, String backup, String database, String why, LocalDateTime at) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        String name = label != null ? label : backup != null ? fileName(backup) : "refused";
        Path folder = null;
        try {
            folder = create(name, "", at);
            RunMarker.refused(folder, backup, label, database, why);
            return folder;
        } catch (IOException ex) {
            try {
                if (folder != null) {
                    Files.deleteIfExists(folder);
                }
            } catch (IOException stays) {
                // an empty run folder is judged as a run that left no record: CRITICAL too
            }
            return null;
        }
    }

    /**
     * The start of the latest run in {@code runsDir} but {@code own}, when it is later than {@code start} by more than
     * {@link RunFolders#CLOCK_SLACK}: a run starting at {@code start} comes after it, whatever the start times say (this
     * machine's clock went back, or the clock of another machine writing there is ahead); {@code null} when there is
     * none. A run's start is its record's (the latest of a drill's two), else its marker's; only the folders whose
     * name (their local start) is within a day before {@code start}, or later, are read.
     */
    public static Instant laterStart(Path runsDir, Path own, Instant start) {
        Instant latest = null;
        String ownName = String.valueOf(own.getFileName());
        try (Stream<Path> s = Files.list(runsDir)) {
            for (Path f : s.toList()) {
                Instant named = RunFolders.nameTime(f);
                if (named == null
                        || named.isBefore(start.minus(Duration.ofDays(1)))
                        || String.valueOf(f.getFileName()).equals(ownName)) {
                    continue;
                }
                Instant at = startOf(f);
                if (at != null && (latest == null || at.isAfter(latest))) {
                    latest = at;
                }
            }
        } catch (IOException | RuntimeException ex) {
            return null; // a runs folder that cannot be listed has no run to come after
        }
        return latest != null && latest.isAfter(start.plus(RunFolders.CLOCK_SLACK)) ? latest : null;
    }

    /** When the run of a run folder started: its record's latest start, else its marker's; {@code null}: unknown. */
    private static Instant startOf(Path folder) {
        Instant at = null;
        if (Files.isRegularFile(folder.resolve(RUN_JSON))) {
            try {
                for (RestoreRun r : RunJson.read(folder.resolve(RUN_JSON))) {
                    Instant t = r.startedAt() == null ? null : Instant.parse(r.startedAt());
                    at = t != null && (at == null || t.isAfter(at)) ? t : at;
                }
                return at;
            } catch (RuntimeException ex) {
                // a damaged record: its marker, if it kept one
            }
        }
        RunMarker.State m = RunMarker.read(folder);
        return m == null ? null : m.startedAt();
    }

    /** The folder of a matrix experiment started at {@code startedAt}, under {@code root} ({@code runs}). */
    public static Path matrixFolder(Path root, LocalDateTime startedAt) {
        return root.resolve("matrix-" + startedAt.format(FOLDER_TIME));
    }

    /** The folder of a matrix's restores, in its folder ({@link #matrixFolder}, or its {@code --out}). */
    public static Path matrixRuns(Path matrixFolder) {
        return matrixFolder.resolve(MATRIX_RUNS);
    }

    /**
     * The folder of the restores of {@code dir} when {@code dir} is a matrix's folder: not a run folder, and its {@code
     * runs/} holds a run folder named as a matrix restore's ({@code 20261201-100005-bu-100-m3}); {@code null} when
     * not (a folder with a {@code runs/} of nightly runs is none).
     */
    public static Path matrixRunsOf(Path dir) {
        Path runs = matrixRuns(dir);
        if (Files.exists(dir.resolve(RUN_JSON)) || !Files.isDirectory(runs)) {
            return null;
        }
        try (Stream<Path> s = Files.list(runs)) {
            return s.anyMatch(f -> Files.isDirectory(f)
                            && MATRIX_RESTORE
                                    .matcher(String.valueOf(f.getFileName()))
                                    .matches())
                    ? runs
                    : null;
        } catch (IOException ex) {
            return null; // not readable: said as for any other folder
        }
    }

    /** The run record of a run folder; a path that is not a folder is taken as the record itself. */
    public static Path record(Path runFolderOrFile) {
        return Files.isDirectory(runFolderOrFile) ? runFolderOrFile.resolve(RUN_JSON) : runFolderOrFile;
    }

    /** A path's last part, as {@code run} names a label with it: after the last slash, backslash or colon. */
    public static String fileName(String path) {
        return path.replaceAll(".*[/\\\\:]", "");
    }

    /**
     * A label as part of a folder or file name: its letters and digits in any script ({@code Servidor-São-João},
     * {@code Sunucu-İzmir}: Linux, NTFS and APFS file names hold them), {@code .}, {@code _} and {@code -}; each run of
     * other characters becomes one {@code -}. Composed (NFC), as a label is typed.
     */
    public static String fileSafe(String label) {
        return safe(Normalizer.normalize(label, Normalizer.Form.NFC), "[^\\p{L}\\p{M}\\p{N}._-]+");
    }

    /**
     * Every name a label's run folders may have: {@link #fileSafe}'s, and the one folders were given before it kept
     * letters beyond {@code A-Z} ({@code S-o-Jo-o} for {@code São João}), whose runs are the label's still.
     */
    public static List<String> fileSafeNames(String label) {
        String ascii = safe(label, "[^A-Za-z0-9._-]+");
        String now = fileSafe(label);
        return now.equals(ascii) ? List.of(now) : List.of(now, ascii);
    }

    /** A folder's name as {@link #namedFor} compares it: composed (a file system may give it decomposed, NFD). */
    public static String composed(String name) {
        return Normalizer.normalize(name, Normalizer.Form.NFC);
    }

    private static String safe(String label, String others) {
        String s = label.replaceAll(others, "-").replaceAll("^[-.]+|-+$", "");
        return s.isEmpty() ? "run" : s;
    }

    /**
     * Writes {@value #CHECKSUMS} in a run folder: the SHA-256 of each of its files (sorted by name, in {@code sha256sum}'s
     * format), atomically; {@code known} gives hashes already computed by file name (a drill's backup, not read twice).
     */
    public static void writeChecksums(Path runFolder, Map<String, String> known) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.list(runFolder)) {
            for (Path f : s.sorted().toList()) {
                String name = String.valueOf(f.getFileName()); // an entry of a listing always has a name
                if (name.equals(CHECKSUMS)
                        || name.startsWith(".")
                        || !Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                String sha = known.containsKey(name) ? known.get(name) : ReportDir.sha256(f);
                if (!sha.isEmpty()) {
                    sb.append(sha).append("  ").append(name).append('\n');
                }
            }
        }
        AtomicFiles.write(runFolder.resolve(CHECKSUMS), sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The run in {@code runFolder} has ended: its {@link RunMarker} goes when the record was written, else it stays,
     * unlocked (a folder that left no record); {@code marker} may be {@code null}.
     */
    public static void ended(Path runFolder, RunMarker marker) {
        if (marker == null) {
            return;
        }
        if (Files.isRegularFile(runFolder.resolve(RUN_JSON))) {
            marker.finished();
        } else {
            marker.close();
        }
    }

    /** One run folder and its record. */
    public record Entry(Path folder, RestoreRun run) {}

    /**
     * The order restores ran in: by their records' start times, a record that says none after those that do, and by
     * folder name where the times do not tell ({@code -r10} of {@code run --repeat 10} sorts before {@code -r9} by name,
     * and restores shorter than a second share their folder's time). What numbers a configuration's runs (#1, #2, …).
     */
    public static final Comparator<Entry> START_ORDER = Comparator.comparing(
                    (Entry e) -> e.run().startInstant(), Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(Entry::folder);

    /**
     * What run folders hold, oldest first.
     *
     * @param skipped one line per run folder whose {@code run.json} could not be read (left out, not fatal)
     */
    public record Listing(List<Entry> entries, List<String> skipped) {
        public Listing {
            entries = List.copyOf(entries);
            skipped = List.copyOf(skipped);
        }

        /** The entries whose record passes {@code filter} ({@link #sameBackup}, {@link #via}, …), oldest first. */
        public List<Entry> where(Predicate<RestoreRun> filter) {
            return entries.stream().filter(e -> filter.test(e.run())).toList();
        }
    }

    /** Every run of this store, oldest first ({@link #read(List)} of its folder); none when it does not exist. */
    public Listing list() throws IOException {
        return Files.isDirectory(dir) ? read(List.of(dir)) : new Listing(List.of(), List.of());
    }

    /**
     * The records of every run folder under {@code dirs} (a folder that is itself a run folder counts too), in
     * folder-name order, which is the order they started; a damaged or foreign run.json is skipped with a line
     * saying why.
     *
     * @throws IOException when a directory cannot be listed (missing, unreadable)
     */
    public static Listing read(List<Path> dirs) throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path d : dirs) {
            List<Path> folders = new ArrayList<>();
            if (Files.isRegularFile(d.resolve(RUN_JSON))) {
                folders.add(d);
            }
            folders.addAll(recorded(d));
            for (Path folder : folders) {
                try {
                    for (RestoreRun r : RunJson.read(folder.resolve(RUN_JSON))) {
                        entries.add(new Entry(folder, r));
                    }
                } catch (RuntimeException ex) {
                    skipped.add(folder.resolve(RUN_JSON) + ": " + ex.getMessage());
                }
            }
        }
        return new Listing(entries, skipped);
    }

    /** The folders in {@code dir} that hold a {@value #RUN_JSON}, in name order: the order their runs started. */
    private static List<Path> recorded(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> Files.isRegularFile(f.resolve(RUN_JSON)))
                    .sorted()
                    .toList();
        }
    }

    /**
     * The baseline of a new restore: the newest completed run (with a total) of the same backup file
     * ({@link #sameBackup}) and, when {@code via} is given, through the same route.
     */
    public Optional<Entry> baseline(String backup, Long backupBytes, Via via) throws IOException {
        List<Entry> runs = baselines(backup, backupBytes, via, r -> true, 1);
        return runs.isEmpty() ? Optional.empty() : Optional.of(runs.get(0));
    }

    /**
     * The newest {@code n} (or fewer) completed runs of {@link #baseline(String, Long, Via)} that also pass
     * {@code route} (e.g. embedded, or remote), oldest first:
     * the live ETA's baseline is their median (docs/dev/FORECAST.md, 'A baseline of several restores').
     */
    public List<Entry> baselines(String backup, Long backupBytes, Via via, Predicate<RestoreRun> route, int n)
            throws IOException {
        return newest(
                sameBackup(backup, backupBytes)
                        .and(completed())
                        .and(via(via))
                        .and(route)
                        .and(restores()),
                n);
    }

    /**
     * The newest {@code n} (or fewer) runs that pass {@code filter}, oldest first: the run folders are read newest
     * first (their names start with the time) until {@code n} are found, so that a nightly {@code run} does not read
     * a year of records for its ETA. A record that cannot be read is passed over, as {@link #read} skips it.
     */
    public List<Entry> newest(Predicate<RestoreRun> filter, int n) throws IOException {
        if (!Files.isDirectory(dir) || n <= 0) {
            return List.of();
        }
        List<Path> folders = new ArrayList<>(recorded(dir));
        Collections.reverse(folders);
        List<Entry> found = new ArrayList<>();
        for (Path folder : folders) {
            List<RestoreRun> records;
            try {
                records = RunJson.read(folder.resolve(RUN_JSON));
            } catch (RuntimeException ex) {
                continue;
            }
            for (int i = records.size() - 1; i >= 0 && found.size() < n; i--) {
                if (filter.test(records.get(i))) {
                    found.add(new Entry(folder, records.get(i)));
                }
            }
            if (found.size() == n) {
                break;
            }
        }
        Collections.reverse(found);
        return List.copyOf(found);
    }

    /** Runs of the backup file at {@code backup}; of its size too when {@code bytes} is known (the same path, rewritten, is another backup). */
    public static Predicate<RestoreRun> sameBackup(String backup, Long bytes) {
        return r -> Objects.equals(backup, r.backupFile()) && Objects.equals(bytes, r.backupBytes());
    }

    /** The restores of the drills ({@code run --backup-from}) of the database {@code backupFrom}. */
    public static Predicate<RestoreRun> drillOf(String backupFrom) {
        return r -> r.kind() == RunKind.RESTORE && Objects.equals(backupFrom, r.backupFrom());
    }

    /** Runs through {@code via} ({@link Via#GBAK}, {@link Via#SERVICE}); every run when {@code null}. */
    public static Predicate<RestoreRun> via(Via via) {
        return r -> via == null || r.via() == via;
    }

    /** Runs labelled {@code label}. */
    public static Predicate<RestoreRun> label(String label) {
        return r -> Objects.equals(label, r.label());
    }

    /** Restores, not the backups of drills. */
    public static Predicate<RestoreRun> restores() {
        return r -> r.kind() == RunKind.RESTORE;
    }

    /** Completed runs with a known total. */
    public static Predicate<RestoreRun> completed() {
        return r -> r.restoreSeconds() != null;
    }

    /** Runs that started at or after {@code from} and before {@code to} (ISO-8601 instants; {@code null}: open). */
    public static Predicate<RestoreRun> startedBetween(Instant from, Instant to) {
        return r -> {
            if (r.startedAt() == null) {
                return false;
            }
            Instant at;
            try {
                at = Instant.parse(r.startedAt());
            } catch (DateTimeParseException ex) {
                return false;
            }
            return (from == null || !at.isBefore(from)) && (to == null || at.isBefore(to));
        };
    }
}
