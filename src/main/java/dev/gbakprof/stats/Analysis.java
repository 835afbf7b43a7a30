package dev.gbakprof.stats;

import dev.gbakprof.model.FailureReason;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexFailureCause;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The comparison of a set of runs, computed once: configurations (label groups) with the spread of every
 * measure, each configuration against the baseline on every measure, the headline's facts, per-index and
 * per-table times, and the notes that keep it honest. Immutable; every writer (report page, charts,
 * Markdown, CSV, {@code --json}) formats it and none recomputes a number.
 */
public final class Analysis {
    private final List<RestoreRun> runs;
    private final List<RestoreRun> warmups;
    private final Pairing pairing;
    private final List<Pairing> pairings;
    private final double margin;
    private final List<RunGroup> groups;
    private final int baseline;
    private final List<Map<Measure, Comparison>> comparisons;
    private final Headline headline;
    private final List<ObjectTimes> indexes;
    private final List<ObjectTimes> tables;
    private final Map<String, DataDifference> dataDifferences;
    private final Map<String, SharedTables> differentDatabases;
    private final Why why;
    private final Scan scan;
    private final Provenance provenance;
    private final List<Note> notes;

    private Analysis(
            List<RestoreRun> runs, List<RestoreRun> warmups, List<RunGroup> groups, int baseline, double margin) {
        this.runs = List.copyOf(runs);
        this.warmups = List.copyOf(warmups);
        this.groups = groups;
        this.baseline = baseline;
        this.margin = margin;
        this.pairing = Pairing.of(runs, groups.stream().map(RunGroup::label).toList());
        List<Map<Measure, Comparison>> byGroup = new ArrayList<>();
        List<Pairing> paired = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            Map<Measure, Comparison> each = new EnumMap<>(Measure.class);
            // each comparison paired on its own: one input without start times leaves the others paired
            Pairing p = g == baseline ? Pairing.NONE : Pairing.between(groups.get(baseline), groups.get(g));
            if (g != baseline) {
                for (Measure m : Measure.values()) {
                    each.put(m, Comparisons.compare(groups.get(baseline), groups.get(g), m, p, margin));
                }
            }
            paired.add(p);
            byGroup.add(Collections.unmodifiableMap(each));
        }
        this.pairings = List.copyOf(paired);
        this.comparisons = List.copyOf(byGroup);
        this.headline = Headline.of(groups, baseline, Pairing::between, margin);
        this.indexes = ObjectStats.indexes(groups);
        this.tables = ObjectStats.tables(groups);
        this.differentDatabases = Collections.unmodifiableMap(SameDatabase.differentDatabases(groups, baseline));
        this.dataDifferences = Collections.unmodifiableMap(SameDatabase.differentData(groups, baseline));
        this.why = Why.of(headline, groups, indexes, tables);
        this.scan = Scan.of(groups, baseline, comparisons);
        this.provenance = Provenance.of(runs);
        this.notes = List.copyOf(computeNotes());
    }

    /**
     * @param baselineLabel the configuration every other is compared with, {@code null}: the first
     * @throws IllegalArgumentException when there are no runs, or no run carries {@code baselineLabel}
     */
    public static Analysis of(List<RestoreRun> runs, String baselineLabel) {
        return of(runs, baselineLabel, Comparisons.DEFAULT_MARGIN);
    }

    /**
     * @param margin the equivalence margin of the verdicts ({@code --margin}: 0.05 = ±5 %)
     * @throws IllegalArgumentException when there are no runs, no run carries {@code baselineLabel}, or the margin is
     *                                  not above 0
     */
    public static Analysis of(List<RestoreRun> runs, String baselineLabel, double margin) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to analyse");
        }
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException(
                    "the margin must be above 0 % and below 100 %, not " + margin * 100 + " %");
        }
        List<RestoreRun> counted = runs.stream().filter(r -> !r.warmupRestore()).toList();
        // only warm-ups (an experiment stopped in them): they are all there is to show
        List<RestoreRun> shown = counted.isEmpty() ? runs : counted;
        List<RunGroup> groups = Groups.byLabel(shown);
        return new Analysis(
                shown,
                counted.isEmpty()
                        ? List.of()
                        : runs.stream().filter(RestoreRun::warmupRestore).toList(),
                groups,
                Groups.baselineIndex(groups, baselineLabel),
                margin);
    }

    /** Every counted run (warm-ups set aside), in input order. */
    public List<RestoreRun> runs() {
        return runs;
    }

    /** The warm-up restores set aside ({@code --warmup}), in input order. */
    public List<RestoreRun> warmups() {
        return warmups;
    }

    /**
     * How the runs of every configuration together cut into rounds; each comparison is paired on its own ({@link
     * Pairing#between}), its {@link Comparison#method()} says which test it got.
     */
    public Pairing pairing() {
        return pairing;
    }

    /** Some comparison got the paired test. */
    public boolean someComparedPaired() {
        return comparedBy(Comparison.Method.PAIRED);
    }

    /**
     * Some comparison got Welch's test: its two configurations' runs cannot be cut into rounds, or a measure fewer than
     * {@link Pairing#MIN_PAIRS} rounds give both sides a time of (a failed restore).
     */
    public boolean someComparedUnpaired() {
        return comparedBy(Comparison.Method.WELCH);
    }

    private boolean comparedBy(Comparison.Method method) {
        return comparisons.stream().flatMap(m -> m.values().stream()).anyMatch(c -> c.method() == method);
    }

    /** The equivalence margin of the verdicts (0.05 = ±5 %). */
    public double margin() {
        return margin;
    }

    /**
     * A run's total restore time as every output of the comparison shows it ({@link Measure#TOTAL}): {@code null}
     * (unknown) unless the restore completed.
     */
    public Double total(RestoreRun run) {
        return Measure.TOTAL.of(run);
    }

    /** The configurations, in the order their labels first appear. */
    public List<RunGroup> groups() {
        return groups;
    }

    /** Index of the baseline configuration in {@link #groups()}. */
    public int baseline() {
        return baseline;
    }

    public RunGroup baselineGroup() {
        return groups.get(baseline);
    }

    /** Configuration {@code group} against the baseline on {@code measure}; {@code null} for the baseline itself. */
    public Comparison comparison(int group, Measure measure) {
        return comparisons.get(group).get(measure);
    }

    public Headline headline() {
        return headline;
    }

    /** Every index built in any run, in the order first seen. */
    public List<ObjectTimes> indexes() {
        return indexes;
    }

    /** Every table loaded in any run, in the order first seen. */
    public List<ObjectTimes> tables() {
        return tables;
    }

    /** Why the headline's configurations differ, {@code null} when it compares none (or nothing is known). */
    public Why why() {
        return why;
    }

    /**
     * The speed-up curve when the configurations are values of one gbak switch ({@code matrix --vary}: "-par 1",
     * "-par 4", …), else {@code null}.
     */
    public Scan scan() {
        return scan;
    }

    /** Where and when the runs were made, as far as the records know. */
    public Provenance provenance() {
        return provenance;
    }

    /** What the headline must not hide, in the order a reader needs it. */
    public List<Note> notes() {
        return notes;
    }

    /**
     * Per label whose whole restores share fewer than half of their tables with the baseline's (the smaller side's):
     * two different databases, whose times race nothing; in the order of the configurations.
     */
    public Map<String, SharedTables> differentDatabases() {
        return differentDatabases;
    }

    /**
     * Per label whose restores that reached gbak's end did not restore the same tables and rows as the baseline's
     * first such restore: the first difference (a table an excerpt does not show is none).
     */
    public Map<String, DataDifference> dataDifferences() {
        return dataDifferences;
    }

    private List<Note> computeNotes() {
        List<Note> out = comparisonNotes();
        if (scan != null) {
            out.add(Note.of(NoteCode.SCAN, scan)); // last: the curve over every value, after the headline's pair
        }
        if (scan != null && scan.used() != null && scan.sameUsed() != null) {
            out.add(0, Note.of(NoteCode.NOT_VARIED, scan)); // before the verdicts: what they compare is not the switch
        }
        if (runs.stream().anyMatch(r -> r.hasWarning(WarningCode.ANONYMIZED))) {
            out.add(0, Note.of(NoteCode.ANONYMIZED)); // first: no token is taken for a real name
        }
        // names read in another code page than the log's show wherever names show: the page, its charts, the Why
        long assumed = runs.stream()
                .filter(r -> r.hasWarning(WarningCode.CODE_PAGE_ASSUMED))
                .count();
        if (assumed > 0) {
            out.add(Note.of(NoteCode.CODE_PAGE, assumed));
        }
        return out;
    }

    private List<Note> comparisonNotes() {
        List<Note> out = new ArrayList<>();
        if (!warmups.isEmpty()) {
            out.add(Note.of(
                    NoteCode.WARMUP,
                    warmups.size(),
                    warmups.stream().map(RestoreRun::label).distinct().toList()));
        }
        for (RunGroup g : groups) {
            FirstRun.slower(g, warmups.size()).ifPresent(out::add);
        }
        for (RunGroup g : groups) {
            // a restore gbak took to its end without an index is said by its index-failed note (what to do next), and
            // so is one that gbak gave up at the index that note names (#8263: Exiting before completion)
            String noted = indexFailed(g).map(n -> (String) n.arg(1)).orElse(null);
            List<RestoreRun> failed = g.runs().stream()
                    .filter(r -> r.status() == RunStatus.FAILED
                            && !RunOutcome.restoredWithoutIndexes(r)
                            && !(noted != null && noted.equals(firstFailedIndex(r))))
                    .toList();
            if (!failed.isEmpty()) {
                String error = Objects.requireNonNullElse(FailureReason.of(failed.get(0)), "?");
                out.add(Note.of(NoteCode.RUNS_FAILED, g.label(), failed.size(), g.size(), error));
            }
        }
        for (RunGroup g : groups) {
            indexFailed(g).ifPresent(out::add);
        }
        for (RunGroup g : groups) {
            if (g.count(RunOutcome.INCOMPLETE) > 0) {
                // why the first stopped, when its record says (gbakprof's --timeout or Ctrl-C: as a Stop, for the
                // report's language), else null
                Object why = g.runs().stream()
                        .filter(r -> RunOutcome.of(r) == RunOutcome.INCOMPLETE)
                        .findFirst()
                        .map(r -> FailureReason.stop(r) != null ? FailureReason.stop(r) : FailureReason.of(r))
                        .orElse(null);
                out.add(Note.of(NoteCode.RUNS_INCOMPLETE, g.label(), g.count(RunOutcome.INCOMPLETE), g.size(), why));
            }
        }
        for (RunGroup g : groups) {
            for (int i = 0; i < g.size(); i++) {
                RestoreRun r = g.runs().get(i);
                // the record's own word: gbak stopped before them (one it took to its end restored them inactive)
                if (r.warnings().stream().anyMatch(w -> w.is(WarningCode.INDEXES_NEVER_BUILT))
                        && r.indexesDefined() != null
                        && r.indexesNeverBuilt() != null) {
                    out.add(Note.of(
                            NoteCode.INDEXES_NEVER_BUILT,
                            g.runName(i),
                            r.indexesNeverBuilt().size(),
                            r.indexesDefined(),
                            r.indexes().isEmpty()));
                }
            }
        }
        boolean allExcerpts =
                groups.size() > 2 && groups.stream().allMatch(g -> g.count(RunOutcome.EXCERPT) == g.size());
        for (RunGroup g : allExcerpts ? groups.subList(0, 1) : groups) {
            if (g.count(RunOutcome.EXCERPT) > 0) {
                // many configurations of excerpts: said once for all of them (label null)
                out.add(allExcerpts ? Note.of(NoteCode.EXCERPT, (Object) null) : excerpt(g));
            }
        }
        for (Confounder.Difference d : Confounder.differences(groups)) {
            out.add(Note.of(NoteCode.differs(d.kind()), d));
        }
        for (RunGroup g : groups) {
            // the gbak versions said it: the engines' and the databases' follow them (embedded, or inspected)
            boolean versions = false;
            for (Confounder kind : Confounder.ONE_CONFIGURATION) {
                List<String> values = kind.mixed(g.runs());
                boolean follows = kind == Confounder.ENGINE_VERSION || kind == Confounder.ODS;
                if (!values.isEmpty() && !(versions && follows)) {
                    out.add(Note.of(NoteCode.MIXED, g.label(), kind, values));
                    versions |= kind == Confounder.GBAK_VERSION || kind == Confounder.ENGINE_VERSION;
                }
            }
        }
        boolean single =
                groups.size() == 1 && groups.get(0).runs().stream().noneMatch(r -> r.status() == RunStatus.COMPLETED);
        if (single) {
            out.addAll(unknownBuilds());
            return out;
        }
        if (headline.measure() == null) {
            return out;
        }
        if (!headline.onTotal()) {
            out.add(0, Note.of(NoteCode.PARTIAL_MEASURE, headline.measure()));
        }
        differentDatabases.forEach((label, shared) -> out.add(
                0, Note.of(NoteCode.DIFFERENT_DATABASES, label, baselineGroup().label(), shared)));
        out.addAll(WideSpread.of(headline));
        if (groups.size() > 2) {
            // each configuration against the baseline, as the headline ranks them (fastest first, unknown last)
            out.addAll(rankedVerdicts(headline.measure()).stream()
                    .filter(n -> !raceless((Comparison) n.arg(0)))
                    .toList());
        } else if (headline.comparison() != null) {
            if (!raceless(headline.comparison())) {
                out.add(Note.of(NoteCode.VERDICT, headline.comparison()));
            }
        }
        if (why != null && !raceless(headline.comparison())) {
            // with more than two configurations, which pair it explains: the headline's slower and faster
            out.add(
                    groups.size() > 2
                            ? Note.of(
                                    NoteCode.WHY,
                                    why,
                                    headline.slower().label(),
                                    headline.faster().label())
                            : Note.of(NoteCode.WHY, why));
        }
        dataDifferences.forEach((label, d) -> {
            if (!differentDatabases.containsKey(label)) {
                out.add(Note.of(NoteCode.DIFFERENT_DATA, label, baselineGroup().label(), d));
            }
        });
        out.addAll(unpaired());
        if (!headline.onTotal()) {
            out.addAll(unknownBuilds());
        }
        return out;
    }

    /**
     * What a configuration's (first) excerpt timed: the first table load or index build it gives a time to (where it
     * starts, as far as it shows), whether it reaches gbak's end, and the table loads and index builds it times.
     */
    private static Note excerpt(RunGroup g) {
        RestoreRun r = g.runs().stream()
                .filter(x -> RunOutcome.of(x) == RunOutcome.EXCERPT)
                .findFirst()
                .orElseThrow();
        String firstKind = null;
        String firstName = null;
        Double firstAt = null;
        for (var l : r.tables()) {
            if (l.startSeconds() != null && (firstAt == null || l.startSeconds() < firstAt)) {
                firstKind = "table";
                firstName = l.name();
                firstAt = l.startSeconds();
            }
        }
        for (IndexBuild i : r.indexes()) {
            if (i.startSeconds() != null && (firstAt == null || i.startSeconds() < firstAt)) {
                firstKind = "index";
                firstName = i.name();
                firstAt = i.startSeconds();
            }
        }
        return Note.of(
                NoteCode.EXCERPT,
                g.label(),
                firstKind,
                firstName,
                firstAt,
                r.status() == RunStatus.COMPLETED,
                r.tables().stream().filter(l -> l.seconds() != null).count(),
                r.indexes().stream().filter(i -> i.seconds() != null).count());
    }

    /** A comparison of two different databases: no verdict, no why (their times race nothing). */
    private boolean raceless(Comparison c) {
        return c != null
                && (differentDatabases.containsKey(c.candidate().label())
                        || differentDatabases.containsKey(c.baseline().label()));
    }

    /** The verdict of every configuration but the baseline against it on {@code m}: fastest first, unknown last. */
    private List<Note> rankedVerdicts(Measure m) {
        List<Integer> order = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            if (g != baseline) {
                order.add(g);
            }
        }
        order.sort(Comparator.comparingDouble(g -> {
            Spread s = groups.get(g).spread(m);
            return s.known() ? s.median() : Double.MAX_VALUE;
        }));
        return order.stream()
                .map(g -> Note.of(NoteCode.VERDICT, comparison(g, m)))
                .toList();
    }

    /** The codes of the notes, in order (what tests and scripts look at). */
    public List<NoteCode> noteCodes() {
        return notes.stream().map(Note::code).toList();
    }

    /** The name of the first index gbak could not build in {@code run}, or {@code null}. */
    private static String firstFailedIndex(RestoreRun run) {
        return run.indexes().stream()
                .filter(IndexBuild::failed)
                .map(IndexBuild::name)
                .findFirst()
                .orElse(null);
    }

    /**
     * The first index a configuration's runs could not build, with gbak's own words for why (the duplicate key)
     * and whether it left the database offline ({@code Database is not online…}, {@code Run gfix -online…}).
     */
    private static Optional<Note> indexFailed(RunGroup g) {
        for (RestoreRun r : g.runs()) {
            IndexBuild cut = r.cutByStop(); // gbakprof's stop cut it: not gbak's failure (a record before the field)
            IndexBuild failed = r.indexes().stream()
                    .filter(b -> b.failed() && !b.equals(cut))
                    .findFirst()
                    .orElse(null);
            if (failed == null) {
                continue;
            }
            String reason = null;
            String key = null;
            boolean offline = false;
            IndexFailureCause why = IndexFailureCause.of(failed, r.errors());
            String cause = why == null ? null : why.code();
            // the record's own lines of this index's failure (gbak's ERROR lines after its cannot commit index); a
            // record written before them has the run's errors only
            boolean own = failed.errors() != null;
            for (String e : own ? failed.errors() : r.errors()) {
                String text = e.replaceFirst("^ERROR:\\s*", "").strip();
                if (key == null && text.startsWith("Problematic key value")) {
                    key = text;
                } else if (reason == null && (own || e.startsWith("ERROR:")) && !text.isEmpty()) {
                    reason = text;
                }
            }
            for (String e : r.errors()) {
                offline |= e.contains("gfix -online") || e.contains("is not online");
            }
            return Optional.of(Note.of(
                    NoteCode.INDEX_FAILED,
                    g.label(),
                    failed.name(),
                    failed.table(),
                    reason,
                    key,
                    offline,
                    cause,
                    RunOutcome.indexesNotBuilt(r),
                    r.wentToTheEnd()));
        }
        return Optional.empty();
    }

    /** No run has times: every log was written without {@code -st} (its time and delta columns). */
    public boolean untimed() {
        return runs.stream().noneMatch(RestoreRun::timed);
    }

    /**
     * How the verdicts were tested, where a pairing was wanted (two configurations with repeated runs) and the runs
     * could not be cut into rounds: one note when every comparison fell back for one reason, else a note naming each
     * comparison that did (the others are paired).
     */
    private List<Note> unpaired() {
        List<Note> named = new ArrayList<>();
        Set<List<Object>> reasons = new HashSet<>();
        RunGroup base = baselineGroup();
        for (int g = 0; g < groups.size(); g++) {
            Pairing p = pairings.get(g);
            if (p.reason() != null
                    && base.size() >= Comparisons.MIN_RUNS
                    && groups.get(g).size() >= Comparisons.MIN_RUNS) {
                named.add(Note.of(
                        NoteCode.UNPAIRED,
                        p.reason().code(),
                        p.label(),
                        p.round(),
                        groups.get(g).label(),
                        base.label()));
                reasons.add(Arrays.asList(p.reason().code(), p.label(), p.round()));
            }
        }
        if (named.size() == groups.size() - 1 && reasons.size() == 1) {
            return List.of(Note.of(
                    NoteCode.UNPAIRED,
                    named.get(0).arg(0),
                    named.get(0).arg(1),
                    named.get(0).arg(2)));
        }
        return named;
    }

    private List<Note> unknownBuilds() {
        // a log without time columns (no -st) times nothing: the headline says so, its builds are not "unknown" one by
        // one; a build gbakprof's stop cut is unknown for that reason, not for the log's end
        long unknown = 0;
        long cut = 0;
        for (RestoreRun r : runs) {
            if (!r.timed()) {
                continue;
            }
            IndexBuild stopped = r.cutByStop();
            for (IndexBuild b : r.indexes()) {
                if (b.seconds() == null) {
                    unknown++;
                    cut += b.equals(stopped) ? 1 : 0;
                }
            }
        }
        return unknown == 0 ? List.of() : List.of(Note.of(NoteCode.UNKNOWN_BUILDS, unknown, cut));
    }
}
