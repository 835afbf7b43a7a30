package dev.gbakprof.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the DBA asked {@code gbakprof run} to do.
 *
 * @param backup          the backup file (as gbak, or the server with {@code -se}, sees it)
 * @param database        the database to create: a local path (embedded) or {@code host[/port]:path}
 * @param label           the run's label; {@code null} = the detected power plan's name
 * @param gbak            gbak to run; {@code null} = search the PATH and the usual places
 * @param password        {@code null} = gbak reads {@code ISC_PASSWORD} from the environment itself
 * @param replace         overwrite an existing database ({@code gbak -rep})
 * @param repeat          restores in a row, each to a fresh database name
 * @param cooldown        rest between repeated restores
 * @param keep            keep the databases of repeated restores
 * @param keepPartial     keep a partial database after a timeout or Ctrl-C
 * @param timeout         {@code null} = none
 * @param runsDir         where run folders go
 * @param baseline        a run (run.json or its folder) whose total gives the ETA; {@code null} = newest
 *                        completed run of the same backup in {@code runsDir}
 * @param extraArgs       gbak switches passed through unchanged
 * @param sampleInterval  CPU sampling interval
 */
public record RunOptions(String backup, String database, String label, Path gbak, String user, String password,
                         boolean replace, int repeat, Duration cooldown, boolean keep, boolean keepPartial,
                         Duration timeout, Path runsDir, Path baseline, List<String> extraArgs,
                         Duration sampleInterval) {

    public RunOptions {
        extraArgs = List.copyOf(extraArgs);
    }

    /** The same options for one arm of an experiment: one restore with more gbak switches. */
    public RunOptions forArm(List<String> moreArgs, String armLabel) {
        List<String> args = new java.util.ArrayList<>(extraArgs);
        args.addAll(moreArgs);
        return new RunOptions(backup, database, armLabel, gbak, user, password, replace, 1, cooldown, keep,
                keepPartial, timeout, runsDir, baseline, args, sampleInterval);
    }

    /** True when gbak works through a server: {@code host:path} or {@code -se host:service_mgr}. */
    public boolean throughServer() {
        return isRemote(database) || extraArgs.stream().anyMatch(a -> a.equalsIgnoreCase("-se")
                || a.toLowerCase(java.util.Locale.ROOT).startsWith("-service"));
    }

    /** {@code host:path} or {@code host/3050:path}, but not a Windows drive ({@code C:\db.fdb}). */
    static boolean isRemote(String db) {
        int colon = db.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        if (colon == 1 && Character.isLetter(db.charAt(0))) {
            return false;
        }
        String host = db.substring(0, colon);
        return !host.contains("/") || host.matches("[^/\\\\]+/\\d+");
    }
}
