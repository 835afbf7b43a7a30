package dev.gbakprof.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Logs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Real nightly logs: gbak runs appended to one file with {@code >>}, as a scheduled restore test leaves them. */
class NightlyLogsTest {
    @Test
    void aFailedNightWithoutStatisticsBeforeAGoodOneIsAFailedRecordNotLeftOut() {
        List<RestoreRun> runs = LogReader.readAll(Logs.more("failed-nost-then-good.log"), null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.FAILED, RunStatus.COMPLETED);
        RestoreRun failed = runs.get(0);
        assertThat(failed.totalSeconds()).isNull();
        assertThat(failed.indexes())
                .filteredOn(IndexBuild::failed)
                .extracting(IndexBuild::name)
                .containsExactly("UX_ITEMS_NORM_CODE");
        assertThat(failed.warnings()).anyMatch(w -> w.code() == WarningCode.UNTIMED);
        assertThat(failed.warningMessages()).noneMatch(w -> w.contains("restored nothing"));
        assertThat(runs.get(1).totalSeconds()).isNotNull();
        // the failed night is not hidden: parse says so in its exit code
        assertThat(Cli.run("parse", Logs.more("failed-nost-then-good.log").toString())
                        .code())
                .isEqualTo(1);
    }

    @Test
    void aDashLedLineFromAnotherWriterInsideACompletedRestoreIsNoError() {
        RestoreRun run = LogReader.read(Logs.more("dash-line.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.errors()).isEmpty();
        assertThat(run.totalSeconds()).isEqualTo(0.352);
        assertThat(run.warnings())
                .filteredOn(w -> w.code() == WarningCode.STRAY_LINES)
                .singleElement()
                .satisfies(w -> assertThat(w.message()).endsWith("-Copy to tape started by nightly.sh"));
    }

    @Test
    void theServicesManagersStatusVectorStillFailsTheRestore() {
        RestoreRun run = LogReader.read(Logs.more("svc-exists.log"), null);

        assertThat(run.status()).isEqualTo(RunStatus.FAILED);
        assertThat(run.warnings()).noneMatch(w -> w.code() == WarningCode.STRAY_LINES);
    }

    @Test
    void aBlockOfNulBytesMidFileEndsTheCrashedRunAndTheNextNightIsRead() {
        List<RestoreRun> runs = LogReader.readAll(Logs.more("nul-block.log"), null);

        assertThat(runs).extracting(RestoreRun::status).containsExactly(RunStatus.INCOMPLETE, RunStatus.COMPLETED);
        assertThat(runs.get(1).totalSeconds()).isEqualTo(1.135);
        assertThat(runs.get(1).tables()).extracting(t -> t.records()).containsExactlyInAnyOrder(12L, 300L, 40L);
        assertThat(runs.get(0).warningMessages())
                .contains("4192 NUL bytes after line 63: a run written only in part (a crash or a power loss), then"
                        + " more appended; read on after them");
    }

    @Test
    void aRestoreWithoutStatisticsIsReadForWhatItShowsItsTimesUnknown() {
        RestoreRun run = Logs.read("shop-nost.log");

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(run.totalSeconds()).isNull();
        assertThat(run.phases()).isEmpty();
        assertThat(run.tables())
                .hasSize(4)
                .allSatisfy(t -> assertThat(t.seconds()).isNull());
        assertThat(run.indexes())
                .hasSize(14)
                .allSatisfy(i -> assertThat(i.seconds()).isNull());
        assertThat(run.warnings()).anyMatch(w -> w.code() == WarningCode.UNTIMED);
    }
}
