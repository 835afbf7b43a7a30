package dev.gbakprof.timeline;

import dev.gbakprof.log.StatLine;
import dev.gbakprof.model.Column;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * gbak's clock in one run's log, and the rule for damaged lines. The time of a statistics line is its time column,
 * or the sum of the delta column when the log has no time column. A line whose time cannot be trusted is damage
 * (a damaged column, a jump its delta does not explain, a clock going back): it has no time, the spans it ends and
 * starts are unknown, and the next trusted line goes on from the last trusted time. Damage is named in a warning
 * for the first {@link #MAX_DAMAGE_WARNINGS} lines, and counted after them.
 */
final class Clock {
    /** A jump no restore makes between two lines: 100 days. */
    private static final long ABSURD_MS = 100L * 24 * 3600 * 1000;

    private static final int MAX_DAMAGE_WARNINGS = 20;

    private final BiConsumer<WarningCode, String> warnings;
    private boolean hasTime;
    private boolean hasDelta;

    private long ms = -1; // gbak's clock on the last trusted statistics line; -1 before the first one
    private long msLine; // that line's number
    private long pendingDeltaMs; // the delta columns of the lines since the last trusted time; -1 if one is unknown
    private int pendingLines;
    private long rejectedMs = -1; // the time on the last line rejected since then, -1 if none
    private boolean lastUnknown; // the last statistics line's time was not trusted
    private boolean lost; // a delta-only log lost a delta: the clock after it is short by an unknown time
    private int damagedLines;

    /** The warnings of damaged lines go to {@code warnings}. */
    Clock(BiConsumer<WarningCode, String> warnings) {
        this.warnings = warnings;
    }

    /** The log's statistics columns (its header, or those inferred from a line). */
    void columns(List<Column> cols) {
        hasTime = cols.contains(Column.TIME);
        hasDelta = cols.contains(Column.DELTA);
    }

    /** The log carries a time or delta column, so durations can be computed. */
    boolean timed() {
        return hasTime || hasDelta;
    }

    /** Only the delta column: times are its sums. */
    boolean deltaOnly() {
        return hasDelta && !hasTime;
    }

    /** gbak's clock (ms) on the last trusted statistics line; -1 before the first one. */
    long ms() {
        return ms;
    }

    /** The statistics line {@code lineNumber}, whose {@link #time} was {@code t}, moves the clock when t is known. */
    void advance(long t, long lineNumber) {
        lastUnknown = timed() && t < 0;
        if (t >= 0) {
            ms = t;
            msLine = lineNumber;
        }
    }

    /** The last statistics line's time was not trusted. */
    boolean lastUnknown() {
        return lastUnknown;
    }

    /** A delta-only log lost a delta: the clock after it, and the total, are short by an unknown time. */
    boolean lost() {
        return lost;
    }

    /** The warning that counts the damaged lines not named, if any. */
    void moreDamage(List<Warning> notes) {
        if (damagedLines > MAX_DAMAGE_WARNINGS) {
            notes.add(new Warning(
                    WarningCode.DAMAGED_LINE, (damagedLines - MAX_DAMAGE_WARNINGS) + " more damaged lines not listed"));
        }
    }

    /**
     * The time of this statistics line on gbak's clock, or -1 when it has none that can be trusted: a time
     * column that cannot be read, a time its own delta column does not explain (gbak prints both from one
     * clock: they agree to the millisecond, docs/dev/GBAK-FORMAT.md §1), a clock going back, or a jump of more than
     * {@link #ABSURD_MS} without a delta to check it. Such a line is damage: the spans it ends and starts are
     * unknown, never merged into a neighbour's; the next trusted line goes on from the last trusted time.
     */
    long time(StatLine line) {
        long d = hasDelta ? line.deltaMs() : -1;
        long t = -1;
        if (hasTime) {
            long time = line.timeMs();
            if (time == StatLine.UNREADABLE) {
                rejectedMs = -1; // no time to compare the next line with
                damage(line, () -> "the time column cannot be read: the spans it ends and starts are unknown");
            } else if (time >= 0) {
                t = checked(line, time, d);
            }
        } else if (hasDelta) {
            if (d == StatLine.UNREADABLE || d > ABSURD_MS) {
                lost = true;
                damage(
                        line,
                        () -> (d > ABSURD_MS
                                        ? "a delta of " + seconds(d) + " s, beyond any restore's pace"
                                        : "the delta column cannot be read")
                                + ": the spans it ends and starts are unknown, and so is "
                                + "the total (a log without the time column cannot find its clock again)");
            } else if (d >= 0) {
                t = (ms < 0 ? 0 : ms) + d;
            }
        }
        if (t >= 0 || !hasTime) {
            pendingDeltaMs = 0;
            pendingLines = 0;
            rejectedMs = -1;
        } else {
            pendingDeltaMs = d >= 0 && pendingDeltaMs >= 0 ? pendingDeltaMs + d : -1;
            pendingLines++;
        }
        return t;
    }

    /** {@code time} when it follows from the last trusted time (and the delta columns since), else -1 with a warning. */
    private long checked(StatLine line, long time, long d) {
        if (ms < 0) {
            if (time <= ABSURD_MS) {
                return time;
            }
            damage(line, () -> "gbak's time " + seconds(time) + " s is beyond any restore's pace: unknown");
            return -1;
        }
        // the warning's sentence is made only for a line that does not fit, and only while it is kept (damage())
        if (time < ms) {
            rejectedMs = time;
            long clock = ms;
            damage(
                    WarningCode.CLOCK_BACKWARDS,
                    line,
                    () -> "gbak's clock goes back from " + seconds(clock) + " s to " + seconds(time) + " s" + DAMAGED);
            return -1;
        }
        long clock = ms;
        long since = msLine;
        if (d >= 0 && pendingDeltaMs >= 0) {
            if (near(time - ms, pendingDeltaMs + d, pendingLines + 1)
                    || (rejectedMs >= 0
                            && near(time - rejectedMs, d, 1))) { // the line rejected before was right, its delta wrong
                return time;
            }
            long deltas = pendingDeltaMs + d;
            rejectedMs = time;
            damage(
                    WarningCode.DAMAGED_LINE,
                    line,
                    () -> "gbak's time " + seconds(time) + " s does not follow from " + seconds(clock) + " s on line "
                            + since + " and the delta column (" + seconds(deltas) + " s)" + DAMAGED);
            return -1;
        }
        if (time - ms <= ABSURD_MS) {
            return time;
        }
        rejectedMs = time;
        damage(
                WarningCode.DAMAGED_LINE,
                line,
                () -> "gbak's time " + seconds(time) + " s jumps " + (time - clock) / 86_400_000 + " days past "
                        + seconds(clock) + " s, beyond any restore's pace" + DAMAGED);
        return -1;
    }

    private static final String DAMAGED =
            ": damaged (or lines are missing before it), so the spans it ends and starts are unknown";

    /** Two times agree as gbak's truncation to the millisecond allows: 3 ms a line, and 1 % for slack. */
    private static boolean near(long measured, long expected, int lines) {
        return Math.abs(measured - expected) <= 3L * lines + expected / 100;
    }

    private static String seconds(long ms) {
        return ms / 1000 + "." + String.format(Locale.ROOT, "%03d", ms % 1000);
    }

    /** A line the timeline cannot trust (or not as a whole): one warning naming it, the first few of them. */
    void damage(StatLine line, Supplier<String> what) {
        damage(WarningCode.DAMAGED_LINE, line, what);
    }

    /** The sentence is made only for the lines named (the first {@link #MAX_DAMAGE_WARNINGS}). */
    void damage(WarningCode code, StatLine line, Supplier<String> what) {
        if (damagedLines++ < MAX_DAMAGE_WARNINGS) {
            warnings.accept(code, "line " + line.lineNumber() + ": " + what.get());
        }
    }
}
