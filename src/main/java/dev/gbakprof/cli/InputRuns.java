package dev.gbakprof.cli;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.Anonymizer;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.run.RunOptions;
import dev.gbakprof.stats.Fingerprint;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunFolders;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.store.RunStore;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The INPUT arguments of {@code report} and {@code compare}: gbak logs and run records, mixed, each
 * optionally labelled {@code LABEL=PATH}; runs with the same label are repeated runs of one configuration.
 */
final class InputRuns {

    /** Where an unlabelled input's label comes from. */
    enum LabelFrom {
        /** A log: its file name without extension; a run record: the label it carries. */
        auto,
        /** The file name without extension, for logs and run records alike. */
        file,
        /** The name of the directory the file is in (runs/full-cpu/run1.log → full-cpu). */
        dir
    }

    @Parameters(
            arity = "1..*",
            paramLabel = "INPUT",
            description = "A gbak restore log (gbak -c -v -st tdrw), a gbakprof run record (JSON), a run folder, a"
                    + " folder of run folders or a matrix's --out folder (its runs/), mixed freely. LABEL=PATH gives it"
                    + " a label (it ends at the first = followed by a path that exists: a label may hold =); inputs"
                    + " with the same label are repeated runs of one configuration.")
    List<String> inputs;

    @Option(
            names = "--label-from",
            paramLabel = "auto|file|dir",
            defaultValue = "auto",
            description = "Label of an input without LABEL=: auto (a log's file name, a run record's own label), "
                    + "file (the file name) or dir (the parent directory's name, e.g. runs/full-cpu/run1.log → full-cpu). "
                    + "Default: ${DEFAULT-VALUE}.")
    LabelFrom labelFrom;

    @Option(names = "--encoding", paramLabel = "NAME", converter = Encodings.class, description = Encodings.DESCRIPTION)
    Charset encoding;

    /** One INPUT: its file and its label ({@code null}: the one {@link RunInputs} gives). */
    private record Input(Path path, String label) {}

    /** The files of the inputs, in order (what a report must not replace). */
    List<Path> paths() {
        return resolve().stream().map(Input::path).toList();
    }

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * The restores of the inputs. A run folder without a usable record (a restore still running, one killed, a damaged
     * or impossible record) is left out with a note on standard error, not the whole command refused; when nothing is
     * left the notes are the error.
     */
    List<RestoreRun> load() {
        return load(false);
    }

    /** The tokens of the last {@link #load(boolean)} with {@code anonymize}; {@code null} without. */
    private Anonymizer anonymizer;

    /**
     * {@link #load()}; with {@code anonymize} the restores and the notes with tokens for every name ({@link
     * Anonymizer}), one token per name across all inputs.
     */
    List<RestoreRun> load(boolean anonymize) {
        List<Input> resolved = resolve();
        List<RestoreRun> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<Fingerprint, RestoreRun> seen = new HashMap<>();
        for (Input input : resolved) {
            if (Files.isDirectory(input.path())) {
                RunFolders.Folder unjudged = RunFolders.unrecorded(input.path());
                if (unjudged != null) {
                    notes.add(unjudged.note());
                    continue;
                }
            }
            List<RestoreRun> loaded = RunInputs.load(input.path(), input.label(), encoding, notes::add);
            if (loaded.isEmpty()) {
                continue; // a folder of run folders none of which has a usable record: said in the notes
            }
            for (RestoreRun run : restores(input.path(), loaded)) {
                String impossible = RunFolders.implausible(run);
                if (impossible != null) {
                    Path record = RunStore.record(input.path());
                    notes.add((Files.isRegularFile(record) ? record.toString() : run.source())
                            + ": a record that cannot be true: " + impossible + "; left out");
                    continue;
                }
                refuseTwice(run, seen);
                runs.add(labelled(run));
            }
        }
        if (runs.isEmpty() && !notes.isEmpty()) {
            // nothing else read: "left out" of nothing
            throw new UsageException("no restore to read: "
                    + notes.stream().map(RunFolders::withoutLeftOut).collect(Collectors.joining("; "))
                    + "; expected a restore's log or a run folder whose restore finished (its run.json)");
        }
        if (anonymize) {
            anonymizer = Anonymizer.of(
                    runs, resolved.stream().map(i -> i.path().toString()).toList());
            runs = new ArrayList<>(anonymizer.apply(runs));
            notes.replaceAll(anonymizer::text);
        }
        leftOut = notes.stream().map(RunFolders::withoutLeftOut).toList();
        if (spec != null) {
            RunFolders.fewerRefusals(notes)
                    .forEach(n -> spec.commandLine().getErr().println("gbakprof: note: " + n));
            spec.commandLine().getErr().flush();
        }
        return runs;
    }

