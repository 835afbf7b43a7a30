package dev.gbakprof.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.stats.Confounder;
import dev.gbakprof.store.LogReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tokens of {@code --anonymize} on real logs, with a command line, a server and a user a live run records. */
class AnonymizerTest {
    private static final Path SHOP = Path.of("src/test/resources/logs/shop-tdrw.log");
    private static final Path DUPFAIL = Path.of("src/test/resources/logs/dupfail-tdrw.log");

    /** A real restore as {@code run} records one through a server: its command, host and user. */
    private static RestoreRun remote() {
        return LogReader.read(SHOP, "nightly").toBuilder()
                .via(Via.GBAK)
                .command("/opt/firebird/bin/gbak -c -v -st tdrw -user DBA_JANE -se dbserver7:service_mgr shop.fbk"
                        + " dbserver7/3050:/srv/fb/shop.fdb   (password from ISC_PASSWORD)")
                .database("dbserver7/3050:/srv/fb/shop.fdb")
                .server("dbserver7/3050")
                .errors(List.of(
                        "Unable to complete network request to host \"dbserver7\".",
                        "I/O error during \"open\" operation for file \"/srv/fb/old/shop.fdb\""))
                .environment(new Environment(
                        "dba-laptop",
                        "Linux",
                        "AMD EPYC",
                        2,
                        null,
                        "LI-V3.0.11.33637 Firebird 3.0",
                        null,
                        1L,
                        null,
                        null))
                .build();
    }

    @Test
    void theCommandLineKeepsItsSwitchesAndLosesItsNames() {
        RestoreRun a = Anonymizer.anonymize(List.of(remote())).get(0);
        assertThat(a.command())
                .isEqualTo("gbak -c -v -st tdrw -user user-1 -se host-1:service_mgr backup-1.fbk"
                        + " host-1/3050:database-1.fdb   (password from ISC_PASSWORD)");
        assertThat(a.database()).isEqualTo("host-1/3050:database-1.fdb");
        assertThat(a.server()).isEqualTo("host-1/3050");
        assertThat(a.backupFile()).isEqualTo("backup-1.fbk");
        assertThat(a.environment().host()).isEqualTo("host-2");
        assertThat(a.errors())
                .containsExactly(
                        "Unable to complete network request to host \"host-1\".",
                        "I/O error during \"open\" operation for file \"file-1.fdb\"");
        // how it reached the database is still told
        assertThat(Confounder.route(a)).isEqualTo("gbak -se (services manager)");
        assertThat(a.label()).isEqualTo("nightly"); // a label of the user's own choosing stays
        assertThat(a.warnings().get(a.warnings().size() - 1))
                .isEqualTo(new Warning(WarningCode.ANONYMIZED, Anonymizer.WARNING));
    }

    /**
     * run's own label of a restore through a server names the server ({@code shop.fbk, remote TCP (dbserver7)}): the
     * server's token, the one the command and the database give it; {@code -se host/port:service_mgr} is that server
     * too; a path inside a folder the notes name (a run folder, named after its label) is a path of its own.
     */
    @Test
    void theServerARouteNamesIsOneTokenInTheLabelTheCommandAndTheNotes() {
        RestoreRun r = remote().toBuilder()
                .label("shop.fbk, remote TCP (dbserver7), High performance")
                .backupFile("/srv/backups/shop.fbk")
                .command("/opt/firebird/bin/gbak -c -v -st tdrw -user DBA_JANE -se dbserver7/3051:service_mgr"
                        + " /srv/backups/shop.fbk dbserver7/3050:/srv/fb/shop.fdb")
                .build();
        RestoreRun inet = remote().toBuilder()
                .label("shop.fbk, remote TCP (dbserver8:3051)")
                .backupFile("/srv/backups/shop.fbk")
                .database("inet://dbserver8:3051//srv/fb/shop.fdb")
                .command(null)
                .build();
        Anonymizer tokens = Anonymizer.of(List.of(r, inet), List.of("/srv/runs"));
        List<RestoreRun> a = tokens.apply(List.of(r, inet));
        assertThat(a.get(0).label()).isEqualTo("backup-1.fbk, remote TCP (host-1), High performance");
        assertThat(a.get(0).command())
                .isEqualTo("gbak -c -v -st tdrw -user user-1 -se host-1/port-1:service_mgr backup-1.fbk"
                        + " host-1/3050:database-1.fdb");
        assertThat(a.get(1).label()).isEqualTo("backup-1.fbk, remote TCP (host-3:port-1)");
        assertThat(a.get(1).database()).startsWith("inet://host-3:port-1/");
        String note = tokens.text("/srv/runs/20261207-064559-shop.fbk-remote-TCP-dbserver7: the restore was refused");
        assertThat(note).doesNotContain("shop", "dbserver7", "srv").endsWith(": the restore was refused");
    }

