package dev.gbakprof.forecast;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.stats.RunOutcome;
import dev.gbakprof.stats.SharedTables;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IntSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Which calibration runs a forecast counts: the completed ones, warm-ups set aside, of one route, one set of switches,
 * one gbak version and one database.
 */
final class Calibration {
    private Calibration() {}

    /**
     * The completed runs among {@code given} that are no warm-up, refused when there is none, when they mix routes,
     * gbak switches, gbak versions or databases ({@link #oneDatabase}); the assumptions say which were left out or set
     * aside, and which tables only some of them restored.
     */
    static List<RestoreRun> usable(List<RestoreRun> given, List<String> assumptions) {
        List<RestoreRun> completed =
                given.stream().filter(r -> r.restoreSeconds() != null).toList();
        // a warm-up restore (run.json "warmup": true, from matrix --warmup or run --warmup) meets a cold cache: set
        // aside as compare sets it aside (Analysis)
        List<RestoreRun> warmups =
                completed.stream().filter(RestoreRun::warmupRestore).toList();
        List<RestoreRun> usable =
                completed.stream().filter(r -> !r.warmupRestore()).toList();
        if (usable.isEmpty()) {
            String unusable = leftOut(given, completed);
            throw new ForecastException("no completed, timed restore among the calibration runs (" + given.size()
                    + " given"
                    + (unusable.isEmpty() ? "" : ": " + unusable)
                    + (warmups.isEmpty()
                            ? ""
                            : ", " + warmups.size() + " of them warm-up restores, set aside as compare sets them aside")
                    + "); expected the log (gbak -c -v -st tdrw, from its start to its end) or run record of a restore"
                    + " that finished");
        }
        List<String> routes = Confounder.ROUTE.distinctValues(usable);
        if (routes.size() > 1) {
            throw new ForecastException("the calibration mixes routes ("
                    + routes.stream()
                            .map(route -> route + ": "
                                    + usable.stream()
                                            .filter(r -> route.equals(Confounder.ROUTE.of(r)))
                                            .map(Target::name)
                                            .collect(Collectors.joining(", ")))
                            .collect(Collectors.joining("; "))
                    + "): they restore at different speeds, which is no run-to-run noise; expected calibration"
                    + " restores of one route, the one the target will restore by");
        }
        List<String> switches = Confounder.SWITCHES.distinctValues(usable);
        if (switches.size() > 1) {
            throw new ForecastException("the calibration mixes gbak switches ("
                    + listed(usable, Confounder.SWITCHES::of, v -> v.equals("none") ? "no other switch" : v)
                    + "): restores with other switches (buffers, parallel workers…) are other configurations, not"
                    + " repeats; expected calibration restores with the switches the target will restore with");
        }
        // gbak of another version is another client (its own data path, its own requests), through one server too:
        // by major.minor (Confounder#family), as the engine's version is compared; a record that does not say (a parsed
        // log) mixes with none
        List<String> gbaks = usable.stream()
                .map(Confounder.GBAK_VERSION::family)
                .filter(v -> v != null)
                .distinct()
                .toList();
        if (gbaks.size() > 1) {
            throw new ForecastException("the calibration mixes gbak versions ("
                    + listed(
                            usable,
                            Confounder.GBAK_VERSION::family,
                            v -> "gbak " + v + " ("
                                    + usable.stream()
                                            .filter(r -> v.equals(Confounder.GBAK_VERSION.family(r)))
                                            .map(Confounder.GBAK_VERSION::of)
                                            .distinct()
                                            .sorted()
                                            .collect(Collectors.joining(", "))
                                    + ")")
                    + "): each gbak restores at its own speed, through one server too, which is no run-to-run noise;"
                    + " expected calibration restores by the gbak the target will restore with (run --gbak)");
        }
        oneDatabase(usable, assumptions);
        if (completed.size() < given.size()) {
            int left = given.size() - completed.size();
            assumptions.add(left + (left == 1 ? " calibration run" : " calibration runs") + " left out: "
                    + leftOut(given, completed));
        }
        if (!warmups.isEmpty()) {
            assumptions.add(warmups.size() + (warmups.size() == 1 ? " warm-up restore" : " warm-up restores")
                    + " set aside, as compare sets them aside ("
                    + warmups.stream().map(Target::name).collect(Collectors.joining(", "))
                    + "): recorded as warm-ups (run.json warmup), the first restores meet a cold cache");
        }
        return usable;
    }

    /**
     * Why the runs of {@code given} not in {@code completed} cannot be weighed, grouped, each group naming its runs: a
     * log of gbak without {@code -st} finished but timed nothing; an excerpt (its head cut off) does not show gbak's
     * start, so its total is unknown; the others did not complete (failed, stopped, or their log ends early).
     */
    private static String leftOut(List<RestoreRun> given, List<RestoreRun> completed) {
        Map<String, List<String>> why = new LinkedHashMap<>();
        for (RestoreRun r : given) {
            if (completed.contains(r)) {
                continue;
            }
            String reason = !r.timed() && r.status() == RunStatus.COMPLETED
                    ? "no timings (gbak without -st: it finished, but timed no phase or object; restore with"
                            + " gbak -c -v -st tdrw, or gbakprof run)"
                    : RunOutcome.of(r) == RunOutcome.EXCERPT
                            ? "an excerpt (the log starts after gbak's start: its total and the objects before its"
                                    + " first line are unknown; give the whole log)"
                            : "not completed";
            why.computeIfAbsent(reason, k -> new ArrayList<>()).add(Target.name(r));
        }
        return why.entrySet().stream()
                .map(e -> e.getKey() + ": " + EstimatedShare.names(e.getValue()))
                .collect(Collectors.joining("; "));
    }

