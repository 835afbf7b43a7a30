package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.report.Reports;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.RunInputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gbakprof demo}: renders every sample in {@code samples/} into {@code charts/}:
 * the A/B restores ({@code samples/ab/LABEL/*.log}, one label per directory) compared into {@code charts/ab/}, and in
 * the page's other languages into {@code charts/ab-LANG/}; every other folder of run folders ({@code samples/NAME/},
 * as {@code matrix} wrote them) compared into {@code charts/NAME/}; the article excerpts
 * ({@code samples/article-*.log}) compared into {@code charts/article/}; and every other {@code samples/NAME.log}
 * (or {@code NAME.log.gz}) reported on its own into {@code charts/NAME/} (from {@code NAME.json} when that run record
 * is there: it may carry CPU samples).
 */
@Command(
        name = "demo",
        header = "Render the bundled sample restores into reports (no Firebird needed).",
        footer = "  gbakprof demo --out /tmp/gbakprof-demo",
        description = {
            "Render every sample in samples/ into charts/: the A/B restores of samples/ab/ "
                    + "(one label per directory) compared into charts/ab/ and, in the other languages, "
                    + "charts/ab-es/, charts/ab-pt-BR/, charts/ab-tr/; each other folder of run folders (as matrix "
                    + "wrote them) compared into charts/NAME/; the article excerpts compared into "
                    + "charts/article/; and each other log (.log or .log.gz) reported into charts/NAME/."
        })
final class DemoCommand implements Callable<Integer> {

    /** The A/B label every other is compared with. */
    static final String AB_BASELINE = "full-cpu";

    @Option(
            names = "--samples",
            paramLabel = "DIR",
            defaultValue = "samples",
            description = "Directory of the sample logs (default: ${DEFAULT-VALUE}).")
    Path samples;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "charts",
            description =
                    "Directory the reports are written to, one sub-directory per sample set (default: ${DEFAULT-VALUE});"
                            + " created when missing, in a folder that exists.")
    Path out;

    @Spec
    CommandSpec spec;

    /** One report of the demo: a name (its sub-directory), its runs, the files they were read from, its language. */
    record DemoSet(String name, List<RestoreRun> runs, List<Path> inputs, Lang lang) {
        DemoSet(String name, List<RestoreRun> runs, List<Path> inputs) {
            this(name, runs, inputs, Lang.EN);
        }
    }

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(samples)) {
            throw new UsageException("no samples directory " + samples
                    + " (run demo from the gbakprof checkout, or pass --samples DIR)");
        }
        List<DemoSet> sets = sets(samples);
        if (sets.isEmpty()) {
            throw new UsageException("no .log files in " + samples);
        }
        PrintWriter printer = spec.commandLine().getOut();
        Outputs.refuseUnwritableDir(out, "--out");
        if (!Files.isDirectory(out)) {
            Files.createDirectory(out); // new and empty: none of the sets' folders below can be refused now
        }
        for (DemoSet set : sets) {
            ReportWriter.check(out.resolve(set.name()), set.inputs()); // all refused before any is written
        }
        for (DemoSet set : sets) {
            Path dir = out.resolve(set.name());
            ReportSettings settings = ReportSettings.defaults(set.lang());
            List<Path> written = ReportWriter.write(Reports.analyse(set.runs(), settings), settings, dir, set.inputs());
            int n = set.runs().size();
            printer.println(dir + ": " + n + (n == 1 ? " run, " : " runs, ") + written.size() + " files");
        }
        printer.flush();
        return ExitCode.OK;
    }

    static List<DemoSet> sets(Path samples) throws IOException {
        List<DemoSet> sets = new ArrayList<>();
        Path ab = samples.resolve("ab");
        if (Files.isDirectory(ab)) {
            List<RestoreRun> runs = new ArrayList<>();
            List<Path> inputs = new ArrayList<>();
            for (Path labelDir : sorted(ab, Files::isDirectory)) {
                for (Path log : sorted(labelDir, DemoCommand::isLog)) {
                    runs.addAll(RunInputs.load(log, String.valueOf(labelDir.getFileName())));
                    inputs.add(log);
                }
            }
            // full-cpu is the reference configuration of the A/B samples (samples/README.md): put it first
            runs.sort(Comparator.comparing((RestoreRun r) -> !r.label().equals(AB_BASELINE)));
            if (!runs.isEmpty()) {
                sets.add(new DemoSet("ab", runs, inputs));
                for (Lang lang : Lang.values()) { // the same comparison in every other language of the page
                    if (lang != Lang.EN) {
                        sets.add(new DemoSet("ab-" + lang.tag(), runs, inputs, lang));
                    }
                }
            }
        }
        // folders of run folders (as gbakprof matrix wrote them: records with their rounds), each compared
        for (Path dir : sorted(samples, Files::isDirectory)) {
            if (!dir.equals(ab)) {
                List<RestoreRun> runs = RunInputs.load(dir, null);
                sets.add(new DemoSet(String.valueOf(dir.getFileName()), runs, List.of(dir)));
            }
        }
        List<RestoreRun> article = new ArrayList<>();
        List<Path> articleInputs = new ArrayList<>();
        List<DemoSet> singles = new ArrayList<>();
        for (Path log : sorted(samples, DemoCommand::isLog)) {
            String name = LogReader.defaultLabel(log);
            // a run record beside the log (NAME.json) carries more, e.g. CPU samples: it is used instead
            Path record = log.resolveSibling(name + ".json");
            Path input = Files.isRegularFile(record) ? record : log;
            if (name.startsWith("article-")) {
                article.addAll(RunInputs.load(input, articleLabel(name)));
                articleInputs.add(input);
            } else {
                singles.add(new DemoSet(name, RunInputs.load(input, name), List.of(input)));
            }
        }
        if (!article.isEmpty()) {
            sets.add(new DemoSet("article", article, articleInputs));
        }
        sets.addAll(singles);
        return sets;
    }

    /** {@code article-high-performance} → {@code High performance} (the power plan's name in the article). */
    static String articleLabel(String name) {
        String words = name.substring("article-".length()).replace('-', ' ');
        return words.isEmpty() ? name : words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }

    /** A sample log: {@code NAME.log}, or {@code NAME.log.gz} kept compressed (the 6,000-index real-shape log). */
    private static boolean isLog(Path p) {
        String name = String.valueOf(p.getFileName());
        return Files.isRegularFile(p) && (name.endsWith(".log") || name.endsWith(".log.gz"));
    }

    private static List<Path> sorted(Path dir, Predicate<Path> filter) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(filter).sorted().toList();
        }
    }
}