    @Test
    void tablesAndIndexesBecomeTokensInTheOrderTheyFirstAppear() {
        RestoreRun plain = LogReader.read(SHOP, null);
        RestoreRun a = Anonymizer.anonymize(List.of(plain)).get(0);
        assertThat(plain.tables().get(0).name()).isEqualTo("ORDER_LINES");
        assertThat(a.tables().stream().map(TableLoad::name).toList()).containsExactly("T001", "T002", "T003", "T004");
        assertThat(a.tables().stream().map(TableLoad::records).toList())
                .isEqualTo(plain.tables().stream().map(TableLoad::records).toList());
        for (int i = 0; i < plain.indexes().size(); i++) {
            IndexBuild p = plain.indexes().get(i);
            IndexBuild x = a.indexes().get(i);
            if (p.name().startsWith("RDB$")) {
                assertThat(x.name()).isEqualTo(p.name()); // Firebird's own name
            } else if (p.table() != null) {
                assertThat(x.name()).startsWith("IX_" + x.table() + "_");
            } else {
                assertThat(x.name()).matches("IX_\\d{3}"); // the log cannot tell its table
                assertThat(x.tableCandidates()).allMatch(t -> t.matches("T\\d{3}"));
            }
            assertThat(x.seconds()).isEqualTo(p.seconds());
            assertThat(x.writes()).isEqualTo(p.writes());
        }
        // the first index of ORDERS's token, and the first the log cannot place
        int orders = plain.tables().stream().map(TableLoad::name).toList().indexOf("ORDERS");
        String ordersToken = a.tables().get(orders).name();
        assertThat(a.indexes().stream().map(IndexBuild::name)).contains("IX_" + ordersToken + "_1", "IX_001");
        assertThat(String.join("\n", a.warningMessages()))
                .doesNotContain("AUDIT_EMPTY", "ORDER_LINES", "PK_AUDIT_EMPTY")
                .contains("T00");
    }

    @Test
    void gbaksErrorLinesLoseTheNamesAndTheKeyValue() {
        RestoreRun a =
                Anonymizer.anonymize(List.of(LogReader.read(DUPFAIL, null))).get(0);
        String all = String.join("\n", a.errors());
        assertThat(all).doesNotContain("UX_ITEMS_NORM_CODE", "ITEM-42");
        assertThat(a.errors())
                .contains("ERROR:    Problematic key value is (...)")
                .anyMatch(e -> e.matches("cannot commit index IX_T\\d{3}_\\d"));
        // inactive in the backup, never built: its definition came right before TAGS' data, so TAGS' token names it
        assertThat(a.tables().get(0).name()).isEqualTo("T001"); // TAGS, restored first
        assertThat(a.indexesNeverBuilt()).containsExactly("IX_T001_2");
        assertThat(a.indexesNeverBuiltTables()).containsExactly(new IndexDefinition("IX_T001_2", "T001"));
    }

    @Test
    void noTokenIsOneOfTheInputsOwnNames() {
        RestoreRun plain = LogReader.read(SHOP, null);
        List<TableLoad> renamed = new java.util.ArrayList<>(plain.tables());
        TableLoad first = renamed.get(0);
        renamed.set(0, new TableLoad("T002", first.records(), first.startSeconds(), first.seconds()));
        RestoreRun a = Anonymizer.anonymize(
                        List.of(plain.toBuilder().tables(renamed).build()))
                .get(0);
        // T002 is a real table here: the tokens go around it
        assertThat(a.tables().stream().map(TableLoad::name).toList()).containsExactly("T001", "T003", "T004", "T005");
    }

