package dev.gbakprof.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.testutil.Logs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A migration's comparison: the Firebird version is what runs labelled by it compare, and a confounder elsewhere. */
class ConfounderTest {
    private static final String FB3 = "LI-V3.0.11.33637 Firebird 3.0";
    private static final String FB4 = "LI-V4.0.5.3140 Firebird 4.0";

    /** Real runs: Firebird 3.0's and 4.0's gbak restoring the same backup (logs and logs-fb4). */
    private static RunGroup group(String label, String log, String gbakVersion) {
        RestoreRun run = Logs.read(log).toBuilder()
                .label(label)
                .environment(new Environment("h", "Linux", "cpu", 2, null, gbakVersion, null, 1L, null, null))
                .build();
        return new RunGroup(label, List.of(run));
    }

    private static List<Confounder> kinds(RunGroup a, RunGroup b) {
        return Confounder.differences(List.of(a, b)).stream()
                .map(Confounder.Difference::kind)
                .toList();
    }

    @Test
    void armsLabelledByTheirVersionCompareTheVersion() {
        assertThat(kinds(group(FB3, "shop-tdrw.log", FB3), group(FB4, "fb4/shop-tdrw.log", FB4)))
                .doesNotContain(Confounder.GBAK_VERSION);
        for (String[] labels : List.of(
                new String[] {"3.0", "4.0"},
                new String[] {"fb3", "fb4"},
                new String[] {"firebird-3.0", "Firebird 4.0"},
                new String[] {"old 3.0 server", "new fb40"})) {
            assertThat(kinds(group(labels[0], "shop-tdrw.log", FB3), group(labels[1], "fb4/shop-tdrw.log", FB4)))
                    .as(String.join(" / ", labels))
                    .doesNotContain(Confounder.GBAK_VERSION);
        }
    }

    @Test
    void aVersionTheLabelsDoNotNameIsAConfounder() {
        assertThat(kinds(group("balanced", "shop-tdrw.log", FB3), group("performance", "fb4/shop-tdrw.log", FB4)))
                .contains(Confounder.GBAK_VERSION);
        // "4.0" is not named by "14.0" nor by "fb40" for 4.1: whole versions only
        assertThat(Confounder.GBAK_VERSION.names("run 14.0", FB4)).isFalse();
        assertThat(Confounder.GBAK_VERSION.names("fb41", FB4)).isFalse();
        assertThat(Confounder.POWER_PLAN.names("4.0", FB4)).isFalse();
    }

    @Test
    void aRouteIsNamedByTheWordMatrixLabelsItsRouteArmWith() {
        // matrix --vary 'route:embedded,localhost,service': the route is what is compared, not a confounder
        assertThat(Confounder.ROUTE.names("embedded", "embedded")).isTrue();
        assertThat(Confounder.ROUTE.names("localhost", "remote TCP (localhost)"))
                .isTrue();
        assertThat(Confounder.ROUTE.names("tcp", "remote TCP (db1)")).isTrue();
        assertThat(Confounder.ROUTE.names("service", "services manager")).isTrue();
        assertThat(Confounder.ROUTE.names("service", "gbak -se (services manager)"))
                .isTrue();
        // a power plan's label names no route
        assertThat(Confounder.ROUTE.names("balanced", "embedded")).isFalse();
        assertThat(Confounder.ROUTE.names("high-performance", "remote TCP (localhost)"))
                .isFalse();
        assertThat(Confounder.ROUTE.names("embedded", "services manager")).isFalse();
    }
}