    /**
     * A record without a label, or with an empty one (from elsewhere: {@code run} and {@code parse} refuse an empty
     * {@code --label}), read under the label {@code run} or {@code parse} gives a run without one ({@link
     * RunOptions#unlabelledName(RestoreRun)}): a chart's series and advice need a name.
     */
    private static RestoreRun labelled(RestoreRun run) {
        return run.label() == null || run.label().isBlank() ? run.withLabel(RunOptions.unlabelledName(run)) : run;
    }

    /** What the last {@link #load(boolean)} left out, one line each (a run folder without a usable record). */
    private List<String> leftOut = List.of();

    /**
     * What the last {@link #load(boolean)} left out and why, one line each, as its notes on standard error said (a run
     * folder whose restore left no record: killed; one still running; a record that cannot be true).
     */
    List<String> leftOut() {
        return leftOut;
    }

    /** A label as the runs of {@link #load(boolean)} carry it (anonymized, its token). */
    String label(String label) {
        return anonymizer == null ? label : anonymizer.label(label);
    }

    /**
     * The restores of one input: report and compare time restores, so the backup records of a log that also
     * holds a restore (a nightly "back up, then restore" log) are left out, and an input of backups only is
     * refused (parse reads it).
     */
    private static List<RestoreRun> restores(Path path, List<RestoreRun> runs) {
        List<RestoreRun> restores =
                runs.stream().filter(r -> r.kind() != RunKind.BACKUP).toList();
        if (restores.isEmpty()) {
            throw new LogFormatException(
                    path.toString(),
                    0,
                    "a backup (gbak -b), not a restore; expected a restore's log (gbak -c) or run record"
                            + " (gbakprof parse reads a backup log; estimate takes one as --rows-from)");
        }
        return restores;
    }

    /**
     * One restore given twice (a run record and its own raw log, one log saved as UTF-8, CRLF and UTF-16, or a
     * copy) is one restore counted twice: repeated runs look more alike than they are, and a verdict drawn from
     * them is false. Told by what the restore printed, not by bytes ({@link Fingerprint}); refused, naming both. Two
     * records that say they started at different times are two restores, though they printed the same: restores that
     * failed at once (a matrix arm gbak refuses) print a line or two, the same to the millisecond.
     */
    private static void refuseTwice(RestoreRun run, Map<Fingerprint, RestoreRun> seen) {
        Fingerprint f = Fingerprint.of(run);
        if (f.empty()) {
            return;
        }
        RestoreRun first = seen.putIfAbsent(f, run);
        boolean startedApart = first != null
                && first.startInstant() != null
                && run.startInstant() != null
                && !first.startInstant().equals(run.startInstant());
        if (first != null && !startedApart) {
            throw new UsageException(run.source() + ": the same restore as " + first.source()
                    + " (the same statistics lines: every clock, row count, read and write); each run must be a "
                    + "restore of its own: give it once");
        }
    }

    /**
     * Where the label of {@code LABEL=PATH} ends: at the first {@code =} after which an existing file or folder is
     * named, so that a label may hold {@code =} ({@code -par=4=runs/par4}: {@code -par=4}) and so may a path ({@code
     * full=runs/a=b/gbak.log}: {@code full}); at the first {@code =} when none names one (the path not found is then
     * said); {@code -1} without {@code =}.
     */
    static int labelEnd(String input) {
        int first = input.indexOf('=');
        for (int eq = first; eq >= 0; eq = input.indexOf('=', eq + 1)) {
            if (Files.exists(Path.of(input.substring(eq + 1)))) {
                return eq;
            }
        }
        return first;
    }

    private List<Input> resolve() {
        List<Input> resolved = new ArrayList<>();
        for (String input : inputs) {
            String label = null;
            Path path = Path.of(input);
            int eq = labelEnd(input);
            if (!Files.exists(path) && eq >= 0) {
                label = input.substring(0, eq).strip();
                path = Path.of(input.substring(eq + 1));
                if (label.isEmpty()) {
                    throw new UsageException("empty label in '" + input + "'; expected LABEL=PATH");
                }
            }
            if (label == null) {
                label = switch (labelFrom) {
                    case auto -> null;
                    case file -> LogReader.defaultLabel(path);
                    case dir -> {
                        Path parent = path.toAbsolutePath().normalize().getParent();
                        Path name = parent == null ? null : parent.getFileName();
                        if (name == null) {
                            throw new UsageException("--label-from dir: " + input + " is not inside a directory");
                        }
                        yield name.toString();
                    }
                };
            }
            resolved.add(new Input(path, label));
        }
        return resolved;
    }
}
