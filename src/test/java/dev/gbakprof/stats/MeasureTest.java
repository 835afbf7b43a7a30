package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which phase times of a failed restore count. The failed restores are the real shop restore of
 * src/test/resources/report/shop-tdrw.log up to one of its lines, followed by the two lines gbak prints when
 * a write fails (setup 0.086 s, metadata 0.013 s, data 3.513 s, indexes 7.988 s when complete).
 */
class MeasureTest {
    private static final List<String> WRITE_FAILED = List.of(
            "gbak: ERROR:I/O error during \"write\" operation for file \"/x.fdb\"",
            "gbak:Exiting before completion due to errors");

    @TempDir
    Path dir;

    @Test
    void aPhaseAFailedRestoreStoppedInIsUnknown() throws IOException {
        RestoreRun run = failedAfter("440000 records restored"); // ORDERS' data at 1.619 s

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(Measure.DATA.of(run)).isNull();
        assertThat(Measure.METADATA.of(run)).isNull(); // more index definitions, triggers, privileges to come
        assertThat(Measure.INDEXES.of(run)).isNull();
        assertThat(Measure.TOTAL.of(run)).isNull();
        assertThat(Measure.SETUP.of(run)).isCloseTo(0.086, within(1e-9)); // ended before the data
    }

    @Test
    void aPhaseAFailedRestoreEndedBeforeItStoppedCounts() throws IOException {
        RestoreRun run = failedAfter("activating and creating deferred index FK_ORDERS_CUSTOMER");

        assertThat(Measure.DATA.of(run)).isCloseTo(3.513, within(1e-9));
        assertThat(Measure.METADATA.of(run)).isCloseTo(0.013, within(1e-9));
        assertThat(Measure.INDEXES.of(run)).isNull();
        assertThat(Measure.FINISH.of(run)).isNull();
    }

    @Test
    void aFailedIndexBuildLeavesEveryPhaseOfTheRestoreKnown() {
        // gbak goes on after 'cannot commit index' to its end: every phase ended, only the total is no restore time
        RestoreRun run = Samples.log("dupfail-tdrw.log", "dupfail");

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(Measure.DATA.of(run)).isEqualTo(0.0); // 303 + 52 rows in under a millisecond
        assertThat(Measure.INDEXES.of(run)).isCloseTo(0.032, within(1e-9));
        assertThat(Measure.FINISH.of(run)).isCloseTo(0.004, within(1e-9));
        assertThat(Measure.TOTAL.of(run)).isNull();
    }

    @Test
    void aRestoreThatStoppedDuringTheDataIsLeftOutOfTheDataMedian() throws IOException {
        List<RestoreRun> runs = new ArrayList<>(Samples.fullCpu()); // data 4.418, 3.731, 3.971 s
        runs.add(failedAfter("440000 records restored").withLabel("full-cpu"));
        RunGroup full = new RunGroup("full-cpu", runs);

        Spread data = full.spread(Measure.DATA);
        assertThat(data.n()).isEqualTo(3);
        assertThat(data.unknown()).isEqualTo(1);
        assertThat(data.median()).isCloseTo(3.971, within(1e-9));
        assertThat(data.min()).isCloseTo(3.731, within(1e-9));
        Comparison c = Comparisons.compare(new RunGroup("cpu-quota-50", Samples.quota()), full, Measure.DATA);
        assertThat(c.candidateSpread().n()).isEqualTo(3);
        assertThat(c.speedup()).isCloseTo(8.117 / 3.971, within(1e-9));
    }

    @Test
    void aRestoreStoppedOrCutInAPhaseLeavesThatPhaseUnknownButAnExcerptCountsWhatItShows() throws IOException {
        // stopped by --timeout or Ctrl-C, or a log cut: no error, the same lines up to ORDERS' 440,000th row
        RestoreRun cut = Samples.cutAfter("shop-tdrw.log", dir, " 440000 records restored", List.of(), "cut");
        assertThat(cut.status()).isEqualTo(RunStatus.INCOMPLETE);
        assertThat(Measure.DATA.of(cut)).isNull(); // 1.5 s of a 3.5 s data phase is not its time
        assertThat(Measure.SETUP.of(cut)).isCloseTo(0.086, within(1e-9));
        // the article's excerpt starts in the index phase: its five lines are what is compared
        RestoreRun excerpt = Samples.log("article-balanced.log", "Balanced");
        assertThat(Measure.INDEXES.of(excerpt)).isCloseTo(3774.995, within(1e-6));
    }

    @Test
    void anExcerptsPhasesBeforeItsFirstLineAreUnknownInTheRecordAndARestoreStoppedAtItsFirstLineIsNoExcerpt()
            throws IOException {
        RestoreRun excerpt = Samples.log("article-balanced.log", "Balanced");
        assertThat(excerpt.phaseSeconds(dev.gbakprof.model.Phase.SETUP)).isNull();
        assertThat(excerpt.phaseSeconds(dev.gbakprof.model.Phase.FINISH)).isNull();
        assertThat(Measure.SETUP.of(excerpt)).isNull();
        assertThat(RunOutcome.of(excerpt)).isEqualTo(RunOutcome.EXCERPT);
        // gbak 3 prints "opened file" at 0.000 s: a restore stopped right after it (a kill, a timeout) starts at
        // gbak's start, its setup is a known 0 s so far, and it is a stopped restore, not an excerpt
        RestoreRun stopped = Samples.cutAfter("shop-tdrw.log", dir, "opened file shop.fbk", List.of(), "stopped");
        assertThat(stopped.phaseSeconds(dev.gbakprof.model.Phase.SETUP)).isZero();
        assertThat(RunOutcome.of(stopped)).isEqualTo(RunOutcome.INCOMPLETE);
    }

    private RestoreRun failedAfter(String marker) throws IOException {
        return Samples.cutAfter("shop-tdrw.log", dir, marker, WRITE_FAILED, "failed");
    }
}
