package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.Warning;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Wrong results a fuzzer found, each reproduced on a real log changed as the
 * fuzzer changed it; the files are in src/test/resources/fuzz/ (README.md there says how each was made).
 */
class FuzzReproducersTest {

    static Path fuzz(String name) throws Exception {
        return Path.of(FuzzReproducersTest.class.getResource("/fuzz/" + name).toURI());
    }

    private static RestoreRun bare(RestoreRun r) {
        return r.toBuilder().label("x").source("x").warnings(List.of()).build();
    }

    private static IndexBuild index(RestoreRun run, String name) {
        return run.indexes().stream()
                .filter(i -> i.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** The messages of the warnings with this code. */
    private static List<String> damage(RestoreRun run, WarningCode code) {
        return run.warnings().stream()
                .filter(w -> w.is(code))
                .map(Warning::message)
                .toList();
    }

    private static double phaseSum(RestoreRun run) {
        return run.phases().stream().mapToDouble(PhaseTime::seconds).sum();
    }

    @Test
    void twoBomSavedLogsJoinedByCatGiveTwoRestores() throws Exception {
        List<RestoreRun> runs = LogReader.readAll(fuzz("bom-twice.log"), null);

        assertThat(runs).hasSize(2);
        RestoreRun alone = Logs.read("small-tdrw.log");
        assertThat(bare(runs.get(0))).isEqualTo(bare(alone));
        assertThat(bare(runs.get(1))).isEqualTo(bare(alone));
    }

    @Test
    void aBomBeforeAGbakLineDoesNotDropThatLine() throws Exception {
        RestoreRun run = LogReader.read(fuzz("bom-mid-line.log"), null);

        assertThat(bare(run)).isEqualTo(bare(Logs.read("small-tdrw.log")));
    }

    @Test
    void aDamagedWritesColumnLeavesOnlyThoseWritesUnknownAndSaysWhere() throws Exception {
        RestoreRun run = LogReader.read(fuzz("damaged-writes.log"), null);
        RestoreRun real = Logs.read("shop-tdrw.log");

        IndexBuild before = index(run, "PK_ORDER_LINES");
        assertThat(before.seconds())
                .isEqualTo(index(real, "PK_ORDER_LINES").seconds())
                .isEqualTo(0.103);
        assertThat(before.writes()).isNull(); // its writes are on the damaged line
        assertThat(index(run, "PK_ORDERS")).isEqualTo(index(real, "PK_ORDERS")); // built, not "never activated"
        assertThat(run.totalSeconds()).isEqualTo(real.totalSeconds());
        assertThat(damage(run, WarningCode.DAMAGED_LINE))
                .singleElement()
                .satisfies(w -> assertThat(w).startsWith("line 272: ").contains("writes"));
        assertThat(run.warningCodes()).doesNotContain(WarningCode.INDEXES_NOT_ACTIVATED);
    }

    @Test
    void aDamagedTimeColumnLeavesTheSpansItEndsAndStartsUnknownNotMerged() throws Exception {
        RestoreRun run = LogReader.read(fuzz("damaged-time.log"), null);
        RestoreRun real = Logs.read("shop-tdrw.log");

        assertThat(index(run, "PK_ORDERS").seconds()).isNull(); // its end is on the damaged line 273
        IndexBuild damaged = index(run, "IX_ORDERS_CUST_DATE");
        assertThat(damaged.seconds()).isNull(); // its start is on it
        assertThat(damaged.startSeconds()).isNull();
        assertThat(index(run, "IX_ORDERS_DATE_DESC")).isEqualTo(index(real, "IX_ORDERS_DATE_DESC"));
        assertThat(run.totalSeconds()).isEqualTo(real.totalSeconds());
        assertThat(phaseSum(run)).isCloseTo(run.totalSeconds(), within(0.0005));
        assertThat(damage(run, WarningCode.DAMAGED_LINE))
                .singleElement()
                .satisfies(w -> assertThat(w).startsWith("line 273: ").contains("time"));
    }

    @Test
    void anAbsurdTimeIsDamageNotThirtyThousandYears() throws Exception {
        for (String[] c : new String[][] {{"absurd-time.log", "shop-tdrw.log"}, {"absurd-time-t.log", "shop-t.log"}}) {
            RestoreRun run = LogReader.read(fuzz(c[0]), null);
            RestoreRun real = Logs.read(c[1]);

            assertThat(run.status()).as(c[0]).isEqualTo(RunStatus.COMPLETED);
            assertThat(run.totalSeconds()).as(c[0]).isEqualTo(real.totalSeconds());
            assertThat(phaseSum(run)).as(c[0]).isCloseTo(run.totalSeconds(), within(0.0005));
            assertThat(index(run, "PK_ORDERS").seconds()).as(c[0]).isNull();
            assertThat(index(run, "IX_ORDERS_CUST_DATE").seconds()).as(c[0]).isNull();
            assertThat(index(run, "IX_ORDERS_DATE_DESC")).as(c[0]).isEqualTo(index(real, "IX_ORDERS_DATE_DESC"));
            assertThat(index(run, "FK_LINES_ORDER")).as(c[0]).isEqualTo(index(real, "FK_LINES_ORDER"));
            assertThat(damage(run, WarningCode.DAMAGED_LINE))
                    .as(c[0])
                    .singleElement()
                    .satisfies(w -> assertThat(w).startsWith("line 273: ").contains("999999999999.999"));
        }
    }

    @Test
    void aCutLineAppendedAfterTotalStatisticsDoesNotChangeTheTotal() throws Exception {
        RestoreRun run = LogReader.read(fuzz("cut-line-after-total.log"), null);
        RestoreRun real = Logs.read("small-tdrw.log");

        assertThat(run.totalSeconds()).isEqualTo(real.totalSeconds()).isEqualTo(0.214);
        assertThat(run.phases()).isEqualTo(real.phases());
        assertThat(damage(run, WarningCode.AFTER_TOTAL))
                .singleElement()
                .satisfies(w -> assertThat(w).startsWith("line 128: ").contains("after gbak's 'total statistics'"));
    }

    @Test
    void aFailedUntimedRestoreAppendedToATimedLogFailsTheFileAsItDoesAlone() throws Exception {
        Path log = fuzz("failed-untimed-appended.log");
        List<RestoreRun> runs = LogReader.readAll(log, null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.COMPLETED, RunStatus.FAILED);
        assertThat(runs.get(1).errors())
                .containsExactly(
                        "ERROR:database nost.fdb already exists.  To replace it, use the -REP switch",
                        "Exiting before completion due to errors");
        assertThat(Cli.run("parse", log.toString()).code()).isEqualTo(1);
        Path alone = Path.of(FuzzReproducersTest.class
                .getResource("/more-logs/small-nost-exists.log")
                .toURI());
        assertThat(Cli.run("parse", alone.toString()).code()).isEqualTo(1);
    }
}
