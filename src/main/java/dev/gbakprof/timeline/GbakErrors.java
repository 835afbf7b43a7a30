package dev.gbakprof.timeline;

import dev.gbakprof.log.Event;
import dev.gbakprof.log.EventKind;
import dev.gbakprof.log.StartErrors;
import dev.gbakprof.log.StatLine;
import dev.gbakprof.model.FailureReason;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * gbak's error lines of one run and what they say of it: the errors kept, whether gbak itself failed, why a failed
 * index failed, the services manager's status vector, {@code Database is not online}.
 */
final class GbakErrors {
    private static final String NOT_ONLINE = "Database is not online due to failure to activate";

    /** The table of a foreign key's violation, in the engine's words (isc_foreign_key): the index's table. */
    private static final Pattern FOREIGN_KEY_TABLE =
            Pattern.compile("^violation of FOREIGN KEY constraint \".*\" on table (.+)$");

    private static final Pattern PARALLEL_REFUSED =
            Pattern.compile("Wrong parallel workers value (-?\\d{1,9}), valid range are from (\\d{1,9}) to (\\d{1,9})");

    private final List<String> errors = new ArrayList<>();
    private int dropped;
    private boolean gbakFailure; // an error line with gbak's prefix (or an engine assertion): gbak itself failed
    private String failure; // gbakprof's words on the failure, where gbak's lines do not say it plainly
    // lines without gbak's prefix since its last prefixed one: the first line of a status vector that
    // fbsvcmgr prints when the service fails (its "-"-led lines are ERROR events)
    private final List<String> unprefixed = new ArrayList<>(4);
    /** An error line came without gbak's prefix: the services manager's status vector, whose "-"-led lines go on. */
    private boolean unprefixedError;

    /** The failed index whose ERROR lines are being read (right after its {@code cannot commit index}). */
    private IndexState failing;
    /**
     * gbak said {@code Database is not online due to failure to activate one or more indices} (3.0 as {@code gbak:},
     * 5.0 as an {@code ERROR:} line): it prints that only after its last step, so the restore went to its end even
     * in a log without {@code -v}, which has no {@code finishing, closing, and going home} line.
     */
    private boolean notOnline;

    /** Errors kept from "-"-led lines without gbak's prefix (and the lines right before them). */
    private int vectorErrors;

    /**
     * The errors kept before gbak's last line that was none (its last statistics line, any other message): those
     * after it are the ones the log ends with, all that gbak printed after a stop cut its work ({@link #atTheEnd}).
     */
    private int beforeTheEnd;

    /**
     * Every error kept came from "-"-led lines without gbak's prefix, and gbak itself said no error: when the restore
     * went on to its end, such lines were another writer's (a script's {@code echo} into the same log), not a services
     * manager's failure, which ends the restore.
     */
    boolean onlyStrayLines() {
        return !errors.isEmpty() && vectorErrors == errors.size() && dropped == 0 && !gbakFailure;
    }

    /** gbak's error lines so far, at most {@link RestoreTimeline#MAX_MESSAGES}. */
    List<String> errors() {
        return errors;
    }

    /**
     * The errors gbak printed after its last other line: what it says as it ends. Of a run gbakprof stopped before
     * its end, these are the stop's doing (the database shut down under gbak, its connection gone), not its cause.
     */
    List<String> atTheEnd() {
        return errors.subList(beforeTheEnd, errors.size());
    }

    /** The errors before {@link #atTheEnd()}. */
    List<String> beforeTheEnd() {
        return errors.subList(0, beforeTheEnd);
    }

    /** {@code is} failed among the errors gbak printed after its last other line ({@link #atTheEnd()}). */
    boolean failedAtTheEnd(IndexState is) {
        return is.failed && is.failedAt >= beforeTheEnd;
    }

    /** Error lines not kept. */
    int dropped() {
        return dropped;
    }

    boolean gbakFailure() {
        return gbakFailure;
    }

    String failure() {
        return failure;
    }

    boolean notOnline() {
        return notOnline;
    }

    /**
     * Every line, before what it means is applied: another line than an ERROR one ends a failed index's ERROR lines,
     * an unknown unprefixed one may be a status vector, any other ends the lines kept as its start.
     *
     * @param restoreSeen a message only a restore prints was seen
     * @param finished the run said it was finishing
     */
    void line(Event e, boolean restoreSeen, boolean finished) {
        EventKind kind = e.kind();
        if (failing != null && kind != EventKind.ERROR) {
            failing = null; // the failed index's ERROR lines end at gbak's next other line
        }
        if (!e.line().prefixed() && kind == EventKind.OTHER) {
            statusVector(e.line(), restoreSeen, finished);
        } else if (!unprefixed.isEmpty()) {
            unprefixed.clear(); // only the unknown lines right before a "-"-led one are its status vector
        }
        if (kind != EventKind.ERROR
                && kind != EventKind.INDEX_FAILED
                && kind != EventKind.NOT_ONLINE
                && (kind != EventKind.OTHER || e.line().prefixed())) {
            beforeTheEnd = errors.size(); // a line that is no error (an unknown one without gbak's prefix may be)
        }
    }

