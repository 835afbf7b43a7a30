package dev.gbakprof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import dev.gbakprof.testutil.FirebirdServer;
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
        Cli.Result b = Restores.run(Route.LOCALHOST, fbk, f.resolve("remote.fdb"), runs, "--label", "remote");
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
        java.util.Map<String, String> expected = java.util.Map.of(
                "en",
                "Also differs: route — embedded (local) vs remote TCP (localhost) (remote) vs services manager (svc)",
                "pt-BR",
                "Também difere: rota — embarcado (local) e TCP remoto (localhost) (remote) e gerenciador de serviços "
                        + "(svc)",
                "es",
                "También difiere: ruta — embebido (local) frente a TCP remoto (localhost) (remote) frente a gestor de "
                        + "servicios (svc)",
                "tr",
                "Ayrıca farklı: bağlantı yolu — gömülü (local) / uzak TCP (localhost) (remote) / hizmet yöneticisi (svc)");
        for (var e : expected.entrySet()) {
            Path out = f.resolve("report-lang-" + e.getKey());
            Cli.Result r = Cli.run(
                    "compare",
                    "--lang",
                    e.getKey(),
                    "--out",
                    out.toString(),
                    local.toString(),
                    remote.toString(),
                    svc.toString());
            assertThat(r.code()).as(r.err()).isZero();
            String md = Files.readString(out.resolve("summary.md"));
            assertThat(md).as(e.getKey()).contains(e.getValue());
            // the provenance line names the routes once, in the same words
            assertThat(md)
                    .as(e.getKey())
                    .contains(e.getValue()
                            .replaceFirst("^[^:]*: ", "")
                            .replaceFirst(" — ", " ")
                            .replaceAll(" \\((local|remote|svc)\\)", "")
                            .replace(
                                    java.util.Map.of("en", " vs ", "pt-BR", " e ", "es", " frente a ", "tr", " / ")
                                            .get(e.getKey()),
                                    " / "));
            if (!e.getKey().equals("en")) {
                assertThat(md).as(e.getKey()).doesNotContain("embedded", "remote TCP", "services manager");
            }
        }
    }

    @Test
    void aRecordAndItsOwnRawLogAreOneRestoreCountedTwice() {
        Cli.Result r = Cli.run(
                "report",
                "--json",
                local.resolve("run.json").toString(),
                local.resolve("gbak.log").toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
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
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
    }
}
