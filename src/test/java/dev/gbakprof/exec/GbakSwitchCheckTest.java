package dev.gbakprof.exec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.testutil.Firebird;
import dev.gbakprof.testutil.FirebirdTest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The switch check asks the real gbak 3 of this machine. */
@FirebirdTest
class GbakSwitchCheckTest {
    private static final Path GBAK = Firebird.GBAK;

    @BeforeEach
    void realGbak() {
        Firebird.require();
    }

    @Test
    void switchesGbakTakesPass() throws Exception {
        assertThat(GbakSwitchCheck.problem(GBAK, List.of("-bu", "4000", "-p", "8192", "-fix_fss_m", "utf8")))
                .isEmpty();
    }

    @Test
    void theServicesSwitchIsNotCheckedSinceGbakWouldConnect() throws Exception {
        assertThat(GbakSwitchCheck.problem(GBAK, List.of("-se", "localhost:service_mgr", "-bu", "100")))
                .isEmpty();
    }

    @Test
    void firebird3HasNoParallelRestore() throws Exception {
        assertThat(GbakSwitchCheck.problem(GBAK, List.of("-par", "4")))
                .hasValue("gbak does not know the switch -par: parallel restore (-par) needs Firebird 5 or later"
                        + " (gbak's words: unknown switch \"PAR\")");
    }

    @Test
    void anUnknownSwitchIsNamed() throws Exception {
        assertThat(GbakSwitchCheck.problem(GBAK, List.of("-turbo")))
                .hasValue("gbak does not know the switch -turbo (gbak's words: unknown switch \"TURBO\")");
    }

    @Test
    void gbak5sWordsForAWrongValueAreQuoted() {
        // what gbak prints for a value it cannot read, as gbak 3 and 5 word it (burp's msg 'expected page buffers')
        String out =
                "gbak:gbak version WI-V5.0.1.1469 Firebird 5.0\ngbak: ERROR:expected page buffers, encountered \"x\"\n"
                        + "gbak:Exiting before completion due to errors\n";
        assertThat(GbakSwitchCheck.judge(out, "-bu x"))
                .hasValue("gbak WI-V5.0.1.1469 Firebird 5.0 refuses '-bu x': expected page buffers, encountered \"x\"");
        assertThat(GbakSwitchCheck.judge(
                        "gbak:gbak version WI-V5.0.1.1469 Firebird 5.0\n"
                                + "gbak: ERROR:requires both input and output filenames\n",
                        "-par 4"))
                .isEmpty();
    }
}
