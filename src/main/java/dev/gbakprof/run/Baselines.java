package dev.gbakprof.run;

import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.Via;
import dev.gbakprof.stats.Confounder;
import dev.gbakprof.store.RunInputs;
import dev.gbakprof.store.RunStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/** Finds the run that gives a new run its ETA: a completed restore of the same backup on the same route. */
final class Baselines {
    private Baselines() {}

    /**
     * How many completed restores of the same backup and route the live ETA's baseline is the median of: on this
     * shared machine one backup restored in 27.8-72.9 s within a quarter of an hour, and a baseline restored during
     * a load spike made the next restore's ETA twice too long; the median of the newest five held the final total
     * in the 80 % range more often than the newest alone (docs/dev/FORECAST.md, 'A baseline of several restores').
     */
    static final int RESTORES = 5;

    /**
     * The given run (run.json, its folder, or a gbak restore log), else the newest {@link #RESTORES} completed runs
     * (fewer when there are fewer; oldest first) of the same backup (path and size) on the same route: the same
     * {@code via} (the services API and the gbak tool restore at different speeds) and, for gbak, the same way to the
     * database ({@link Confounder#route}: embedded, remote TCP to a host, or gbak -se): gbak to a server sends every
     * record over the wire, and loaded the 3,000,000 ORDERS rows of the bench schema at 21,000 rows/s against 450,000
     * embedded (docs/dev/FORECAST.md); through gbak, by a gbak of the same version ({@link Confounder#versionFamily}:
     * 3.0, 4.0): each version restores at its own speed, and a migration's 4.0 restore must not be forecast from 3.0's.
     * Empty: no baseline.
     *
     * @param route the route of this run, as {@link Confounder#route} names it ({@code null}: any)
     * @param gbak  this run's gbak's version family; {@code null} when unknown, and then only records that do not say
     *              theirs either (an unknown version is no match for a known one); not compared through the services
     *              API, where the server restores
     */
    static List<RestoreRun> find(
            Path given, Path runsDir, String backup, Long backupBytes, Via via, String route, String gbak) {
        if (given != null) {
            // what the refusal of a bad file promises: a run record or a gbak log (a restore timed before)
            return RunInputs.load(RunStore.record(given), null).stream()
                    .limit(1)
                    .toList();
        }
        try {
            return new RunStore(runsDir)
                    .baselines(backup, backupBytes, via, sameRoute(route).and(sameGbak(via, gbak)), RESTORES).stream()
                            .map(RunStore.Entry::run)
                            .toList();
        } catch (IOException ex) {
            return List.of(); // an unreadable runs folder gives no ETA, and no reason to stop
        }
    }

    /**
     * A drill's: the given run, else the newest completed restore of an earlier drill of the same database on the same
     * route (each drill restores a backup of its own, so the backup's path does not tell; its rows differ from the
     * earlier drills', so the newest alone, not a median).
     */
    static List<RestoreRun> findDrill(Path given, Path runsDir, String backupFrom, Via via, String route, String gbak) {
        if (given != null) {
            return find(given, runsDir, null, null, via, route, gbak);
        }
        try {
            return new RunStore(runsDir)
                            .newest(
                                    RunStore.drillOf(backupFrom)
                                            .and(RunStore.completed())
                                            .and(RunStore.via(via))
                                            .and(sameRoute(route))
                                            .and(sameGbak(via, gbak)),
                                    1)
                            .stream()
                            .map(RunStore.Entry::run)
                            .toList();
        } catch (IOException ex) {
            return List.of();
        }
    }

    /**
     * Runs restored through gbak by a gbak of {@code family} ({@link Confounder#family}; {@code null}: records that do
     * not say theirs); through the services API, any.
     */
    private static Predicate<RestoreRun> sameGbak(Via via, String family) {
        return r -> via != Via.GBAK || Objects.equals(family, Confounder.GBAK_VERSION.family(r));
    }

    /** Runs that reached the database the same way ({@code null}: any). */
    private static Predicate<RestoreRun> sameRoute(String route) {
        return r -> route == null || route.equals(Confounder.route(r));
    }
}
