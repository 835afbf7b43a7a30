package dev.gbakprof;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.store.RunInputs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The real gbak logs of {@code samples/}, loaded as run records for tests. */
public final class Samples {
    public static final Path DIR = Path.of("samples");

    private Samples() {
    }

    public static RestoreRun log(String name, String label) {
        return RunInputs.load(DIR.resolve(name), label).get(0);
    }

    /** The article excerpts: five index lines each, labelled as the power plans. */
    public static List<RestoreRun> article() {
        return List.of(log("article-balanced.log", "Balanced"), log("article-high-performance.log", "High performance"));
    }

    /** The three full-CPU restores of {@code samples/ab/}, labelled {@code full-cpu}. */
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
