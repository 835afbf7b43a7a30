package dev.gbakprof.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gbakprof.testutil.Cli;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What gbakprof writes by hand, read back by kept libraries: its CSV files by commons-csv (RFC 4180) and the tables of
 * summary.md by commonmark with the GitHub tables extension, on labels that need quoting (a comma, a double quote, a
 * pipe) and on real logs; the values read back are the analysis' own ({@code compare --json} of the same inputs).
 */
class ExportsCrossCheckTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COMMA = "High performance, -bu 8000";
    private static final String QUOTE = "Balanced \"default\" | VM";

    private static List<String> inputs() {
        return List.of(
                COMMA + "=samples/article-high-performance.log",
                QUOTE + "=samples/article-balanced.log",
                COMMA + "=samples/shop-tdrw.log",
                QUOTE + "=samples/shop-cut.log");
    }

    /** {@code compare --out out} of the {@link #inputs}: its files written (a verdict of slower exits 1). */
    private static Path compareInto(Path out) {
        List<String> args = new ArrayList<>(List.of("compare", "--out", out.toString()));
        args.addAll(inputs());
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        return out;
    }

    @Test
    void theCsvFilesReadBackByCommonsCsvHoldTheAnalysisValues(@TempDir Path dir) throws Exception {
        Path out = compareInto(dir.resolve("out"));
        List<String> json = new ArrayList<>(List.of("compare", "--json"));
        json.addAll(inputs());
        JsonNode root = JSON.readTree(Cli.run(json.toArray(String[]::new)).out());

        List<CSVRecord> runs = read(out.resolve("runs.csv"));
        assertThat(runs).hasSize(4);
        assertThat(runs.stream().map(x -> x.get("label"))).containsExactlyInAnyOrder(COMMA, COMMA, QUOTE, QUOTE);
        for (JsonNode c : root.get("configurations")) {
            for (JsonNode run : c.get("runList")) {
                CSVRecord row = runs.stream()
                        .filter(x -> x.get("source").equals(run.get("source").asText()))
                        .findFirst()
                        .orElseThrow();
                assertThat(row.get("label")).isEqualTo(c.get("label").asText());
                // runs.csv's status is the run's outcome: completed, failed, incomplete or excerpt (the JSON's kind)
                assertThat(row.get("status")).isEqualTo(run.get("kind").asText());
                if (run.get("totalSeconds").isNull()) {
                    assertThat(row.get("total_s")).isEmpty(); // unknown: an empty cell, never 0
                } else {
                    assertThat(Double.parseDouble(row.get("total_s")))
                            .isEqualTo(run.get("totalSeconds").asDouble());
                }
            }
        }
        List<CSVRecord> indexes = read(out.resolve("indexes.csv"));
        assertThat(indexes).isNotEmpty();
        assertThat(indexes.get(0).size())
                .isEqualTo(indexes.get(0).getParser().getHeaderNames().size());
        for (JsonNode ix : root.get("indexes")) {
            String name = ix.get("name").asText();
            assertThat(indexes.stream().map(x -> x.get("index"))).as(name).contains(name);
        }
        List<CSVRecord> tables = read(out.resolve("tables.csv"));
        for (JsonNode t : root.get("tables")) {
            String name = t.get("name").asText();
            assertThat(tables.stream().map(x -> x.get("table"))).as(name).contains(name);
        }
        assertThat(tables.stream().map(x -> x.get("label")).distinct()).containsExactlyInAnyOrder(COMMA, QUOTE);
    }

    @Test
    void summaryMarkdownTablesParseAsGitHubRendersThemWithTheLabelsWhole(@TempDir Path dir) throws Exception {
        Path out = compareInto(dir.resolve("out"));
        Parser parser =
                Parser.builder().extensions(List.of(TablesExtension.create())).build();
        Node doc = parser.parse(Files.readString(out.resolve("summary.md"), StandardCharsets.UTF_8));
        List<List<List<String>>> tables = new ArrayList<>();
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(CustomBlock block) {
                if (block instanceof TableBlock) {
                    tables.add(rows(block));
                } else {
                    visitChildren(block);
                }
            }
        });
        assertThat(tables).isNotEmpty();
        for (List<List<String>> table : tables) {
            int columns = table.get(0).size();
            assertThat(table).allSatisfy(row -> assertThat(row).hasSize(columns));
        }
        // the key table: one row per configuration, its label whole in the first cell (the pipe escaped)
        List<List<String>> key = tables.get(0);
        assertThat(key.get(0).get(0)).isEqualTo("Configuration");
        assertThat(key.subList(1, key.size()).stream().map(row -> row.get(0))).containsExactlyInAnyOrder(COMMA, QUOTE);
    }

    private static List<CSVRecord> read(Path csv) throws Exception {
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            return CSVFormat.RFC4180
                    .builder()
                    .setHeader()
                    .setSkipHeaderRecord(true)
                    .get()
                    .parse(in)
                    .getRecords();
        }
    }

    /** A GFM table's rows (the header first), each cell's text. */
    private static List<List<String>> rows(Node table) {
        List<List<String>> rows = new ArrayList<>();
        table.accept(new AbstractVisitor() {
            @Override
            public void visit(CustomBlock block) {
                visitChildren(block);
            }

            @Override
            public void visit(org.commonmark.node.CustomNode node) {
                if (node instanceof TableRow) {
                    List<String> cells = new ArrayList<>();
                    for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
                        if (c instanceof TableCell) {
                            cells.add(text(c));
                        }
                    }
                    rows.add(cells);
                } else {
                    visitChildren(node);
                }
            }
        });
        return rows;
    }

    private static String text(Node cell) {
        StringBuilder b = new StringBuilder();
        cell.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                b.append(text.getLiteral());
            }
        });
        return b.toString().strip();
    }
}
