package dev.gbakprof.cli;

import dev.gbakprof.history.History;
import dev.gbakprof.history.Trend;
import dev.gbakprof.model.Durations;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.output.HistoryJson;
import dev.gbakprof.output.HistoryText;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.Texts;
import dev.gbakprof.report.TrendChart;
import dev.gbakprof.run.RunOptions;
import dev.gbakprof.store.OutputRefusedException;
import dev.gbakprof.store.Outputs;
import dev.gbakprof.store.ReportDir;
import dev.gbakprof.store.RunFolders;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof history}: the restore tests of each backup over time, with their baseline band. */
@Command(
        name = "history",
        header = "The restores recorded in run folders, per backup, each against its baseline band.",
        footer = "  gbakprof history runs --backup erp --last 30 --rto 4h --out trend/",
        sortOptions = false,
        description = {
            "The restores recorded under the run folders, per backup (or per label: --by label, --label L), oldest",
            "first: a drill's backup (run --backup-from), status, total, each phase,",
            "rows, verification (--inspect) and validation (--validate), and the baseline band each one is judged",
            "against (median ± 3 × 1.4826 MAD of the previous completed restores, at most 10, at least ±5%% and ±1 s).",
            "--out DIR: trend.png (total and phases over time, failed and unfinished runs marked, the band behind),",
            "its texts in the language of --lang.",
            "Exits 0, or 2 when a runs folder cannot be read or holds no restore."
        })
final class HistoryCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "RUNS_DIR", description = "Folders of run folders (default: runs).")
    List<Path> runsDirs = new ArrayList<>();

    @Option(
            names = "--backup",
            paramLabel = "NAME",
            description = "Only this backup (its file name, with or without extension).")
    String backup;

    @Option(
            names = "--label",
            paramLabel = "L",
            description = "Only the runs labelled L (run --label), as one history whatever their backup files' names;"
                    + " with --backup NAME, that backup's runs labelled L (one job). --label '' picks the runs without"
                    + " a label.")
    String label;

    @Option(
            names = "--by",
            paramLabel = "backup|label",
            defaultValue = "backup",
            description = "Group the runs by backup file name (default) or by label.")
    String by;

    @Option(
            names = "--last",
            paramLabel = "N",
            description = "Only the newest N restores of each backup (the bands still use the older ones).")
    Integer last;

    @Option(
            names = "--rto",
            paramLabel = "DURATION",
            description = "Say for each restore whether it was within this recovery time objective (4h, 90m).")
    String rto;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "Write trend.png there (trend-NAME.png per backup when there are several); DIR is created when "
                            + "missing, in a folder that exists. A trend file gbakprof did not write there (or that "
                            + "was changed since) is refused, before anything is written, as report's files are.")
    Path out;

    @Option(
            names = "--lang",
            paramLabel = "en|pt-BR|es|tr",
            defaultValue = "en",
            converter = ReportOptions.LangConverter.class,
            description = "Language of trend.png's texts; numbers follow it. Default: ${DEFAULT-VALUE}.")
    Lang lang;

    @Option(names = "--json", description = "Print the history as JSON (\"schema\": \"" + HistoryJson.SCHEMA + "\").")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (last != null && last < 1) {
            throw new UsageException("--last " + last + ": expected 1 or more");
        }
        Duration objective = rto == null ? null : Durations.parse("--rto", rto);
        if (out != null) {
            Outputs.refuseUnwritableDir(out, "--out"); // a read-only file system: refused before any work (2)
        }
        History loaded = History.load(runsDirs, backup, label, grouping(by));
        if (loaded.trends().isEmpty()) {
            throw new UsageException("no restore recorded under "
                    + (runsDirs.isEmpty() ? List.of(Path.of("runs")) : runsDirs) + ": "
                    + String.join("; ", loaded.notes()));
        }
        PrintWriter w = spec.commandLine().getOut();
        List<Trend> trends = loaded.trends().stream()
                .map(t -> last == null || t.points().size() <= last
                        ? t
                        : t.withPoints(t.points()
                                .subList(t.points().size() - last, t.points().size())))
                .toList();
        if (out != null) {
            List<String> names = trends.stream()
                    .map(t -> trends.size() == 1 ? "trend.png" : "trend-" + RunOptions.fileSafe(t.backup()) + ".png")
                    .toList();
            // as a report's: only a trend file gbakprof wrote there (its .gbakprof-files) is replaced
            ReportDir dir = new ReportDir(out, names, List.of());
            dir.check(); // before any chart is drawn
            Map<String, byte[]> files = new LinkedHashMap<>();
            for (int i = 0; i < trends.size(); i++) {
                files.put(names.get(i), TrendChart.png(trends.get(i), Texts.of(lang), 1600, 900));
            }
            List<Path> written;
            try {
                written = dir.write(files);
            } catch (IOException ex) { // a disk that fills up meanwhile: the file is named
                throw new OutputRefusedException("--out " + ex.getMessage());
            }
            if (!json) {
                written.forEach(png -> w.println("wrote " + png));
            }
        }
        List<String> notes = new ArrayList<>(loaded.notes());
        for (Trend t : trends) {
            String shared = loaded.sharedName(t);
            if (shared != null) { // as check refuses to judge them as one: their bands below mix two jobs
                notes.add(
                        0,
                        shared + "; the baseline bands of " + t.backup()
                                + " mix them: history --by label gives each job its own");
            }
            String mixed = History.sharedLabel(t);
            if (mixed != null) { // one label on several jobs' runs
                notes.add(0, mixed);
            }
        }
        if (json) {
            Stdout.json(w, HistoryJson.of(trends, notes, objective));
            return ExitCode.OK;
        }
        for (Trend t : trends) {
            w.print(HistoryText.table(t, objective));
            w.println();
        }
        for (String s : RunFolders.fewerRefusals(notes)) {
            w.println("note: " + s);
        }
        w.flush();
        return ExitCode.OK;
    }

    /** {@code --by}: {@code backup} or {@code label}. */
    static Trend.By grouping(String by) {
        return switch (by.toLowerCase(Locale.ROOT)) {
            case "backup" -> Trend.By.BACKUP;
            case "label" -> Trend.By.LABEL;
            default -> throw new UsageException("--by " + by + ": expected backup or label");
        };
    }
}
