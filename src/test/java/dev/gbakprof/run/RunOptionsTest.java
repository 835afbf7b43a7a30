package dev.gbakprof.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.model.Environment;
import dev.gbakprof.model.FirebirdConf;
import dev.gbakprof.model.IdleProbe;
import dev.gbakprof.model.PlanSource;
import dev.gbakprof.model.PowerPlan;
import dev.gbakprof.model.Via;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which server gbakprof asks about a restore's database: the one gbak restores through. */
class RunOptionsTest {

    private static RunOptions withArgs(String database, String... gbakArgs) {
        TestOptions o = new TestOptions();
        o.database = database;
        o.repeat = 2;
        o.gbakArgs = List.of(gbakArgs);
        return o.build();
    }

    @Test
    void theServerIsTheOneGbakRestoresThrough() {
        // -se host/port:service_mgr among gbak's arguments: the database is created by that server
        assertThat(withArgs("/data/shop.fdb", "-se", "db7/3051:service_mgr").serverFor("/data/shop.fdb"))
                .isEqualTo(ServerAddress.parse("db7/3051"));
        assertThat(withArgs("/data/shop.fdb", "-SERVICE", "db7:service_mgr").serverFor("/data/shop.fdb"))
                .isEqualTo(ServerAddress.parse("db7"));
        // -se service_mgr: the server on this machine; host:path names its own server
        assertThat(withArgs("/data/shop.fdb", "-se", "service_mgr").serverFor("/data/shop.fdb"))
                .isEqualTo(ServerAddress.LOCALHOST);
        assertThat(withArgs("db8:/data/shop.fdb").serverFor("db8:/data/shop.fdb"))
                .isEqualTo(ServerAddress.parse("db8"));
    }

    @Test
    void urlFormsAndAbbreviationsOfSeAreGbaksOwn() {
        // gbak 3 takes -se inet://host[:port]/service_mgr, and abbreviates -service down to -se
        assertThat(withArgs("/d/s.fdb", "-se", "inet://db7:3051/service_mgr").serverFor("/d/s.fdb"))
                .isEqualTo(new ServerAddress("db7", 3051));
        assertThat(withArgs("/d/s.fdb", "-ser", "inet4://db7/service_mgr").serverFor("/d/s.fdb"))
                .isEqualTo(new ServerAddress("db7", 3050));
        assertThat(withArgs("/d/s.fdb", "-servi", "inet6://[::1]:3052/service_mgr")
                        .serverFor("/d/s.fdb"))
                .isEqualTo(new ServerAddress("::1", 3052));
        assertThat(withArgs("/d/s.fdb", "-se", "inet://localhost/service_mgr").throughServer())
                .isTrue();
        // this machine's server
        for (String local : List.of("xnet://service_mgr", "inet://service_mgr", "service_mgr")) {
            assertThat(withArgs("/d/s.fdb", "-se", local).serverFor("/d/s.fdb"))
                    .as(local)
                    .isEqualTo(ServerAddress.LOCALHOST);
        }
        // an option that only starts like -se is not it; -se as the last argument names no server
        assertThat(withArgs("/d/s.fdb", "-separate", "x:y").throughServer()).isFalse();
        assertThat(withArgs("/d/s.fdb", "-v", "-se").serverFor("/d/s.fdb")).isEqualTo(ServerAddress.LOCALHOST);
    }

    private static RunOptions through(Via via, String host, String backup, String database, String... gbakArgs) {
        TestOptions o = new TestOptions();
        o.via = via;
        o.server = host == null ? null : ServerAddress.parse(host);
        o.backup = backup;
        o.database = database;
        o.gbakArgs = List.of(gbakArgs);
        return o.build();
    }

    private static String here(String relative) {
        return Path.of(relative).toAbsolutePath().normalize().toString();
    }

    /** 192.0.2.1 (TEST-NET-1, RFC 5737) is no address of this machine, and reading it asks no name server. */
    private static final String ELSEWHERE = "192.0.2.1";

    @Test
    void hostOnTheGbakRouteRestoresThroughThatServer() {
        RunOptions o =
                through(Via.GBAK, "localhost", "bk/small.fbk", "db/x.fdb").withServerPaths(true);
        // gbak reads the backup here (remote TCP), the server creates the database: its path made absolute here
        assertThat(o.backup()).isEqualTo("bk/small.fbk");
        assertThat(o.database()).isEqualTo("localhost/3050:" + here("db/x.fdb"));
        assertThat(o.throughServer()).isTrue();
        assertThat(o.serverFor(o.database())).isEqualTo(ServerAddress.LOCALHOST);
        assertThat(through(Via.GBAK, "localhost/3051", "b.fbk", "/d/x.fdb")
                        .withServerPaths(true)
                        .database())
                .isEqualTo("localhost/3051:/d/x.fdb");
        // without --host the database stays embedded; host:path of the same server stays as typed
        assertThat(through(Via.GBAK, null, "b.fbk", "x.fdb")
                        .withServerPaths(false)
                        .database())
                .isEqualTo("x.fdb");
        assertThat(through(Via.GBAK, "127.0.0.1", "b.fbk", "localhost:x.fdb")
                        .withServerPaths(true)
                        .database())
                .isEqualTo("localhost:x.fdb");
    }