    @Test
    void theInspectionAndTheValidationUseTheLogsTokens() {
        RestoreRun plain = LogReader.read(SHOP, null).toBuilder()
                .inspection(new Inspection(
                        "localhost/3050:/srv/fb/restore-shop-tdrw.fdb",
                        "LI-V3.0.11.33637 Firebird 3.0",
                        "12.0",
                        8192,
                        2048,
                        1_000_000L,
                        20000,
                        true,
                        List.of(new Inspection.Table("ORDERS", 1_000_000), new Inspection.Table("AUDIT_EMPTY", 0)),
                        List.of(
                                new Inspection.Index(
                                        "PK_AUDIT_EMPTY", "AUDIT_EMPTY", List.of("ID"), null, true, false, true, 0.5),
                                new Inspection.Index(
                                        "IX_ORDERS_STATUS_YEAR",
                                        "ORDERS",
                                        List.of(),
                                        "(STATUS || EXTRACT(YEAR FROM ORDER_DATE))",
                                        false,
                                        false,
                                        true,
                                        0.01)),
                        List.of("table ORDERS: 999,999 rows in the database, 1,000,000 in the log"),
                        "log"))
                .validation(new Validation(
                        "/usr/bin/gfix -v -full -n -user MONICA localhost/3050:/srv/fb/restore-shop-tdrw.fdb",
                        "localhost/3050:/srv/fb/restore-shop-tdrw.fdb",
                        1.5,
                        0,
                        Validation.Result.WARNINGS,
                        List.of("Relation 130 (ORDERS)", "   Index 2 (IX_ORDERS_STATUS_YEAR) warning")))
                .build();
        RestoreRun a = Anonymizer.anonymize(List.of(plain)).get(0);
        String orders = a.tables()
                .get(plain.tables().stream().map(TableLoad::name).toList().indexOf("ORDERS"))
                .name();
        String statusYear = a.indexes()
                .get(plain.indexes().stream().map(IndexBuild::name).toList().indexOf("IX_ORDERS_STATUS_YEAR"))
                .name();
        Inspection i = a.inspection();
        assertThat(i.database()).isEqualTo("localhost/3050:database-2.fdb"); // restore-shop-tdrw.fdb is database-1
        assertThat(i.tables().get(0)).isEqualTo(new Inspection.Table(orders, 1_000_000));
        assertThat(i.tables().get(1).name()).matches("T\\d{3}");
        // the database says whose index PK_AUDIT_EMPTY is: it gets that table's token, the log's guess aside
        assertThat(i.indexes().get(0).name())
                .isEqualTo("IX_" + i.tables().get(1).name() + "_1");
        assertThat(i.indexes().get(0).segments()).containsExactly("C001");
        assertThat(i.indexes().get(1).name()).isEqualTo(statusYear).startsWith("IX_" + orders + "_");
        assertThat(i.indexes().get(1).expression()).isEqualTo("(expression)");
        assertThat(i.indexes().get(1).selectivity()).isEqualTo(0.01);
        assertThat(i.problems())
                .containsExactly("table " + orders + ": 999,999 rows in the database, 1,000,000 in the log");
        assertThat(a.validation().command()).isEqualTo("gfix -v -full -n -user user-1 localhost/3050:database-2.fdb");
        assertThat(a.validation().output())
                .containsExactly("Relation 130 (" + orders + ")", "   Index 2 (" + statusYear + ") warning");
    }

    @Test
    void theSameInputsGiveTheSameTokens() {
        List<RestoreRun> runs = List.of(remote(), LogReader.read(DUPFAIL, null));
        assertThat(Anonymizer.anonymize(runs)).isEqualTo(Anonymizer.anonymize(runs));
    }
}
