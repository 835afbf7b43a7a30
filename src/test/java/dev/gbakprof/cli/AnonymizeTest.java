package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.Anonymizer;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.model.IndexBuild;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.TableLoad;
import dev.gbakprof.output.Lang;
import dev.gbakprof.output.ReportSettings;
import dev.gbakprof.output.Texts;
import dev.gbakprof.report.Reports;
import dev.gbakprof.stats.Comparisons;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.Cli.Result;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --anonymize} of parse, report and compare on real logs and run folders: no name of the inputs is left in any
 * output, every number is the same as without it, and one name is one token across the inputs.
 */
class AnonymizeTest {
    private static final String RES = "src/test/resources/";
    /** A services restore (absolute paths, an index the log cannot place), a failed one (gbak's error lines). */
    private static final List<String> LOGS =
            List.of(RES + "logs/shop-services-fbsvcmgr.log", RES + "logs/dupfail-tdrw.log");
    /** A live run's folder: its command line, host, firebird.conf and raw log's path. */
    private static final String FOLDER = RES + "experiments/warm/20261206-045027-bu-8000-m3";

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** Every name the runs (and their inputs) hold that is the user's: what no output may show. */
    private static Set<String> names(List<RestoreRun> runs, List<String> inputs) {
        Set<String> names = new LinkedHashSet<>();
        for (RestoreRun r : runs) {
            r.tables().forEach(t -> names.add(t.name()));
            for (IndexBuild b : r.indexes()) {
                names.add(b.name());
                names.add(b.table());
                if (b.tableCandidates() != null) {
                    names.addAll(b.tableCandidates());
                }
            }
            if (r.indexesNeverBuilt() != null) {
                names.addAll(r.indexesNeverBuilt());
            }
            for (String path : new String[] {r.source(), r.database(), r.backupFile()}) {
                file(names, path, false);
            }
            if (r.environment() != null) {
                names.add(r.environment().host());
                if (r.environment().firebirdConf() != null) {
                    file(names, r.environment().firebirdConf().path(), false);
                }
            }
            if (r.command() != null) {
                names.add(r.command().split(" ")[0]); // /usr/bin/gbak
            }
        }
        inputs.forEach(i -> file(names, i, true));
        names.remove(null);
        names.removeIf(n -> n.startsWith("RDB$"));
        // gbak's words on the duplicate and the missing parent: the user's data and a column
        names.addAll(List.of("ITEM-42", "ID_NAGL", "278228"));
        return names;
    }

    /** A path, its file name and, for an input, the name without extension (the label taken from it). */
    private static void file(Set<String> names, String path, boolean input) {
        if (path == null) {
            return;
        }
        names.add(path);
        String name = Path.of(path).getFileName().toString();
        names.add(name);
        if (input && name.contains(".")) {
            names.add(name.substring(0, name.lastIndexOf('.')));
        }
    }

    /** The names found in {@code text} as whole words. */
    private static List<String> leaks(String text, Set<String> names) {
        return names.stream()
                .filter(n -> Pattern.compile("(?<![A-Za-z0-9_$])" + Pattern.quote(n) + "(?![A-Za-z0-9_$])")
                        .matcher(text)
                        .find())
                .toList();
    }

    private static List<RestoreRun> load(List<String> inputs) {
        List<RestoreRun> runs = new ArrayList<>();
        inputs.forEach(i -> runs.addAll(RunInputs.load(Path.of(i), null)));
        return runs;
    }

