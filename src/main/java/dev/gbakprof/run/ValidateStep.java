package dev.gbakprof.run;

import dev.gbakprof.exec.GbakInvocation;
import dev.gbakprof.exec.GbakLocator;
import dev.gbakprof.exec.GbakRunner;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.Interruption;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Validation;
import dev.gbakprof.model.WarningCode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code run --validate}: after a completed restore, {@code gfix -v -full -n} on the restored database, timed as a
 * step of its own, its output written to {@code gfix.log} in the run folder and kept in the record. gfix prints
 * nothing for a sound database and exits 0 even when it found errors (Firebird 3: "Summary of validation errors"
 * and a count per kind), so its words decide: a line that speaks of errors, or a non-zero exit code (it could not
 * open the database), fails the run with those words; other output is a warning. The password goes to gfix
 * through {@code ISC_PASSWORD}, never on its command line.
 */
final class ValidateStep {
    static final String LOG = "gfix.log";

    private final RunOptions options;
    private final Path gbak;
    private final PrintStream progress;
    private volatile GbakRunner runner;

    ValidateStep(RunOptions options, Path gbak, PrintStream progress) {
        this.options = options;
        this.gbak = gbak;
        this.progress = progress;
    }

    /** The gfix to run: beside gbak, else the PATH and the usual places. */
    static Optional<Path> gfix(Path gbak) {
        return GbakLocator.system().findTool("gfix", gbak);
    }

    /** Stops a running gfix (Ctrl-C) and waits for it. */
    void interrupt() {
        GbakRunner r = runner;
        if (r != null) {
            r.interrupt();
        }
    }

    RestoreRun validate(RestoreRun run, String database, Path runDir) {
        if (run.status() != RunStatus.COMPLETED) {
            return run.withWarning(
                    WarningCode.NOT_VALIDATED, "--validate: not validated, the restore did not complete");
        }
        Path gfix = gfix(gbak).orElse(null);
        String name = options.gfixName(database);
        if (gfix == null) {
            return failed(
                    run, null, List.of(), "--validate: gfix not found beside gbak, on PATH nor in the usual places");
        }
        GbakInvocation inv = GbakInvocation.validate(gfix, name, options.gbakUser(), options.password());
        progress.println("gbakprof: validating " + name + ": " + inv.redacted());
        List<String> lines = new ArrayList<>();
        GbakRunner.Result result;
        long t0 = System.nanoTime();
        try (OutputStream raw =
                Files.newOutputStream(runDir.resolve(LOG), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            GbakRunner r = new GbakRunner();
            runner = r;
            result = r.run(
                    inv,
                    raw,
                    line -> {
                        String s = line.toString().strip();
                        if (!s.isEmpty()) {
                            lines.add(s);
                        }
                    },
                    options.timeout());
        } catch (IOException ex) {
            return failed(
                    run,
                    null,
                    List.of(),
                    "--validate: cannot write " + runDir.resolve(LOG) + " (" + RestoreSession.reason(ex) + ")");
        } finally {
            runner = null;
        }
        double seconds = Math.round((System.nanoTime() - t0) / 1e6) / 1000.0;
        Validation.Result verdict = verdict(result, lines);
        Validation v = new Validation(inv.redacted(), name, seconds, result.exitCode(), verdict, lines);
        progress.println("gbakprof: validation " + verdict + " in " + String.format(Locale.ROOT, "%.3f s", seconds));
        List<String> words = new ArrayList<>();
        lines.forEach(l -> words.add("gfix: " + l));
        return switch (verdict) {
            case PASSED -> run.toBuilder().validation(v).build();
            case STOPPED -> stopped(run, v, result.timedOut() ? "--timeout" : Interruption.word());
            case WARNINGS ->
                run.toBuilder()
                        .validation(v)
                        .build()
                        .withWarning(
                                WarningCode.VALIDATION_WARNINGS,
                                "--validate: gfix reported warnings: " + String.join("; ", lines));
            case FAILED -> {
                String own = result.launchError() != null
                        ? "--validate: cannot run " + gfix + ": " + result.launchError()
                        : result.timedOut() || result.interrupted()
                                ? "--validate: gfix was stopped ("
                                        + (result.timedOut() ? "timeout" : Interruption.word()) + ")"
                                : words.isEmpty()
                                        ? "--validate: gfix exited with code " + result.exitCode()
                                                + " without a message"
                                        : "--validate: gfix reported errors in the restored database";
                yield failed(run, v, words, own);
            }
        };
    }

    /**
     * gfix's verdict: failed when it could not run or open the database (a non-zero exit code) or a line speaks of
     * errors ("Summary of validation errors", "Number of data page errors : 2"); warnings when it printed anything
     * else ("Number of pointer page warnings : 2" alone); passed when it printed nothing.
     */
    static Validation.Result verdict(GbakRunner.Result result, List<String> lines) {
        boolean errors = lines.stream().anyMatch(l -> l.toLowerCase(Locale.ROOT).contains("error"));
        if ((result.timedOut() || result.interrupted()) && !errors) {
            return Validation.Result.STOPPED; // a stop says nothing of the database
        }
        if (result.exitCode() == null
                || result.exitCode() != 0
                || result.timedOut()
                || result.interrupted()
                || lines.stream().anyMatch(l -> l.toLowerCase(Locale.ROOT).contains("error"))) {
            return Validation.Result.FAILED;
        }
        return lines.isEmpty() ? Validation.Result.PASSED : Validation.Result.WARNINGS;
    }

    /**
     * The validation was stopped ({@code by}: {@code --timeout}, {@code Ctrl-C}) before gfix reported anything wrong:
     * the restore completed and was not validated. A stop, not a failure: the run is {@code incomplete}, its failure
     * says so, its total stays the restore's.
     */
    private static RestoreRun stopped(RestoreRun run, Validation v, String by) {
        return run.toBuilder()
                .validation(v)
                .status(RunStatus.INCOMPLETE)
                .failure("the restore completed"
                        + (run.totalSeconds() == null ? "" : " in " + Durations.human(run.totalSeconds()))
                        + "; its validation was stopped by " + by
                        + (v.seconds() == null ? "" : " after " + Durations.human(v.seconds()))
                        + " before gfix ended: not validated (a stop, not a failed validation)")
                .build();
    }

    /**
     * The run failed its validation: gfix's own lines join the errors (Firebird's words); gbakprof's sentence is the
     * record's {@code failure}, unless an earlier step already gave one.
     */
    private static RestoreRun failed(RestoreRun run, Validation v, List<String> gfixLines, String own) {
        List<String> errors = new ArrayList<>(run.errors());
        errors.addAll(gfixLines);
        return run.toBuilder()
                .validation(v)
                .status(RunStatus.FAILED)
                .errors(errors)
                .failure(run.failure() != null ? run.failure() : own)
                .build();
    }
}
