package dev.gbakprof.forecast;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.stats.Confounder;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/** Which calibration runs a forecast counts: the completed ones, warm-ups set aside, of one route, one set of switches and one gbak version. */
final class Calibration {
    private Calibration() {}

    /**
     * The completed runs among {@code given} that are no warm-up, refused when there is none, when they mix routes,
     * gbak switches or gbak versions; the assumptions say which were left out or set aside.
     */
    static List<RestoreRun> usable(List<RestoreRun> given, List<String> assumptions) {
        List<RestoreRun> completed =
                given.stream().filter(r -> r.restoreSeconds() != null).toList();
        // a warm-up restore (run.json "warmup": true, from matrix --warmup or run --warmup) meets a cold cache: set
        // aside as compare sets it aside (Analysis)
        List<RestoreRun> warmups =
                completed.stream().filter(RestoreRun::warmupRestore).toList();
        List<RestoreRun> usable =
                completed.stream().filter(r -> !r.warmupRestore()).toList();
        if (usable.isEmpty()) {
            throw new ForecastException("no completed restore among the calibration runs (" + given.size() + " given"
                    + (warmups.isEmpty()
                            ? ""
                            : ", " + warmups.size() + " of them warm-up restores, set aside as compare sets them aside")
                    + "); expected the log or run record of a restore that finished");
        }
        List<String> routes = Confounder.ROUTE.distinctValues(usable);
        if (routes.size() > 1) {
            throw new ForecastException("the calibration mixes routes ("
                    + routes.stream()
                            .map(route -> route + ": "
                                    + usable.stream()
                                            .filter(r -> route.equals(Confounder.ROUTE.of(r)))
                                            .map(Target::name)
                                            .collect(Collectors.joining(", ")))
                            .collect(Collectors.joining("; "))
                    + "): they restore at different speeds, which is no run-to-run noise; expected calibration"
                    + " restores of one route, the one the target will restore by");
        }
        List<String> switches = Confounder.SWITCHES.distinctValues(usable);
        if (switches.size() > 1) {
            throw new ForecastException("the calibration mixes gbak switches ("
                    + listed(usable, Confounder.SWITCHES::of, v -> v.equals("none") ? "no other switch" : v)
                    + "): restores with other switches (buffers, parallel workers…) are other configurations, not"
                    + " repeats; expected calibration restores with the switches the target will restore with");
        }
        // gbak of another version is another client (its own data path, its own requests), through one server too:
        // by major.minor, as the engine's version is compared; a record that does not say (a parsed log) mixes with
        // none
        List<String> gbaks = usable.stream()
                .map(Calibration::gbakVersion)
                .filter(v -> v != null)
                .distinct()
                .toList();
        if (gbaks.size() > 1) {
            throw new ForecastException("the calibration mixes gbak versions ("
                    + listed(
                            usable,
                            Calibration::gbakVersion,
                            v -> "gbak " + v + " ("
                                    + usable.stream()
                                            .filter(r -> v.equals(gbakVersion(r)))
                                            .map(Confounder.GBAK_VERSION::of)
                                            .distinct()
                                            .sorted()
                                            .collect(Collectors.joining(", "))
                                    + ")")
                    + "): each gbak restores at its own speed, through one server too, which is no run-to-run noise;"
                    + " expected calibration restores by the gbak the target will restore with (run --gbak)");
        }
        if (completed.size() < given.size()) {
            int left = given.size() - completed.size();
            assumptions.add(left + (left == 1 ? " calibration run" : " calibration runs") + " left out: not completed ("
                    + given.stream()
                            .filter(r -> !completed.contains(r))
                            .map(Target::name)
                            .collect(Collectors.joining(", "))
                    + ")");
        }
        if (!warmups.isEmpty()) {
            assumptions.add(warmups.size() + (warmups.size() == 1 ? " warm-up restore" : " warm-up restores")
                    + " set aside, as compare sets them aside ("
                    + warmups.stream().map(Target::name).collect(Collectors.joining(", "))
                    + "): recorded as warm-ups (run.json warmup), the first restores meet a cold cache");
        }
        return usable;
    }

    /** gbak's version of a run, {@code major.minor} ({@code 4.0}; else as gbak -z said it), {@code null} unknown. */
    private static String gbakVersion(RestoreRun r) {
        String full = Confounder.GBAK_VERSION.of(r);
        String v = RestoreRun.majorMinor(full);
        return v != null ? v : full;
    }

    /**
     * Each value of {@code kind} among {@code runs}, in order, as {@code name: N runs (their labels)}: what a refusal
     * of mixed calibration runs names.
     */
    private static String listed(List<RestoreRun> runs, Function<RestoreRun, String> kind, UnaryOperator<String> name) {
        return runs.stream()
                .map(kind)
                .filter(v -> v != null)
                .distinct()
                .sorted()
                .map(value -> {
                    List<RestoreRun> with = runs.stream()
                            .filter(r -> value.equals(kind.apply(r)))
                            .toList();
                    return name.apply(value) + ": " + with.size() + (with.size() == 1 ? " run" : " runs") + " ("
                            + with.stream().map(Target::name).distinct().collect(Collectors.joining(", ")) + ")";
                })
                .collect(Collectors.joining("; "));
    }
}
