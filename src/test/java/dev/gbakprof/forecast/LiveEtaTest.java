package dev.gbakprof.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The live ETA against a real baseline restore (the shop fixture's log). */
class LiveEtaTest {
    private final RestoreRun shop = Logs.read("shop-tdrw.log");

    @Test
    void aRunAsFastAsItsBaselineIsGivenTheBaselinesRemainder() {
        LiveEta eta = new LiveEta(shop);
        double before = shop.phaseSeconds(Phase.SETUP) + shop.phaseSeconds(Phase.METADATA);
        double data = shop.phaseSeconds(Phase.DATA);
        // half the backup read, at the baseline's pace
        LiveEta.Reading r = eta.at(Phase.DATA, before + data / 2, true, 0.5, Map.of("ORDERS", 400_000L), Set.of(), 0);
        double expected = data / 2 + shop.phaseSeconds(Phase.INDEXES) + shop.phaseSeconds(Phase.FINISH);
        assertThat(r.left()).isCloseTo(expected, within(0.01));
        assertThat(r.low()).isLessThan(r.left());
        assertThat(r.high()).isGreaterThan(r.left());
        assertThat(r.basis()).isEqualTo("data 50 % by the backup's read position; speed ×1.00 of baseline shop-tdrw");
    }

    @Test
    void aRunTwiceAsSlowIsGivenTwiceTheRemainderAndTheIndexPhaseCountsTheBuildsLeft() {
        LiveEta eta = new LiveEta(shop);
        double before = shop.phaseSeconds(Phase.SETUP) + shop.phaseSeconds(Phase.METADATA);
        double data = shop.phaseSeconds(Phase.DATA);
        // ORDER_LINES restored, 180,250 of ORDERS' 1,000,000 rows (a quarter of all rows): by the baseline's load times
        // per table that is ORDER_LINES' 0.338 s and 18 % of ORDERS' 4.884 s of its 5.317 s of loads, 23 %; this run
        // got there in twice the baseline's time
        double loads = shop.tables().stream().mapToDouble(t -> t.seconds()).sum();
        double f = (seconds("ORDER_LINES") + seconds("ORDERS") * 0.18025) / loads;
        assertThat(f).isCloseTo(0.229, within(0.001));
        LiveEta.Reading r = eta.at(
                Phase.DATA,
                2 * (before + f * data),
                true,
                null,
                Map.of("ORDER_LINES", 100_000L, "ORDERS", 180_250L),
                Set.of(),
                0);
        assertThat(r.basis())
                .isEqualTo("data 23 % by rows restored per table against the baseline's (weighted by its load times); "
                        + "speed ×2.00 of baseline shop-tdrw");
        assertThat(r.left())
                .isCloseTo(
                        2 * ((1 - f) * data + shop.phaseSeconds(Phase.INDEXES) + shop.phaseSeconds(Phase.FINISH)),
                        within(0.01));
        // the index phase: speed frozen at its start, the builds not started yet from the model of the baseline
        double atIndexes = 2 * (before + data);
        Set<String> started = new LinkedHashSet<>();
        double done = 0;
        for (IndexBuild b : shop.indexes()) {
            if (b.name().equals("IX_ORDERS_CUST_DATE")) {
                break;
            }
            started.add(b.name());
            done += b.seconds();
        }
        started.add("IX_ORDERS_CUST_DATE"); // running for 0 s
        LiveEta.Reading i = eta.at(Phase.INDEXES, atIndexes, true, null, Map.of(), started, 0);
        double builds = shop.indexes().stream().mapToDouble(IndexBuild::seconds).sum() - done;
        double between = shop.phaseSeconds(Phase.INDEXES)
                - shop.indexes().stream().mapToDouble(IndexBuild::seconds).sum();
        int notStarted = shop.indexes().size() - started.size();
        double expected = 2 * (builds + between * notStarted / shop.indexes().size() + shop.phaseSeconds(Phase.FINISH));
        assertThat(i.left()).isCloseTo(expected, within(0.02));
        assertThat(i.basis())
                .isEqualTo("index builds still to do, forecast from baseline shop-tdrw and scaled by this run's "
                        + "data speed ×2.00");
    }

    private double seconds(String table) {
        return shop.tables().stream()
                .filter(t -> t.name().equals(table))
                .findFirst()
                .orElseThrow()
                .seconds();
    }

    @Test
    void beforeAnyDataTheBaselinesTotalIsTheGuess() {
        LiveEta.Reading r = new LiveEta(shop).at(Phase.METADATA, 0.1, false, null, Map.of(), Set.of(), 0);
        assertThat(r.left()).isCloseTo(shop.totalSeconds() - 0.1, within(1e-9));
        assertThat(r.basis()).isEqualTo("baseline shop-tdrw's total (no data restored yet)");
    }
}