    @Test
    void hostAndAnotherServerInTheDatabaseOrSeAreRefused() {
        assertThatThrownBy(
                        () -> through(Via.GBAK, "db1", "b.fbk", "db2:/d/x.fdb").withServerPaths(true))
                .isInstanceOf(RunRefusedException.class)
                .hasMessage("--database db2:/d/x.fdb names the server db2/3050, and --host db1/3050 another; give "
                        + "the server once");
        assertThatThrownBy(() -> through(Via.GBAK, "db1", "b.fbk", "/d/x.fdb", "-se", "db2:service_mgr")
                        .withServerPaths(true))
                .isInstanceOf(RunRefusedException.class)
                .hasMessage("--host db1/3050 and gbak's -se db2/3050 name two servers; give the server once (-se "
                        + "alone, or --host with --via service)");
    }

    @Test
    void relativePathsTheServerOpensAreMadeAbsoluteForAServerHereAndRefusedForOneElsewhere() {
        RunOptions svc = through(Via.SERVICE, null, "small.fbk", "db/x.fdb").withServerPaths(false);
        assertThat(svc.backup()).isEqualTo(here("small.fbk"));
        assertThat(svc.database()).isEqualTo(here("db/x.fdb"));
        RunOptions se = through(Via.GBAK, null, "small.fbk", "x.fdb", "-se", "localhost:service_mgr")
                .withServerPaths(false);
        assertThat(se.backup()).isEqualTo(here("small.fbk"));
        assertThat(se.database()).isEqualTo(here("x.fdb"));
        // an alias of this machine's databases.conf (Debian's security.db) is the server's to resolve
        assertThat(through(Via.SERVICE, null, "small.fbk", "security.db")
                        .withServerPaths(false)
                        .database())
                .isEqualTo("security.db");
        // absolute paths are sent as given, also a Windows server's seen from here
        RunOptions abs =
                through(Via.SERVICE, ELSEWHERE, "/bk/s.fbk", "C:\\db\\x.fdb").withServerPaths(true);
        assertThat(abs.backup()).isEqualTo("/bk/s.fbk");
        assertThat(abs.database()).isEqualTo("C:\\db\\x.fdb");
        assertThatThrownBy(() -> through(Via.SERVICE, ELSEWHERE, "small.fbk", "/db/x.fdb")
                        .withServerPaths(true))
                .isInstanceOf(RunRefusedException.class)
                .hasMessage("--backup small.fbk: a relative path, which the server 192.0.2.1/3050 would look for in "
                        + "its own working folder; give its absolute path on that server");
        assertThatThrownBy(
                        () -> through(Via.GBAK, ELSEWHERE, "small.fbk", "x.fdb").withServerPaths(true))
                .isInstanceOf(RunRefusedException.class)
                .hasMessageStartingWith("--database x.fdb: a relative path, which the server 192.0.2.1/3050");
    }

    @Test
    void whatThisMachineSaysOfTheWorkerIsRecordedOnlyWhenTheWorkRunsHere() {
        // 192.0.2.7 (TEST-NET-1, RFC 5737) is on no interface of this machine; 127.0.0.1 is this machine
        assertThat(withArgs("/data/shop.fdb").workerElsewhere("/data/shop.fdb")).isNull();
        assertThat(withArgs("127.0.0.1:/data/shop.fdb").workerElsewhere("127.0.0.1:/data/shop.fdb"))
                .isNull();
        ServerAddress there = ServerAddress.parse("192.0.2.7/3051");
        assertThat(withArgs("192.0.2.7/3051:/data/shop.fdb").workerElsewhere("192.0.2.7/3051:/data/shop.fdb"))
                .isEqualTo(there);
        assertThat(withArgs("/data/shop.fdb", "-se", "192.0.2.7/3051:service_mgr")
                        .workerElsewhere("/data/shop.fdb"))
                .isEqualTo(there);

        Environment probed = new Environment(
                "ws1",
                "Windows 11",
                "cpu",
                8,
                PowerPlan.read("Ausbalanciert", "381b4222-f694-41f0-9685-ff5bb260df2e", PlanSource.POWERCFG, false),
                "WI-V3.0.11.33637 Firebird 3.0",
                null,
                1L << 34,
                new IdleProbe(1.6, List.of(32.0), List.of(20.0), 1.0, "clocks-down", "the CPU clocks down"),
                new FirebirdConf("C:\\Firebird\\firebird.conf", "Super", null, null, null));
        assertThat(RouteRun.Worker.of(null, ServerAddress.parse("127.0.0.1/3051"))
                        .environment(probed))
                .isEqualTo(probed);
        assertThat(RouteRun.Worker.of(null, null).environment(probed)).isEqualTo(probed);
        Environment recorded = RouteRun.Worker.of(null, there).environment(probed);
        assertThat(recorded.powerPlan())
                .isEqualTo(new PowerPlan(
                        "unknown",
                        null,
                        "unknown: the work ran on the server 192.0.2.7/3051, on another machine",
                        null));
        assertThat(recorded.idleProbe()).isNull();
        assertThat(recorded.firebirdConf()).isNull();
        // the machine gbakprof ran on, whose load its CPU samples are, and the gbak it ran
        assertThat(recorded.host()).isEqualTo("ws1");
        assertThat(recorded.logicalCpus()).isEqualTo(8);
        assertThat(recorded.gbakVersion()).isEqualTo(probed.gbakVersion());
    }
}