    /** Every number and truth value of a JSON document by its place (names and texts left out). */
    private static Map<String, String> numbers(JsonNode node, String at, Map<String, String> out) {
        if (node.isNumber() || node.isBoolean()) {
            out.put(at, node.asText());
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                numbers(node.get(i), at + "[" + i + "]", out);
            }
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (!e.getKey().equals("notes")) { // the anonymized report has one note more, said below
                    numbers(e.getValue(), at + "." + e.getKey(), out);
                }
            }
        }
        return out;
    }

    private static Map<String, String> numbers(String json) throws IOException {
        return numbers(JSON.readTree(json), "", new LinkedHashMap<>());
    }

    @Test
    void parseLeavesNoNameAndEveryNumber() throws Exception {
        List<String> logs = new ArrayList<>(LOGS);
        logs.add(RES + "published/fb3-issue7465-quoted.log");
        Set<String> names = names(load(logs), logs);
        assertThat(names).contains("ORDERS", "UX_ITEMS_NORM_CODE", "FK_NAGL_NAGL_ID_B_NAGL_BL", "NAGL", "shop.fbk");
        Path record = tmp.resolve("runs.json");
        List<String> args = new ArrayList<>(List.of("parse", "--anonymize", "--json", "-o", record.toString()));
        args.addAll(logs);
        Result anon = Cli.run(args.toArray(new String[0]));
        assertThat(anon.code()).isEqualTo(ExitCode.FAILED); // the failed restores
        assertThat(leaks(anon.out(), names)).isEmpty();
        assertThat(leaks(anon.err(), names)).isEmpty();
        assertThat(leaks(Files.readString(record), names)).isEmpty();
        assertThat(Files.readString(record)).contains("\"anonymized\"");

        List<String> plainArgs = new ArrayList<>(List.of("parse", "--json"));
        plainArgs.addAll(logs);
        Result plain = Cli.run(plainArgs.toArray(new String[0]));
        JsonNode p = JSON.readTree(plain.out());
        JsonNode a = JSON.readTree(anon.out());
        for (int i = 0; i < p.size(); i++) { // the note is one warning more: the numbers before it
            ((com.fasterxml.jackson.databind.node.ObjectNode) p.get(i)).remove(List.of("warnings", "warningCodes"));
            ((com.fasterxml.jackson.databind.node.ObjectNode) a.get(i)).remove(List.of("warnings", "warningCodes"));
        }
        assertThat(numbers(a, "", new LinkedHashMap<>())).isEqualTo(numbers(p, "", new LinkedHashMap<>()));
        assertThat(a.get(0).get("totalSeconds").asDouble()).isEqualTo(18.032);
        assertThat(a.get(0).get("backupFile").asText()).isEqualTo("backup-1.fbk");
        assertThat(a.get(0).get("source").asText()).isEqualTo("log-1.log");
        assertThat(a.get(0).get("label").asText()).isEqualTo("label-1"); // it was the file's name

        // the text summaries too; and the same inputs give the same bytes
        List<String> textArgs = new ArrayList<>(List.of("parse", "--anonymize"));
        textArgs.addAll(logs);
        Result text = Cli.run(textArgs.toArray(new String[0]));
        assertThat(text.out()).contains("T001", "anonymized (--anonymize)");
        assertThat(leaks(text.out(), names)).isEmpty();
        assertThat(Cli.run(args.toArray(new String[0])).out()).isEqualTo(anon.out());
    }

    @Test
    void twoInputsSharingATableGiveItOneToken() throws Exception {
        List<String> logs = List.of(RES + "logs/dupfail-tdrw.log", RES + "logs/shop-tdrw.log", LOGS.get(0));
        List<RestoreRun> plain = load(logs);
        JsonNode a = JSON.readTree(Cli.run("parse", "--anonymize", "--json", logs.get(0), logs.get(1), logs.get(2))
                .out());
        Map<String, String> tokens = new LinkedHashMap<>();
        for (int r = 0; r < plain.size(); r++) {
            List<TableLoad> tables = plain.get(r).tables();
            for (int t = 0; t < tables.size(); t++) {
                String token = a.get(r).get("tables").get(t).get("name").asText();
                String before = tokens.putIfAbsent(tables.get(t).name(), token);
                assertThat(before == null ? token : before)
                        .as(tables.get(t).name())
                        .isEqualTo(token);
            }
        }
        // dupfail's two tables first, then shop's: ORDERS is one token in both shop logs
        assertThat(tokens).containsEntry("TAGS", "T001").containsEntry("ITEMS", "T002");
        assertThat(tokens.get("ORDERS")).matches("T00\\d");
        assertThat(new LinkedHashSet<>(tokens.values())).hasSameSizeAs(tokens.keySet());
        assertThat(a.get(1).get("backupFile").asText())
                .isEqualTo("backup-2.fbk")
                .isNotEqualTo(a.get(2).get("backupFile").asText()); // shop.fbk, then /tmp/.../shop.fbk
    }

    @Test
    void reportWritesEveryFileWithoutANameAndWithEveryNumber() throws Exception {
        List<String> inputs = new ArrayList<>(LOGS);
        inputs.add(FOLDER);
        List<RestoreRun> runs = load(inputs);
        Set<String> names = names(runs, inputs);
        assertThat(names).contains("ORDERS", "vm", "/etc/firebird/3.0/firebird.conf", "/usr/bin/gbak");
        Path dir = tmp.resolve("anon");
        List<String> args = new ArrayList<>(List.of("report", "--anonymize", "--out", dir.toString()));
        args.addAll(inputs);
        Result anon = Cli.run(args.toArray(new String[0]));
        assertThat(anon.code()).isEqualTo(ExitCode.FAILED);
        assertThat(anon.out()).contains("Anonymized (--anonymize)");
        assertThat(leaks(anon.out() + anon.err(), names)).isEmpty();

        List<String> files = assertNoName(dir, names);
        assertThat(files).contains("report.png", "report.html", "summary.md", "runs.csv", "indexes.csv", "tables.csv");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("T001", "anonymized");
        assertThat(Files.readString(dir.resolve("summary.md"))).contains("Anonymized (--anonymize)");

        // the page is the one of the anonymized analysis, not of the real names
        ReportSettings settings = new ReportSettings(
                10, null, Texts.of(Lang.of("en")), 1600, 900, null, Comparisons.DEFAULT_MARGIN, true);
        List<RestoreRun> tokens = Anonymizer.of(runs, inputs).apply(runs);
        Map<String, byte[]> expected = Reports.render(tokens, settings);
        assertThat(Files.readAllBytes(dir.resolve("report.png"))).isEqualTo(expected.get("report.png"));
        assertThat(Files.readAllBytes(dir.resolve("tables.png"))).isEqualTo(expected.get("tables.png"));
        assertThat(expected.get("report.png"))
                .isNotEqualTo(Reports.render(runs, settings).get("report.png"));

        // the same inputs give the same bytes
        Path again = tmp.resolve("again");
        args.set(3, again.toString());
        assertThat(Cli.run(args.toArray(new String[0])).code()).isEqualTo(ExitCode.FAILED);
        for (String f : files) {
            assertThat(Files.readAllBytes(again.resolve(f))).as(f).isEqualTo(Files.readAllBytes(dir.resolve(f)));
        }

        // --json: the numbers of the report without --anonymize, and its note first
        List<String> json = new ArrayList<>(List.of("report", "--json"));
        json.addAll(inputs);
        Result plain = Cli.run(json.toArray(new String[0]));
        json.add(1, "--anonymize");
        Result anonJson = Cli.run(json.toArray(new String[0]));
        assertThat(leaks(anonJson.out(), names)).isEmpty();
        assertThat(numbers(anonJson.out())).isEqualTo(numbers(plain.out()));
        JsonNode notes = JSON.readTree(anonJson.out()).get("notes");
        assertThat(notes.get(0).get("code").asText()).isEqualTo("anonymized");
        assertThat(notes.size())
                .isEqualTo(JSON.readTree(plain.out()).get("notes").size() + 1);
    }

    /**
     * A folder {@code run} wrote with no {@code --label}: its label is the backup's file name and the route ({@code
     * small.fbk, embedded}); the name is the backup's token there too, in every file and on the pages.
     */
    @Test
    void runsDefaultLabelNamesTheBackupByItsToken() throws Exception {
        String folder = RES + "output/runs/20260101-000000-small.fbk-embedded";
        List<String> inputs = List.of(folder);
        List<RestoreRun> runs = load(inputs);
        assertThat(runs.get(0).label()).isEqualTo("small.fbk, embedded");
        Set<String> names = names(runs, inputs);
        names.addAll(List.of("small.fbk", "small", "costrun"));
        Path dir = tmp.resolve("default-label");
        Result anon = Cli.run("report", "--anonymize", "--out", dir.toString(), folder);
        assertThat(anon.code()).as(anon.err()).isEqualTo(ExitCode.OK);
        assertThat(leaks(anon.out() + anon.err(), names)).isEmpty();
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(f -> !f.toString().endsWith(".png")).sorted().toList();
        }
        assertThat(files.stream().map(f -> f.getFileName().toString()))
                .contains("report.html", "summary.md", "runs.csv", "tables.csv", "indexes.csv");
        for (Path f : files) {
            assertThat(leaks(Files.readString(f), names)).as(f.toString()).isEmpty();
        }
        assertThat(Files.readString(dir.resolve("summary.md")))
                .contains("**backup-1.fbk, embedded restored in 0.135 s (1 run).**");
        assertThat(Files.readString(dir.resolve("runs.csv")))
                .contains("\"backup-1.fbk, embedded\",\"backup-1.fbk, embedded\",log-1.log,completed,0.135,");

        // the pictures are those of the records as anonymized: no name in them either
        List<RestoreRun> tokens = Anonymizer.of(runs, inputs).apply(runs);
        assertThat(leaks(JSON.writeValueAsString(tokens), names)).isEmpty();
        ReportSettings settings = new ReportSettings(
                10, null, Texts.of(Lang.of("en")), 1600, 900, null, Comparisons.DEFAULT_MARGIN, true);
        assertThat(Files.readAllBytes(dir.resolve("report.png")))
                .isEqualTo(Reports.render(tokens, settings).get("report.png"));

        // a label given with run --label stays as written (the rule of reports.md)
        RestoreRun given = runs.get(0).toBuilder().label("nightly, embedded").build();
        assertThat(Anonymizer.anonymize(List.of(given)).get(0).label()).isEqualTo("nightly, embedded");
    }

    /**
     * Run folders of real restores through a server (anonymize/through-server, see its README): remote TCP and the services
     * manager with run's own labels ({@code sm2.fbk, remote TCP (vm)}), gbak -se, a failed restore whose gbak error
     * names the database, a user of the server's own, a refused run. The server's name is one token wherever it is
     * written (labels, route, machine line, command, errors, notes), and no file, path or user is left in any output.
     */
    @Test
    void aRemoteRouteNamesItsServerByItsTokenInEveryOutput() throws Exception {
        String folder = RES + "anonymize/through-server";
        List<String> inputs = List.of(folder);
        List<RestoreRun> runs = load(inputs);
        assertThat(runs.stream().map(RestoreRun::label))
                .contains("sm2.fbk, remote TCP (vm)", "sm2.fbk, services manager", "emb");
        Set<String> names = names(runs, inputs);
        names.remove("services"); // the first word of a services restore's command, not a program's path
        names.addAll(List.of(
                "vm",
                "sm2.fbk",
                "sm2",
                "dbaalice",
                "/tmp/anon-wt",
                "anon-wt",
                "nonexistent-anon",
                "secret.fdb",
                "34210"));
        Path dir = tmp.resolve("remote");
        Result anon = Cli.run("report", "--anonymize", "--out", dir.toString(), folder);
        assertThat(anon.code()).as(anon.err()).isEqualTo(ExitCode.FAILED);
        assertThat(anon.err()).contains("the restore was refused: host-1/port-1:database-");
        assertThat(leaks(anon.out() + anon.err(), names)).isEmpty();
        assertThat(assertNoName(dir, names))
                .contains("report.png", "report.html", "summary.md", "runs.csv", "indexes.csv", "tables.csv");
        String summary = Files.readString(dir.resolve("summary.md"));
        assertThat(summary)
                .contains("| backup-1.fbk, remote TCP (host-1) #1 |", "/ remote TCP (host-1) /", "host host-1")
                .contains("-se host-1/port-1:service_mgr")
                .doesNotContain("host-2");

        // the records hold no name, so neither can the pictures drawn from them
        List<RestoreRun> tokens = Anonymizer.of(runs, inputs).apply(runs);
        assertThat(leaks(JSON.writeValueAsString(tokens), names)).isEmpty();
        assertThat(tokens.stream().map(RestoreRun::command))
                .contains(
                        "gbak -c -v -st tdrw -user user-1 backup-1.fbk host-1/port-1:database-7.fdb"
                                + "   (password from ISC_PASSWORD)",
                        "services restore on host-1/port-1 as SYSDBA: backup-1.fbk -> database-5.fdb (create,"
                                + " verbose, statistics TDRW)",
                        "gbak -c -v -st tdrw -user SYSDBA -se host-1/port-1:service_mgr backup-1.fbk database-6.fdb");
        ReportSettings settings = new ReportSettings(
                10, null, Texts.of(Lang.of("en")), 1600, 900, null, Comparisons.DEFAULT_MARGIN, true);
        Map<String, byte[]> pictures = Reports.render(tokens, settings);
        for (String png : List.of("report.png", "total.png", "phases.png", "timeline.png", "cpu.png")) {
            assertThat(Files.readAllBytes(dir.resolve(png))).as(png).isEqualTo(pictures.get(png));
        }
    }

    /**
     * Real restores through the tests' server on this machine at a port of its own, as a user of its own
     * (anonymize/localhost-user, see its README): the user and the port are tokens in every output; {@code localhost}
     * names no one's machine and stays, and so does the route the records give (remote TCP, not embedded).
     */
    @Test
    void aUserAndAPortOfOnesOwnAreTokensAndLocalhostStays() throws Exception {
        String folder = RES + "anonymize/localhost-user";
        List<String> inputs = List.of(folder);
        List<RestoreRun> runs = load(inputs);
        assertThat(runs.stream().map(RestoreRun::server)).containsOnly("localhost/30968");
        Set<String> names = names(runs, inputs);
        names.remove("services"); // the first word of a services restore's command, not a program's path
        names.addAll(List.of("dbacarol", "30968", "/tmp/sf-anon", "sf-anon", "small.fbk", "small", "carol.fdb"));
        Path dir = tmp.resolve("shared");
        Result anon = Cli.run("report", "--anonymize", "--out", dir.toString(), folder);
        assertThat(anon.code()).as(anon.err()).isEqualTo(ExitCode.OK);
        assertThat(leaks(anon.out() + anon.err(), names)).isEmpty();
        assertThat(anon.out()).doesNotContain("embedded").contains("backup-1.fbk, remote TCP (localhost)");
        assertNoName(dir, names);
        // the advice on the TCP route names the server as the records do: localhost, its port a token
        assertThat(Files.readString(dir.resolve("report.html")))
                .contains("Restore through the services manager (gbak -se localhost/port-1:service_mgr)");

        List<RestoreRun> tokens = Anonymizer.of(runs, inputs).apply(runs);
        assertThat(leaks(JSON.writeValueAsString(tokens), names)).isEmpty();
        assertThat(tokens.stream().map(RestoreRun::command))
                .containsExactly(
                        "gbak -c -v -st tdrw -user user-1 backup-1.fbk localhost/port-1:database-1.fdb"
                                + "   (password from ISC_PASSWORD)",
                        "services restore on localhost/port-1 as user-1: backup-1.fbk -> database-2.fdb (create,"
                                + " verbose, statistics TDRW)");
        assertThat(tokens.stream().map(RestoreRun::server)).containsOnly("localhost/port-1");
        ReportSettings settings = new ReportSettings(
                10, null, Texts.of(Lang.of("en")), 1600, 900, null, Comparisons.DEFAULT_MARGIN, true);
        Map<String, byte[]> pictures = Reports.render(tokens, settings);
        for (String png : List.of("report.png", "total.png", "phases.png")) {
            assertThat(Files.readAllBytes(dir.resolve(png))).as(png).isEqualTo(pictures.get(png));
        }
    }

    @Test
    void compareKeepsItsVerdictAndTheBaselineByItsOldLabel() throws Exception {
        String ab = RES + "report/ab/";
        List<String> inputs = List.of(
                ab + "full-cpu/run1.log",
                ab + "full-cpu/run2.log",
                ab + "full-cpu/run3.log",
                ab + "cpu-quota-50/run1.log",
                ab + "cpu-quota-50/run2.log",
                ab + "cpu-quota-50/run3.log");
        Set<String> names = names(load(inputs), inputs);
        names.addAll(List.of("full-cpu", "cpu-quota-50"));
        Path dir = tmp.resolve("ab");
        List<String> args = new ArrayList<>(List.of(
                "compare",
                "--anonymize",
                "--label-from",
                "dir",
                "--baseline",
                "cpu-quota-50",
                "--out",
                dir.toString()));
        args.addAll(inputs);
        Result anon = Cli.run(args.toArray(new String[0]));
        assertThat(anon.code()).as(anon.err()).isEqualTo(ExitCode.OK);
        // the folders named the configurations: they are tokens, cpu-quota-50 still the baseline
        assertThat(anon.out())
                .startsWith("label-1 restored in 13.0 s, 51% less time than label-2 (26.4 s), 3 runs each.\n");
        assertThat(leaks(anon.out() + anon.err(), names)).isEmpty();
        for (String f : List.of("summary.md", "runs.csv", "tables.csv", "indexes.csv", "report.html")) {
            assertThat(leaks(Files.readString(dir.resolve(f)), names)).as(f).isEmpty();
        }
    }

    /** No name in any file of {@code dir} (its texts, its PNGs' text chunks); the files' names. */
    private static List<String> assertNoName(Path dir, Set<String> names) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.sorted().toList();
        }
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            if (f.toString().endsWith(".png")) {
                assertThat(pngTexts(bytes)).as(f.toString()).isEmpty();
            } else {
                assertThat(leaks(new String(bytes, StandardCharsets.UTF_8), names))
                        .as(f.toString())
                        .isEmpty();
            }
        }
        return files.stream().map(f -> f.getFileName().toString()).toList();
    }

    /** The keywords of a PNG's text chunks (tEXt, zTXt, iTXt): where a name could hide besides the pixels. */
    private static List<String> pngTexts(byte[] png) throws IOException {
        List<String> texts = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(png))) {
            in.skipBytes(8);
            while (in.available() > 0) {
                int length = in.readInt();
                byte[] type = new byte[4];
                in.readFully(type);
                String t = new String(type, StandardCharsets.US_ASCII);
                byte[] data = new byte[length];
                in.readFully(data);
                in.readInt(); // CRC
                if (t.equals("tEXt") || t.equals("zTXt") || t.equals("iTXt")) {
                    texts.add(new String(data, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return texts;
    }
}
