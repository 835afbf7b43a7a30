package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.gbakprof.Samples;
import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.model.PhaseTime;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Logs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

    static Stream<Path> logsAndRecords() throws IOException {
        return Logs.everyFile(".log", ".json").stream();
    }

    /**
     * The record's {@code cut} (what parse shows and its JSON writes) and the phases every report counts unknown are
     * one rule: on every log and record of the tests and samples, a phase with time is cut exactly when the reports
     * leave it out (but a 0 s phase, which no lower bound helps).
     */
    @ParameterizedTest
    @MethodSource("logsAndRecords")
    void aPhaseIsCutExactlyWhenTheReportsCountItUnknown(Path file) {
        List<RestoreRun> runs;
        try {
            runs = file.toString().endsWith(".json") ? RunJson.read(file) : LogReader.readAll(file, null);
        } catch (LogFormatException notARecord) { // a backup log alone, a log with no timed restore
            return;
        }
        for (RestoreRun run : runs) {
            for (PhaseTime p : run.phases()) {
                Double counted = Measure.of(p.name()).of(run);
                if (p.cut()) {
                    assertThat(counted).as(file + " " + p).isNull();
                } else if (p.seconds() != null && p.seconds() > 0) {
                    assertThat(counted).as(file + " " + p).isEqualTo(p.seconds());
                }
            }
        }
    }

    /** A record written before the field has it too: the old run folder's restore, stopped in its index phase. */
    @Test
    void aRecordWrittenBeforeTheFieldIsCutWhereTheRestoreStopped() {
        RestoreRun old = RunJson.read(Path.of(
                        "src/test/resources/old-records/timeout-in-index/20261207-034631-shop.fbk-embedded/run.json"))
                .get(0);
        assertThat(old.phases().stream()
                        .filter(PhaseTime::cut)
                        .map(p -> p.name().label()))
                .containsExactly("indexes");
        assertThat(RunJson.toJson(old))
                .containsPattern("\"name\" : \"indexes\",\\s+\"seconds\" : 0.505,\\s+\"cut\" : true");
    }

    private RestoreRun failedAfter(String marker) throws IOException {
        return Samples.cutAfter("shop-tdrw.log", dir, marker, WRITE_FAILED, "failed");
    }
}
