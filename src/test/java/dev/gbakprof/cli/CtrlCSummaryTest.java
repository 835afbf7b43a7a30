package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The line after Ctrl-C (a real SIGINT in {@code run --repeat 3}: CtrlCTest): what was stopped, what never started. */
class CtrlCSummaryTest {

    @Test
    void whatCtrlCStoppedIsSaidForOneRestoreAndForRestoresNeverStarted() {
        RestoreRun done = RestoreRun.builder().status(RunStatus.COMPLETED).build();
        RestoreRun stopped = RestoreRun.builder().status(RunStatus.INCOMPLETE).build();
        assertThat(RunCommand.stopped(List.of(stopped), 1))
                .isEqualTo("gbakprof: stopped by Ctrl-C during the restore (status incomplete); exit code 130");
        assertThat(RunCommand.stopped(List.of(done, stopped), 5))
                .isEqualTo("gbakprof: stopped by Ctrl-C during restore"
                        + " 2 of 5 (status incomplete); 1 of 5 restores completed, 3 were not started; exit code 130");
        assertThat(RunCommand.stopped(List.of(done, done), 3))
                .as("Ctrl-C in the rest between two restores")
                .isEqualTo("gbakprof: stopped by Ctrl-C; 2 of 3 restores completed, 1 was not started; exit code 130");
    }
}
