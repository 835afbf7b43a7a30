package dev.gbakprof.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Comparison;
import dev.gbakprof.stats.Interval;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.Provenance;
import dev.gbakprof.stats.RowCount;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.RunOutcome;
import dev.gbakprof.stats.Scan;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The analysis as JSON ({@value #SCHEMA}), what {@code compare --json} and {@code report --json} print: the headline
 * exactly as the page shows it, the configurations with their runs and spreads, each against the baseline, per-index
 * and per-table rows, and the notes with their codes. Seconds are gbak's; unknown is {@code null}, never 0. Field names
 * are a contract, as the run record's.
 *
 * @param scan    the speed-up curve of a {@code matrix --vary} scan; left out when the runs are not one
 * @param indexes each index; left out of {@code report.html}'s data block ({@link #withoutObjects})
 * @param tables  each table; as {@code indexes}
 */
public record AnalysisJson(
        String schema,
        String language,
        String headline,
        String measure,
        String baseline,
        double margin,
        Pairing pairing,
        int warmups,
        Provenance provenance,
        List<Configuration> configurations,
        List<ComparisonJson> comparisons,
        @JsonInclude(JsonInclude.Include.NON_NULL) ScanJson scan,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<IndexJson> indexes,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<TableJson> tables,
        List<Note> notes) {
    /**
     * {@code /2}: a verdict is one of {@code faster}, {@code slower}, {@code same} (within {@code margin}), {@code
     * cannot-tell}, {@code too-few-runs}, {@code too-short}, {@code unknown}; {@code /1}'s {@code within-noise} meant
     * either of the middle two. Added since {@code /1}: {@code margin}, {@code pairing}, {@code warmups}, the runs'
     * {@code round}, {@code position} and {@code warmup}, and each comparison's {@code method}, {@code pairs}, {@code
     * pairsSlower}, {@code pairsTied} and {@code runsNeeded}.
     */
    public static final String SCHEMA = "gbakprof.compare/2";

    /** A note of the headline: its stable code and its sentence in the page's language. */
    public record Note(String code, String message) {}

    /**
     * The document of an analysis.
     *
     * @param language the texts' language tag ({@code pt-BR})
     * @param headline the headline as the page shows it
     * @param notes    the headline's notes, in its order
     */
    public static AnalysisJson of(Analysis a, String language, String headline, List<Note> notes) {
        List<Configuration> configurations = IntStream.range(0, a.groups().size())
                .mapToObj(g -> Configuration.of(a.groups().get(g), g == a.baseline()))
                .toList();
        List<ComparisonJson> comparisons = new ArrayList<>();
        for (int g = 0; g < a.groups().size(); g++) {
            if (g == a.baseline()) {
                continue;
            }
            for (Measure m : Measure.values()) {
                comparisons.add(ComparisonJson.of(a.comparison(g, m)));
            }
        }
        return new AnalysisJson(
                SCHEMA,
                language,
                headline,
                measureCode(a.headline().measure()),
                a.baselineGroup().label(),
                a.margin(),
                Pairing.of(a.pairing()),
                a.warmups().size(),
                a.provenance(),
                configurations,
                comparisons,
                a.scan() == null ? null : ScanJson.of(a.scan()),
                a.indexes().stream().map(o -> IndexJson.of(a, o)).toList(),
                a.tables().stream().map(o -> TableJson.of(a, o)).toList(),
                notes);
    }

    /** The same document without its per-object lists {@code indexes} and {@code tables}. */
    public AnalysisJson withoutObjects() {
        return new AnalysisJson(
                schema,
                language,
                headline,
                measure,
                baseline,
                margin,
                pairing,
                warmups,
                provenance,
                configurations,
                comparisons,
                scan,
                null,
                null,
                notes);
    }

    /** How the runs were paired: {@code method}, the {@code rounds} when paired, the {@code reason} when not. */
    public record Pairing(String method, Integer rounds, String reason) {
        static Pairing of(dev.gbakprof.stats.Pairing p) {
            return new Pairing(
                    p.kind().code(),
                    p.paired() ? p.rounds().size() : null,
                    p.reason() == null ? null : p.reason().code());
        }
    }

    /**
     * One configuration: its runs counted by outcome ({@code count} first), each run, the spread of its total and of
     * each phase.
     */
    public record Configuration(
            String label,
            boolean baseline,
            Map<String, Integer> runs,
            List<Run> runList,
            SpreadJson total,
            Map<String, SpreadJson> phases) {
        static Configuration of(RunGroup g, boolean baseline) {
            Map<String, Integer> runs = new LinkedHashMap<>();
            runs.put("count", g.size());
            for (RunOutcome k : RunOutcome.values()) {
                runs.put(k.toString(), g.count(k));
            }
            Map<String, SpreadJson> phases = new LinkedHashMap<>();
            for (Phase p : Phase.values()) {
                phases.put(p.label(), SpreadJson.of(g.spread(Measure.of(p))));
            }
            return new Configuration(
                    g.label(),
                    baseline,
                    runs,
                    g.runs().stream().map(Run::of).toList(),
                    SpreadJson.of(g.spread(Measure.TOTAL)),
                    phases);
        }
    }

    /** One run of a configuration. */
    public record Run(
            String source,
            String status,
            String kind,
            String startedAt,
            Integer round,
            Integer position,
            Boolean warmup,
            Double totalSeconds,
            Double lastSeenSeconds) {
        static Run of(RestoreRun r) {
            return new Run(
                    r.source(),
                    r.status().toString(),
                    RunOutcome.of(r).toString(),
                    r.startedAt(),
                    r.round(),
                    r.position(),
                    r.warmup(),
                    r.restoreSeconds(),
                    r.lastSeenSeconds());
        }
    }

    /** A spread of seconds: how many runs know it and how many do not, the median, the least and the most. */
    public record SpreadJson(int known, int unknown, Double median, Double min, Double max) {
        static SpreadJson of(Spread s) {
            return new SpreadJson(s.n(), s.unknown(), s.median(), s.min(), s.max());
        }
    }

    /**
     * A configuration against the baseline on one measure.
     *
     * @param ratio    the time ratio, candidate ÷ baseline
     * @param interval the ratio's confidence interval, {@code null} without a test
     */
    public record ComparisonJson(
            String label,
            String baseline,
            String measure,
            Double ratio,
            IntervalJson interval,
            Double pValue,
            String verdict,
            String method,
            Integer pairs,
            Integer pairsSlower,
            Integer pairsTied,
            Integer runsNeeded) {
        static ComparisonJson of(Comparison c) {
            Interval ci = c.interval();
            return new ComparisonJson(
                    c.candidate().label(),
                    c.baseline().label(),
                    measureCode(c.measure()),
                    c.timeRatio(),
                    // of the time ratio (candidate ÷ baseline, as "ratio"): the speed-up's bounds inverted
                    ci == null ? null : new IntervalJson(1 / ci.high(), 1 / ci.low(), ci.level()),
                    c.pValue(),
                    c.verdict().code(),
                    c.method() == null ? null : c.method().code(),
                    c.pairs(),
                    c.pairsSlower(),
                    c.pairsTied(),
                    c.runsNeeded());
        }
    }

    /** A confidence interval and its level. */
    public record IntervalJson(double low, double high, double level) {}

    /**
     * The speed-up curve of a {@code matrix --vary} scan: each value, where it lies ({@code x}: what gbak ran, {@code
     * used}: the workers the engine used for {@code -par}, the page size of the restored database for {@code -p}), its
     * speed-up of the total against the baseline, the best and the "enough" value; {@code sameUsed}: what every value
     * ran as, when gbak ran them all as one ({@code null} otherwise).
     */
    public record ScanJson(
            String option,
            boolean workers,
            String baseline,
            double enoughShare,
            List<String> curves,
            List<PointJson> points,
            String best,
            String enough,
            boolean gainShown,
            String used,
            Integer sameUsed) {
        static ScanJson of(Scan s) {
            return new ScanJson(
                    s.option(),
                    s.workers(),
                    s.baseline().label(),
                    Scan.ENOUGH,
                    s.curves(),
                    s.points().stream().map(p -> PointJson.of(s, p)).toList(),
                    s.best() == null ? null : s.best().label(),
                    s.enough() == null ? null : s.enough().label(),
                    s.gainShown(),
                    s.used() == null ? null : s.used().code(),
                    s.sameUsed());
        }
    }

    /** One value of a scan. */
    public record PointJson(
            String label,
            String curve,
            long value,
            Integer workersUsed,
            double x,
            Double speedup,
            Double ciLow,
            Double ciHigh,
            Double slowestRun,
            Double fastestRun,
            String verdict,
            Integer pageSizeUsed) {
        static PointJson of(Scan s, Scan.Point p) {
            return new PointJson(
                    p.label(),
                    p.curve(),
                    p.value(),
                    s.workers() ? p.used() : null,
                    p.x(),
                    p.speedup(),
                    p.interval() == null ? null : p.interval().low(),
                    p.interval() == null ? null : p.interval().high(),
                    p.slowest(),
                    p.fastest(),
                    p.verdict() == null ? null : p.verdict().code(),
                    s.used() == Scan.Used.PAGE_SIZE ? p.used() : null);
        }
    }

    /** An index: its table as the log or the database tells it, and its times in each configuration. */
    public record IndexJson(
            String name,
            String table,
            String tableSource,
            List<String> tableCandidates,
            List<IndexTimes> configurations) {
        static IndexJson of(Analysis a, ObjectTimes o) {
            return new IndexJson(
                    o.name(),
                    o.table(),
                    o.table() == null ? null : o.inferred() ? "inferred" : "known",
                    o.tableCandidates(),
                    perConfiguration(
                            a,
                            o,
                            (label, s, ratio, g) -> new IndexTimes(
                                    label, s, ratio, o.failedByGroup().get(g))));
        }
    }

    /** An index's times in one configuration, and in how many of its runs gbak could not build it. */
    public record IndexTimes(String label, @JsonUnwrapped SpreadJson spread, Double ratio, Integer failed) {}

    /** A table and its load times in each configuration. */
    public record TableJson(String name, List<TableTimes> configurations) {
        static TableJson of(Analysis a, ObjectTimes o) {
            return new TableJson(o.name(), perConfiguration(a, o, (label, s, ratio, g) -> {
                RowCount rows = o.rows(g);
                return new TableTimes(
                        label, s, ratio, rows == null ? null : rows.min(), rows == null ? null : rows.max());
            }));
        }
    }

    /** A table's load times in one configuration, and the rows it restored (least and most over the runs). */
    public record TableTimes(
            String label, @JsonUnwrapped SpreadJson spread, Double ratio, Long rowsMin, Long rowsMax) {}

    /** One configuration's row of an object: its label, its spread, its ratio to the baseline, its position. */
    private interface Row<T> {
        T of(String label, SpreadJson spread, Double ratio, int group);
    }

    /** An object's rows, one per configuration, in the configurations' order. */
    private static <T> List<T> perConfiguration(Analysis a, ObjectTimes o, Row<T> row) {
        return IntStream.range(0, a.groups().size())
                .mapToObj(g -> row.of(
                        a.groups().get(g).label(), SpreadJson.of(o.byGroup().get(g)), o.ratio(g, a.baseline()), g))
                .toList();
    }

    private static String measureCode(Measure m) {
        return m == null ? null : m.name().toLowerCase(Locale.ROOT);
    }
}
