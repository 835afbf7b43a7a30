package dev.gbakprof.store;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * What a run folder says while its run works: {@value #FILE}, written as soon as the folder exists and locked (an
 * operating-system lock, which the kernel releases when the process dies) until the run's record and checksums are
 * written; then it is removed. A folder without {@code run.json} whose marker is locked by a living process is a
 * restore still going; one whose marker is not locked (or has none) is a run that left no record: killed, crashed, a
 * power cut, a full disk. The marker names the process, its start, the backup, the label, the database, the route
 * and the run's working folder, so that {@code check} can tell which backup's night it was and {@code status} how and
 * where it restores, and holds the run's last ETA ({@link #progress}) for
 * {@code status}. A run refused before it started leaves a folder holding only its marker, which says why
 * ({@link #refused}). Its name starts with a dot: {@value RunStore#CHECKSUMS} leaves it out.
 */
public final class RunMarker implements AutoCloseable {
    /** The marker's file name in a run folder. */
    public static final String FILE = ".gbakprof-running";

    /**
     * What the marker says: the process, the start, the backup, the label, the database; the run's last ETA; the step
     * under way ({@code replacing}) with the staged database and when it began.
     */
    private record Says(
            long pid,
            String startedAt,
            String backup,
            String label,
            String database,
            Progress eta,
            String step,
            String staged,
            String stepAt,
            String refused,
            String followsRunStartedAt,
            String route,
            String workingFolder) {}

    /** The run's own ETA as it last wrote it, seconds to a tenth. */
    private record Progress(
            String at, double elapsedSeconds, double leftSeconds, double lowSeconds, double highSeconds) {}

    /** What {@link #readFile} reads of a marker (or of a file written by {@link #whoAndWhen}). */
    private record Stored(
            Long pid,
            String startedAt,
            String backup,
            String label,
            String database,
            String staged,
            StoredEta eta,
            String refused,
            String followsRunStartedAt,
            String route,
            String workingFolder) {}

    /** The ETA as {@link #readFile} reads it: complete, or not taken. */
    private record StoredEta(
            String at, Double elapsedSeconds, Double leftSeconds, Double lowSeconds, Double highSeconds) {}

    /**
     * The marker's JSON, on one line (it is rewritten in place while the run works): the process, its start, the
     * backup and the label always; the database, the ETA and the step once there are.
     */
    private static byte[] json(Says m) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = RecordReader.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("pid", m.pid());
            g.writeStringField("startedAt", m.startedAt());
            g.writeStringField("backup", m.backup());
            g.writeStringField("label", m.label());
            said(g, "database", m.database());
            if (m.eta() != null) {
                Progress e = m.eta();
                g.writeObjectFieldStart("eta");
                g.writeStringField("at", e.at());
                g.writeNumberField("elapsedSeconds", e.elapsedSeconds());
                g.writeNumberField("leftSeconds", e.leftSeconds());
                g.writeNumberField("lowSeconds", e.lowSeconds());
                g.writeNumberField("highSeconds", e.highSeconds());
                g.writeEndObject();
            }
            said(g, "step", m.step());
            said(g, "staged", m.staged());
            said(g, "stepAt", m.stepAt());
            said(g, "refused", m.refused());
            said(g, "followsRunStartedAt", m.followsRunStartedAt());
            said(g, "route", m.route());
            said(g, "workingFolder", m.workingFolder());
            g.writeEndObject();
        }
        return out.toByteArray();
    }

    private static void said(JsonGenerator g, String field, String value) throws IOException {
        if (value != null) {
            g.writeStringField(field, value);
        }
    }

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    /** What the marker says, replaced as the run goes on. */
    private Says says;

    private RunMarker(Path file, FileChannel channel, FileLock lock, Says says) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.says = says;
    }

    /**
     * Writes and locks the marker of a run starting in {@code runFolder}; a marker that cannot be written is no reason
     * to refuse the restore (a folder without a record is judged as one that left none): {@code null} then.
     *
     * @param backup the backup file being restored (or the database a drill backs up)
     */
    public static RunMarker open(Path runFolder, String backup, String label) {
        return open(runFolder, backup, label, null);
    }

    /**
     * As {@link #open(Path, String, String)}, naming the database the run restores into ({@code null}: not said),
     * for {@code status}.
     */
    public static RunMarker open(Path runFolder, String backup, String label, String database) {
        return open(runFolder, backup, label, database, null);
    }

    /**
     * As {@link #open(Path, String, String, String)}, naming the route the restore takes ({@code embedded}, {@code
     * remote TCP (localhost)}, {@code services manager}: {@code Confounder.route}; {@code null}: not said), for
     * {@code status}; the marker names the run's working folder too, where its relative paths lie.
     */
    public static RunMarker open(Path runFolder, String backup, String label, String database, String route) {
        Path file = runFolder.resolve(FILE);
        FileChannel channel = null;
        try {
            channel = FileChannel.open(
                    file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            FileLock lock = channel.tryLock();
            Says m = now(runFolder, backup, label, database, null, route);
            channel.write(ByteBuffer.wrap(json(m)));
            channel.force(false);
            return new RunMarker(file, channel, lock, m);
        } catch (IOException | OverlappingFileLockException ex) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException closing) {
                    // nothing held
                }
            }
            return null;
        }
    }

    /**
     * Writes the marker of a run that was refused before it started, in the run folder made for it: what it would have
     * restored and why it did not, so that {@code check} judges that night as refused rather than the night before as
     * tonight's. Not locked, and left: the folder's only file. Written atomically.
     *
     * @param backup   the backup file it would have restored (or the database a drill backs up), or {@code null}
     * @param database the database it would have restored into, or {@code null}
     * @param why      the refusal, as gbakprof said it
     */
    public static void refused(Path runFolder, String backup, String label, String database, String why)
            throws IOException {
        AtomicFiles.write(runFolder.resolve(FILE), json(now(runFolder, backup, label, database, why, null)));
    }

    /**
     * What this process says as it starts a run (or is refused one) in {@code runFolder}: its pid, now, what it
     * restores, and the start of a run of its runs folder that started later than now ({@link RunStore#laterStart}).
     */
    private static Says now(
            Path runFolder, String backup, String label, String database, String refused, String route) {
        Instant now = Instant.now();
        Path runsDir = runFolder.toAbsolutePath().getParent();
        Instant later = runsDir == null ? null : RunStore.laterStart(runsDir, runFolder, now);
        return new Says(
                ProcessHandle.current().pid(),
                now.toString(),
                backup,
                label,
                database,
                null,
                null,
                null,
                null,
                refused,
                later == null ? null : later.toString(),
                route,
                Path.of("").toAbsolutePath().toString());
    }

    /**
     * The start of the latest run its runs folder held that had started later than this one when it began
     * ({@link RunStore#laterStart}: the clock went back), as the record's {@code followsRunStartedAt}; {@code null}
     * when there was none.
     */
    public String followsRunStartedAt() {
        return says.followsRunStartedAt();
    }

    /**
     * Writes down, before doing it, that the restored database {@code staged} is about to be moved over {@code
     * database} ({@code --replace}): a run killed in that moment leaves a folder that says so, and which of the two
     * files is which ({@link State#replacing}). On the disk before this returns.
     */
    public synchronized void replacing(Path database, Path staged) {
        says = new Says(
                says.pid(),
                says.startedAt(),
                says.backup(),
                says.label(),
                database.toAbsolutePath().toString(),
                says.eta(),
                "replacing",
                staged.toAbsolutePath().toString(),
                Instant.now().toString(),
                null,
                says.followsRunStartedAt(),
                says.route(),
                says.workingFolder());
        rewrite(true);
    }

    /**
     * Writes down the run's own ETA, as its progress display has it ({@code status} reads it from outside): the
     * seconds left and their range, and the share of the forecast total done; the time it was said goes with it.
     */
    public synchronized void progress(
            double elapsedSeconds, double leftSeconds, double lowSeconds, double highSeconds) {
        Progress eta = new Progress(
                Instant.now().toString(),
                round(elapsedSeconds),
                round(leftSeconds),
                round(lowSeconds),
                round(highSeconds));
        says = new Says(
                says.pid(),
                says.startedAt(),
                says.backup(),
                says.label(),
                says.database(),
                eta,
                says.step(),
                says.staged(),
                says.stepAt(),
                null,
                says.followsRunStartedAt(),
                says.route(),
                says.workingFolder());
        rewrite(false);
    }

    private static double round(double s) {
        return Math.round(s * 10) / 10.0;
    }

    /**
     * The marker's content, written over the old one from its start: padded with blanks (which JSON allows) to the
     * old length, so that the file is never empty nor cut short under a reader (a truncation first would be).
     */
    private synchronized void rewrite(boolean force) {
        try {
            byte[] bytes = json(says);
            long old = channel.size();
            ByteBuffer b = ByteBuffer.allocate((int) Math.max(bytes.length, old));
            b.put(bytes);
            while (b.hasRemaining()) {
                b.put((byte) ' ');
            }
            b.flip();
            channel.write(b, 0);
            if (force) {
                channel.force(false);
            }
        } catch (IOException ex) {
            // the marker keeps what it said: the folder is still one that left no record if the run dies now
        }
    }

    /** The run's record is written: the marker goes. */
    public void finished() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ex) {
            // a marker left beside a record is ignored: the record is what is read
        }
        close();
    }

    /** Releases the lock; the marker stays (no record was written: the folder is one that left none). */
    @Override
    public void close() {
        try {
            if (lock != null) {
                lock.release();
            }
        } catch (IOException ex) {
            // closing the channel releases it too
        }
        try {
            channel.close();
        } catch (IOException ex) {
            // nothing left to release
        }
    }

    /**
     * What a run folder's marker says.
     *
     * @param pid       the process that wrote it, or {@code null}
     * @param startedAt when, or {@code null}
     * @param backup    the backup file it restores, or {@code null}
     * @param label     the run's label, or {@code null}
     * @param live      its lock is held by a process that is alive: the run is still going
     * @param database  the database the run restores into (with {@code --replace}: the one the restored database is
     *                  moved over), or {@code null} when the marker does not say
     * @param staged    with {@code --replace}, the restored database beside it, once the run came to the move, or
     *                  {@code null}
     * @param eta       the run's own last ETA ({@link #progress}), or {@code null} when it had none
     * @param refused   why the run was refused before it started ({@link #refused}), or {@code null}
     * @param follows   the start of a run its runs folder held that had started later than this one when it began
     *                  (the clock went back: {@link RunStore#laterStart}), or {@code null}
     * @param route     how the restore reaches the database ({@code embedded}, {@code remote TCP (localhost)},
     *                  {@code services manager}), or {@code null} when the marker does not say (an older one)
     * @param workingFolder the run's working folder, against which its relative backup and database lie, or
     *                  {@code null} when the marker does not say (an older one)
     */
    public record State(
            Long pid,
            Instant startedAt,
            String backup,
            String label,
            boolean live,
            String database,
            String staged,
            Eta eta,
            String refused,
            Instant follows,
            String route,
            String workingFolder) {
        /**
         * What a run that died while replacing left, in a sentence, or {@code null}: the move is one rename, so the
         * restored file still beside the database means it was not moved; gone, the database is the restored one.
         */
        public String replacing() {
            if (database == null || staged == null) {
                return null;
            }
            return Files.exists(Path.of(staged))
                    ? "it was about to move the restored database " + staged + " over " + database
                            + " (--replace, the restore had completed) and did not: " + database
                            + " is the old database, untouched"
                    : "it was moving the restored database " + staged + " over " + database
                            + " (--replace, the restore had completed), and did: " + database
                            + " is the restored database, its record lost";
        }
    }

    /**
     * The run's last ETA, as it wrote it ({@link #progress}).
     *
     * @param at      when it was written
     * @param elapsed the run's elapsed seconds then
     * @param left    the seconds left then, with their range {@code low} to {@code high}
     */
    public record Eta(Instant at, double elapsed, double left, double low, double high) {
        /**
         * The share of the forecast total done at {@code now}, 0 to 1: the elapsed time over the elapsed time plus the
         * seconds left, both carried forward from when it was written (as the ETA is).
         */
        public double doneAt(Instant now) {
            double elapsedNow = elapsed + sinceWritten(now);
            double leftNow = leftAt(now);
            return elapsedNow + leftNow <= 0 ? 1 : elapsedNow / (elapsedNow + leftNow);
        }

        /** The seconds left at {@code now}: what was left then, less the time since (never below 0). */
        public double leftAt(Instant now) {
            return shifted(left, now);
        }

        /** {@code seconds} left then (the ETA or a bound of its range) at {@code now}, never below 0. */
        public double shifted(double seconds, Instant now) {
            return Math.max(0, seconds - sinceWritten(now));
        }

        /** Seconds from when it was written to {@code now}, never below 0. */
        private double sinceWritten(Instant now) {
            return Math.max(0, Duration.between(at, now).toMillis() / 1000.0);
        }
    }

    /** The marker of {@code runFolder}, or {@code null} when it has none (or it cannot be read). */
    public static State read(Path runFolder) {
        return readFile(runFolder.resolve(FILE));
    }

    /**
     * What this process writes into a file it locks for as long as it works (a run folder's marker, a database's lock
     * file): its pid and when it started, so that a file left behind names the dead process.
     */
    public static byte[] whoAndWhen() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        try (JsonGenerator g = RecordReader.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("pid", ProcessHandle.current().pid());
            g.writeStringField("startedAt", Instant.now().toString());
            g.writeEndObject();
        } catch (IOException ex) {
            return new byte[0];
        }
        return out.toByteArray();
    }

    /** A file written as {@link #whoAndWhen} (and more), or {@code null} when there is none. */
    public static State readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        Long pid = null;
        Instant at = null;
        String backup = null;
        String label = null;
        String database = null;
        String staged = null;
        Eta eta = null;
        String refused = null;
        Instant follows = null;
        String route = null;
        String workingFolder = null;
        try (JsonParser p = RecordReader.FACTORY.createParser(Files.readAllBytes(file))) {
            Stored n = p.nextToken() == JsonToken.START_OBJECT
                    ? (Stored) new RecordReader().record(p, Stored.class, "", null)
                    : null;
            if (n != null) {
                pid = n.pid();
                at = instant(n.startedAt());
                backup = n.backup();
                label = n.label();
                database = n.database();
                staged = n.staged();
                refused = n.refused();
                follows = instant(n.followsRunStartedAt());
                route = n.route();
                workingFolder = n.workingFolder();
                StoredEta e = n.eta();
                Instant etaAt = e == null ? null : instant(e.at());
                if (etaAt != null
                        && e.elapsedSeconds() != null
                        && e.leftSeconds() != null
                        && e.lowSeconds() != null
                        && e.highSeconds() != null) {
                    eta = new Eta(etaAt, e.elapsedSeconds(), e.leftSeconds(), e.lowSeconds(), e.highSeconds());
                }
            }
        } catch (IOException ex) {
            // a marker cut short (killed while writing it): the lock alone tells
        }
        boolean alive =
                pid == null || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        return new State(
                pid,
                at,
                backup,
                label,
                alive && locked(file),
                database,
                staged,
                eta,
                refused,
                follows,
                route,
                workingFolder);
    }

    /** Some process holds the marker's lock (a shared lock cannot be had). */
    private static boolean locked(Path file) {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock l = c.tryLock(0, Long.MAX_VALUE, true);
            if (l == null) {
                return true;
            }
            l.release();
            return false;
        } catch (OverlappingFileLockException sameProcess) {
            return true;
        } catch (IOException ex) {
            return false;
        }
    }

    private static Instant instant(String s) {
        try {
            return s == null ? null : Instant.parse(s);
        } catch (DateTimeParseException ex) {
            return null;
        }
    }
}
