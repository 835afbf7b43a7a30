package dev.gbakprof.output;

import dev.gbakprof.model.Rounding;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RowCount;
import dev.gbakprof.stats.RunGroup;
import dev.gbakprof.stats.Spread;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code indexes.csv} and {@code tables.csv}: every index (table) with its times per label, one row per
 * object and label, ordered as gbak restored them. {@code ratio_to_baseline} is the label's median ÷
 * the baseline's median (above 1 is slower). A table's {@code records} are the label's (from its runs whose
 * load finished); when those runs restored different counts, {@code records} and {@code rows_per_s} are
 * empty and {@code records_min} and {@code records_max} differ. An index whose table the logs do not tell has an
 * empty {@code table} and, when they name the tables it may belong to, those in {@code table_candidates}
 * (separated by {@code ;}).
 */
public final class ObjectsCsv implements ReportFile {
    /** The columns of both files: a label, its runs and their times. */
    private static final List<String> TIMES = List.of("label", "runs", "known", "median_s", "min_s", "max_s");

    private final boolean indexes;

    private ObjectsCsv(boolean indexes) {
        this.indexes = indexes;
    }

    public static ObjectsCsv indexes() {
        return new ObjectsCsv(true);
    }

    public static ObjectsCsv tables() {
        return new ObjectsCsv(false);
    }

    @Override
    public String fileName() {
        return indexes ? "indexes.csv" : "tables.csv";
    }

    @Override
    public byte[] render(Analysis analysis, ReportSettings settings) {
        Grouped grouped = Grouped.of(analysis);
        List<RunGroup> groups = grouped.groups();
        List<ObjectTimes> all = indexes ? analysis.indexes() : analysis.tables();
        Csv csv = new Csv();
        List<String> header =
                new ArrayList<>(indexes ? List.of("index", "table", "table_source") : List.of("table", "records"));
        header.addAll(TIMES);
        header.addAll(
                indexes
                        ? List.of("ratio_to_baseline", "table_candidates")
                        : List.of("rows_per_s", "ratio_to_baseline", "records_min", "records_max"));
        csv.row(header);
        for (ObjectTimes o : all) {
            for (int g = 0; g < groups.size(); g++) {
                Spread s = o.byGroup().get(g);
                RowCount rows = o.rows(g);
                List<Object> row = new ArrayList<>();
                row.add(o.name());
                if (indexes) {
                    row.add(o.table());
                    row.add(
                            o.table() == null
                                    ? ""
                                    : o.inferred() ? "inferred" : "log"); // as the run record's tableSource
                } else {
                    row.add(rows == null ? null : rows.single());
                }
                row.add(groups.get(g).label());
                row.add(s.n() + s.unknown());
                row.add(s.n());
                row.add(Csv.seconds(s.median()));
                row.add(Csv.seconds(s.min()));
                row.add(Csv.seconds(s.max()));
                if (!indexes) {
                    Double rate = o.rowsPerSecond(g);
                    row.add(rate == null ? "" : String.valueOf(Rounding.whole(rate)));
                }
                row.add(Csv.ratio(o.ratio(g, grouped.baseline())));
                if (indexes) {
                    row.add(String.join(";", o.tableCandidates()));
                } else {
                    row.add(rows == null ? null : rows.min());
                    row.add(rows == null ? null : rows.max());
                }
                csv.row(row);
            }
        }
        return csv.bytes();
    }
}