    /** {@code cannot commit index X}: X failed; the ERROR lines that follow say why. */
    void indexFailed(IndexState is, String text) {
        failing = is;
        is.failedAt = errors.size();
        error(text);
    }

    /** An {@code ERROR:} line (or gbak's {@code Database is not online}). */
    void errorLine(Event e) {
        StatLine line = e.line();
        String text = line.text();
        notOnline |= text.contains(NOT_ONLINE);
        failedIndexError(text);
        if (text.startsWith("Done with volume #")) {
            // gbak's question to the console ("Press return to reopen that file, or type a new name...") is
            // no error: keep its first words, and say what it means
            int tab = text.indexOf('\t');
            text = (tab > 0 ? text.substring(0, tab) : text).strip();
            if (failure == null && e.count() > 0) {
                failure = FailureReason.ENDS_EARLY + "gbak asked for volume " + (e.count() + 1);
            }
        }
        error(text);
        // gbak's prefix, an engine assertion, or a refusal of gbak's start in the services manager's words
        gbakFailure |= line.prefixed() || text.startsWith("Assertion (") || StartErrors.isStartOnly(text);
        unprefixedError |= !line.prefixed();
    }

    /**
     * One of the {@code ERROR:} lines gbak prints right after {@code cannot commit index X}: why X failed (gbak's status
     * vector: the duplicate key, the foreign key without its parent row, the problematic key value). The block ends at
     * gbak's next other line, and at its end-of-restore lines ({@code Database is not online}, {@code Run gfix
     * -online}, Firebird 5 prints them as {@code ERROR:} lines too) or its {@code Exiting before completion}.
     */
    private void failedIndexError(String text) {
        if (failing == null) {
            return;
        }
        String words = text.startsWith("ERROR:") ? text.substring(6).strip() : null;
        if (words == null
                || words.contains(NOT_ONLINE)
                || words.contains("gfix -online")
                || words.startsWith("Exiting before completion")) {
            failing = null;
            return;
        }
        List<String> kept = failing.errors;
        if (!words.isEmpty() && kept.size() < 10) {
            kept.add(words);
        }
        Matcher m = FOREIGN_KEY_TABLE.matcher(words);
        if (failing.errorTable == null && m.find()) {
            String table = m.group(1).strip();
            // Firebird 3 to 5 quote the name ("NAGL"); Firebird 6 prints it with its schema ("PUBLIC"."NAGL"), as gbak
            // names the index
            failing.errorTable = table.matches("\"[^\"]+\"") ? table.substring(1, table.length() - 1) : table;
        }
    }

    /**
     * Firebird 5+: {@code WARNING:Wrong parallel workers value 4, valid range are from 1 to 1} (isc_bad_par_workers):
     * the engine refused the value gbak was given and used the top of the range instead (1 for a negative one;
     * jrd.cpp, the isc_dpb_parallel_workers check). Null for any other warning.
     */
    static Integer parallelWorkersUsed(String text) {
        Matcher m = PARALLEL_REFUSED.matcher(text);
        if (m.find()) {
            long asked = Long.parseLong(m.group(1));
            long top = Long.parseLong(m.group(3));
            return (int) Math.min(Integer.MAX_VALUE, asked < 0 ? 1 : Math.min(asked, top));
        }
        return null;
    }

    /**
     * fbsvcmgr prints the service's failure as a status vector, without gbak's prefix: a first line
     * ("database x.fdb already exists..."), then "-"-led ones ("-Exiting before completion..."). Unknown
     * unprefixed lines of a running restore are kept (the last four) until a "-"-led one makes them errors. For an
     * unprefixed line the catalogue does not know ({@code OTHER}); any other line ends the lines kept ({@link #line}).
     */
    private void statusVector(StatLine line, boolean restoreSeen, boolean finished) {
        if (!restoreSeen && !unprefixedError || finished) {
            return; // a status vector goes on a running restore's lines, or on a refusal of gbak's start without gbak:
        }
        String t = line.text();
        if (t.length() > 1 && t.charAt(0) == '-' && Character.isLetter(t.charAt(1))) {
            int before = errors.size();
            unprefixed.forEach(this::error);
            unprefixed.clear();
            error(t);
            vectorErrors += errors.size() - before;
        } else {
            if (unprefixed.size() == 4) {
                unprefixed.remove(0);
            }
            unprefixed.add(t);
        }
    }

    private void error(String text) {
        if (errors.size() < RestoreTimeline.MAX_MESSAGES) {
            errors.add(text);
        } else {
            dropped++;
        }
    }
}
