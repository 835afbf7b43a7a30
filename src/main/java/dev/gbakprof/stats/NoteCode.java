package dev.gbakprof.stats;

import java.util.Locale;

/**
 * What a note of a comparison says, as a stable code: {@code compare --json} prints {@link #code()}, scripts
 * and tests branch on it; the sentence is the report's (in the reader's language). docs/guide/reports.md lists them.
 */
public enum NoteCode {
    /**
     * Some runs of a configuration failed (not counting those gbak took to its end without an index: {@link
     * #INDEX_FAILED} says those); args: label, failed runs, runs, why the first failed ({@link
     * dev.gbakprof.model.FailureReason}).
     */
    RUNS_FAILED,
    /**
     * An index gbak could not build, and what the DBA must do; args: label, index, its table ({@code null}:
     * unknown), gbak's reason ({@code null}), the problematic key ({@code null}), whether gbak left the database
     * offline (Boolean: it says "Run gfix -online"), the cause in short ({@code "duplicate-key"}, {@code "foreign-key"},
     * {@code null}: gbak's reason says it), the names of every index the restore left unbuilt when gbak went on to
     * its end (a list, empty when it stopped), and whether gbak went on to its end (Boolean; {@code false}: it stopped
     * the restore there, {@code Exiting before completion due to errors}).
     */
    INDEX_FAILED,
    /**
     * Some runs of a configuration stopped before the end (timeout, kill, log cut); args: label, stopped, runs, why the
     * first stopped when its record says: gbakprof's stop of it ({@link dev.gbakprof.model.FailureReason.Stop}:
     * --timeout, Ctrl-C), else the record's words ({@link dev.gbakprof.model.FailureReason#of}), else {@code null}.
     */
    RUNS_INCOMPLETE,
    /**
     * A restore that stopped (failed, cut, killed) before building every index its metadata defines: "8 of 14 index
     * definitions never built"; args: the run's name (label, {@code #k} of several), never built, defined, whether it
     * stopped during the data (the tables it did not reach may define more: Boolean).
     */
    INDEXES_NEVER_BUILT,
    /**
     * Runs are excerpts of a log (they start after gbak's start): what they timed is all they say; args: label
     * ({@code null}: every one of more than two configurations, and no more args); the first object it times,
     * {@code "table"} (its data) or {@code "index"} (its build), {@code null} when none; its name; gbak's clock at its
     * start (Double); whether the excerpt reaches gbak's end (Boolean); the table loads and the index builds it times
     * (Long).
     */
    EXCERPT,
    /** The total is unknown in some configuration: only a phase is compared; args: the {@link Measure}. */
    PARTIAL_MEASURE,
    /**
     * A comparison's verdict in full: the headline's pair, or with more than two configurations one note per
     * configuration against the baseline, in the headline's order; args: the {@link Comparison}.
     */
    VERDICT,
    /**
     * Why the two configurations differ: the phase and the objects that account for most of it; args: {@link Why}. */
    WHY,
    /** Two configurations restored different tables or row counts; args: label, baseline label, difference. */
    DIFFERENT_DATA,
    /**
     * Warm-up restores ({@code --warmup}) were recorded and set aside: no comparison counts them; args: how many, the
     * labels they were made with (a list).
     */
    WARMUP,
    /**
     * The runs could not be cut into rounds, so the configurations are compared as unpaired groups (Welch); args: the
     * {@link Pairing.Reason}'s code, the configuration it names ({@code null}), the round it names or, for {@code
     * uneven}, the number of runs ({@code null}); where other comparisons are paired (or fell back for another
     * reason), then the configuration whose comparison this is and the baseline.
     */
    UNPAIRED,
    /**
     * A configuration's first restore took far longer than the rest of it (a cold page cache?); args: label, its
     * factor over the median of the others (Double), its time, that median, how many others, how many warm-up restores
     * were set aside before it (Integer; 0: none, so --warmup would set it aside).
     */
    FIRST_RUN_SLOWER,
    /**
     * Two configurations' whole restores share fewer than half of their tables: different databases, whose times race
     * nothing; said first, and the headline gives no "less time"; args: label, baseline label, {@link SharedTables}.
     */
    DIFFERENT_DATABASES,
    /**
     * A configuration of the headline whose runs differ by more than the difference between the two, or by more than
     * 2×; args: label, fastest run's time, its name, slowest run's time, its name, wider than the difference (Boolean).
     */
    WIDE_SPREAD,
    /**
     * The runs' names are tokens ({@code --anonymize}): tables T001, indexes IX_T001_1, files database-1.fdb, hosts
     * host-1, users user-1; said first, so that no token is taken for a real name; no args.
     */
    ANONYMIZED,
    /**
     * Index builds whose time is unknown are left out; args: how many, how many of them gbakprof's stop of their
     * restore cut ({@link dev.gbakprof.model.RestoreRun#cutByStop}).
     */
    UNKNOWN_BUILDS,
    /**
     * The configurations are values of one gbak switch ({@code matrix --vary}): each value's speed-up and where the
     * gain stops; args: the {@link Scan}.
     */
    SCAN,
    /**
     * The configurations are values of one gbak switch that gbak ran the same in every one ({@code -p 4096} and {@code
     * -p 3000} both restore 4096-byte pages: {@link Scan#sameUsed}), so their times do not compare that switch; args:
     * the {@link Scan}.
     */
    NOT_VARIED,
    /**
     * One configuration's runs went through different routes, restored different backup files, or were restored by
     * different Firebird versions (gbak's, or the server's through the services API): its times are not one
     * configuration's (runs of one label mixed, as when every run of a virtual machine was labelled by its unknown power
     * plan, or a migration's 4.0 restore and 3.0's of one backup ran under one label); args: label, the {@link
     * Confounder} (one of {@link Confounder#ONE_CONFIGURATION}), its values (a sorted list).
     */
    MIXED,
    /**
     * Logs whose lines were not UTF-8 were read as windows-1252 (no BOM, no {@code --encoding}): a name the report
     * prints may be wrong ({@code FK_ÇÀÊÀÇÛ} for {@code FK_ЗАКАЗЫ}); said last; args: how many runs (Long).
     */
    CODE_PAGE,
    /*
     * Configurations differ in more than their labels name (a {@link Confounder}); args: the
     * Confounder.Difference. One code per kind.
     */
    DIFFERS_ROUTE,
    DIFFERS_GBAK_VERSION,
    DIFFERS_ENGINE_VERSION,
    DIFFERS_ODS,
    DIFFERS_PAGE_SIZE,
    DIFFERS_SWITCHES,
    DIFFERS_HOST,
    DIFFERS_CPU,
    DIFFERS_POWER_PLAN,
    DIFFERS_BACKUP;

    /** The code of a difference in one kind of confounder. */
    public static NoteCode differs(Confounder kind) {
        return valueOf("DIFFERS_" + kind.name());
    }

    /** Whether the note names something else that differs between the configurations. */
    public boolean confounder() {
        return name().startsWith("DIFFERS_");
    }

    /** {@code runs-failed}: the form JSON carries. */
    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