    /**
     * Refuses runs of different databases, and says which tables only some runs restored. Two whole restores are of one
     * database when half or more of the smaller one's tables are the other's too ({@link SharedTables#different}, the
     * rule of {@code compare}'s "different databases"), and runs linked by such pairs are one database's restores (one
     * that grew new tables, or a copy of some of its tables): the model fits each table from the runs that restored it,
     * but the run-to-run noise, the exponents' precision, the largest calibration run ({@code --scale}, {@code --rows}),
     * the held-out size and the distance to the target take the runs' totals for sizes of one database. An excerpt
     * shows part of its tables, a log without -v none: they are not weighed.
     */
    private static void oneDatabase(List<RestoreRun> runs, List<String> assumptions) {
        Map<Set<String>, List<RestoreRun>> bySet = new LinkedHashMap<>();
        runs.stream()
                .filter(r ->
                        RunOutcome.of(r) != RunOutcome.EXCERPT && !r.tables().isEmpty())
                .forEach(r ->
                        bySet.computeIfAbsent(tables(r), k -> new ArrayList<>()).add(r));
        List<Set<String>> sets = new ArrayList<>(bySet.keySet());
        int[] side = new int[sets.size()];
        Arrays.setAll(side, i -> i);
        for (int i = 0; i < sets.size(); i++) {
            for (int j = i + 1; j < sets.size(); j++) {
                if (SharedTables.different(sets.get(i), sets.get(j)) == null) {
                    int from = side[j];
                    int to = side[i];
                    Arrays.setAll(side, k -> side[k] == from ? to : side[k]);
                }
            }
        }
        if (Arrays.stream(side).distinct().count() > 1) {
            throw new ForecastException(mixedDatabases(bySet, sets, side));
        }
        int counted = bySet.values().stream().mapToInt(List::size).sum();
        Map<String, Integer> restoredBy = new TreeMap<>();
        bySet.forEach((set, with) -> set.forEach(t -> restoredBy.merge(t, with.size(), Integer::sum)));
        List<String> some = restoredBy.entrySet().stream()
                .filter(e -> e.getValue() < counted)
                .map(e -> e.getKey() + " (" + count(e.getValue(), "run") + ")")
                .toList();
        if (!some.isEmpty()) {
            assumptions.add("the calibration runs restored different tables of one database (each run shares half or"
                    + " more of its tables with another): " + some.size() + " of its " + restoredBy.size()
                    + " tables in only some of its " + counted + " runs, " + EstimatedShare.names(some) + "; each table"
                    + " is fitted from the runs that restored it, while the sizes the range compares (the largest"
                    + " calibration run, the distance to the target) are each run's total rows, of other tables in"
                    + " some runs");
        }
    }

    /**
     * The refusal of runs of different databases: each database's tables and runs ({@code side}: the database of each of
     * the table {@code sets}), and the most tables two of them share.
     */
    private static String mixedDatabases(Map<Set<String>, List<RestoreRun>> bySet, List<Set<String>> sets, int[] side) {
        IntSummaryStatistics common = new IntSummaryStatistics();
        for (int i = 0; i < sets.size(); i++) {
            for (int j = i + 1; j < sets.size(); j++) {
                if (side[i] != side[j]) {
                    common.accept(
                            SharedTables.different(sets.get(i), sets.get(j)).common());
                }
            }
        }
        return "the calibration mixes databases ("
                + Arrays.stream(side)
                        .distinct()
                        .mapToObj(s -> {
                            Set<String> names = new TreeSet<>();
                            List<String> with = new ArrayList<>();
                            for (int i = 0; i < sets.size(); i++) {
                                if (side[i] == s) {
                                    names.addAll(sets.get(i));
                                    bySet.get(sets.get(i)).forEach(r -> with.add(Target.name(r)));
                                }
                            }
                            return count(names.size(), "table") + " (" + EstimatedShare.names(names) + "): "
                                    + count(with.size(), "run") + " (" + EstimatedShare.names(with) + ")";
                        })
                        .collect(Collectors.joining("; "))
                + "; "
                + (common.getMax() == 0
                        ? "no table"
                        : (common.getMin() == common.getMax() ? "" : "at most ") + count(common.getMax(), "table"))
                + " in common): restores that share fewer than half of their tables are of different databases, no"
                + " sizes of one, and their difference would be taken for growth and run-to-run noise; expected"
                + " calibration restores of one database, the one the target is a copy of";
    }

    /** The tables a run restored data of. */
    private static Set<String> tables(RestoreRun r) {
        return r.tables().stream().map(TableLoad::name).collect(Collectors.toUnmodifiableSet());
    }

    private static String count(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /**
     * Each value of {@code kind} among {@code runs}, in order, as {@code name: N runs (their labels)}: what a refusal
     * of mixed calibration runs names.
     */
    private static String listed(List<RestoreRun> runs, Function<RestoreRun, String> kind, UnaryOperator<String> name) {
        return runs.stream()
                .map(kind)
                .filter(v -> v != null)
                .distinct()
                .sorted()
                .map(value -> {
                    List<RestoreRun> with = runs.stream()
                            .filter(r -> value.equals(kind.apply(r)))
                            .toList();
                    return name.apply(value) + ": " + with.size() + (with.size() == 1 ? " run" : " runs") + " ("
                            + with.stream().map(Target::name).distinct().collect(Collectors.joining(", ")) + ")";
                })
                .collect(Collectors.joining("; "));
    }
}
