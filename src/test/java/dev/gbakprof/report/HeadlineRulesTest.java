package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gbakprof.Samples;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Grouped;
import dev.gbakprof.output.HeadlineText;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.SummaryMarkdown;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.NoteCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The headline's rules (docs/guide/reports.md, "How a comparison is judged") on the real samples. */
class HeadlineRulesTest {
    private static final ReportSettings EN = ReportSettings.defaults(Lang.EN);

    @TempDir
    Path tmp;

    private static String headline(List<RestoreRun> runs) {
        return new ReportPage().drawing(Analysis.of(runs, null), EN).headline();
    }

    private static List<RestoreRun> labelled(List<RestoreRun> runs, String label) {
        return runs.stream().map(r -> r.withLabel(label)).toList();
    }

    @Test
    void restoresThatDidNotFinishLeadTheHeadlineAndNoComparisonIsClaimedFromTheOthers() throws Exception {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "A"));
        runs.add(Samples.log("shop-cut.log", "B"));
        runs.add(Samples.log("dupfail-tdrw.log", "B"));
        runs.add(Samples.log("shop-tdrw.log", "B"));
        String h = headline(runs);
        // the cut log did not finish; gbak took dupfail to its end without an index (and another database: TAGS)
        assertThat(h)
                .isEqualTo("A: 13.0 s (median of 3 runs). B: 1 of 3 restores did not finish; 1 of 3 restores with 1 "
                        + "index not built: UX_ITEMS_NORM_CODE (ITEMS), duplicate key; database left offline — run gfix "
                        + "-online; the one that did took 11.6 s. Not the same data: table TAGS only in B.");
        assertThat(h).doesNotContain("less time");
        assertThat(Analysis.of(runs, null).noteCodes()).startsWith(NoteCode.INDEX_FAILED, NoteCode.RUNS_INCOMPLETE);
        assertThat(new ReportPage()
                        .drawing(Analysis.of(runs, null), EN)
                        .table()
                        .rows()
                        .get(1)
                        .get(1))
                .isEqualTo("3 (1 incomplete, 1 with an index not built)");
    }

    @Test
    void aFailedRestoreLoggedWithoutTimesSaysWhichIndexFailedAndWhatToDoInEveryLanguage() {
        // published logs without -st: Firebird 3.0.10 (FirebirdSQL/firebird#7465), which went to its end with a foreign
        // key it could not activate, and Firebird 5.0.1 Classic (#8263), which gave up the restore at an index; and a
        // real gbak 3.0.11 restore of the dupfail fixture without -v and -st
        RestoreRun fk = dev.gbakprof.store.RunInputs.load(
                        Path.of("src/test/resources/published/fb3-issue7465-quoted.log"), "fb3")
                .get(0);
        RestoreRun classic = dev.gbakprof.store.RunInputs.load(
                        Path.of("src/test/resources/published/fb5-issue8263-classic.log"), "fb5")
                .get(0);
        RestoreRun quiet = dev.gbakprof.store.RunInputs.load(
                        Path.of("src/test/resources/more-logs/dupfail-quiet.log"), "quiet")
                .get(0);
        // the same note code as the timed dupfail restore's, and no runs-failed note for a restore gbak took to its end
        assertThat(Analysis.of(List.of(fk), null).noteCodes()).containsExactly(NoteCode.INDEX_FAILED);
        assertThat(Analysis.of(List.of(quiet), null).noteCodes()).containsExactly(NoteCode.INDEX_FAILED);
        // nor for one gbak gave up at the index its index-failed note names: the page says the failure once
        assertThat(Analysis.of(List.of(classic), null).noteCodes()).containsExactly(NoteCode.INDEX_FAILED);
        java.util.Map<Lang, List<String>> expected = java.util.Map.of(
                Lang.EN,
                List.of(
                        "fb3: restored with 1 index not built: FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL), foreign key without its "
                                + "parent row; database left offline — run gfix -online. gbak reached its end; its log "
                                + "has no times (gbak ran without -st) (1 run).",
                        "fb3: index FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL) was not built. gbak: violation of FOREIGN KEY "
                                + "constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\". Problematic key value is "
                                + "(\"ID_NAGL\" = 278228). gbak left the database offline: run gfix -online on it, delete "
                                + "the rows whose parent row is missing (or restore the parent rows), then ALTER INDEX "
                                + "FK_NAGL_NAGL_ID_B_NAGL_BL ACTIVE.",
                        "fb5: the restore failed at index PK_XYZ: gbak stopped before its end; its log has no times "
                                + "(gbak ran without -st) (1 run).",
                        "fb5: index PK_XYZ (table unknown) was not built. gbak: invalid database handle (no active "
                                + "connection). gbak stopped the restore there (Exiting before completion due to errors): "
                                + "do not use the database it left; restore again once the cause is removed.",
                        "quiet: restored with 1 index not built: UX_ITEMS_NORM_CODE, duplicate key; database left "
                                + "offline — run gfix -online. gbak reached its end; its log has no times (gbak ran "
                                + "without -st) (1 run)."),
                Lang.PT_BR,
                List.of(
                        "fb3: restaurado com 1 índice não criado: FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL), chave estrangeira sem o registro pai; banco de dados deixado offline — execute gfix -online. O gbak chegou ao fim; o log não tem tempos (o gbak rodou sem -st) (1 execução).",
                        "fb3: o índice FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL) não foi criado. gbak: violation of FOREIGN KEY constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\". Problematic key value is (\"ID_NAGL\" = 278228). O gbak deixou o banco de dados offline: execute gfix -online nele, exclua os registros sem o registro pai (ou restaure os registros pai) e depois ALTER INDEX FK_NAGL_NAGL_ID_B_NAGL_BL ACTIVE.",
                        "fb5: a restauração falhou no índice PK_XYZ: o gbak parou antes do fim; o log não tem tempos (o gbak rodou sem -st) (1 execução).",
                        "fb5: o índice PK_XYZ (tabela desconhecida) não foi criado. gbak: invalid database handle (no active connection). O gbak interrompeu a restauração nesse ponto (Exiting before completion due to errors): não use o banco de dados que ele deixou; restaure novamente depois de eliminar a causa.",
                        "quiet: restaurado com 1 índice não criado: UX_ITEMS_NORM_CODE, chave duplicada; banco de dados deixado offline — execute gfix -online. O gbak chegou ao fim; o log não tem tempos (o gbak rodou sem -st) (1 execução)."),
                Lang.ES,
                List.of(
                        "fb3: restaurada con 1 índice sin crear: FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL), clave foránea sin su fila padre; base de datos fuera de línea — ejecute gfix -online. gbak llegó al final; su log no tiene tiempos (gbak se ejecutó sin -st) (1 ejecución).",
                        "fb3: el índice FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL) no se creó. gbak: violation of FOREIGN KEY constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\". Problematic key value is (\"ID_NAGL\" = 278228). gbak dejó la base de datos fuera de línea: ejecute gfix -online en ella, borre los registros cuyo registro padre falta (o restaure los registros padre) y después ALTER INDEX FK_NAGL_NAGL_ID_B_NAGL_BL ACTIVE.",
                        "fb5: la restauración falló en el índice PK_XYZ: gbak se detuvo antes del final; su log no tiene tiempos (gbak se ejecutó sin -st) (1 ejecución).",
                        "fb5: el índice PK_XYZ (tabla desconocida) no se creó. gbak: invalid database handle (no active connection). gbak detuvo la restauración en ese punto (Exiting before completion due to errors): no use la base de datos que dejó; restaure de nuevo cuando haya eliminado la causa.",
                        "quiet: restaurada con 1 índice sin crear: UX_ITEMS_NORM_CODE, clave duplicada; base de datos fuera de línea — ejecute gfix -online. gbak llegó al final; su log no tiene tiempos (gbak se ejecutó sin -st) (1 ejecución)."),
                Lang.TR,
                List.of(
                        "fb3: geri yüklendi, ancak 1 indeks oluşturulamadı: FK_NAGL_NAGL_ID_B_NAGL_BL (NAGL), üst kaydı olmayan yabancı anahtar; veritabanı çevrim dışı bırakıldı — gfix -online çalıştırın. gbak sona ulaştı; günlükte süre yok (gbak -st olmadan çalıştı) (1 çalıştırma).",
                        "fb3: FK_NAGL_NAGL_ID_B_NAGL_BL indeksi (NAGL) oluşturulamadı. gbak: violation of FOREIGN KEY constraint \"FK_NAGL_NAGL_ID_B_NAGL_BL\" on table \"NAGL\". Problematic key value is (\"ID_NAGL\" = 278228). gbak veritabanını çevrim dışı bıraktı: veritabanında gfix -online çalıştırın, üst kaydı olmayan kayıtları silin (ya da üst kayıtları geri yükleyin), ardından ALTER INDEX FK_NAGL_NAGL_ID_B_NAGL_BL ACTIVE.",
                        "fb5: geri yükleme PK_XYZ indeksinde başarısız oldu: gbak sona ulaşmadan durdu; günlükte süre yok (gbak -st olmadan çalıştı) (1 çalıştırma).",
                        "fb5: PK_XYZ indeksi (tablo bilinmiyor) oluşturulamadı. gbak: invalid database handle (no active connection). gbak geri yüklemeyi burada durdurdu (Exiting before completion due to errors): bıraktığı veritabanını kullanmayın; nedeni giderdikten sonra yeniden geri yükleyin.",
                        "quiet: geri yüklendi, ancak 1 indeks oluşturulamadı: UX_ITEMS_NORM_CODE, yinelenen anahtar; veritabanı çevrim dışı bırakıldı — gfix -online çalıştırın. gbak sona ulaştı; günlükte süre yok (gbak -st olmadan çalıştı) (1 çalıştırma)."));
        for (Lang lang : Lang.values()) {
            ReportSettings settings = ReportSettings.defaults(lang);
            ReportPage.Page fkPage = new ReportPage().drawing(Analysis.of(List.of(fk), null), settings);
            ReportPage.Page classicPage = new ReportPage().drawing(Analysis.of(List.of(classic), null), settings);
            List<String> got = List.of(
                    fkPage.headline(),
                    HeadlineText.of(Grouped.of(Analysis.of(List.of(fk), null)), Texts.of(lang))
                            .notes()
                            .get(0),
                    classicPage.headline(),
                    HeadlineText.of(Grouped.of(Analysis.of(List.of(classic), null)), Texts.of(lang))
                            .notes()
                            .get(0),
                    new ReportPage()
                            .drawing(Analysis.of(List.of(quiet), null), settings)
                            .headline());
            assertThat(got).as(lang.tag()).isEqualTo(expected.get(lang));
            assertThat(classicPage.notes()).as(lang.tag()).hasSize(1);
            // the footer of logs without times does not say the times come from -st; summary.md's is the same line
            String untimed = Texts.of(lang).get("report.footer.untimed");
            assertThat(untimed)
                    .doesNotStartWith(Texts.of(lang).get("report.footer").substring(0, 20))
                    .contains("-st", "gbak -c -v -st tdrw");
            for (RestoreRun r : List.of(fk, classic, quiet)) {
                assertThat(r.columns()).isEmpty();
                assertThat(new ReportPage()
                                .drawing(Analysis.of(List.of(r), null), settings)
                                .footer())
                        .as(lang.tag())
                        .isEqualTo(untimed);
                assertThat(new SummaryMarkdown().text(Analysis.of(List.of(r), null), settings))
                        .as(lang.tag())
                        .endsWith("\n---\n" + untimed + "\n");
            }
            // one timed log among them: the times shown come from its -st, and the footer says so
            ReportPage.Page mixed = new ReportPage()
                    .drawing(Analysis.of(List.of(classic, Samples.log("dupfail-tdrw.log", "dupfail")), null), settings);
            assertThat(mixed.footer())
                    .as(lang.tag())
                    .isEqualTo(Texts.of(lang)
                            .get(
                                    "report.footer",
                                    Texts.of(lang).percent(0.05),
                                    Texts.of(lang).get("report.footer.welch")));
            // the key table agrees with the headline: not "1 (1 failed)" for the restore gbak took to its end
            assertThat(fkPage.table().rows().get(0).get(1))
                    .as(lang.tag())
                    .isEqualTo(new ReportPage()
                            .drawing(Analysis.of(List.of(Samples.log("dupfail-tdrw.log", "dupfail")), null), settings)
                            .table()
                            .rows()
                            .get(0)
                            .get(1));
        }
    }

    @Test
    void aRestoreGbakprofStoppedSaysWhatStoppedIt() {
        // the record of a real run of the shop backup stopped by --timeout 3s in its index phase
        RestoreRun stopped = dev.gbakprof.store.RunInputs.load(
                        Path.of("src/test/resources/old-records/timeout-in-index/20261207-034631-shop.fbk-embedded"),
                        "shop")
                .get(0);
        assertThat(headline(List.of(stopped)))
                .isEqualTo("shop: --timeout stopped the restore after 2.98 s on gbak's clock, before it"
                        + " finished (1 run).");
        // a restore whose log just ends, gbakprof having stopped nothing: the log stops
        assertThat(headline(List.of(Samples.log("shop-cut.log", "cut")))).contains("the log stops after");
    }

    @Test
    void aConfigurationWhoseRestoreFailedAtGbaksStartLeadsAndTheOthersKeepTheirTime() {
        // a real gbak 3.0.11 log of a restore from a backup file that does not exist: no timed line at all
        List<RestoreRun> runs = List.of(
                Samples.log("shop-tdrw.log", "A"),
                dev.gbakprof.store.RunInputs.load(Path.of("src/test/resources/more-logs/small-missing.log"), "B")
                        .get(0));
        assertThat(headline(runs)).isEqualTo("A: 11.6 s (1 run). B: 1 of 1 restore did not finish.");
    }

    @Test
    void differentDatabasesSayWhichTimeTheyShowAndEndOneSentenceWhenNoneIsKnown() {
        // a whole restore beside a failed one: only their setup phases are known, and the headline says it is that
        List<RestoreRun> timed =
                List.of(Samples.log("shop-tdrw.log", "shop"), Samples.log("dupfail-tdrw.log", "dupfail"));
        assertThat(headline(timed))
                .startsWith("shop and dupfail are different databases (0 tables in common): their times do not compare"
                        + " configurations. shop (the setup phase): 0.086 s (1 run); dupfail (the setup phase): 0.090 s"
                        + " (1 run).");
        // logs without -st: no time at all, and no ". ." after the sentence
        List<RestoreRun> untimed = List.of(
                dev.gbakprof.store.RunInputs.load(Path.of("src/test/resources/logs/shop-nost.log"), "shop")
                        .get(0),
                dev.gbakprof.store.RunInputs.load(Path.of("src/test/resources/more-logs/dupfail-nost.log"), "dupfail")
                        .get(0));
        assertThat(headline(untimed))
                .startsWith("shop and dupfail are different databases (0 tables in common): their times do not compare"
                        + " configurations.")
                .doesNotContain(". .");
    }

    @Test
    void manyConfigurationsAreHeadlinedByTheFastestAndTheSlowestTheRestInTheTable() {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "full"));
        runs.addAll(labelled(Samples.quota(), "quota"));
        for (String label : List.of("one", "two", "three", "four")) {
            runs.add(Samples.log("shop-tdrw.log", label));
        }
        String headline = headline(runs);
        assertThat(headline)
                .startsWith("Against full (13.0 s, median of 3 runs), 5 other configurations: the fastest one 11.6 s "
                        + "(11% less time, spread unknown); the slowest quota 26.4 s (104% more time); the others in the"
                        + " table.")
                .doesNotContain("two 11.6 s", "three 11.6 s", "four 11.6 s");
        // three besides the baseline are still named one by one
        assertThat(headline(runs.subList(0, runs.size() - 2))).contains("one 11.6 s", "two 11.6 s", "quota 26.4 s");
    }

    @Test
    void moreThanTwoConfigurationsAreEachRankedAgainstTheBaseline() {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "full"));
        runs.addAll(labelled(Samples.quota(), "quota"));
        runs.add(Samples.log("shop-tdrw.log", "one"));
        assertThat(headline(runs))
                .isEqualTo("Against full (13.0 s, median of 3 runs): one 11.6 s (11% less time, "
                        + "spread unknown); quota 26.4 s (104% more time). full: its runs took from 12.2 s (run3.log) to"
                        + " 14.7 s (run1.log), more than the difference between the configurations.");
        // every configuration's verdict against the baseline is in the notes, in the headline's order
        Analysis a = Analysis.of(runs, null);
        List<String> verdicts = new ArrayList<>();
        for (dev.gbakprof.stats.Note n : a.notes()) {
            if (n.code() == NoteCode.VERDICT) {
                dev.gbakprof.stats.Comparison c = (dev.gbakprof.stats.Comparison) n.arg(0);
                verdicts.add(c.candidate().label() + " vs " + c.baseline().label() + ": " + c.verdict());
            }
        }
        assertThat(verdicts).containsExactly("one vs full: TOO_FEW_RUNS", "quota vs full: SLOWER");
        // (summary.md, the console and --json; the page has them in its key table's last column)
        List<String> notes = HeadlineText.of(Grouped.of(a), Texts.of(Lang.EN)).notes();
        assertThat(notes)
                .contains(
                        "one is 1.12× faster than full (1 against 3 runs): with a single run on a side the run-to-run "
                                + "spread is unknown, so this may be noise; run each configuration at least 2 times.",
                        "quota is 2.04× slower than full, more than the run-to-run spread explains (95% CI 1.60–2.46, 3 "
                                + "against 3 runs as two groups: Welch's t-test).");
        // the explanation names the pair it explains
        assertThat(notes).anyMatch(n -> n.startsWith("Why full is slower than one: the index phase"));
        String md = new SummaryMarkdown().text(a, EN);
        assertThat(md).contains("- one is 1.12× faster than full").contains("- quota is 2.04× slower than full");
    }

    @Test
    void identicalInputsUnderTwoLabelsCannotBeToldApartWithoutMoreRuns() {
        List<RestoreRun> runs = new ArrayList<>(labelled(Samples.fullCpu(), "A"));
        runs.addAll(labelled(Samples.fullCpu(), "B"));
        Analysis a = Analysis.of(runs, null);
        assertThat(a.comparison(1, dev.gbakprof.stats.Measure.TOTAL).verdict())
                .isEqualTo(dev.gbakprof.stats.Verdict.CANNOT_TELL);
        assertThat(headline(runs))
                .startsWith("Cannot tell A and B apart yet: 13.0 s and 13.0 s (3 runs each), too few runs for"
                        + " how much they vary; about ")
                .endsWith(" runs of each would tell faster, slower or the same within ±5%.")
                .doesNotContain("about the same");
    }

    @Test
    void anExcerptThatRunsToGbaksEndIsAnExcerptAndItsUnseenTablesAreNotOtherData() throws Exception {
        // a real log whose head was cut off before ORDERS' data: it reaches "total statistics", it starts late
        RestoreRun tail = Samples.headCutBefore("shop-tdrw.log", tmp, "restoring data for table ORDERS", "tail");
        assertThat(tail.status()).isEqualTo(dev.gbakprof.model.RunStatus.COMPLETED);
        assertThat(dev.gbakprof.stats.RunOutcome.of(tail)).isEqualTo(dev.gbakprof.stats.RunOutcome.EXCERPT);
        List<RestoreRun> runs = List.of(Samples.log("shop-tdrw.log", "full"), tail);
        Analysis a = Analysis.of(runs, null);
        assertThat(a.dataDifferences()).isEmpty(); // ORDER_LINES is before its first line, not missing
        assertThat(a.noteCodes()).contains(NoteCode.EXCERPT).doesNotContain(NoteCode.DIFFERENT_DATA);
        ReportPage.Page page = new ReportPage().drawing(a, EN);
        assertThat(page.headline())
                .isEqualTo(
                        "Cannot tell them apart (the index phase): full took 7.99 s and tail took 7.99 s (1 run each);"
                                + " there are too few runs, or the times are too short.");
        assertThat(page.table().rows().get(1).get(1)).isEqualTo("1 (excerpt)");
        assertThat(page.notes())
                .contains("tail: an excerpt of a gbak log, not a whole restore: the first it times is the data of "
                        + "table ORDERS, from 0.327 s on gbak's clock, and it runs to gbak's end. It times 3 table "
                        + "loads and 14 index builds; what came before is not in it.");
        // a table it shows with other rows than the whole restore's is other data
        RestoreRun half = Samples.headCutBefore("shop-tdrw.log", tmp, "restoring data for table ORDERS", "half");
        List<String> halved = java.nio.file.Files.readAllLines(tmp.resolve("shop-tdrw.log")).stream()
                .map(l -> l.replace(" 1000000 records restored", "  500000 records restored"))
                .toList();
        java.nio.file.Files.write(tmp.resolve("shop-tdrw.log"), halved);
        half = dev.gbakprof.store.RunInputs.load(tmp.resolve("shop-tdrw.log"), "half")
                .get(0);
        assertThat(Analysis.of(List.of(runs.get(0), half), null).dataDifferences())
                .containsKey("half");
    }

    /**
     * Two matrices of the same labels on two backups, compared together: each label mixes the shop backup and one whose
     * ORDERS has half the rows. The first baseline run was set against every run of the other label, and the headline
     * said "Not the same data: table ORDERS ..." of two labels that restored the very same two backups. The mixes are
     * said ({@code mixed}); which backup is the baseline's data is not known, so no data difference is claimed.
     */
    @Test
    void labelsThatMixBackupsClaimNoDataDifference() throws Exception {
        RestoreRun shop = Samples.log("shop-tdrw.log", "A").toBuilder()
                .backupFile("/b/shop.fbk")
                .build();
        RestoreRun half = Samples.halfOfOrders(tmp, "A").toBuilder()
                .backupFile("/b/shop-half.fbk")
                .build();
        List<RestoreRun> runs = List.of(
                shop,
                half,
                shop.toBuilder().label("B").build(),
                half.toBuilder().label("B").build());
        Analysis a = Analysis.of(runs, "A");
        assertThat(a.dataDifferences()).isEmpty();
        assertThat(a.differentDatabases()).isEmpty();
        assertThat(a.noteCodes()).contains(NoteCode.MIXED).doesNotContain(NoteCode.DIFFERENT_DATA);
        // one backup a label: its data is compared as before
        assertThat(Analysis.of(List.of(shop, half.toBuilder().label("B").build()), "A")
                        .dataDifferences())
                .containsKey("B");
    }

    @Test
    void aPhaseAnExcerptShowsOnlyPartOfIsNotComparedWithAWholeOne() throws Exception {
        // cut off in the index phase: its index phase is a part of one; the finishing phase is whole
        RestoreRun tail = Samples.headCutBefore("shop-tdrw.log", tmp, "deferred index RDB$PRIMARY1", "tail");
        Analysis a = Analysis.of(List.of(Samples.log("shop-tdrw.log", "full"), tail), null);
        assertThat(a.headline().measure()).isEqualTo(dev.gbakprof.stats.Measure.FINISH);
        // every run an excerpt: what the excerpts show is compared (the article's index lines)
        assertThat(Analysis.of(Samples.article(), null).headline().measure())
                .isEqualTo(dev.gbakprof.stats.Measure.INDEXES);
    }

    @Test
    void aRestoreGbakTookToItsEndWithoutAnIndexSaysSoInFirebirdsTermsInEveryLanguage() {
        // a real gbak 3.0.11 restore whose unique index UX_ITEMS_NORM_CODE met a duplicate key: gbak restored every
        // table and the other indexes, went on to "total statistics" and left the database offline
        List<RestoreRun> runs = List.of(Samples.log("dupfail-tdrw.log", "dupfail"));
        Analysis a = Analysis.of(runs, null);
        assertThat(a.noteCodes()).containsExactly(NoteCode.INDEX_FAILED);
        java.util.Map<Lang, List<String>> expected = java.util.Map.of(
                Lang.EN,
                List.of(
                        "dupfail: restored with 1 index not built: UX_ITEMS_NORM_CODE (ITEMS), duplicate key; database "
                                + "left offline — run gfix -online. gbak reached its end after 0.135 s (1 run).",
                        "1 (1 with an index not built)"),
                Lang.PT_BR,
                List.of(
                        "dupfail: restaurado com 1 índice não criado: UX_ITEMS_NORM_CODE (ITEMS), chave duplicada; banco "
                                + "de dados deixado offline — execute gfix -online. O gbak chegou ao fim após 0,135 s (1 "
                                + "execução).",
                        "1 (1 com índice não criado)"),
                Lang.ES,
                List.of(
                        "dupfail: restaurada con 1 índice sin crear: UX_ITEMS_NORM_CODE (ITEMS), clave duplicada; base de "
                                + "datos fuera de línea — ejecute gfix -online. gbak llegó al final tras 0,135 s (1 "
                                + "ejecución).",
                        "1 (1 con un índice sin crear)"),
                Lang.TR,
                List.of(
                        "dupfail: geri yüklendi, ancak 1 indeks oluşturulamadı: UX_ITEMS_NORM_CODE (ITEMS), yinelenen "
                                + "anahtar; veritabanı çevrim dışı bırakıldı — gfix -online çalıştırın. gbak 0,135 sn "
                                + "sonra sona ulaştı (1 çalıştırma).",
                        "1 (1 tanesinde indeks oluşturulamadı)"));
        for (Lang lang : Lang.values()) {
            ReportPage.Page page = new ReportPage().drawing(a, ReportSettings.defaults(lang));
            assertThat(page.headline())
                    .as(lang.tag())
                    .isEqualTo(expected.get(lang).get(0));
            assertThat(page.headline()).doesNotContain("did not finish", "failed");
            // the key table agrees with the headline: not "1 (1 failed)"
            assertThat(page.table().rows().get(0).get(1))
                    .as(lang.tag())
                    .isEqualTo(expected.get(lang).get(1));
        }
    }
}
