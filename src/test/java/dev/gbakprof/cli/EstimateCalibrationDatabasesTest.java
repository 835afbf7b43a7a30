package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code estimate} on calibration restores of one database or of two, all real gbak logs (Firebird 3.0, embedded):
 * scripts/fixtures/sized.sql at 25,000, 50,000 and 100,000 ORDERS rows on gbak's CPU clock and at 400,000 (the
 * target), scripts/fixtures/depot.sql restored twice, and a run folder of a database of two of sized.sql's tables
 * (src/test/resources/forecast/README.md, forecast/estimated/README.md).
 */
class EstimateCalibrationDatabasesTest {
    private static final String DIR = "src/test/resources/forecast/";
    private static final String TARGET = DIR + "accuracy-400000-1.cpu.log";
    private static final List<String> DEPOT =
            List.of(DIR + "depot-restore-tdrw-1.log", DIR + "depot-restore-tdrw-2.log");
    private static final String REFUSED = "gbakprof: the calibration mixes databases (4 tables (CUSTOMERS, ORDERS,"
            + " ORDER_LINES, PRODUCTS): 6 runs (accuracy-25000-1.cpu, accuracy-25000-2.cpu, accuracy-25000-3.cpu,"
            + " accuracy-50000-1.cpu, accuracy-50000-2.cpu, … (6 in all)); 3 tables (SHIPMENTS, STOCK_MOVES,"
            + " WAREHOUSES): 2 runs (depot-restore-tdrw-1, depot-restore-tdrw-2); no table in common): restores that"
            + " share fewer than half of their tables are of different databases, no sizes of one, and their"
            + " difference would be taken for growth and run-to-run noise; expected calibration restores of one"
            + " database, the one the target is a copy of";

    /** The restores of sized.sql of {@code sizes} (ORDERS rows), rounds 1 to 3 each. */
    private static List<String> sized(int... sizes) {
        List<String> logs = new ArrayList<>();
        for (int n : sizes) {
            for (int r = 1; r <= 3; r++) {
                logs.add(DIR + "accuracy-" + n + "-" + r + ".cpu.log");
            }
        }
        return logs;
    }

    private static Cli.Result estimate(List<String> calibration, String... size) {
        List<String> args = new ArrayList<>(List.of("estimate"));
        args.addAll(calibration);
        args.addAll(List.of(size));
        return Cli.run(args.toArray(String[]::new));
    }

    private static List<String> plus(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void restoresOfTwoDatabasesAreRefusedInOneLineWithExitTwo() {
        List<String> mixed = plus(sized(25000, 50000), DEPOT);
        // whichever way the target's size is given: --scale and --rows start from the largest calibration run, here
        // the depot's 90,500 rows (once --scale 4 forecast a 362,000-row depot, --rows ORDERS=… said the calibration
        // has no ORDERS)
        for (String[] size : List.of(
                new String[] {"--rows-from", TARGET},
                new String[] {"--scale", "4"},
                new String[] {"--rows", "ORDERS=400000"},
                new String[] {"--rows-from", TARGET, "--json"})) {
            Cli.Result r = estimate(mixed, size);
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip()).isEqualTo(REFUSED);
            assertThat(r.out()).isEmpty();
        }
        // one restore of each size and one of the depot: its total once made the range 0.2 s – 6 min 39 s (the noise
        // of three totals around one power law of their rows, across the two databases)
        Cli.Result one = estimate(
                List.of(DIR + "accuracy-25000-1.cpu.log", DIR + "accuracy-100000-1.cpu.log", DEPOT.get(0)),
                "--rows-from",
                TARGET);
        assertThat(one.code()).isEqualTo(2);
        assertThat(one.err().strip())
                .isEqualTo("gbakprof: the calibration mixes databases (4 tables (CUSTOMERS, ORDERS, ORDER_LINES,"
                        + " PRODUCTS): 2 runs (accuracy-25000-1.cpu, accuracy-100000-1.cpu); 3 tables (SHIPMENTS,"
                        + " STOCK_MOVES, WAREHOUSES): 1 run (depot-restore-tdrw-1); no table in common): restores"
                        + " that share fewer than half of their tables are of different databases, no sizes of one,"
                        + " and their difference would be taken for growth and run-to-run noise; expected calibration"
                        + " restores of one database, the one the target is a copy of");
    }

    @Test
    void eitherDatabaseAloneIsACalibration() {
        Cli.Result sized = estimate(sized(25000, 50000, 100000), "--rows-from", TARGET);
        assertThat(sized.code()).as(sized.err()).isZero();
        assertThat(sized.out())
                .contains("calibration 9 runs:", "  - calibration: 9 restores of 3 sizes")
                .doesNotContain("different tables");
        Cli.Result depot = estimate(DEPOT, "--scale", "4");
        assertThat(depot.code()).as(depot.err()).isZero();
        assertThat(depot.out())
                .contains("target     --scale 4 (the rows of depot-restore-tdrw-1 times 4): 3 tables, 362,000 rows")
                .doesNotContain("different tables");
    }

    @Test
    void aRestoreOfSomeOfTheTablesIsOneDatabaseAndTheAssumptionsSayWhichTablesSomeRunsLack() throws Exception {
        // cal-320000: CUSTOMERS and ORDERS only, both sized.sql's tables: half or more of its tables are theirs
        List<String> calibration = plus(sized(25000, 50000), List.of(DIR + "estimated/cal-320000"));
        String line = "the calibration runs restored different tables of one database (each run shares half or more"
                + " of its tables with another): 2 of its 4 tables in only some of its 7 runs, ORDER_LINES (6 runs),"
                + " PRODUCTS (6 runs); each table is fitted from the runs that restored it, while the sizes the range"
                + " compares (the largest calibration run, the distance to the target) are each run's total rows, of"
                + " other tables in some runs";
        Cli.Result text = estimate(calibration, "--rows-from", TARGET);
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("calibration 7 runs:", "\n  - " + line + "\n");
        assertThat(text.out()).doesNotContain("caveat");

        Cli.Result json = estimate(calibration, "--rows-from", TARGET, "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode e = new ObjectMapper().readTree(json.out());
        assertThat(e.get("assumptions").get(0).asText()).isEqualTo(line);
        assertThat(e.get("caveats")).isEmpty();
    }
}
