package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.model.Environment;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.power.PowerPlans;
import dev.gbakprof.store.RunJson;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.RemoteServer;
import dev.gbakprof.testutil.Restores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a record says of the machine that did a restore's work when a server on another machine did it: the real test
 * server at an address of a network namespace ({@link RemoteServer}). This machine's power plan, idle probe and the
 * firebird.conf beside gbak are not that server's: unknown, with the reason, never this machine's taken for it. A
 * server at one of this machine's own addresses is this machine's, and its plan is recorded.
 */
@ExtendWith(FirebirdServer.Fixture.class)
@FirebirdTest
class RemoteWorkerEnvironmentTest {

    @Test
    void aServerOnAnotherMachineHasAnUnknownPlanAndThisMachinesIsRecordedForOneHere(FirebirdServer.Folder f)
            throws Exception {
        String backup = f.backup("small").toString();
        Path runs = f.resolve("runs");
        try (RemoteServer remote = RemoteServer.start()) {
            String there = remote.host() + "/" + FirebirdServer.ADDRESS.port();
            String here = remote.hostSide() + "/" + FirebirdServer.ADDRESS.port();
            String why = "the work ran on the server " + there + ", on another machine";

            ok(
                    "run",
                    "--host",
                    there,
                    "--backup",
                    backup,
                    "--database",
                    db(f, "tcp"),
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    "tcp");
            ok(
                    "run",
                    "--via",
                    "service",
                    "--host",
                    there,
                    "--backup",
                    backup,
                    "--database",
                    db(f, "svc"),
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    "svc");
            for (String label : List.of("tcp", "svc")) {
                Environment env = record(runs, label).environment();
                assertThat(env.powerPlan().from()).as(label).isEqualTo(PlanSource.UNKNOWN);
                assertThat(env.powerPlan().unknownReason()).as(label).isEqualTo(why);
                assertThat(env.powerPlan().name()).as(label).isEqualTo("unknown");
                assertThat(env.powerPlan().guid()).as(label).isNull();
                assertThat(env.powerPlan().performance()).as(label).isNull();
                assertThat(env.firebirdConf())
                        .as(label + ": the firebird.conf here is not the server's")
                        .isNull();
                assertThat(env.idleProbe()).as(label).isNull();
                // the machine gbakprof ran on, whose load the CPU samples are
                assertThat(env.host()).as(label).isNotNull();
                assertThat(env.logicalCpus()).as(label).isNotNull();
            }

            // one of this machine's own addresses: its server is this machine's, and so is the plan
            ok(
                    "run",
                    "--host",
                    here,
                    "--backup",
                    backup,
                    "--database",
                    db(f, "here"),
                    "--runs-dir",
                    runs.toString(),
                    "--label",
                    "here");
            assertThat(record(runs, "here").environment().powerPlan()).isEqualTo(PowerPlans.detect());

            // the idle probe measures this machine's CPU: refused for a server elsewhere, before anything runs
            Cli.Result probe = Cli.run(
                    "run",
                    "--probe-power",
                    "--host",
                    there,
                    "--backup",
                    backup,
                    "--database",
                    db(f, "probe"),
                    "--runs-dir",
                    runs.toString());
            assertThat(probe.code()).as(probe.err()).isEqualTo(2);
            assertThat(probe.err())
                    .isEqualTo("gbakprof: --probe-power measures this machine's CPU, but the restore's work runs on the"
                            + " server " + there + ", on another machine: run gbakprof plan --probe there"
                            + System.lineSeparator());

            // matrix --plans switches this machine's plans, which do not change the server's: refused first
            Cli.Result plans = Cli.run(
                    "matrix",
                    "--host",
                    there,
                    "--backup",
                    backup,
                    "--database",
                    db(f, "plans"),
                    "--plans",
                    "balanced,high-performance",
                    "--out",
                    f.resolve("plans-out").toString());
            assertThat(plans.code()).as(plans.err()).isEqualTo(2);
            assertThat(plans.err())
                    .isEqualTo("gbakprof: cannot compare power plans here: the restore's work runs on the server "
                            + there + ", on another machine, whose power plan this machine's does not change; run"
                            + " gbakprof matrix --plans on the server itself, or set its plan there between two runs"
                            + " and compare them" + System.lineSeparator());

            // matrix records each arm's restore by the same rule
            Path out = f.resolve("mx");
            ok(
                    "matrix",
                    "--host",
                    there,
                    "--backup",
                    backup,
                    "--database",
                    db(f, "mx"),
                    "--vary",
                    "gbak:-bu 100,200",
                    "--repeat",
                    "1",
                    "--warmup",
                    "0",
                    "--cooldown",
                    "0",
                    "--out",
                    out.toString());
            List<Path> arms = Restores.runDirs(out.resolve("runs"));
            assertThat(arms).hasSize(2);
            for (Path d : arms) {
                RestoreRun run = RunJson.read(d.resolve("run.json")).get(0);
                assertThat(run.environment().powerPlan().unknownReason())
                        .as(run.label())
                        .isEqualTo(why);
                assertThat(run.environment().firebirdConf()).as(run.label()).isNull();
            }
        }
        assertThat(Restores.runDirs(runs)).hasSize(3);
    }

    private static void ok(String... args) {
        Cli.Result r = Cli.run(args);
        assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isZero();
    }

    private static String db(FirebirdServer.Folder f, String name) {
        return f.resolve(name + ".fdb").toString();
    }

    private static RestoreRun record(Path runs, String label) throws Exception {
        List<String> seen = new ArrayList<>();
        for (Path d : Restores.runDirs(runs)) {
            RestoreRun run = RunJson.read(d.resolve("run.json")).get(0);
            if (label.equals(run.label())) {
                return run;
            }
            seen.add(run.label());
        }
        throw new AssertionError("no run labelled " + label + " in " + runs + ": " + seen);
    }
}
