package dev.gbakprof.cli;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunKind;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunInputs;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    @Parameters(arity = "1..*", paramLabel = "INPUT",
            description = "A gbak restore log (gbak -c -v -st tdrw) or a gbakprof run record (JSON), mixed freely. "
                    + "LABEL=PATH gives it a label; inputs with the same label are repeated runs of one configuration.")
    List<String> inputs;

    @Option(names = "--label-from", paramLabel = "auto|file|dir", defaultValue = "auto",
            description = "Label of an input without LABEL=: auto (a log's file name, a run record's own label), "
                    + "file (the file name) or dir (the parent directory's name, e.g. runs/full-cpu/run1.log → full-cpu). "
                    + "Default: ${DEFAULT-VALUE}.")
    LabelFrom labelFrom;

    @Option(names = "--encoding", paramLabel = "NAME", converter = Encodings.class, description = Encodings.DESCRIPTION)
    java.nio.charset.Charset encoding;

    /** One INPUT: its file and its label ({@code null}: the one {@link RunInputs} gives). */
    private record Input(Path path, String label) {
    }

    /** The files of the inputs, in order (what a report must not replace). */
    List<Path> paths() {
        return resolve().stream().map(Input::path).toList();
    }

    List<RestoreRun> load() {
        List<Input> resolved = resolve();
        refuseTwice(resolved);
        List<RestoreRun> runs = new ArrayList<>();
        for (Input input : resolved) {
            runs.addAll(restores(input.path(), RunInputs.load(input.path(), input.label(), encoding)));
        }
        return runs;
    }

    /**
     * The restores of one input: report and compare time restores, so the backup records of a log that also
     * holds a restore (a nightly "back up, then restore" log) are left out, and an input of backups only is
     * refused (parse reads it).
     */
    private static List<RestoreRun> restores(Path path, List<RestoreRun> runs) {
        List<RestoreRun> restores = runs.stream().filter(r -> r.kind() != RunKind.BACKUP).toList();
        if (restores.isEmpty()) {
            throw new dev.gbakprof.log.LogFormatException(path.toString(), 0, "a backup (gbak -b), not a restore; "
                    + "report and compare read restores (gbakprof parse reads a backup log)");
        }
        return restores;
    }

    /**
     * One file given twice (by any name, or a copy of it) is one restore counted twice: repeated runs look
     * more alike than they are, and a verdict drawn from them is false. Refused, naming both. Only files of
     * the same size are read to compare them (a log may be huge, and is read again to be parsed).
     */
    private static void refuseTwice(List<Input> inputs) {
        java.util.Map<Long, List<Path>> bySize = new java.util.LinkedHashMap<>(); // in the order given
        for (Input input : inputs) {
            try {
                bySize.computeIfAbsent(Files.size(input.path()), n -> new ArrayList<>()).add(input.path());
            } catch (java.io.IOException unreadable) {
                // RunInputs says what is wrong with it
            }
        }
        for (List<Path> sameSize : bySize.values()) {
            if (sameSize.size() < 2) {
                continue;
            }
            java.util.Map<String, Path> seen = new java.util.HashMap<>();
            for (Path path : sameSize) {
                String digest = dev.gbakprof.store.ReportDir.sha256(path);
                Path first = digest.isEmpty() ? null : seen.putIfAbsent(digest, path);
                if (first != null) {
                    throw new UsageException(path + ": the same content as " + first
                            + " (one restore given twice?); each run is a restore of its own: give each log once");
                }
            }
        }
    }

    private List<Input> resolve() {
        List<Input> resolved = new ArrayList<>();
        for (String input : inputs) {
            String label = null;
            Path path = Path.of(input);
            int eq = input.indexOf('=');
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
                        if (parent == null || parent.getFileName() == null) {
                            throw new UsageException("--label-from dir: " + input + " is not inside a directory");
                        }
                        yield parent.getFileName().toString();
                    }
                };
            }
            resolved.add(new Input(path, label));
        }
        return resolved;
    }
}
