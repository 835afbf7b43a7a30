package dev.gbakprof.run;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/** Finds the run that gives a new run its ETA: a completed restore of the same backup on the same route. */
final class Baselines {
    private Baselines() {}

    /**
     * The given run (run.json, its folder, or a gbak restore log), else the newest completed run of the same backup
     * (path and size) on the same route: the same {@code via} (the services API and the gbak tool restore at
     * different speeds) and, for gbak, the same way to the database ({@link Confounder#route}: embedded, remote TCP
     * to a host, or gbak -se): gbak to a server sends every record over the wire, and loaded the 3,000,000 ORDERS rows
     * of the bench schema at 21,000 rows/s against 450,000 embedded (docs/FORECAST.md).
     *
     * @param route the route of this run, as {@link Confounder#route} names it ({@code null}: any)
     */
    static Optional<RestoreRun> find(Path given, Path runsDir, String backup, Long backupBytes, Via via, String route) {
        if (given != null) {
            // what the refusal of a bad file promises: a run record or a gbak log (a restore timed before)
            return RunInputs.load(RunStore.record(given), null).stream().findFirst();
        }
        try {
            return new RunStore(runsDir)
                    .baseline(backup, backupBytes, via, sameRoute(route))
                    .map(RunStore.Entry::run);
        } catch (IOException ex) {
            return Optional.empty(); // an unreadable runs folder gives no ETA, and no reason to stop
        }
    }

    /**
     * A drill's: the given run, else the newest completed restore of an earlier drill of the same database on the same
     * route (each drill restores a backup of its own, so the backup's path does not tell).
     */
    static Optional<RestoreRun> findDrill(Path given, Path runsDir, String backupFrom, Via via, String route) {
        if (given != null) {
            return find(given, runsDir, null, null, via, route);
        }
        try {
            java.util.List<RunStore.Entry> runs = new RunStore(runsDir)
                    .list()
                    .where(RunStore.drillOf(backupFrom)
                            .and(RunStore.completed())
                            .and(RunStore.via(via))
                            .and(sameRoute(route)));
            return runs.isEmpty()
                    ? Optional.empty()
                    : Optional.of(runs.get(runs.size() - 1).run());
        } catch (IOException ex) {
            return Optional.empty();
        }
    }

    /** Runs that reached the database the same way ({@code null}: any). */
    private static java.util.function.Predicate<RestoreRun> sameRoute(String route) {
        return r -> route == null || route.equals(Confounder.route(r.via(), r.command(), r.database()));
    }
}
