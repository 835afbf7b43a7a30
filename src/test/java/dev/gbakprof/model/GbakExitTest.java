package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.output.TextSummary;
import dev.gbakprof.store.RunInputs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** gbak's exit code after a stop says which signal ended gbak and who sent it, in the record and on the console. */
class GbakExitTest {

    @Test
    void aSignalsCodeSaysTheSignalAndWhetherGbakprofsStopSentOrCausedIt() {
        assertThat(GbakExit.words(141, WarningCode.INTERRUPTED))
                .isEqualTo("gbak exit code 141: SIGPIPE, gbak wrote to the output gbakprof had stopped reading");
        assertThat(GbakExit.words(143, WarningCode.TIMEOUT))
                .isEqualTo("gbak exit code 143: SIGTERM, sent by gbakprof's stop");
        assertThat(GbakExit.words(137, WarningCode.INTERRUPTED))
                .isEqualTo("gbak exit code 137: SIGKILL, sent by gbakprof: gbak had not ended 10 s after its SIGTERM");
        assertThat(GbakExit.words(130, WarningCode.INTERRUPTED))
                .isEqualTo("gbak exit code 130: SIGINT, the Ctrl-C reached gbak too");
        assertThat(GbakExit.words(130, WarningCode.TIMEOUT))
                .isEqualTo("gbak exit code 130: SIGINT, a Ctrl-C or kill -INT gbakprof did not send");
        // gbakprof stopped nothing: the signal came from elsewhere
        assertThat(GbakExit.words(141, null))
                .isEqualTo("gbak exit code 141: SIGPIPE, gbak wrote to an output nobody read any more");
        assertThat(GbakExit.words(143, null)).isEqualTo("gbak exit code 143: SIGTERM, a signal gbakprof did not send");
        assertThat(GbakExit.words(137, null))
                .isEqualTo("gbak exit code 137: SIGKILL, a kill gbakprof did not send (kill -9, the kernel's"
                        + " out-of-memory killer)");
        assertThat(GbakExit.words(134, null)).isEqualTo("gbak exit code 134: ended by signal 6");
        // gbak's own codes are gbak's: no words; none is unknown, never 0
        assertThat(GbakExit.words(1, WarningCode.INTERRUPTED)).isEqualTo("gbak exit code 1");
        assertThat(GbakExit.words(0, null)).isEqualTo("gbak exit code 0");
        assertThat(GbakExit.words(128, null)).isEqualTo("gbak exit code 128");
        assertThat(GbakExit.words(null, WarningCode.TIMEOUT)).isEqualTo("gbak exit code unknown");
    }

    /** The console's summary of a stopped run says the same words as the record's warning. */
    @Test
    void theSummaryOfAStoppedRunExplainsItsExitCode() throws Exception {
        RestoreRun cut = RunInputs.load(Path.of("samples/shop-cut.log"), "cut").get(0);
        RestoreRun stopped = cut.toBuilder()
                .status(RunStatus.INCOMPLETE)
                .exitCode(141)
                .warning(WarningCode.INTERRUPTED, "interrupted (Ctrl-C): gbakprof stopped gbak (pid 7)")
                .build();
        assertThat(TextSummary.of(stopped, 3).lines())
                .contains("  status     incomplete  (gbak exit code 141: SIGPIPE, gbak wrote to the output gbakprof"
                        + " had stopped reading)");
        RestoreRun failed =
                cut.toBuilder().status(RunStatus.FAILED).exitCode(143).build();
        assertThat(TextSummary.of(failed, 3).lines())
                .contains("  status     failed  (gbak exit code 143: SIGTERM, a signal gbakprof did not send)");
    }
}
