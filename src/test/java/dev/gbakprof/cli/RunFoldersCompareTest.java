package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.model.ExitCode;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
import dev.gbakprof.testutil.FirebirdTest;
import dev.gbakprof.testutil.Restores;
import dev.gbakprof.testutil.Restores.Route;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * report and compare on run folders made by the real gbak through each route: embedded (a local file), remote
 * TCP ({@code localhost:path}) and the services manager (scripts/test starts the server).
 */
@FirebirdTest
class RunFoldersCompareTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static FirebirdServer.Folder f;
    private static Path local;
    private static Path remote;
    private static Path svc;

    @BeforeAll
    static void restoreThroughEveryRoute() throws Exception {
        FirebirdServer.require();
        f = FirebirdServer.folder();
        Path fbk = f.backup("small");
        Path runs = f.resolve("runs");
        Cli.Result a = Restores.run(fbk, f.resolve("local.fdb"), runs, "--label", "local");
        assertThat(a.code()).as(a.err()).isZero();
        Cli.Result b = Restores.run(Route.SERVER, fbk, f.resolve("remote.fdb"), runs, "--label", "remote");
        assertThat(b.code()).as(b.err()).isZero();
        Cli.Result c = Restores.run(Route.SERVICE, fbk, f.resolve("svc.fdb"), runs, "--label", "svc");
        assertThat(c.code()).as(c.err()).isZero();
        local = folder(runs, "-local");
        remote = folder(runs, "-remote");
        svc = folder(runs, "-svc");
    }

    @AfterAll
    static void removeTheFolder() throws IOException {
        if (f != null) {
            f.close();
        }
    }

    private static Path folder(Path runs, String suffix) throws IOException {
        try (Stream<Path> s = Files.list(runs)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix))
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** The summary.md of {@code compare --lang lang} of the run folders, written into a folder named after both. */
    private static String summaryMd(String lang, String name, Path... folders) throws IOException {
        Path out = f.resolve(name + lang);
        List<String> args = new ArrayList<>(List.of("compare", "--lang", lang, "--out", out.toString()));
        for (Path p : folders) {
            args.add(p.toString());
        }
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        return Files.readString(out.resolve("summary.md"));
    }

    private static List<String> codes(JsonNode root) {
        List<String> out = new ArrayList<>();
        root.get("notes").forEach(n -> out.add(n.get("code").asText()));
        return out;
    }

    private static List<String> labels(JsonNode root) {
        List<String> out = new ArrayList<>();
        root.get("configurations").forEach(c -> out.add(c.get("label").asText()));
        return out;
    }

    @Test
    void aGbakLogInARunFolderTakesItsRunsLabelSoRoutesAreNotMerged() throws Exception {
        Cli.Result r = Cli.run(
                "report",
                "--json",
                local.resolve("gbak.log").toString(),
                remote.resolve("gbak.log").toString(),
                svc.resolve("gbak.log").toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JSON.readTree(r.out());
        // not three runs of one configuration "gbak": each run's own label
        assertThat(labels(root)).containsExactly("local", "remote", "svc");
    }

    @Test
    void aRunFolderIsAnInputAndTheRouteThatDiffersIsSaid() throws Exception {
        Cli.Result r = Cli.run("compare", "--json", local.toString(), remote.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JSON.readTree(r.out());
        assertThat(labels(root)).containsExactly("local", "remote");
        assertThat(codes(root)).contains("differs-route");
        JsonNode route = null;
        for (JsonNode n : root.get("notes")) {
            route = n.get("code").asText().equals("differs-route") ? n : route;
        }
        assertThat(route.get("message").asText()).isEqualTo("Also differs: route — embedded vs remote TCP (localhost)");
    }

    @Test
    void theServicesRouteIsAnotherRouteAndItsSummaryMdSaysSo() throws Exception {
        Path out = f.resolve("report-svc");
        Cli.Result r = Cli.run("compare", "--out", out.toString(), local.toString(), svc.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Also differs: route — embedded vs services manager");
        assertThat(Files.readString(out.resolve("summary.md")))
                .contains("Also differs: route — embedded vs services manager");
    }

    @Test
    void whatElseDiffersIsSaidInTheReadersLanguageValuesToo() throws Exception {
        // three routes: each value once with its configurations, gbakprof's own words translated (the JSON keeps them)
        // a value and its configurations apart by a colon, values by semicolons: no "(localhost) (remote)"
        java.util.Map<String, String> expected = java.util.Map.of(
                "en",
                "Also differs: route — embedded: local; remote TCP (localhost): remote; services manager: svc",
                "pt-BR",
                "Também difere: rota — embarcado: local; TCP remoto (localhost): remote; gerenciador de serviços: svc",
                "es",
                "También difiere: ruta — embebido: local; TCP remoto (localhost): remote; gestor de servicios: svc",
                "tr",
                "Ayrıca farklı: bağlantı yolu — gömülü: local; uzak TCP (localhost): remote; hizmet yöneticisi: svc");
        for (var e : expected.entrySet()) {
            String md = summaryMd(e.getKey(), "report-lang-", local, remote, svc);
            assertThat(md).as(e.getKey()).contains(e.getValue());
            // the provenance line names the routes once, in the same words
            assertThat(md)
                    .as(e.getKey())
                    .contains(e.getValue()
                            .replaceFirst("^[^:]*: ", "")
                            .replaceFirst(" — ", " ")
                            .replaceAll(": (local|remote|svc)", "")
                            .replace("; ", " / "));
            if (!e.getKey().equals("en")) {
                assertThat(md).as(e.getKey()).doesNotContain("embedded", "remote TCP", "services manager");
            }
        }
    }

    @Test
    void theProvenanceLineNamesTheRemoteHostsOnceAndTheNoteEachValueOnce() throws Exception {
        // a second host of this machine's server (127.0.0.1 through --host), beside localhost: and embedded
        Path runs = f.resolve("runs-hosts");
        String label = "127.0.0.1 TCP, Balanced, Dell R740, BIOS 2.1a, SAS RAID 10 array";
        Cli.Result h = Restores.run(
                f.resolve("small.fbk"),
                f.resolve("host.fdb"),
                runs,
                "--host",
                "127.0.0.1/" + FirebirdServer.ADDRESS.port(),
                "--label",
                label);
        assertThat(h.code()).as(h.err()).isZero();
        java.util.Map<String, String[]> expected = java.util.Map.of(
                "en", new String[] {"route embedded / remote TCP (127.0.0.1, localhost) · ", "remote TCP"},
                "pt-BR", new String[] {"rota embarcado / TCP remoto (127.0.0.1, localhost) · ", "TCP remoto"},
                "es", new String[] {"ruta embebido / TCP remoto (127.0.0.1, localhost) · ", "TCP remoto"},
                "tr", new String[] {"bağlantı yolu gömülü / uzak TCP (127.0.0.1, localhost) · ", "uzak TCP"});
        for (var e : expected.entrySet()) {
            String md = summaryMd(
                    e.getKey(),
                    "report-hosts-",
                    local,
                    remote,
                    Restores.runDirs(runs).get(0));
            assertThat(md).as(e.getKey()).contains(e.getValue()[0]);
            String remoteTcp = e.getValue()[1];
            // the note: each route with its configuration after a colon, the long label whole in summary.md
            assertThat(md)
                    .as(e.getKey())
                    .contains(": local; " + remoteTcp + " (localhost): remote; " + remoteTcp + " (127.0.0.1): " + label
                            + "\n")
                    .doesNotContain(") (");
        }
    }

    @Test
    void aRecordAndItsOwnRawLogAreOneRestoreCountedTwice() {
        Cli.Result r = Cli.run(
                "report",
                "--json",
                local.resolve("run.json").toString(),
                local.resolve("gbak.log").toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(r.err()).contains("the same restore as");
    }

    @Test
    void aFolderOfRunFoldersGivesEveryRun() throws Exception {
        Cli.Result r = Cli.run("report", "--json", local.getParent().toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(labels(JSON.readTree(r.out()))).containsExactly("local", "remote", "svc");
    }

    @Test
    void aFolderThatHoldsNoRunIsBadInputNamingIt() {
        Cli.Result r = Cli.run(
                "report",
                "--json",
                f.resolve("runs").getParent().resolve("nothing-here").toString());
        assertThat(r.code()).isEqualTo(ExitCode.BAD_INPUT);
    }
}
