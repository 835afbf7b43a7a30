package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A run given no --label is labelled so that runs of different backups and routes differ (on a virtual machine the power
 * plan, the label it once had, is unknown for every run), and a configuration whose runs mix routes says so.
 */
@FirebirdTest
@ExtendWith(FirebirdServer.Fixture.class)
class DefaultLabelTest {

    @Test
    void withoutALabelARunIsLabelledByItsBackupAndRouteAndOneLabelOverTwoRoutesIsSaid(FirebirdServer.Folder f)
            throws Exception {
        Path fbk = f.backup("small");
        Path runs = f.resolve("runs");
        Cli.Result embedded = Restores.run(Route.EMBEDDED, fbk, f.resolve("e.fdb"), runs);
        assertThat(embedded.code()).as(embedded.err()).isZero();
        Cli.Result service = Restores.run(Route.SERVICE, fbk, f.resolve("s.fdb"), runs);
        assertThat(service.code()).as(service.err()).isZero();
        List<RestoreRun> records = records(runs);
        PowerPlan plan = records.get(0).environment().powerPlan();
        String known = plan == null || plan.from() == PlanSource.UNKNOWN ? "" : ", " + plan.name();
        assertThat(records)
                .extracting(RestoreRun::label)
                .containsExactlyInAnyOrder("small.fbk, embedded" + known, "small.fbk, services manager" + known);
        Cli.Result compare = Cli.run("compare", "--json", runs.toString());
        assertThat(compare.code()).as(compare.err()).isZero();
        JsonNode compared = new ObjectMapper().readTree(compare.out());
        assertThat(compared.get("configurations")).hasSize(2);
        assertThat(codes(compared)).doesNotContain("mixed");

        // one label over both routes: the configuration mixes them, and the report says so
        Path mixed = f.resolve("mixed");
        assertThat(Restores.run(Route.EMBEDDED, fbk, f.resolve("e2.fdb"), mixed, "--label", "vm")
                        .code())
                .isZero();
        assertThat(Restores.run(Route.SERVICE, fbk, f.resolve("s2.fdb"), mixed, "--label", "vm")
                        .code())
                .isZero();
        Cli.Result report = Cli.run("report", "--json", mixed.toString());
        assertThat(report.code()).as(report.err()).isZero();
        JsonNode reported = new ObjectMapper().readTree(report.out());
        assertThat(reported.get("notes").findValuesAsText("message"))
                .contains("vm mixes routes (embedded / services manager): its times are not one configuration's;"
                        + " label the runs of each route apart (--label)");
    }

    private static List<String> codes(JsonNode json) {
        List<String> out = new ArrayList<>();
        json.get("notes").forEach(n -> out.add(n.get("code").asText()));
        return out;
    }

    private static List<RestoreRun> records(Path runs) throws IOException {
        List<RestoreRun> out = new ArrayList<>();
        for (Path d : Restores.runDirs(runs)) {
            out.add(RunJson.read(d.resolve("run.json")).get(0));
        }
        return out;
    }
}
