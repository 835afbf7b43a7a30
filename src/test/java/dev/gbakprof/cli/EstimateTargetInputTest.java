package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The target's size as {@code estimate} takes it ({@code --rows}, {@code --scale}, {@code --rows-from}), on a real
 * calibration restore: what is no size of a database, or says no one target, is refused in one line (exit 2), and
 * no number it prints is negative.
 */
class EstimateTargetInputTest {
    private static final String SHOP = Logs.log("shop-tdrw.log").toString();

    /** A table given twice, also in other letter case (Firebird's unquoted names are upper case): the last won. */
    @Test
    void aTableGivenTwiceInRowsIsRefusedNotTheLastCountTaken() {
        Cli.Result twice = Cli.run("estimate", SHOP, "--rows", "ORDERS=4000000", "--rows", "ORDERS=1");
        assertThat(twice.code()).as(twice.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(twice.err())
                .isEqualTo("gbakprof: --rows: ORDERS given twice (ORDERS=4000000 and ORDERS=1); expected each table"
                        + " once\n");
        assertThat(twice.out()).isEmpty();
        Cli.Result cased = Cli.run("estimate", SHOP, "--rows", "ORDERS=4000000,orders=1");
        assertThat(cased.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(cased.err())
                .isEqualTo("gbakprof: --rows: ORDERS given twice (ORDERS=4000000 and orders=1); expected each table"
                        + " once\n");
        // each table once, in any case: taken
        assertThat(Cli.run("estimate", SHOP, "--rows", "orders=4000000,CUSTOMERS=5")
                        .code())
                .isZero();
    }

    /**
     * A count no Firebird table can hold (its record numbers are 40 bits): near Long.MAX it overflowed the total to
     * negative rows and a forecast of 80 billion hours; a --scale that makes one.
     */
    @Test
    void aCountOrScaleBeyondWhatATableCanHoldIsRefusedAndNothingPrintedIsNegative() throws Exception {
        for (String rows : new String[] {"ORDERS=9223372036854775807", "ORDERS=1099511627777"}) {
            Cli.Result r = Cli.run("estimate", SHOP, "--rows", rows);
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT);
            assertThat(r.err())
                    .isEqualTo("gbakprof: --rows " + rows + ": " + rows.substring(7) + " rows is more than a Firebird"
                            + " table can hold (its record numbers are 40 bits: at most 1,099,511,627,776)\n");
        }
        // two tables at the most each can hold: summed without overflow
        Cli.Result most = Cli.run(
                "estimate", SHOP, "--rows", "ORDERS=1099511627776,ORDER_LINES=1099511627776", "--json", "--rto", "1h");
        assertThat(most.code()).as(most.err()).isZero();
        JsonNode e = new ObjectMapper().readTree(most.out());
        assertThat(e.path("target").path("rows").asLong()).isGreaterThan(2 * 1_099_511_627_776L);
        assertThat(e.path("target").path("scale").asDouble()).isPositive();
        assertThat(e.path("total").path("low").asDouble()).isPositive();
        String text = Cli.run("estimate", SHOP, "--rows", "ORDERS=1099511627776,ORDER_LINES=1099511627776")
                .out();
        assertThat(text).contains("target     --rows (other tables as in shop-tdrw): 4 tables, 2,199,023,276,552 rows");
        // the forecast, the rows and the times, before the range (whose low end is a percentage below the forecast,
        // as the assumptions' measured misses): none negative
        assertThat(text.substring(0, text.indexOf("\nrange ")).lines()).noneMatch(l -> l.matches(".*[-−]\\d.*"));

        Cli.Result scale = Cli.run("estimate", SHOP, "--scale", "1e12");
        assertThat(scale.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(scale.err())
                .isEqualTo("gbakprof: --scale 1000000000000: ORDERS would have 1,000,000,000,000,000,000 rows, more"
                        + " than a Firebird table can hold (its record numbers are 40 bits: at most"
                        + " 1,099,511,627,776); expected a factor up to 1099511 (that limit over its 1,000,000 rows in"
                        + " shop-tdrw)\n");
        assertThat(Cli.run("estimate", SHOP, "--scale", "1099511").code()).isZero();
    }

    /** A folder of several run folders: which is the target was taken without a word (the newest, of any backup). */
    @Test
    void aFolderOfSeveralRunFoldersAsRowsFromIsRefusedNamingThem() {
        Path matrix = Path.of("src/test/resources/forecast/matrix-bu");
        Cli.Result r = Cli.run("estimate", SHOP, "--rows-from", matrix.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .isEqualTo("gbakprof: --rows-from " + matrix + ": a folder of 4 restores (20261207-130214-bu-100-m1,"
                        + " 20261207-130214-bu-100-m2, 20261207-130214-bu-100-m5, 20261207-130214-bu-4000-m3), maybe of"
                        + " several backups; expected the one run folder of the target, e.g. "
                        + matrix.resolve("20261207-130214-bu-4000-m3") + " (the newest)\n");
        // one run folder of it: its sizes
        assertThat(Cli.run(
                                "estimate",
                                SHOP,
                                "--rows-from",
                                matrix.resolve("20261207-130214-bu-4000-m3").toString())
                        .code())
                .isZero();
    }

    /**
     * A --rows-from file that cannot be read: "gbakprof: secret.log (--debug shows the stack trace)", exit 1. Here a
     * file the kernel refuses to read from its start (a root user reads any file whatever its permissions).
     */
    @Test
    void anUnreadableRowsFromIsOneLineAndExitTwo() {
        Path mem = Path.of("/proc/self/mem");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(mem), "Linux's /proc");
        Cli.Result r = Cli.run("estimate", SHOP, "--rows-from", mem.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err())
                .startsWith("gbakprof: --rows-from /proc/self/mem: cannot read (")
                .endsWith("); expected a restore or backup log, a run record or its folder, or a database, readable"
                        + " by this user\n")
                .doesNotContain("--debug", "Exception");
    }
}
