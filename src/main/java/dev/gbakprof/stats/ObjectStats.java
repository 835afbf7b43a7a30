package dev.gbakprof.stats;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/** Per index and per table: the median time in each label group. */
public final class ObjectStats {
    private ObjectStats() {}

    /**
     * Every index seen in any run, in the order first seen, matched by name <em>and</em> table: two databases
     * each have an {@code RDB$FOREIGN3}, of different tables, and their times are not one index's. A table the
     * log or the database gives for certain wins over an inferred one ({@code --inspect}: {@code indexMapping:
     * database}): an index whose table is only inferred, or unknown, in some run joins the certain one when its
     * name has exactly one certain table.
     */
    public static List<ObjectTimes> indexes(List<RunGroup> groups) {
        Map<String, Set<String>> certain = new LinkedHashMap<>();
        for (RunGroup g : groups) {
            for (RestoreRun r : g.runs()) {
                for (IndexBuild b : r.indexes()) {
                    if (b.table() != null && b.tableSource() != IndexMapping.INFERRED) {
                        certain.computeIfAbsent(b.name(), k -> new LinkedHashSet<>())
                                .add(b.table());
                    }
                }
            }
        }
        BiFunction<RestoreRun, IndexBuild, String> key = (run, b) -> {
            Set<String> known = certain.getOrDefault(b.name(), Set.of());
            String sure = known.size() == 1 ? known.iterator().next() : null;
            // the certain table wins when this run restored that table too (the same database, inferred wrongly)
            boolean same =
                    sure != null && run.tables().stream().anyMatch(t -> t.name().equals(sure));
            // an index whose table this log cannot name (an excerpt) is the same index as the one of its name whose
            // table
            // another log names, when that table is among the ones it may belong to (or the log names none)
            boolean candidate = b.table() == null
                    && sure != null
                    && (b.tableCandidates() == null
                            || b.tableCandidates().isEmpty()
                            || b.tableCandidates().contains(sure));
            String table = b.table() != null && b.tableSource() != IndexMapping.INFERRED
                    ? b.table()
                    : same || candidate ? sure : b.table();
            return table == null ? b.name() : b.name() + KEY + table;
        };
        return collect(groups, RestoreRun::indexes, key, IndexBuild::seconds, IndexBuild::failed, (name, builds) -> {
            List<IndexBuild> all = builds.stream().flatMap(List::stream).toList();
            IndexBuild withTable = all.stream()
                    .filter(b -> b.table() != null && b.tableSource() != IndexMapping.INFERRED)
                    .findFirst()
                    .orElse(all.stream()
                            .filter(b -> b.table() != null)
                            .findFirst()
                            .orElse(null));
            if (name.contains(KEY) && (withTable == null || !name.endsWith(KEY + withTable.table()))) {
                // an inferred build joined the certain table of its name
                return new Meta(name.substring(name.indexOf(KEY) + 1), false, List.of(), List.of());
            }
            if (withTable == null) {
                // no run knows the table: the ones the logs name as possible, never one guess
                List<String> candidates = all.stream()
                        .filter(b -> b.tableCandidates() != null)
                        .flatMap(b -> b.tableCandidates().stream())
                        .distinct()
                        .toList();
                return new Meta(null, false, List.of(), candidates);
            }
            return new Meta(withTable.table(), withTable.tableSource() == IndexMapping.INFERRED, List.of(), List.of());
        });
    }

    /**
     * Every table loaded in any run, in the order first seen, with the rows of each group: the counts of
     * its runs whose load finished (a load the log ends in had restored only part of the rows).
     */
    public static List<ObjectTimes> tables(List<RunGroup> groups) {
        return collect(
                groups,
                RestoreRun::tables,
                (run, t) -> t.name(),
                TableLoad::seconds,
                t -> false,
                (name, loadsByGroup) -> new Meta(
                        null,
                        false,
                        loadsByGroup.stream()
                                .map(loads -> RowCount.of(loads.stream()
                                        .filter(t -> t.seconds() != null && t.records() != null)
                                        .mapToLong(TableLoad::records)
                                        .summaryStatistics()))
                                .toList(),
                        List.of()));
    }

    /**
     * The {@code top} objects by their largest median; objects whose time no group knows come after
     * the known ones (they are shown as unknown, never as zero) while room is left.
     */
    public static List<ObjectTimes> top(List<ObjectTimes> all, int top) {
        Comparator<ObjectTimes> slowestFirst =
                Comparator.comparing(ObjectTimes::maxMedian, Comparator.nullsLast(Comparator.reverseOrder()));
        return all.stream().sorted(slowestFirst).limit(top).toList();
    }

    /** Between an index's name and its table in the key that matches builds. */
    private static final String KEY = "\u0000";

    private record Meta(String table, boolean inferred, List<RowCount> rowsByGroup, List<String> tableCandidates) {}

    private interface MetaOf<T> {
        /** @param itemsByGroup the object in the runs of each group that have it, in group order */
        Meta of(String name, List<List<T>> itemsByGroup);
    }

    private static <T> List<ObjectTimes> collect(
            List<RunGroup> groups,
            Function<RestoreRun, List<T>> items,
            BiFunction<RestoreRun, T, String> name,
            Function<T, Double> seconds,
            Predicate<T> failed,
            MetaOf<T> meta) {
        // name -> group -> one entry per run of the group that has the object
        Map<String, List<List<Double>>> times = new LinkedHashMap<>();
        Map<String, List<List<T>>> seen = new LinkedHashMap<>();
        Map<String, int[]> failures = new LinkedHashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            for (RestoreRun run : groups.get(g).runs()) {
                for (T item : items.apply(run)) {
                    String key = name.apply(run, item);
                    List<List<Double>> perGroup = times.computeIfAbsent(key, k -> newGroups(groups.size()));
                    perGroup.get(g).add(seconds.apply(item));
                    seen.computeIfAbsent(key, k -> newGroups(groups.size()))
                            .get(g)
                            .add(item);
                    if (failed.test(item)) {
                        failures.computeIfAbsent(key, k -> new int[groups.size()])[g]++;
                    }
                }
            }
        }
        List<ObjectTimes> out = new ArrayList<>(times.size());
        times.forEach((key, perGroup) -> {
            Meta m = meta.of(key, seen.get(key));
            int[] f = failures.getOrDefault(key, new int[groups.size()]);
            out.add(new ObjectTimes(
                    key.contains(KEY) ? key.substring(0, key.indexOf(KEY)) : key,
                    m.table(),
                    m.inferred(),
                    m.rowsByGroup(),
                    perGroup.stream().map(Spread::of).toList(),
                    Arrays.stream(f).boxed().toList(),
                    m.tableCandidates()));
        });
        return out;
    }

    private static <E> List<List<E>> newGroups(int n) {
        List<List<E>> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new ArrayList<>());
        }
        return list;
    }
}
