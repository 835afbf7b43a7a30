package dev.gbakprof.advice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.FirebirdConf;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.PhaseResources;
import dev.gbakprof.model.PhaseResources.Bound;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.testutil.Logs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rules on real logs, and on the states of a record that gbakprof run writes (plan, resources). */
class AdvisorTest {
    private static final RestoreRun SHOP = LogReader.read(Path.of("samples/shop-tdrw.log"), "shop");

    private static Environment env(String gbakVersion, Boolean performance) {
        return new Environment(
                "db1",
                "Linux",
                "cpu",
                2,
                new PowerPlan(performance ? "performance" : "powersave", null, "cpufreq", performance),
                gbakVersion,
                null,
                1L << 30,
                null,
                null);
    }

    private static PhaseResources use(Phase phase, double share, Bound bound) {
        return new PhaseResources(phase, 10, 10 * share, share, 1, 1, 0.5, bound, null, null, null, null);
    }

    @Test
    void aDominantIndexPhaseOfAParsedLogAsksForThePowerPlanWithTheSeedsFigures() {
        List<Hint> hints = Advisor.advise(List.of(SHOP));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.POWER_PLAN);
        assertThat(hints.get(0).evidence())
                .startsWith("the index phase is 68 % of the restore (11.7 of 17.2 s)")
                .contains("CPU use not sampled", "the power plan is not in the record");
        assertThat(hints.get(0).effect()).contains("4 h 07 min", "2 h 35 min", "−37 %");
        assertThat(hints.get(0).prove())
                .as("a parsed log does not say which machine it ran on")
                .isEqualTo("on the machine that restores: gbakprof plan --check, then gbakprof matrix --backup"
                        + " shop.fbk --database restore-shop-tdrw.fdb --plans balanced,high-performance --repeat 3");
    }

    @Test
    void anExcerptsShareIsOfWhatTheLogShows() {
        List<Hint> hints = Advisor.advise(List.of(LogReader.read(Path.of("samples/article-balanced.log"), "b")));
        assertThat(hints.get(0).code()).isEqualTo(HintCode.POWER_PLAN);
        assertThat(hints.get(0).evidence())
                .startsWith("the index phase is 100 % of what the log shows (an excerpt) (3775.0 of 3775.0 s)");
    }

    /**
     * A log cut before gbak's end is no excerpt: its shares are of what it shows, said as a restore that did not
     * finish; and with nothing to advise it does not speak of 40 % of a restore whose total nobody knows.
     */
    @Test
    void aLogCutBeforeGbaksEndIsNeitherAnExcerptNorAWholeRestore(@TempDir Path dir) throws Exception {
        RestoreRun inIndexes = Samples.cutAfter(
                "shop-tdrw.log", dir, "activating and creating deferred index FK_LINES_ORDER", List.of(), "cut");
        List<Hint> hints = Advisor.advise(List.of(inIndexes));
        assertThat(hints.get(0).evidence())
                .startsWith(
                        "the index phase is 67 % of what the log shows (the restore did not finish) (7.5 of 11.1 s)");
        RestoreRun inData = Samples.cutAfter("shop-tdrw.log", dir, " 440000 records restored", List.of(), "cut");
        assertThat(Advisor.advise(List.of(inData))).isEmpty();
        assertThat(Advisor.nothingBecause(List.of(inData)))
                .isEqualTo("the restore did not finish (its log ends before gbak's end): its phases are partial");
    }

    @Test
    void aPerformancePlanWithACpuBoundIndexPhaseOnFirebird5AsksForParallelWorkersNotThePlan() {
        RestoreRun r = SHOP.toBuilder()
                .environment(env("WI-V5.0.1.1469 Firebird 5.0", true))
                .phaseResources(List.of(use(Phase.INDEXES, 0.97, Bound.CPU_BOUND)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.PARALLEL_WORKERS);
        assertThat(hints.get(0).evidence()).contains("CPU-bound (the restore's process kept 97 % of a core busy)");
        assertThat(hints.get(0).effect()).contains("#7770", "MaxParallelWorkers");
        assertThat(hints.get(0).prove()).contains("--vary 'gbak:-par 1,2,4,8'");
    }

    @Test
    void backupVersionElevenIsNoFirebird5ForFirebird4WritesItToo() {
        // src/test/resources/logs-fb4/fb4types-tdrw.log: gbak 4.0.5 restoring its own backup, "backup version is 11"
        assertThat(Logs.read(Logs.FB4 + "fb4types-tdrw.log").backupVersion()).isEqualTo(11);
        RestoreRun r = SHOP.toBuilder()
                .environment(null)
                .backupVersion(11)
                .phaseResources(List.of(use(Phase.INDEXES, 0.97, Bound.CPU_BOUND)))
                .build();
        assertThat(Advisor.advise(List.of(r))).extracting(Hint::code).doesNotContain(HintCode.PARALLEL_WORKERS);
    }

    @Test
    void aVirtualMachineWhosePlanCannotBeReadIsNotToldToRunUnderHighPerformance() {
        // the plan gbakprof plan reports on this machine (a VM: no cpufreq in /sys); matrix --plans refuses there
        PowerPlan unknown =
                PowerPlan.unknown("no cpufreq in /sys (virtual machine: the hypervisor host sets the CPU frequency)");
        Environment e = env("LI-V3.0.11.33637 Firebird 3.0", false);
        RestoreRun vm = SHOP.toBuilder()
                .environment(e.withPowerPlan(unknown))
                .phaseResources(List.of(use(Phase.INDEXES, 0.95, Bound.CPU_BOUND)))
                .build();
        assertThat(Advisor.advise(List.of(vm))).extracting(Hint::code).doesNotContain(HintCode.POWER_PLAN);
        // a parsed log (no plan in the record) still says what to check
        assertThat(Advisor.advise(List.of(SHOP))).extracting(Hint::code).contains(HintCode.POWER_PLAN);
    }

    @Test
    void firebird3GetsNoParallelHintAndANonPerformancePlanIsNamed() {
        RestoreRun r = SHOP.toBuilder()
                .environment(env("LI-V3.0.11.33637 Firebird 3.0", false))
                .phaseResources(List.of(use(Phase.INDEXES, 0.95, Bound.CPU_BOUND)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.POWER_PLAN);
        assertThat(hints.get(0).evidence()).contains("under the power plan \"powersave\", not a performance plan");
    }

    @Test
    void anIndexPhaseThatWaitedForACpuIsStarvedAndGetsNoPowerPlanHint() {
        RestoreRun r = SHOP.toBuilder()
                .environment(env("LI-V3.0.11.33637 Firebird 3.0", false))
                .phaseResources(List.of(new PhaseResources(
                        Phase.INDEXES, 36, 6.9, 0.19, 0.1, 38, 0.99, Bound.CPU_STARVED, null, null, null, null)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.CPU_STARVED);
        assertThat(hints.get(0).evidence()).contains("got 19 % of a core while the machine's CPUs were 99 % busy");
        // the page's name of the phase, not the record's label ("indexes")
        assertThat(hints.get(0).title())
                .isEqualTo("Measure on a machine at rest: other work held the CPU during the index phase");
        assertThat(hints.get(0).evidence()).startsWith("the index phase is ");
    }

    @Test
    void gbak5sReducedWorkersNameTheConfigLine() {
        List<Hint> hints = Advisor.advise(
                List.of(LogReader.read(Path.of("src/test/resources/published/fb5-issue8140-excerpt.log"), "fb5")));
        assertThat(hints).extracting(Hint::code).contains(HintCode.PARALLEL_REDUCED);
        Hint h = hints.stream()
                .filter(x -> x.code() == HintCode.PARALLEL_REDUCED)
                .findFirst()
                .orElseThrow();
        assertThat(h.title())
                .isEqualTo("Allow the parallel workers gbak asked for: MaxParallelWorkers = 4 in firebird.conf");
        assertThat(h.evidence()).contains("gbak asked for 4 parallel workers and the server allowed 1");
    }

    @Test
    void aRemoteTcpRestoreSuggestsTheServicesManagerAndAServicesOneDoesNot() {
        RestoreRun tcp = SHOP.toBuilder()
                .via(dev.gbakprof.model.Via.GBAK)
                .database("dbhost:/data/erp.fdb")
                .command("/usr/bin/gbak -c -v -st tdrw shop.fbk dbhost:/data/erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(tcp))).extracting(Hint::code).contains(HintCode.REMOTE_ROUTE);
        // the command that proves it restores through the server with paths it opens: the database without
        // "dbhost:", a relative backup (relative to the client's folder here) named as a path to give
        Hint remote = Advisor.advise(List.of(tcp)).stream()
                .filter(x -> x.code() == HintCode.REMOTE_ROUTE)
                .findFirst()
                .orElseThrow();
        assertThat(remote.prove())
                .isEqualTo("gbakprof run --via service --host dbhost --backup BACKUP_PATH_ON_THE_SERVER.fbk"
                        + " --database /data/erp-se.fdb --label se, then gbakprof compare the two runs");
        RestoreRun absolute = tcp.toBuilder()
                .backupFile("/srv/bk/shop.fbk")
                .database("dbhost/3051:/data/erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(absolute)).stream()
                        .filter(x -> x.code() == HintCode.REMOTE_ROUTE)
                        .findFirst()
                        .orElseThrow()
                        .prove())
                .startsWith("gbakprof run --via service --host dbhost/3051 --backup /srv/bk/shop.fbk --database"
                        + " /data/erp-se.fdb ");
        RestoreRun se = tcp.toBuilder()
                .command("/usr/bin/gbak -c -v -st tdrw -se dbhost:service_mgr shop.fbk /data/erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(se))).extracting(Hint::code).doesNotContain(HintCode.REMOTE_ROUTE);
        RestoreRun windows = SHOP.toBuilder()
                .via(dev.gbakprof.model.Via.GBAK)
                .database("C:\\\\data\\\\erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(windows))).extracting(Hint::code).doesNotContain(HintCode.REMOTE_ROUTE);
    }

    @Test
    void anIoBoundDominantDataPhaseAsksForStorageAndPageBuffers() {
        RestoreRun r = SHOP.toBuilder()
                .phases(List.of(
                        new dev.gbakprof.model.PhaseTime(dev.gbakprof.model.Phase.DATA, 12.0),
                        new dev.gbakprof.model.PhaseTime(dev.gbakprof.model.Phase.INDEXES, 5.0)))
                .totalSeconds(17.0)
                .phaseResources(List.of(new PhaseResources(
                        Phase.DATA, 12, 2.4, 0.2, 900, 400, 0.4, Bound.IO_BOUND, null, null, null, null)))
                .build();
        List<Hint> hints = Advisor.advise(List.of(r));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.STORAGE);
        assertThat(hints.get(0).prove()).contains("--vary 'gbak:-bu 2048,16384'");
        // forced writes are no lever for a restore: gbak restores with them off (burp/restore.epp)
        assertThat(hints.get(0).effect()).contains("Forced writes need no change: gbak turns them off for the restore");
    }

    private static Environment fb5(String version, FirebirdConf conf) {
        return new Environment("db1", "Linux", "cpu", 8, null, version, null, 1L << 34, null, conf);
    }

    private static final RestoreRun ISSUE_8263 =
            LogReader.read(Path.of("src/test/resources/published/fb5-issue8263-classic.log"), "classic");

    @Test
    void theClassicParallelFailureIsKnownByGbaksErrorsAloneAndSaysHowSure() {
        List<Hint> hints = Advisor.advise(List.of(ISSUE_8263));
        assertThat(hints).extracting(Hint::code).containsExactly(HintCode.CLASSIC_PARALLEL);
        Hint h = hints.get(0);
        // each quote says whose words it is: gbak's lines of this log, and the issue's firebird.log, never read here
        assertThat(h.evidence())
                .isEqualTo("gbak failed to build index PK_XYZ with \"invalid database handle (no active connection)\""
                        + " (its errors in this log), the failure of FirebirdSQL/firebird#8263; there the server's"
                        + " firebird.log said \"Failed to create worker attachment\" (quoted from the issue: gbakprof"
                        + " does not read firebird.log)");
        assertThat(h.certainty()).isEqualTo(Hint.Certainty.MEDIUM);
        assertThat(h.basis()).contains("the server mode and version are not in the record");
        assertThat(h.prove()).endsWith("--label par1 -- -par 1");
    }

    @Test
    void theClassicParallelFailureWithItsConfigurationIsSureAndFixedVersionsAreLeftAlone() {
        FirebirdConf classic = new FirebirdConf("/opt/firebird/firebird.conf", "Classic", null, 2, 8);
        RestoreRun seen = ISSUE_8263.toBuilder()
                .environment(fb5("LI-V5.0.1.1469 Firebird 5.0", classic))
                .build();
        Hint h = Advisor.advise(List.of(seen)).get(0);
        assertThat(h.code()).isEqualTo(HintCode.CLASSIC_PARALLEL);
        assertThat(h.certainty()).isEqualTo(Hint.Certainty.HIGH);
        assertThat(h.evidence())
                .contains("/opt/firebird/firebird.conf sets ServerMode = Classic and the restore used 2 parallel"
                        + " workers on Firebird 5.0.1");
        // the configuration alone, before it fails: a warning of medium certainty
        RestoreRun before = SHOP.toBuilder()
                .environment(fb5("LI-V5.0.0.1306 Firebird 5.0", classic))
                .build();
        assertThat(Advisor.advise(List.of(before)))
                .filteredOn(x -> x.code() == HintCode.CLASSIC_PARALLEL)
                .singleElement()
                .satisfies(x -> assertThat(x.certainty()).isEqualTo(Hint.Certainty.MEDIUM));
        // 5.0.2 fixed it; SuperServer never had it; one worker never had it
        for (Environment ok : List.of(
                fb5("LI-V5.0.2.1613 Firebird 5.0", classic),
                fb5("LI-V5.0.1.1469 Firebird 5.0", new FirebirdConf("f", "Super", null, 2, 8)),
                fb5("LI-V5.0.1.1469 Firebird 5.0", new FirebirdConf("f", "Classic", null, null, 8)))) {
            assertThat(Advisor.advise(List.of(SHOP.toBuilder().environment(ok).build())))
                    .extracting(Hint::code)
                    .doesNotContain(HintCode.CLASSIC_PARALLEL);
        }
    }

    private static Hint sortSpill(RestoreRun r) {
        return Advisor.advise(List.of(r)).stream()
                .filter(x -> x.code() == HintCode.SORT_SPILL)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void anIndexPhaseWithOpenSortFilesAsksForTempCacheLimitAboveWhatSpilled() {
        RestoreRun r = SHOP.toBuilder()
                .environment(fb5(
                        "LI-V3.0.11.33637 Firebird 3.0",
                        new FirebirdConf("/etc/firebird/3.0/firebird.conf", null, null, null, null)))
                .worker("gbak (pid 4242)")
                .phaseResources(List.of(new PhaseResources(
                        Phase.INDEXES, 10, 9.5, 0.95, 60, 70, 0.5, Bound.CPU_BOUND, 50.3, null, null, null)))
                .build();
        Hint h = sortSpill(r);
        // 64 MiB default + 50.3 MB seen = 112 MiB, a multiple of 16 MiB
        // a lower bound from the largest sort file a sample caught: "at least", never more than medium
        assertThat(h.title())
                .isEqualTo("Give the index sorts more memory: TempCacheLimit of at least 112M in firebird.conf");
        assertThat(h.basis()).contains("the size is at least what it says");
        assertThat(h.prove()).startsWith("set TempCacheLimit = 112M or more in firebird.conf");
        assertThat(h.evidence())
                .isEqualTo(
                        "during the index phase gbak (pid 4242) had sort files (fb_sort_* in Firebird's temp directory)"
                                + " of up to 50.3 MB open: index sorts did not fit in TempCacheLimit, at its default in"
                                + " /etc/firebird/3.0/firebird.conf (64 MB; 8 MB on Classic, per connection) and were written to disk");
        assertThat(h.certainty()).isEqualTo(Hint.Certainty.MEDIUM);
        // Windows: the files were seen in Firebird's temp directory, where another Firebird process's count too
        RestoreRun windows = r.toBuilder()
                .environment(new Environment(
                        "db1",
                        "Microsoft Windows Server 2019 build 17763",
                        "cpu",
                        8,
                        null,
                        "WI-V5.0.1.1469 Firebird 5.0",
                        null,
                        1L << 34,
                        null,
                        new FirebirdConf(
                                "C:\\Program Files\\Firebird\\Firebird_5_0\\firebird.conf",
                                null,
                                null,
                                null,
                                null,
                                "D:\\fbtemp")))
                .build();
        Hint w = sortSpill(windows);
        assertThat(w.evidence()).startsWith("during the index phase Firebird's temp directory had sort files");
        assertThat(w.certainty()).isEqualTo(Hint.Certainty.MEDIUM);
        assertThat(w.basis()).contains("another Firebird process's sorts count too");
        // no sort file in any sample, or none readable (not Linux, a parsed log): no hint
        for (Double none : new Double[] {0.0, null}) {
            RestoreRun quiet = r.toBuilder()
                    .phaseResources(List.of(new PhaseResources(
                            Phase.INDEXES, 10, 9.5, 0.95, 60, 70, 0.5, Bound.CPU_BOUND, none, null, null, null)))
                    .build();
            assertThat(Advisor.advise(List.of(quiet))).extracting(Hint::code).doesNotContain(HintCode.SORT_SPILL);
        }
    }

    /**
     * A services restore recorded before servers were asked holds the firebird.conf beside this machine's gbak, which
     * says nothing of the server's: the hint does not quote it. What the server reported of itself (RDB$CONFIG) it
     * quotes.
     */
    @Test
    void aServersRestoreIsNotJudgedByTheLocalFirebirdConf() {
        RestoreRun local = SHOP.toBuilder()
                .via(Via.SERVICE)
                .server("localhost/3050")
                .environment(fb5(
                        "LI-V4.0.5.3140 Firebird 4.0",
                        new FirebirdConf("/etc/firebird/4.0/firebird.conf", null, "1G", null, null)))
                .worker("Firebird server (pid 4242)")
                .phaseResources(List.of(new PhaseResources(
                        Phase.INDEXES, 10, 9.5, 0.95, 60, 70, 0.5, Bound.CPU_BOUND, 50.3, null, null, null)))
                .build();
        assertThat(local.firebirdConfInForce()).isNull();
        assertThat(sortSpill(local).evidence())
                .contains("did not fit in TempCacheLimit (default 64 MB; 8 MB on Classic, per connection)")
                .doesNotContain("/etc/firebird", "1G");

        RestoreRun reported = local.toBuilder()
                .environment(fb5(
                        "LI-V4.0.5.3140 Firebird 4.0",
                        new FirebirdConf("RDB$CONFIG of localhost/3050: firebird.conf", null, "1G", null, null)))
                .build();
        assertThat(sortSpill(reported).evidence())
                .contains("did not fit in TempCacheLimit = 1G (RDB$CONFIG of localhost/3050: firebird.conf)");
    }

    @Test
    void everyHintSaysHowSureItIsAndWhy() {
        RestoreRun sampled = SHOP.toBuilder()
                .environment(env("LI-V3.0.11.33637 Firebird 3.0", false))
                .phaseResources(List.of(use(Phase.INDEXES, 0.95, Bound.CPU_BOUND)))
                .build();
        assertThat(Advisor.advise(List.of(SHOP)).get(0).certainty()).isEqualTo(Hint.Certainty.LOW);
        assertThat(Advisor.advise(List.of(sampled)).get(0).certainty()).isEqualTo(Hint.Certainty.MEDIUM);
        assertThat(Advisor.advise(List.of(
                        LogReader.read(Path.of("src/test/resources/published/fb5-issue8140-excerpt.log"), "fb5"))))
                .allSatisfy(h -> {
                    assertThat(h.certainty()).isNotNull();
                    assertThat(h.basis()).isNotBlank();
                });
    }

    /**
     * A proof is printed for the machine that restores: a Windows run's paths in double quotes (cmd.exe takes no single
     * quotes), a Linux run's in single quotes (a POSIX shell changes a doubled backslash in double quotes).
     */
    @Test
    void aProofIsQuotedForTheShellOfTheMachineThatRestored() {
        Environment windows = new Environment(
                "erp-db",
                "Windows Server 2016",
                "cpu",
                2,
                new PowerPlan("Balanced", "381b4222-f694-41f0-9685-ff5bb260df2e", "powercfg", false),
                null,
                null,
                1L << 33,
                null,
                null);
        RestoreRun onWindows = SHOP.toBuilder()
                .environment(windows)
                .backupFile("\\\\fileserver\\backups\\ERP 2026.fbk")
                .database("D:\\Firebird Data\\ERP.FDB")
                .build();
        Hint plan = Advisor.advise(List.of(onWindows)).stream()
                .filter(h -> h.code() == HintCode.POWER_PLAN)
                .findFirst()
                .orElseThrow();
        assertThat(plan.prove())
                .isEqualTo("gbakprof matrix --backup \"\\\\fileserver\\backups\\ERP 2026.fbk\" --database"
                        + " \"D:\\Firebird Data\\ERP.FDB\" --plans balanced,high-performance --repeat 3");
        // a parsed log of a Windows path: Windows too
        RestoreRun parsed =
                SHOP.toBuilder().database("D:\\Firebird Data\\ERP.FDB").build();
        assertThat(Advisor.advise(List.of(parsed)).stream()
                        .filter(h -> h.code() == HintCode.POWER_PLAN)
                        .findFirst()
                        .orElseThrow()
                        .prove())
                .contains("--database \"D:\\Firebird Data\\ERP.FDB\"");
        RestoreRun onLinux = SHOP.toBuilder()
                .environment(env("LI-V3.0.11.33637 Firebird 3.0", false))
                .database("/srv/fire bird/erp.fdb")
                .build();
        assertThat(Advisor.advise(List.of(onLinux)).stream()
                        .filter(h -> h.code() == HintCode.POWER_PLAN)
                        .findFirst()
                        .orElseThrow()
                        .prove())
                .contains("--database '/srv/fire bird/erp.fdb'");
    }

    /**
     * A restore whose work a server on another machine did: its plan is not in the record (gbakprof reads its own
     * machine's), yet it can be set on the server: the hint says to check it there, not nothing (as for a virtual
     * machine, whose plan nobody here can set).
     */
    @Test
    void aServerOnAnotherMachineIsToldToCheckItsOwnPlan() {
        Environment e = env("LI-V3.0.11.33637 Firebird 3.0", false).withPowerPlan(PowerPlan.elsewhere("db1/3050"));
        RestoreRun remote = SHOP.toBuilder()
                .environment(e)
                .database("db1/3050:/data/erp.fdb")
                .build();
        assertThat(e.powerPlan().server()).isEqualTo("db1/3050");
        Hint plan = Advisor.advise(List.of(remote)).stream()
                .filter(h -> h.code() == HintCode.POWER_PLAN)
                .findFirst()
                .orElseThrow();
        assertThat(plan.evidence())
                .endsWith("; the server db1/3050 did the work, on another machine: its power plan is not in the record"
                        + " (gbakprof reads the plan of the machine it runs on)");
        assertThat(plan.prove())
                .isEqualTo("on the server db1/3050 itself: gbakprof plan --check, then gbakprof matrix --plans"
                        + " balanced,high-performance there");
        assertThat(plan.certainty()).isEqualTo(Hint.Certainty.LOW);
        assertThat(plan.basis()).startsWith("inferred: the index phase took the time; the server's power plan");
        // a plan unknown for another reason (a virtual machine here) is still nothing to act on
        assertThat(PowerPlan.unknown("no cpufreq in /sys").server()).isNull();
    }
}
