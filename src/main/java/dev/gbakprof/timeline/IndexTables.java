package dev.gbakprof.timeline;

import dev.gbakprof.model.IndexDefinition;
import dev.gbakprof.model.IndexMapping;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The index → table rule: which table each index definition of a restore belongs to, from the order of the table
 * definitions and of the data lines ({@link #map}). Keeps the tables defined and the index definitions in gbak's
 * order, grouped by the data line that followed them.
 */
final class IndexTables {
    private final Set<String> definedTables = new LinkedHashSet<>();
    // every index definition, in gbak's order; those from pendingFrom on are not yet followed by a data line (their
    // table is the next one with data)
    private final List<IndexState> definitions = new ArrayList<>();
    private int pendingFrom;
    private int mappedDefinitions;
    /** The definitions in groups, each closed by the data line that followed it. */
    private final List<DefinitionGroup> groups = new ArrayList<>();
    // a backup's index definitions ("writing index X"), in gbak's order; those from writtenFrom on have no data line
    // after them yet
    private final List<IndexDefinition> written = new ArrayList<>();
    private int writtenFrom;

    /**
     * The definitions from {@code from} to {@code to} (exclusive) of {@link #definitions}, printed right before
     * {@code table}'s data line ({@code null}: no data line followed yet). Bounds, not a copy: a huge log has tens of
     * thousands of groups.
     */
    private record DefinitionGroup(int from, int to, String table) {}

    /** {@code restoring table T}: a table's definition. */
    void tableDefined(String table) {
        definedTables.add(table);
    }

    /** A view's definition: a relation gbak first printed as a table, without data or indexes. */
    void view(String name) {
        definedTables.remove(name);
    }

    /** Tables defined, views not counted. */
    int tablesDefined() {
        return definedTables.size();
    }

    /** {@code restoring index X}: a definition, whose table is the next data line's. */
    void defined(IndexState definition) {
        definitions.add(definition);
    }

    /** A backup's {@code writing index X}: a definition, whose table is the next data line's. */
    void written(String index) {
        written.add(new IndexDefinition(index, null));
    }

    /**
     * A backup's index definitions with their tables: each the table of the data line after it, exactly, since a backup
     * prints a data line for every table it writes (views and external tables have no index); {@code null} table when
     * no data line followed yet.
     */
    List<IndexDefinition> written() {
        return List.copyOf(written);
    }

    /**
     * The tables of the index definitions {@code names} (after {@link #map}): each the table of the data line after its
     * last definition where the log says it exactly ({@code log}), else {@code null}.
     */
    List<IndexDefinition> tablesOf(List<String> names) {
        Map<String, String> exact = new HashMap<>();
        for (IndexState d : definitions) {
            exact.put(d.name, d.source == IndexMapping.LOG ? d.table : null);
        }
        return names.stream().map(n -> new IndexDefinition(n, exact.get(n))).toList();
    }

    /**
     * A data line of {@code table}: the definitions since the last one are its, as far as the line alone says. Only a
     * restore's data lines ({@code restoring data for table}, {@code restoring} set) close a group for {@link #map}; a
     * backup's ({@code writing data for table}) give the backup's index definitions since the last one their table.
     */
    void dataLine(String table, boolean restoring) {
        if (!restoring) {
            for (int i = writtenFrom; i < written.size(); i++) {
                written.set(i, new IndexDefinition(written.get(i).name(), table));
            }
            writtenFrom = written.size();
        }
        int to = definitions.size();
        for (int i = pendingFrom; i < to; i++) {
            definitions.get(i).table = table;
        }
        mappedDefinitions += to - pendingFrom;
        if (restoring) {
            groups.add(new DefinitionGroup(pendingFrom, to, table));
        }
        pendingFrom = to;
    }

    /**
     * Maps each index definition to its table. gbak's backup writes the data of the tables in one fixed order, the
     * reverse of their definitions: backup.epp's write_relations() puts each table on the head of its relation list
     * as it writes the table's definition, and the data loop then walks that list from its head, writing for each
     * table its index definitions (put_index) and then its rows (2.5 to 6.0 alike). So a restore prints the
     * {@code restoring table} definitions in one order, and the index definitions and data lines ({@code restoring
     * index}, {@code restoring data for table}) table by table in exactly the reverse order (docs/dev/GBAK-FORMAT.md §2); a
     * table with no rows prints its index definitions and no data line (rows are rec_data records, one per row).
     * Walking both orders together, the index definitions before table T's data line belong to T alone when no
     * table without a data line lies between T and the previous table with one: exact ({@code log}). Otherwise they
     * belong to one of those tables or to T, in that order, and the log cannot say where one table's definitions
     * end: each gets the candidates ("AUDIT_EMPTY or ORDER_LINES"), not one guess. Views have neither.
     *
     * @param loaded    the tables whose data line the log shows
     * @param dataEnded the restore went past its data (its indexes started, or it finished): a table without a data
     *                  line then has no rows, rather than not reached yet
     * @param notes     where the mapping's caveat goes, when it is inferred
     */
    IndexMapping map(Predicate<String> loaded, boolean dataEnded, List<Warning> notes) {
        // every definition's mapping is found anew below (toRun may be called again as a live restore goes on); an
        // index built without a definition in the log has none
        boolean pending = pendingFrom < definitions.size();
        if (mappedDefinitions == 0 && (!pending || definedTables.isEmpty())) {
            unmapAll();
            return IndexMapping.NONE;
        }
        if (definedTables.isEmpty()) {
            unmapAll();
            notes.add(new Warning(
                    WarningCode.MAPPING_INFERRED,
                    "the log does not list the table definitions, so the "
                            + "index→table mapping is inferred (each index is given the table of the next data line)"));
            return IndexMapping.INFERRED;
        }
        List<String> order = new ArrayList<>(definedTables);
        Collections.reverse(order); // the order of the data: the reverse of the definitions
        MappingWalk walk = new MappingWalk(order, definitions);
        for (DefinitionGroup g : groups) {
            walk.group(g);
        }
        if (pending) {
            walk.group(new DefinitionGroup(pendingFrom, definitions.size(), null));
        }
        if (walk.exact) {
            return IndexMapping.LOG;
        }
        // before the last data line, a table without one has no rows; after it, a restore that stopped during the
        // data had not reached it yet (only a restore whose data phase ended says those have no rows)
        int reached = dataEnded ? order.size() : walk.pos;
        List<String> empty = new ArrayList<>(order.subList(0, reached));
        empty.removeIf(loaded);
        Collections.reverse(empty); // in the order of their definitions
        List<String> notReached = new ArrayList<>(order.subList(reached, order.size()));
        Collections.reverse(notReached);
        String why = (empty.isEmpty() ? "" : "tables with no data line (no rows): " + listed(empty) + "; ")
                + (notReached.isEmpty()
                        ? ""
                        : "tables the restore did not reach (it stopped during the data): " + listed(notReached) + "; ")
                + "gbak writes each table's index definitions right before its data, in the reverse order of the "
                + "table definitions, so the log says which tables an index may belong to, not which one: ";
        notes.add(new Warning(
                WarningCode.MAPPING_INFERRED,
                why + groupsNamed(walk.shared, walk.sharedGroups) + " (the restored database is the authority)"));
        return IndexMapping.INFERRED;
    }

    /** {@link #map}'s walk of the definition groups along the data order, a group at a time. */
    private static final class MappingWalk {
        final List<String> order;
        final List<IndexState> definitions;
        int pos;
        boolean exact = true;
        final List<String> shared = new ArrayList<>(); // what the caveat names: the first GROUPS_NAMED groups
        int sharedGroups; // and how many there are

        MappingWalk(List<String> order, List<IndexState> definitions) {
            this.order = order;
            this.definitions = definitions;
        }

        void group(DefinitionGroup g) {
            int from = g.from();
            int to = g.to();
            int at = g.table() == null
                    ? order.size()
                    : order.subList(pos, order.size()).indexOf(g.table());
            if (g.table() != null && at < 0) {
                // not in the order the definitions give (a damaged or edited log): the next data line, inferred
                exact = false;
                sharedGroups++;
                if (shared.size() < GROUPS_NAMED) {
                    shared.add("the index definitions before " + g.table()
                            + "'s data, in an order the table definitions " + "do not give (given " + g.table() + ")");
                }
                mapped(from, to, IndexMapping.INFERRED, null);
                return;
            }
            int q = g.table() == null ? order.size() : pos + at;
            List<String> tables =
                    new ArrayList<>(order.subList(pos, q)); // defined, and no data line: empty or not reached
            if (g.table() != null) {
                tables.add(g.table());
            }
            pos = g.table() == null ? pos : q + 1;
            if (from == to) {
                return;
            }
            if (tables.size() == 1) {
                for (int i = from; i < to; i++) {
                    definitions.get(i).table = tables.get(0);
                }
                mapped(from, to, IndexMapping.LOG, null);
                return;
            }
            exact = false;
            List<String> candidates = List.copyOf(tables);
            mapped(from, to, IndexMapping.INFERRED, candidates);
            sharedGroups++;
            if (shared.size() >= GROUPS_NAMED) {
                return; // counted, not named
            }
            int n = to - from;
            if (candidates.isEmpty()) {
                shared.add(n + (n == 1 ? " index definition" : " index definitions")
                        + " after the last table's data: no table left for them");
            } else {
                shared.add(String.join(", ", names(from, to)) + " belong to " + String.join(" or ", candidates));
            }
        }

        /** The definitions from..to (exclusive) were mapped so: {@code src}, with those candidates (null: one table). */
        private void mapped(int from, int to, IndexMapping src, List<String> candidates) {
            for (int i = from; i < to; i++) {
                IndexState is = definitions.get(i);
                is.source = src;
                is.candidates = candidates;
            }
        }

        /** The names of the definitions from..to (exclusive): the first five, and how many in all when there are more. */
        private List<String> names(int from, int to) {
            List<String> out = new ArrayList<>();
            for (int i = from; i < to; i++) {
                if (out.size() == 5) {
                    out.add("... (" + (to - from) + " in all)");
                    break;
                }
                out.add(definitions.get(i).name);
            }
            return out;
        }
    }

    /** No definition mapped: what {@link #map} finds when the log cannot map any. */
    private void unmapAll() {
        for (IndexState is : definitions) {
            is.source = null;
            is.candidates = null;
        }
    }

    /** Groups of index definitions the mapping warning names in full; the others are counted. */
    private static final int GROUPS_NAMED = 10;

    /**
     * The first {@link #GROUPS_NAMED} groups whose table the log cannot say, and how many more: a log of many tables
     * has one group per table (tens of thousands), a warning naming them all is read by nobody (it was 6.8 MB of
     * the record of the bench's 200 MB log).
     */
    private static String groupsNamed(List<String> shared, int groups) {
        int more = groups - shared.size();
        if (more == 0) {
            return String.join("; ", shared);
        }
        return String.join("; ", shared) + "; and " + more + (more == 1 ? " more group" : " more groups")
                + " of index definitions like these";
    }

    /** Defined tables after the last one whose data the log shows, in gbak's data order (the reverse of definitions). */
    int tablesNotReached(Predicate<String> loaded) {
        List<String> order = new ArrayList<>(definedTables);
        int last = -1;
        for (int i = 0; i < order.size(); i++) {
            if (loaded.test(order.get(i))) {
                last = i; // order is the definitions' order: the data's last is the definitions' first
                break;
            }
        }
        return last < 0 ? order.size() : last;
    }

    /** Table names the mapping warning lists in full; more are counted. */
    private static final int TABLES_NAMED = 20;

    private static String listed(List<String> tables) {
        return tables.size() <= TABLES_NAMED
                ? String.join(", ", tables)
                : String.join(", ", tables.subList(0, TABLES_NAMED)) + ", ... (" + tables.size() + " in all)";
    }
}
