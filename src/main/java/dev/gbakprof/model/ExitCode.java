package dev.gbakprof.model;

/**
 * Every exit code of gbakprof, with its meaning (docs/guide/reference.md "Exit codes"). Commands return one of these, a {@link
 * GbakprofException} carries one, and the commands' "Exit codes" help is written from them. Two sets share the
 * numbers 0–3: gbakprof's own, and the monitoring plugin codes of {@code check} (Nagios plugin guidelines).
 */
public final class ExitCode {

    /** The command did what was asked; a restore completed (and, when asked, verified). */
    public static final int OK = 0;
    /** The restore or the analysis failed (gbak reported an error, a verification failed). */
    public static final int FAILED = 1;
    /** Bad usage, unreadable input, an output that cannot or may not be written: refused before any work. */
    public static final int BAD_INPUT = 2;
    /** {@code plan --check} could not tell the plan (monitoring's "unknown", as in Nagios/Icinga). */
    public static final int UNKNOWN = 3;
    /** Ctrl-C (SIGINT) stopped the command: 128 + the signal's number, as a shell reports it. */
    public static final int INTERRUPTED = 130;

    /** {@code check}: the newest restore is within its limits. */
    public static final int CHECK_OK = 0;
    /** {@code check}: slower than its baseline band, or close to the RTO. */
    public static final int CHECK_WARNING = 1;
    /** {@code check}: the newest restore failed, took longer than the RTO, or is too old. */
    public static final int CHECK_CRITICAL = 2;
    /** {@code check}: nothing to judge (no restore, bad usage, an unreadable folder). */
    public static final int CHECK_UNKNOWN = 3;

    private ExitCode() {}
}
