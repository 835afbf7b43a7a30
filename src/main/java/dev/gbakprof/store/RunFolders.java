package dev.gbakprof.store;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The run folders a listing cannot judge by their record ({@link RunStore#read} leaves them out): a restore still
 * going, one that left no record (killed, crashed, a power cut, a full disk), one refused before it started, a record
 * that cannot be read or cannot be true, a folder whose {@value RunStore#CHECKSUMS} no longer matches. {@code check} judges the newest folder
 * whatever its state; {@code history}, {@code report} and {@code compare} name them in a note.
 */
public final class RunFolders {
    /** A record's total longer than this is not a restore's. */
    public static final double MAX_SECONDS = 30 * 24 * 3600.0;
    /** How far the phases of a completed restore may be from its total. */
    public static final double PHASES_TOLERANCE_SECONDS = 1.0;
    /**
     * How far one run's start may lie after another's that began later (the clocks of two machines writing one runs
     * folder apart, or a start ahead of this machine's clock) before one of the clocks is taken to be wrong.
     */
    public static final Duration CLOCK_SLACK = Duration.ofMinutes(5);

    /** {@code yyyyMMdd-HHmmss-LABEL…}: the name {@link RunStore#create} gives a run folder. */
    private static final Pattern NAME = Pattern.compile("(\\d{8}-\\d{6})-(.+)");

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunFolders() {}

    /** What a run folder without a usable record is. */
    public enum State {
        /** No record yet, its marker locked by a living process: the restore is still going. */
        RUNNING,
        /** No record, and no living process behind it: killed or crashed. */
        NO_RECORD,
        /** A record that cannot be read, cannot be true, or no longer matches its checksums. */
        DAMAGED,
        /** No record: the run was refused before it started (a missing backup, an existing database…). */
        REFUSED
    }

    /**
     * One such folder.
     *
     * @param startedAt when its run started: its marker's time, else its name's (local time), else {@code null}
     * @param backup    the backup file its run restores (its marker's or record's), or {@code null}
     * @param label     its run's label, or {@code null}
     * @param why       what is wrong, naming the file
     * @param follows   the start of a run the runs folder held that had started later than this one when it began
     *                  (its marker's: the clock went back, {@link RunStore#laterStart}), or {@code null}
     */
    public record Folder(
            Path folder, State state, Instant startedAt, String backup, String label, String why, Instant follows) {
        /** The label part of the folder's name ({@code nightly-r2} of {@code 20261206-031500-nightly-r2}), or {@code null}. */
        public String nameLabel() {
            Matcher m = NAME.matcher(String.valueOf(folder.getFileName()));
            return m.matches() ? m.group(2) : null;
        }

        /** One line for a note: {@code runs/20261206-031500-nightly: still running (…); left out}. */
        public String note() {
            return what() + LEFT_OUT;
        }

        /** What the folder is, naming it: {@code runs/20261206-031500-nightly: still running (…)}. */
        public String what() {
            return switch (state) {
                case RUNNING -> folder + ": still running (" + why + ")";
                case NO_RECORD -> folder + ": the restore left no record (killed or crashed?): " + why;
                case DAMAGED -> why;
                case REFUSED -> folder + REFUSED_NOTE + why;
            };
        }
    }

    private static final String REFUSED_NOTE = ": the restore was refused: ";
    private static final String LEFT_OUT = "; left out";

    /** A note without its {@code ; left out}: what was left out and why, where nothing else was read. */
    public static String withoutLeftOut(String note) {
        return note.endsWith(LEFT_OUT) ? note.substring(0, note.length() - LEFT_OUT.length()) : note;
    }

    /** Refused runs named one note each when there are at most this many; more are said in one line but the newest. */
    static final int REFUSALS_NAMED = 3;

    /**
     * {@code notes} as a person reads them: a job refused night after night (a backup path mistyped for weeks) would
     * name each night's folder; the refusals but the newest {@code REFUSALS_NAMED - 1} become one line, at the first
     * one's place: {@code 12 earlier refused runs left out (runs/20261201-… to runs/20261212-…)}. Other notes as given.
     */
    public static List<String> fewerRefusals(List<String> notes) {
        List<Integer> refused = new ArrayList<>();
        for (int i = 0; i < notes.size(); i++) {
            if (notes.get(i).contains(REFUSED_NOTE) && notes.get(i).endsWith(LEFT_OUT)) {
                refused.add(i);
            }
        }
        if (refused.size() <= REFUSALS_NAMED) {
            return notes;
        }
        List<Integer> earlier = refused.subList(0, refused.size() - (REFUSALS_NAMED - 1));
        String first = notes.get(earlier.get(0));
        String last = notes.get(earlier.get(earlier.size() - 1));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < notes.size(); i++) {
            if (i == earlier.get(0)) {
                out.add(earlier.size() + " earlier refused runs left out ("
                        + first.substring(0, first.indexOf(REFUSED_NOTE)) + " to "
                        + last.substring(0, last.indexOf(REFUSED_NOTE)) + ")");
            } else if (!earlier.contains(i)) {
                out.add(notes.get(i));
            }
        }
        return out;
    }

    /**
     * The run folders under {@code dirs} (each a folder of run folders, or a run folder) that have no {@code run.json}
     * (running, or no record) or one that cannot be read, in name order.
     */
    public static List<Folder> unrecorded(List<Path> dirs) throws IOException {
        return unrecorded(dirs, Set.of());
    }

    /**
     * As {@link #unrecorded(List)}, without reading again the records of the run folders in {@code read} (those the
     * caller has read: a history of 500 restores read each record twice).
     */
    public static List<Folder> unrecorded(List<Path> dirs, Set<Path> read) throws IOException {
        Set<Path> known = new HashSet<>();
        read.forEach(r -> known.add(r.toAbsolutePath().normalize()));
        List<Folder> out = new ArrayList<>();
        for (Path d : dirs) {
            List<Path> candidates = new ArrayList<>();
            if (NAME.matcher(String.valueOf(d.toAbsolutePath().normalize().getFileName()))
                            .matches()
                    || Files.exists(d.resolve(RunStore.RUN_JSON))) {
                candidates.add(d);
            }
            try (Stream<Path> s = Files.list(d)) {
                s.filter(Files::isDirectory)
                        .filter(f ->
                                NAME.matcher(String.valueOf(f.getFileName())).matches())
                        .sorted()
                        .forEach(candidates::add);
            }
            for (Path f : candidates) {
                if (known.contains(f.toAbsolutePath().normalize())) {
                    continue;
                }
                Folder folder = unrecorded(f);
                if (folder != null) {
                    out.add(folder);
                }
            }
        }
        return out;
    }

    /**
     * Whether {@code folder} is a run folder, one that {@code run} made: named as {@link RunStore#create} names one, or
     * holding its marker (from the folder's creation to its record) or its {@value RunStore#CHECKSUMS} (written with the
     * record). A folder of the user's own is none, whatever it holds: a {@code backup.log} of {@code gbak -b -v}, a
     * copied {@code gbak.log}, a {@code run.json} that {@code parse -o} wrote.
     */
    public static boolean isRunFolder(Path folder) {
        return NAME.matcher(String.valueOf(folder.toAbsolutePath().normalize().getFileName()))
                        .matches()
                || Files.exists(folder.resolve(RunStore.CHECKSUMS))
                || Files.exists(folder.resolve(RunMarker.FILE));
    }

    /** A run folder without a usable record, or {@code null} when its {@code run.json} can be read. */
    public static Folder unrecorded(Path folder) {
        Path record = folder.resolve(RunStore.RUN_JSON);
        if (!isRunFolder(folder)) {
            return null; // a folder of run folders, or any other folder
        }
        RunMarker.State marker = RunMarker.read(folder);
        Instant at = marker != null && marker.startedAt() != null ? marker.startedAt() : nameTime(folder);
        String backup = marker == null ? null : marker.backup();
        String label = marker == null ? null : marker.label();
        Instant follows = marker == null ? null : marker.follows();
        if (Files.isRegularFile(record)) {
            try {
                RunJson.read(record);
                return null;
            } catch (RuntimeException ex) {
                String why = ex instanceof LogFormatException l ? l.oneLine() : record + ": " + ex.getMessage();
                return new Folder(folder, State.DAMAGED, at, backup, label, why, follows);
            }
        }
        if (marker != null && marker.refused() != null) {
            return new Folder(folder, State.REFUSED, at, backup, label, marker.refused(), follows);
        }
        if (marker != null && marker.live()) {
            return new Folder(
                    folder,
                    State.RUNNING,
                    at,
                    backup,
                    label,
                    "gbakprof process " + marker.pid() + " holds " + folder.resolve(RunMarker.FILE),
                    follows);
        }
        String whose = marker == null || marker.pid() == null ? "" : " (gbakprof process " + marker.pid() + " is gone)";
        String replacing = marker == null ? null : marker.replacing();
        if (replacing != null) {
            whose += ": " + replacing;
        }
        return new Folder(
                folder,
                State.NO_RECORD,
                at,
                backup,
                label,
                "no " + RunStore.RUN_JSON + " in " + folder + whose,
                follows);
    }

    /** The local time in a run folder's name, or {@code null}. */
    static Instant nameTime(Path folder) {
        Matcher m = NAME.matcher(String.valueOf(folder.getFileName()));
        if (!m.matches()) {
            return null;
        }
        try {
            return LocalDateTime.parse(m.group(1), FOLDER_TIME)
                    .atZone(ZoneId.systemDefault())
                    .toInstant();
        } catch (DateTimeParseException ex) {
            return null;
        }
    }

    /**
     * What makes a record impossible, naming the field: a negative or non-finite time, a total over
     * {@link #MAX_SECONDS}, a completed restore whose phases do not add up to its total within
     * {@link #PHASES_TOLERANCE_SECONDS}; {@code null} when none.
     */
    public static String implausible(RestoreRun r) {
        String bad = badSeconds("totalSeconds", r.totalSeconds());
        bad = bad != null ? bad : badSeconds("lastSeenSeconds", r.lastSeenSeconds());
        bad = bad != null ? bad : badSeconds("wallSeconds", r.wallSeconds());
        if (bad != null) {
            return bad;
        }
        double sum = 0;
        for (PhaseTime p : r.phases()) {
            String phase = badSeconds("phase " + p.name().label(), p.seconds());
            if (phase != null) {
                return phase;
            }
            sum += p.seconds() == null ? 0 : p.seconds();
        }
        boolean allKnown = !r.phases().isEmpty() && r.phases().stream().allMatch(p -> p.seconds() != null);
        if (r.status() == RunStatus.COMPLETED
                && r.totalSeconds() != null
                && allKnown
                && Math.abs(sum - r.totalSeconds()) > PHASES_TOLERANCE_SECONDS) {
            return String.format(
                    Locale.ROOT,
                    "the phases add up to %.3f s, the total is %.3f s (expected them equal within %.0f s)",
                    sum,
                    r.totalSeconds(),
                    PHASES_TOLERANCE_SECONDS);
        }
        return null;
    }

    private static String badSeconds(String field, Double s) {
        if (s == null) {
            return null;
        }
        if (!Double.isFinite(s) || s < 0) {
            return field + " is " + s + " (expected a time of 0 s or more)";
        }
        if (s > MAX_SECONDS) {
            return String.format(Locale.ROOT, "%s is %.0f s, over 30 days (expected a restore's time)", field, s);
        }
        return null;
    }

    /**
     * Checks the files of a run folder against its {@value RunStore#CHECKSUMS} ({@code sha256sum -c}); {@code null}
     * when they match or the folder has no checksums (written by an older gbakprof, or the run is still going).
     * Files larger than {@code maxBytes} (a drill's backup) are not read again.
     */
    public static String checksums(Path folder, long maxBytes) {
        Path sums = folder.resolve(RunStore.CHECKSUMS);
        List<String> lines;
        try {
            lines = Files.readAllLines(sums, StandardCharsets.UTF_8);
        } catch (NoSuchFileException ex) {
            return null;
        } catch (IOException ex) {
            return sums + ": cannot read (" + ex.getMessage() + ")";
        }
        int n = 0;
        for (String line : lines) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            int sep = line.indexOf("  ");
            if (sep != 64) {
                return sums + " line " + n + ": expected \"SHA-256  FILE\" (sha256sum's format)";
            }
            String name = line.substring(sep + 2);
            Path file = folder.resolve(name);
            try {
                if (!Files.isRegularFile(file)) {
                    return file + ": listed in " + sums + " but missing";
                }
                if (!name.equals(RunStore.RUN_JSON) && Files.size(file) > maxBytes) {
                    continue;
                }
                if (!ReportDir.sha256(file).equalsIgnoreCase(line.substring(0, 64))) {
                    return file + ": no longer matches its SHA-256 in " + sums + " (changed after the run)";
                }
            } catch (IOException ex) {
                return file + ": cannot read (" + ex.getMessage() + ")";
            }
        }
        return null;
    }
}
