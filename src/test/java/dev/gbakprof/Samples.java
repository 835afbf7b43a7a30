package dev.gbakprof;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Real gbak logs for tests, loaded as run records: a frozen copy of {@code samples/} in
 * {@code src/test/resources/report/} (see its README), so that regenerating the samples does not move
 * the figures the tests expect.
 */
public final class Samples {
    public static final Path DIR = Path.of("src/test/resources/report");

    private Samples() {}

    /** The run folders of one experiment of {@code src/test/resources/experiments/} (its README), as records. */
    public static List<RestoreRun> experiment(String name) {
        return RunInputs.load(Path.of("src/test/resources/experiments", name), null);
    }

    public static RestoreRun log(String name, String label) {
        return RunInputs.load(DIR.resolve(name), label).get(0);
    }

    /**
     * A log of this folder with its lines changed by {@code edit}, written to {@code dir} under the same name
     * and read as a run labelled {@code label}.
     */
    public static RestoreRun edited(String name, Path dir, UnaryOperator<List<String>> edit, String label)
            throws IOException {
        List<String> lines = Files.readAllLines(DIR.resolve(name), StandardCharsets.UTF_8);
        Path log = dir.resolve(Path.of(name).getFileName());
        Files.write(log, edit.apply(new ArrayList<>(lines)), StandardCharsets.UTF_8);
        return RunInputs.load(log, label).get(0);
    }

    /** The lines of a sample up to the first that ends with {@code marker}, then {@code after}: a log cut there. */
    public static RestoreRun cutAfter(String name, Path dir, String marker, List<String> after, String label)
            throws IOException {
        return edited(
                name,
                dir,
                lines -> {
                    List<String> cut = new ArrayList<>(lines.subList(0, firstEndingWith(lines, marker) + 1));
                    cut.addAll(after);
                    return cut;
                },
                label);
    }

    /**
     * The lines of a sample from the first that ends with {@code marker} to its end: a real log whose head was cut off,
     * an excerpt that reaches gbak's {@code total statistics}.
     */
    public static RestoreRun headCutBefore(String name, Path dir, String marker, String label) throws IOException {
        return edited(
                name,
                dir,
                lines -> new ArrayList<>(lines.subList(firstEndingWith(lines, marker), lines.size())),
                label);
    }

    private static int firstEndingWith(List<String> lines, String marker) {
        int at = 0;
        while (!lines.get(at).endsWith(marker)) {
            at++;
        }
        return at;
    }

    /** {@code shop-tdrw.log} with ORDERS' last count (the table's rows) printed as 500,000 instead of 1,000,000. */
    public static RestoreRun halfOfOrders(Path dir, String label) throws IOException {
        return edited(
                "shop-tdrw.log",
                dir,
                lines -> lines.stream()
                        .map(l -> l.replace(" 1000000 records restored", "  500000 records restored"))
                        .toList(),
                label);
    }

    /** The article excerpts: five index lines each, labelled as the power plans. */
    public static List<RestoreRun> article() {
        return List.of(
                log("article-balanced.log", "Balanced"), log("article-high-performance.log", "High performance"));
    }

    /** The three full-CPU restores of {@code ab/}, labelled {@code full-cpu}. */
    public static List<RestoreRun> fullCpu() {
        return ab("full-cpu");
    }

    /** The three restores under a 50 % CPU quota, labelled {@code cpu-quota-50}. */
    public static List<RestoreRun> quota() {
        return ab("cpu-quota-50");
    }

    /** Both A/B groups, full CPU first. */
    public static List<RestoreRun> abBoth() {
        List<RestoreRun> all = new ArrayList<>(fullCpu());
        all.addAll(quota());
        return all;
    }

    private static List<RestoreRun> ab(String label) {
        List<RestoreRun> runs = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            runs.add(log("ab/" + label + "/run" + i + ".log", label));
        }
        return runs;
    }
}
