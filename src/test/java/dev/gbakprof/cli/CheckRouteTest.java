package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night through another route (a remote TCP restore after embedded ones) is not judged against the embedded nights'
 * band: a route's restores take a time of their own (a reviewer's remote TCP restore of a backup took 7 times its
 * embedded ones). Run folders of real gbak logs: four embedded nights of the shop fixture (17.2 s), then a night
 * whose record says it went through a server on host "vm"; its log is the shop fixture's restore that took 211.1 s
 * (samples/shop-cpu.log: what matters here is its route, not why it was slow). A night restored by another Firebird
 * version (a migration's first restore by 4.0 after 3.0's nights) is not judged by the other version's band either.
 */
class CheckRouteTest {

    @TempDir
    Path dir;

    /** {@code folder}'s record as a restore by gbak of {@code database} (a local path: embedded; host:path: TCP). */
    private static void routed(Path folder, String database) throws Exception {
        routed(folder, database, null);
    }

    /** The same, by the gbak that says it is {@code version} ({@code null}: the record does not say). */
    private static void routed(Path folder, String database, String version) throws Exception {
        Path json = folder.resolve("run.json");
        ObjectMapper m = new ObjectMapper();
        ObjectNode record = (ObjectNode) m.readTree(json.toFile());
        record.put("via", "gbak");
        record.put("database", database);
        record.put("command", "/usr/bin/gbak -c -v -st tdrw /backups/erp.fbk " + database);
        if (version != null) {
            ObjectNode env = record.get("environment") instanceof ObjectNode e ? e : record.putObject("environment");
            env.put("gbakVersion", version);
        }
        Files.writeString(json, m.writerWithDefaultPrettyPrinter().writeValueAsString(record));
    }

    @Test
    void aNightThroughAnotherRouteIsNotJudgedByTheOthersBand() throws Exception {
        Path runs = dir.resolve("runs");
        for (int h = 1; h <= 4; h++) {
            routed(Restores.night(runs, "samples/shop-tdrw.log", h), "/srv/erp-test.fdb");
        }
        Cli.Result embedded = Cli.run("check", runs.toString(), "--max-age", "0"); // 1 Dec 2026
        assertThat(embedded.code()).as(embedded.out()).isZero();
        assertThat(embedded.out())
                .contains("(baseline band 16.2 s to 18.2 s = median ± 1 s, its least width, from 3 runs)");

        routed(Restores.night(runs, "samples/shop-cpu.log", 5), "vm:/srv/erp-test.fdb");
        Cli.Result remote = Cli.run("check", runs.toString(), "--max-age", "0");
        assertThat(remote.code()).as(remote.out()).isZero();
        assertThat(remote.out())
                .startsWith("OK: erp restored in 3 min 31 s on 2026-12-01 05:00 UTC, ")
                .contains(" ago (no baseline yet: no completed run before it through remote TCP (vm); 4 runs through"
                        + " other routes, not its baseline)");

        // the next embedded night is judged by the embedded nights' band, the remote one left out of it
        routed(Restores.night(runs, "samples/shop-tdrw.log", 6), "/srv/erp-test.fdb");
        Cli.Result again = Cli.run("check", runs.toString(), "--max-age", "0");
        assertThat(again.code()).as(again.out()).isZero();
        assertThat(again.out())
                .contains(
                        "(baseline band 16.2 s to 18.2 s = median ± 1 s, its least width, from 4 runs through embedded;"
                                + " 1 run through other routes, not its baseline)");
    }

    @Test
    void aNightByAnotherFirebirdVersionIsNotJudgedByTheOthersBand() throws Exception {
        Path runs = dir.resolve("runs");
        for (int h = 1; h <= 4; h++) {
            routed(
                    Restores.night(runs, "samples/shop-tdrw.log", h),
                    "/srv/erp-test.fdb",
                    "LI-V3.0.11.33637 Firebird 3.0");
        }
        Cli.Result before = Cli.run("check", runs.toString(), "--max-age", "0"); // 1 Dec 2026
        assertThat(before.out())
                .as(before.err())
                .contains("(baseline band 16.2 s to 18.2 s = median ± 1 s, its least width, from 3 runs)");

        // 4.0 restored the slow night: it was judged by 3.0's band (above it, a WARNING)
        routed(Restores.night(runs, "samples/shop-cpu.log", 5), "/srv/erp-test.fdb", "LI-V4.0.5.3140 Firebird 4.0");
        Cli.Result migrated = Cli.run("check", runs.toString(), "--max-age", "0");
        assertThat(migrated.code()).as(migrated.out()).isZero();
        assertThat(migrated.out())
                .startsWith("OK: erp restored in 3 min 31 s on 2026-12-01 05:00 UTC, ")
                .contains(
                        " ago (no baseline yet: no completed run before it through embedded by Firebird 4.0; 4 runs by other Firebird versions, not its baseline)");

        // a later 3.0 night (another patch release too) is judged by 3.0's nights, the 4.0 one left out
        routed(Restores.night(runs, "samples/shop-tdrw.log", 6), "/srv/erp-test.fdb", "LI-V3.0.12.33787 Firebird 3.0");
        Cli.Result again = Cli.run("check", runs.toString(), "--max-age", "0");
        assertThat(again.code()).as(again.out()).isZero();
        assertThat(again.out())
                .contains("(baseline band 16.2 s to 18.2 s = median ± 1 s, its least width, from 4 runs through"
                        + " embedded by Firebird 3.0; 1 run by other Firebird versions, not its baseline)");
    }
}
