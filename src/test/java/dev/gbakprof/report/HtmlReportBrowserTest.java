package dev.gbakprof.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.Samples;
import dev.gbakprof.model.Phase;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.output.Labels;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.stats.Analysis;
import dev.gbakprof.stats.Measure;
import dev.gbakprof.stats.ObjectTimes;
import dev.gbakprof.stats.RowCount;
import dev.gbakprof.stats.Spread;
import dev.gbakprof.store.LogReader;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.BrowserTest;
import dev.gbakprof.testutil.Chromium;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Logs;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.print.PrintOptions;

/**
 * report.html opened from its folder in a real Chromium, with its scripts running and no network: what a DBA sees.
 * One browser for the class. {@code -Dgbakprof.screenshots=DIR} keeps a full-page screenshot of each page there.
 */
@BrowserTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HtmlReportBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Path tmp;

    private ChromeDriver browser;
    private Path realShape;
    private String realShapeHeadline;
    private Analysis realShapeAnalysis;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        Chromium.assumeInstalled();
        tmp = dir;
        browser = Chromium.start(tmp.resolve("profile"));
        // every text the page draws on a canvas (axis ticks, labels), kept in window.drawn for the tests to read
        browser.executeCdpCommand(
                "Page.addScriptToEvaluateOnNewDocument",
                Map.of(
                        "source",
                        "(function () { var f = CanvasRenderingContext2D.prototype.fillText; window.drawn = [];"
                                + " CanvasRenderingContext2D.prototype.fillText = function (t) {"
                                + " window.drawn.push(String(t)); return f.apply(this, arguments); }; })();"));
        Path log = Logs.realShape(Files.createDirectories(tmp.resolve("log")));
        realShape = tmp.resolve("real-shape");
        Cli.Result r = Cli.run("report", "--json", "--out", realShape.toString(), log.toString());
        assertThat(r.code()).as(r.err()).isZero();
        realShapeHeadline = JSON.readTree(r.out()).get("headline").asText();
        RestoreRun run = LogReader.read(log, null);
        realShapeAnalysis = Analysis.of(List.of(run), null);
    }

    @AfterAll
    void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void everyIndexOfTheRealShapeLogIsInTheTableAndTheHeadlineIsCompareJsons() throws Exception {
        open(realShape.resolve("report.html"), "real-shape");
        assertThat(browser.findElement(By.id("headline")).getText()).isEqualTo(realShapeHeadline);
        @SuppressWarnings("unchecked")
        List<String> names = (List<String>) browser.executeScript(
                "return Array.from(document.querySelectorAll('#index-table tbody tr'), r => r.cells[0].textContent)");
        assertThat(names)
                .hasSize(6000)
                .containsExactlyInAnyOrderElementsOf(realShapeAnalysis.indexes().stream()
                        .map(ObjectTimes::name)
                        .toList());
        assertThat(browser.findElement(By.cssSelector("html")).getAttribute("lang"))
                .isEqualTo("en");
        // nothing was fetched: the page, its scripts, styles and data are the one file
        assertThat((Long) browser.executeScript("return performance.getEntriesByType('resource').length"))
                .isZero();
    }

    @Test
    void clickingTheTimeHeaderPutsTheSlowestIndexFirstAndTheKeyboardSortsToo() {
        open(realShape.resolve("report.html"), null);
        ObjectTimes slowest = realShapeAnalysis.indexes().stream()
                .filter(o -> o.maxMedian() != null)
                .max(Comparator.comparing(ObjectTimes::maxMedian))
                .orElseThrow();
        WebElement header = timeHeader();
        header.findElement(By.tagName("button")).click();
        assertThat(header.getAttribute("aria-sort")).isEqualTo("descending");
        assertThat(firstRow()).isEqualTo(slowest.name());
        // Enter on the focused header button: the other way round, the fastest first
        header.findElement(By.tagName("button")).sendKeys(Keys.ENTER);
        assertThat(header.getAttribute("aria-sort")).isEqualTo("ascending");
        assertThat(firstRow()).isNotEqualTo(slowest.name());
    }

    @Test
    void searchingANameLeavesOnlyItsRows() {
        open(realShape.resolve("report.html"), null);
        Texts t = Texts.of(Lang.EN);
        String name = realShapeAnalysis.indexes().get(4321).name();
        Set<String> expected = new HashSet<>();
        for (ObjectTimes o : realShapeAnalysis.indexes()) {
            if ((o.name() + " " + Labels.indexTable(o, t)).toLowerCase().contains(name.toLowerCase())) {
                expected.add(o.name());
            }
        }
        browser.findElement(By.id("index-search")).sendKeys(name);
        @SuppressWarnings("unchecked")
        List<String> shown = (List<String>) browser.executeScript("return Array.from(document.querySelectorAll("
                + "'#index-table tbody tr'), r => r).filter(r => !r.hidden).map(r => r.cells[0].textContent)");
        assertThat(shown).contains(name).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(shown.size()).isLessThan(10);
    }

    @Test
    void twoConfigurationsInEveryLanguageDrawWithoutAnErrorAndPrintToPdf() throws Exception {
        for (Lang lang : Lang.values()) {
            Path page = write("ab-" + lang.tag(), Samples.abBoth(), lang);
            open(page, "ab-" + lang.tag());
            assertThat(browser.findElement(By.cssSelector("html")).getAttribute("lang"))
                    .isEqualTo(lang.tag());
            assertThat(browser.findElements(By.cssSelector("#key-table tbody tr")))
                    .hasSize(2);
            assertThat(browser.findElements(By.cssSelector(".uplot"))).hasSizeGreaterThanOrEqualTo(2);
            // the verdicts' measures in the page's language, the total too (it read "total" in every language)
            @SuppressWarnings("unchecked")
            List<String> measures = (List<String>) browser.executeScript(
                    "return Array.from(document.querySelectorAll('#verdict-table tbody tr'), r => r.cells[1]"
                            + ".textContent)");
            Texts t = Texts.of(lang);
            assertThat(measures).contains(t.get("md.total"), t.get("phase.indexes"));
            // a time axis starts at 0 s, not 0.000 s
            assertThat(drawn()).contains("0 " + t.get("dur.s")).doesNotContain(t.duration(0.0));
            // every figure of the totals and every row count as Java writes them in summary.md: rounded half to
            // even (full-cpu's index phase of 8.125 s is 8.12 s), grouped as Java groups (1.000 rows in Spanish)
            Analysis a = Analysis.of(Samples.abBoth(), null);
            List<List<String>> totals = cells("#totals-table tbody tr");
            for (int g = 0; g < a.groups().size(); g++) {
                List<String> expected =
                        new java.util.ArrayList<>(List.of(totals.get(g).get(0)));
                expected.add(spread(a.groups().get(g).spread(Measure.TOTAL), t));
                for (Phase p : Phase.values()) {
                    expected.add(spread(a.groups().get(g).spread(Measure.of(p)), t));
                }
                assertThat(totals.get(g)).as(lang + " totals").containsExactlyElementsOf(expected);
            }
            List<List<String>> tables = cells("#table-table tbody tr");
            for (ObjectTimes x : a.tables()) {
                List<String> row = tables.stream()
                        .filter(r -> r.get(0).equals(x.name()))
                        .findFirst()
                        .orElseThrow();
                for (int g = 0; g < a.groups().size(); g++) {
                    RowCount rows = x.rows(g);
                    assertThat(row.get(2 + 3 * g))
                            .as(lang + " rows of " + x.name())
                            .isEqualTo(rows == null ? t.get("unknown") : t.integerRange(rows.min(), rows.max()));
                }
            }
            // the index table of two configurations fits the page: no scrolling sideways at 1280 px
            Number wider = (Number) browser.executeScript("var t = document.getElementById('index-table');"
                    + " return t.scrollWidth - t.parentElement.clientWidth");
            assertThat(wider.intValue())
                    .as("pixels the index table is wider than its box")
                    .isLessThanOrEqualTo(0);
        }
        String pdf = browser.print(new PrintOptions()).getContent();
        byte[] bytes = Base64.getDecoder().decode(pdf);
        assertThat(new String(bytes, 0, 5, StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
        assertThat(bytes.length).isGreaterThan(30_000);
    }

    @Test
    void sevenConfigurationsAndAFailedRestoreDrawWithoutAnError() throws Exception {
        open(write("seven", LayoutTest.sevenConfigurations(), Lang.EN), "seven");
        assertThat(browser.findElements(By.cssSelector("#key-table tbody tr"))).hasSize(7);
        assertThat(browser.findElements(By.cssSelector("#totals-table tbody tr")))
                .hasSize(7);
        Path failed = tmp.resolve("failed");
        Cli.run("report", "--out", failed.toString(), "src/test/resources/report/dupfail-tdrw.log");
        open(failed.resolve("report.html"), "failed");
        assertThat(browser.findElement(By.id("failed")).isDisplayed()).isTrue();
        assertThat(browser.findElement(By.cssSelector("#phases + .wrap")).getText())
                .contains("failed");
        // UX_TAGS_NAME was inactive in the backup: said so, not marked as the failure beside it; the warnings shown
        Texts en = Texts.of(Lang.EN);
        List<String> inactive = cells("#index-table tbody tr").stream()
                .filter(r -> r.get(0).equals("UX_TAGS_NAME"))
                .findFirst()
                .orElseThrow();
        assertThat(inactive.get(inactive.size() - 1)).isEqualTo(en.get("html.state.inactive"));
        assertThat(browser.findElements(By.cssSelector("#index-table td.failed")).stream()
                        .map(WebElement::getText))
                .doesNotContain(en.get("html.state.inactive"));
        assertThat(browser.findElement(By.cssSelector("#warnings + details")).getAttribute("textContent"))
                .contains("inactive in the backup, so restored inactive");
        assertThat(cells("#failed-index-table tbody tr"))
                .allSatisfy(r -> assertThat(r.get(2)).isEqualTo(en.get("html.state.left.inactive")));
        // gbak gave up this restore at the failed build: not "left inactive"
        Path gaveUp = tmp.resolve("gave-up");
        Cli.run("report", "--out", gaveUp.toString(), "src/test/resources/published/fb5-issue8263-classic.log");
        open(gaveUp.resolve("report.html"), null);
        assertThat(browser.findElement(By.id("failed-indexes")).getText()).isEqualTo(en.get("html.failed.indexes"));
        assertThat(cells("#failed-index-table tbody tr"))
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.get(2)).isEqualTo(en.get("html.state.gave.up")));
        // a run with CPU samples (gbakprof run): its process's CPU and disk by phase, in Turkish (%37, as Java writes)
        open(write("cpu", RunInputs.load(Path.of("samples/shop-cpu.json"), null), Lang.TR), "cpu");
        List<List<String>> cpu = cells("#cpu + .wrap tbody tr");
        assertThat(cpu).isNotEmpty().allSatisfy(r -> assertThat(r.get(3)).matches("%\\d+"));
        // a -par scan under two power plans: its speed-up curve, one line per plan
        open(write("scan", ChartsTest.plansCrossedWithPar(), Lang.EN), "scan");
        assertThat(browser.findElement(By.id("scan")).isDisplayed()).isTrue();
        assertThat(browser.findElements(By.cssSelector("#scan ~ .chart .uplot")))
                .isNotEmpty();
        // a scan of one switch (its points on no curve): its one curve is drawn, in the first configuration's colour
        Path seven = tmp.resolve("bu-scan");
        Cli.run("report", "--out", seven.toString(), "samples/seven");
        open(seven.resolve("report.html"), "bu-scan");
        assertThat(browser.findElements(By.cssSelector("#scan ~ .chart .u-legend .u-series")).stream()
                        .map(e -> e.getAttribute("textContent").strip()))
                .containsExactly(en.get("html.col.speedup"));
        Number curve = (Number) browser.executeScript("var c = document.querySelector('#scan ~ .chart canvas'),"
                + " d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, n = 0;"
                + " var rgb = JSON.parse(document.getElementById('gbakprof-data').textContent).page.colours[0];"
                + " var r = parseInt(rgb.slice(1, 3), 16), g = parseInt(rgb.slice(3, 5), 16), b = parseInt(rgb.slice(5), 16);"
                + " for (var i = 0; i < d.length; i += 4) if (d[i] === r && d[i + 1] === g && d[i + 2] === b) n++;"
                + " return n;");
        assertThat(curve.intValue()).as("pixels of the speed-up curve").isGreaterThan(200);
    }

    /**
     * The real records of src/test/resources/experiments: a -p scan whose every value gbak ran as 4096 is a table of where
     * each ran, with no curve of one place; stopped restores' totals and phases, each median with the runs it is of.
     */
    @Test
    void aScanOfOnePlaceIsATableAndMediansOfDifferentRunsSayWhichRuns() throws Exception {
        Path pagesize = tmp.resolve("pagesize");
        Cli.run("compare", "--out", pagesize.toString(), "src/test/resources/experiments/pagesize");
        open(pagesize.resolve("report.html"), "pagesize");
        Texts en = Texts.of(Lang.EN);
        assertThat(browser.findElement(By.id("scan")).isDisplayed()).isTrue();
        assertThat(browser.findElements(By.cssSelector("#scan ~ .chart .uplot")))
                .isEmpty();
        List<String> header = browser.findElements(By.cssSelector("#scan + .wrap th")).stream()
                .map(e -> e.getAttribute("textContent").strip())
                .toList();
        assertThat(header.get(1)).isEqualTo(en.get("speedup.x.page-size"));
        assertThat(cells("#scan + .wrap tbody tr"))
                .extracting(r -> r.get(0) + ": " + r.get(1))
                .containsExactlyInAnyOrder("-p 3000: 4,096", "-p 4096: 4,096");
        Path timeout = tmp.resolve("timeout");
        Cli.run("compare", "--out", timeout.toString(), "src/test/resources/experiments/timeout");
        open(timeout.resolve("report.html"), "timeout");
        List<String> stopped = cells("#totals-table tbody tr").get(1);
        assertThat(stopped.get(1)).isEqualTo("3.40 s (1 run)"); // total: the one completed restore
        assertThat(stopped.get(4)).isEqualTo("1.85 s (3 runs: 1.13 s–2.09 s)"); // data
        assertThat(stopped.get(5)).isEqualTo("2.61 s (2 runs: 2.15 s–3.07 s)"); // indexes
        assertThat(cells("#key-table tbody tr").get(1)).contains("3.40 s (1 run)", "2.61 s (2 runs)");
    }

    /**
     * Three runs of one label (real run folders, anonymize/through-server): the page names each run as summary.md does
     * ({@code emb #1}, {@code #2}, {@code #3}) in the phases of each run, the CPU and disk table and the timeline's run
     * selector, never the configuration's name ({@code emb (3 runs)}) for all three.
     */
    @Test
    void eachRunOfOneLabelHasTheNameSummaryMdGivesIt() throws Exception {
        Path out = tmp.resolve("runs-of-one-label");
        Cli.Result r = Cli.run("report", "--out", out.toString(), "src/test/resources/anonymize/through-server");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        open(out.resolve("report.html"), "runs-of-one-label");
        List<String> summaryNames = Files.readAllLines(out.resolve("summary.md")).stream()
                .filter(l -> l.matches("\\| .* \\| .*gbak\\.log \\| .*"))
                .map(l -> l.substring(2, l.indexOf(" | ")))
                .toList();
        assertThat(summaryNames).contains("emb #1", "emb #2", "emb #3").hasSize(9);
        List<String> named = summaryNames.stream().map(n -> n + " · gbak.log").toList();
        List<String> phases = column("#phases + .wrap tbody tr");
        assertThat(phases).containsExactlyInAnyOrderElementsOf(named).doesNotHaveDuplicates();
        assertThat(column("#cpu + .wrap tbody tr"))
                .isNotEmpty()
                .isSubsetOf(named)
                .contains("emb #3 · gbak.log");
        @SuppressWarnings("unchecked")
        List<String> options = (List<String>) browser.executeScript(
                "return Array.from(document.querySelectorAll('#timeline + .controls option'), o => o.textContent)");
        assertThat(options)
                .containsAll(named.subList(0, 3))
                .doesNotHaveDuplicates()
                .isSubsetOf(named);
        assertThat(browser.findElement(By.tagName("main")).getText()).doesNotContain("emb (3 runs) · gbak.log");
    }

    /** Each cell's text of the rows {@code selector} finds, top to bottom. */
    @SuppressWarnings("unchecked")
    private List<List<String>> cells(String selector) {
        return (List<List<String>>) browser.executeScript(
                "return Array.from(document.querySelectorAll(arguments[0]), r => Array.from(r.cells, c => c.textContent))",
                selector);
    }

    /** A spread as the page's totals give it: the median, and the range of two or more runs. */
    private static String spread(Spread s, Texts t) {
        return !s.known()
                ? t.get("unknown")
                : t.duration(s.median())
                        + (s.n() > 1 ? " (" + t.duration(s.min()) + "–" + t.duration(s.max()) + ")" : "");
    }

    /** The texts the page drew on its canvases since it was opened. */
    @SuppressWarnings("unchecked")
    private List<String> drawn() {
        return (List<String>) browser.executeScript("return window.drawn");
    }

    /** The first cells of the rows {@code selector} finds, top to bottom. */
    @SuppressWarnings("unchecked")
    private List<String> column(String selector) {
        return (List<String>) browser.executeScript(
                "return Array.from(document.querySelectorAll(arguments[0]), r => r.cells[0].textContent)", selector);
    }

    /**
     * A log without key counts (the article's excerpt: index lines only, no table's rows) reads "unknown" in the keys/s
     * column, in the page's language; in a log with some, sorting by keys/s puts the unknown last either way.
     */
    @Test
    void keysPerSecondTheLogDoesNotGiveReadsUnknownAndSortsLast() throws Exception {
        Path article = tmp.resolve("article");
        Cli.Result r = Cli.run("report", "--out", article.toString(), "samples/article-balanced.log");
        assertThat(r.code()).as(r.err()).isZero();
        open(article.resolve("report.html"), "article");
        assertThat(keysColumn()).isNotEmpty().containsOnly("unknown");
        open(write("article-tr", RunInputs.load(Path.of("samples/article-balanced.log"), null), Lang.TR), null);
        assertThat(keysColumn()).isNotEmpty().containsOnly(Texts.of(Lang.TR).get("unknown"));

        Path shop = tmp.resolve("shop");
        assertThat(Cli.run("report", "--out", shop.toString(), "samples/shop-tdrw.log")
                        .code())
                .isZero();
        open(shop.resolve("report.html"), null);
        assertThat(keysColumn()).contains("unknown", "218,914");
        WebElement keys = header(Texts.of(Lang.EN).get("html.col.keys"));
        keys.findElement(By.tagName("button")).click();
        assertThat(keys.getAttribute("aria-sort")).isEqualTo("descending");
        List<String> down = keysColumn();
        assertThat(down.get(0)).isEqualTo("1,150,748");
        assertThat(down.subList(down.indexOf("unknown"), down.size())).containsOnly("unknown");
        keys.findElement(By.tagName("button")).click();
        assertThat(keys.getAttribute("aria-sort")).isEqualTo("ascending");
        List<String> up = keysColumn();
        assertThat(up.get(0)).isEqualTo("218,914");
        assertThat(up.subList(up.indexOf("unknown"), up.size())).containsOnly("unknown");
    }

    @Test
    void aRatioTheRunsDoNotGiveReadsUnknown() throws Exception {
        // two databases: an index of one is not in the other, so its ratio is unknown, never an empty cell
        Path two = tmp.resolve("two-databases");
        Cli.Result r = Cli.run("compare", "--out", two.toString(), "samples/shop-tdrw.log", "samples/small-tdrw.log");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        open(two.resolve("report.html"), null);
        String ratio = Texts.of(Lang.EN).get("html.col.time.ratio");
        int column = browser.findElements(By.cssSelector("#index-table thead th")).stream()
                .map(WebElement::getText)
                .toList()
                .indexOf(browser.findElements(By.cssSelector("#index-table thead th")).stream()
                        .map(WebElement::getText)
                        .filter(t -> t.startsWith(ratio))
                        .findFirst()
                        .orElseThrow());
        @SuppressWarnings("unchecked")
        List<String> cells = (List<String>) browser.executeScript(
                "return Array.from(document.querySelectorAll('#index-table tbody tr'), r => r.cells[" + column
                        + "].textContent)");
        assertThat(cells).isNotEmpty().contains("unknown").doesNotContain("");
        // a table of one database is not in the other's runs: it says so in each column, as summary.md
        List<List<String>> tables = cells("#table-table tbody tr");
        assertThat(tables).anySatisfy(row -> assertThat(row).contains("not in these runs"));
        assertThat(tables).allSatisfy(row -> assertThat(row).doesNotContain(""));
        // and so does the chart of the slowest index builds, where a bar would be
        assertThat(drawn()).contains("not in these runs");
    }

    /** A restore cut off during its indexes: the chart says which builds are unknown, as indexes.png does. */
    @Test
    void theIndexChartSaysUnknownWhereItHasNoBar() throws Exception {
        Path cut = tmp.resolve("full-and-cut");
        Cli.Result r =
                Cli.run("compare", "--out", cut.toString(), "full=samples/shop-tdrw.log", "cut=samples/shop-cut.log");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        open(cut.resolve("report.html"), "full-and-cut");
        assertThat(drawn()).contains("unknown");
    }

    /** A narrow window (1,000 and 400 px) does not scroll sideways; a wide table scrolls inside its own box. */
    @Test
    void aNarrowWindowDoesNotScrollSideways() throws Exception {
        Path page = write("ab-narrow", Samples.abBoth(), Lang.EN);
        try {
            for (int px : List.of(1000, 400)) {
                browser.manage().window().setSize(new Dimension(px, 1000));
                open(page, "narrow-" + px);
                Number wider = (Number) browser.executeScript(
                        "return document.documentElement.scrollWidth - document.documentElement.clientWidth");
                assertThat(wider.intValue())
                        .as("pixels the page is wider than a window of " + px)
                        .isLessThanOrEqualTo(0);
                Number why = (Number)
                        browser.executeScript(
                                "var r = document.querySelector('#verdict-table tbody tr'); return r.cells[r.cells.length - 1].offsetWidth");
                assertThat(why.intValue())
                        .as("width of the verdicts' Why at " + px)
                        .isGreaterThanOrEqualTo(200);
            }
        } finally {
            browser.manage().window().setSize(new Dimension(1280, 1000));
        }
    }

    /**
     * Real restores (experiments/stopped): one stopped by --timeout during ORDERS' data, one completed. The stopped
     * configuration's cells of the indexes the other built read "never built (stopped)", the Status says so in red;
     * its report alone lists its 10 index definitions never built. An index gbak restored inactive
     * (dupfail-tdrw.log's UX_TAGS_NAME) has its table and "not built (inactive)", never an empty cell.
     */
    @Test
    void anIndexNotBuiltSaysWhyInEachConfigurationsCells() throws Exception {
        Texts en = Texts.of(Lang.EN);
        Path both = tmp.resolve("stopped-and-completed");
        Cli.Result r = Cli.run("compare", "--out", both.toString(), "src/test/resources/experiments/stopped");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        open(both.resolve("report.html"), "stopped-and-completed");
        List<String> headers = headers("#index-table");
        List<String> pk = row("#index-table", "PK_ORDERS");
        assertThat(pk.get(headers.indexOf("Time · stopped-at-2s"))).isEqualTo(en.get("html.never.stopped"));
        assertThat(pk.get(headers.indexOf("Keys/s · stopped-at-2s"))).isEqualTo(en.get("html.never.stopped"));
        assertThat(pk.get(headers.indexOf("Time · completed"))).endsWith(" s");
        assertThat(pk.get(pk.size() - 1)).isEqualTo(en.get("html.state.never"));
        assertThat(browser.findElements(By.cssSelector("#index-table td.failed")).stream()
                        .map(WebElement::getText))
                .contains(en.get("html.state.never"));
        // a table both restored has no never-built mark
        assertThat(row("#index-table", "PK_CUSTOMERS").get(headers.indexOf("Time · stopped-at-2s")))
                .isEqualTo(en.get("absent"));
        // and the chart says it where the stopped configuration's bar would be
        assertThat(drawn()).contains(en.get("html.never.stopped"));

        Path alone = tmp.resolve("stopped-alone");
        Cli.run(
                "report",
                "--out",
                alone.toString(),
                "src/test/resources/experiments/stopped/20261206-174150-stopped-at-2s");
        open(alone.resolve("report.html"), null);
        assertThat(cells("#index-table tbody tr"))
                .hasSize(10)
                .allSatisfy(row -> assertThat(row).endsWith(en.get("html.state.never")));

        Path dup = tmp.resolve("inactive");
        Cli.run("report", "--out", dup.toString(), "src/test/resources/report/dupfail-tdrw.log");
        open(dup.resolve("report.html"), "inactive");
        assertThat(row("#index-table", "UX_TAGS_NAME"))
                .containsExactly(
                        "UX_TAGS_NAME",
                        "TAGS",
                        en.get("html.never.inactive"),
                        en.get("html.never.inactive"),
                        en.get("html.state.inactive"));
    }

    /**
     * The verdicts table gives each ratio as the sentence beside it does ("1.07× faster"), not the JSON's candidate ÷
     * baseline (0.94×) of the same comparison.
     */
    @Test
    void theVerdictsTablesRatioReadsAsItsSentence() throws Exception {
        Path out = tmp.resolve("verdict-ratios");
        Cli.run("compare", "--out", out.toString(), "src/test/resources/experiments/stopped");
        open(out.resolve("report.html"), null);
        List<List<String>> rows = cells("#verdict-table tbody tr");
        assertThat(rows).anySatisfy(row -> assertThat(row.get(2)).isEqualTo("1.07× faster"));
        for (List<String> row : rows) {
            if (!row.get(2).equals("unknown")) {
                assertThat(row.get(4)).as(row.toString()).contains(row.get(2));
            }
        }
    }

    /**
     * Seven configurations of 60-character labels: the index chart's hover box wraps, one line per configuration,
     * inside the chart, and the page does not get wider while it shows.
     */
    @Test
    void theIndexChartsHoverBoxWrapsInsideTheChart() throws Exception {
        open(write("seven-hover", LayoutTest.sevenConfigurations(), Lang.EN), null);
        @SuppressWarnings("unchecked")
        List<Number> box =
                (List<Number>) browser.executeScript("var o = document.querySelector('#indexes ~ .chart .u-over');"
                        + " o.scrollIntoView({block: 'center'}); var b = o.getBoundingClientRect();"
                        + " var x = b.left + b.width * 0.6, y = b.top + b.height * 0.05;"
                        + " o.dispatchEvent(new MouseEvent('mouseenter', {clientX: x, clientY: y, bubbles: true}));"
                        + " o.dispatchEvent(new MouseEvent('mousemove', {clientX: x, clientY: y, bubbles: true}));"
                        + " var t = document.querySelector('#indexes ~ .chart .tip'), c = t.parentElement.getBoundingClientRect(),"
                        + " r = t.getBoundingClientRect(); return [t.hidden ? 0 : 1, r.left - c.left, c.right - r.right,"
                        + " document.documentElement.scrollWidth - document.documentElement.clientWidth,"
                        + " t.textContent.split('\\n').length];");
        assertThat(box.get(0).intValue()).as("the hover box is shown").isEqualTo(1);
        assertThat(box.get(1).doubleValue())
                .as("its left edge inside the chart")
                .isGreaterThanOrEqualTo(0);
        assertThat(box.get(2).doubleValue())
                .as("its right edge inside the chart")
                .isGreaterThanOrEqualTo(0);
        assertThat(box.get(3).intValue()).as("pixels the page got wider").isLessThanOrEqualTo(0);
        assertThat(box.get(4).intValue())
                .as("lines: the index, then each configuration")
                .isEqualTo(8);
        keep("seven-hover");
    }

    /**
     * A restore stopped by --timeout during ORDERS' data: the page's timeline draws that load from its start to the
     * stop, at least its rows so far, and says it is unfinished.
     */
    @Test
    void theTimelineDrawsTheLoadARestoreStoppedIn() throws Exception {
        Path out = tmp.resolve("stopped-timeline");
        Cli.run(
                "report",
                "--out",
                out.toString(),
                "src/test/resources/experiments/stopped/20261206-174150-stopped-at-2s");
        open(out.resolve("report.html"), null);
        // the hover box 80 % along the axis (1.6 s of 1.99 s), in the table loads' lane
        String tip = (String) browser.executeScript("var o = document.querySelector('#timeline ~ .chart .u-over');"
                + " o.scrollIntoView({block: 'center'}); var b = o.getBoundingClientRect();"
                + " var x = b.left + b.width * 0.8, y = b.top + b.height * 0.5;"
                + " o.dispatchEvent(new MouseEvent('mouseenter', {clientX: x, clientY: y, bubbles: true}));"
                + " o.dispatchEvent(new MouseEvent('mousemove', {clientX: x, clientY: y, bubbles: true}));"
                + " var t = document.querySelector('#timeline ~ .chart .tip'); return t.hidden ? '' : t.textContent;");
        assertThat(tip)
                .startsWith("ORDERS · ≥ 1.77 s · 0.217 s–1.99 s")
                .contains("≥ 840,000 rows")
                .endsWith(Texts.of(Lang.EN).get("html.state.cut"));
        keep("stopped-timeline");
    }

    /** A Turkish keyboard types İX_ORDERS (Caps Lock and i): the search finds the IX_ORDERS indexes all the same. */
    @Test
    void theSearchTakesTurkishDottedAndDotlessIForI() throws Exception {
        open(write("shop-tr", List.of(dev.gbakprof.Samples.log("shop-tdrw.log", "shop")), Lang.TR), null);
        WebElement search = browser.findElement(By.id("index-search"));
        search.sendKeys("ix_orders");
        long expected = shownRows();
        assertThat(expected).isGreaterThan(1);
        for (String typed : List.of("İX_ORDERS", "ıx_orders", "IX_ORDERS")) {
            search.clear();
            search.sendKeys(typed);
            assertThat(shownRows()).as(typed).isEqualTo(expected);
        }
    }

    /** Rows of the index table the search leaves shown. */
    private long shownRows() {
        return (Long) browser.executeScript(
                "return Array.from(document.querySelectorAll('#index-table tbody tr')).filter(r => !r.hidden).length");
    }

    /** The headers of a table, as their text reads. */
    @SuppressWarnings("unchecked")
    private List<String> headers(String table) {
        return (List<String>) browser.executeScript(
                "return Array.from(document.querySelectorAll(arguments[0] + ' thead th'), h => h.textContent)", table);
    }

    /** The cells of the row of a table whose first cell is {@code name}. */
    private List<String> row(String table, String name) {
        return cells(table + " tbody tr").stream()
                .filter(r -> r.get(0).equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + name + " in " + table));
    }

    /** The keys/s cells of the index table, top to bottom. */
    @SuppressWarnings("unchecked")
    private List<String> keysColumn() {
        int column = browser.findElements(By.cssSelector("#index-table thead th")).stream()
                .map(WebElement::getText)
                .toList()
                .indexOf(Texts.of(Lang.of(
                                browser.findElement(By.cssSelector("html")).getAttribute("lang")))
                        .get("html.col.keys"));
        assertThat(column).isPositive();
        return (List<String>) browser.executeScript(
                "return Array.from(document.querySelectorAll('#index-table tbody tr'), r => r.cells[" + column
                        + "].textContent)");
    }

    /** Opens a page; asserts that its console has no error and that it drew something. */
    private void open(Path page, String screenshot) {
        browser.get(page.toUri().toString());
        assertThat(browser.findElement(By.id("headline")).getText()).isNotBlank();
        List<LogEntry> severe = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .toList();
        assertThat(severe).as(page.toString()).isEmpty();
        if (screenshot != null) {
            byte[] png = browser.getScreenshotAs(OutputType.BYTES);
            assertThat(inked(png)).as("share of the screenshot drawn on").isGreaterThan(0.03);
            keep(screenshot);
        }
    }

    /** The share of a screenshot's pixels that are not the page's white. */
    private static double inked(byte[] png) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            long inked = 0;
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    inked += (image.getRGB(x, y) & 0xFFFFFF) == 0xFFFFFF ? 0 : 1;
                }
            }
            return (double) inked / ((long) image.getWidth() * image.getHeight());
        } catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    /** With {@code -Dgbakprof.screenshots=DIR}: the whole page (up to 4,000 px high) as DIR/NAME.png. */
    private void keep(String name) {
        String dir = System.getProperty("gbakprof.screenshots");
        if (dir == null) {
            return;
        }
        Number height = (Number) browser.executeScript("return document.documentElement.scrollHeight");
        Map<String, Object> shot = browser.executeCdpCommand(
                "Page.captureScreenshot",
                Map.of(
                        "format",
                        "png",
                        "captureBeyondViewport",
                        true,
                        "clip",
                        Map.of(
                                "x",
                                0,
                                "y",
                                0,
                                "width",
                                1280,
                                "height",
                                Math.min(4000, height.intValue()),
                                "scale",
                                1)));
        try {
            Files.createDirectories(Path.of(dir));
            Files.write(Path.of(dir, name + ".png"), Base64.getDecoder().decode((String) shot.get("data")));
        } catch (java.io.IOException ex) {
            throw new java.io.UncheckedIOException(ex);
        }
    }

    private Path write(String name, List<RestoreRun> runs, Lang lang) throws Exception {
        Path page = Files.createDirectories(tmp.resolve(name)).resolve(HtmlReport.FILE);
        Files.writeString(page, HtmlReport.page(Analysis.of(runs, null), ReportSettings.defaults(lang)));
        return page;
    }

    private WebElement timeHeader() {
        return header(Texts.of(Lang.EN).get("html.col.time"));
    }

    /** The index table's header whose text starts with {@code text}. */
    private WebElement header(String text) {
        return browser.findElements(By.cssSelector("#index-table thead th")).stream()
                .filter(th -> th.getText().startsWith(text))
                .findFirst()
                .orElseThrow();
    }

    private String firstRow() {
        return browser.findElement(By.cssSelector("#index-table tbody tr th")).getText();
    }
}
