package dev.gbakprof.firebird;

import dev.gbakprof.log.LogDecoder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.Consumer;
import org.firebirdsql.gds.JaybirdErrorCodes;

/**
 * One restore done by the server through the services API ({@code isc_action_svc_restore}, what
 * {@code gbak -se} and {@code fbsvcmgr action_restore} do): verbose, with gbak's statistics columns. The
 * backup and the database are paths on the server. Each output line is written raw to a sink and pushed,
 * decoded, to a consumer as soon as the server hands it out.
 */
public final class ServiceRestore {
    private final Server server;
    private final String backup;
    private final String database;
    private final boolean replace;
    private final boolean backingUp;
    private volatile boolean interrupted;

    /**
     * How the restore ended.
     *
     * @param timedOut    gbakprof stopped fetching at the timeout and detached
     * @param interrupted gbakprof was interrupted (Ctrl-C) and detached
     * @param error       the failure the server or the connection reported (one line), or {@code null}
     * @param brokenReply the driver's words when the server's reply broke off out of step with the wire protocol
     *     (Jaybird's "Unsupported or unexpected operation code"): bytes that are no reply were mixed into the
     *     connection. A Firebird 3 server started without {@code -d} has a client's socket as its stdout, and a
     *     services restore of a backup file that ends early (this one, or another on that server) prints gbak's
     *     prompt for the next volume there. No word from the server, so not an {@code error}; the server may go on
     *     restoring
     * @param stoppedAt   seconds after the restore started at which gbakprof stopped reading (timeout, Ctrl-C), or
     *     {@code null}
     */
    public record Result(boolean timedOut, boolean interrupted, String error, String brokenReply, Double stoppedAt) {}

    /**
     * @param replace overwrite an existing database ({@code isc_spb_res_replace}, gbak's {@code -rep}) instead
     *                of creating a new one ({@code isc_spb_res_create})
     */
    public ServiceRestore(Server server, String backup, String database, boolean replace) {
        this(server, backup, database, replace, false);
    }

    private ServiceRestore(Server server, String backup, String database, boolean replace, boolean backingUp) {
        this.server = server;
        this.backup = backup;
        this.database = database;
        this.replace = replace;
        this.backingUp = backingUp;
    }

    /**
     * The other way round, for a drill ({@code run --backup-from}): the server backs {@code database} up into the new
     * file {@code backup} ({@code isc_action_svc_backup}, what {@code gbak -se -b} does), verbose, with the statistics
     * columns; both are paths on the server.
     */
    public static ServiceRestore backup(Server server, String database, String backup) {
        return new ServiceRestore(server, backup, database, false, true);
    }

    /** What is done, for the screen and the run record (no password). */
    public String describe() {
        String as = " on " + server.address() + " as " + server.credentials().user() + ": ";
        return backingUp
                ? "services backup" + as + database + " -> " + backup + " (verbose, statistics TDRW)"
                : "services restore" + as + backup + " -> " + database + " (" + (replace ? "replace" : "create")
                        + ", verbose, statistics TDRW)";
    }

    /**
     * Runs the restore to its end, or until the timeout or {@link #interrupt()}: then gbakprof stops reading
     * and detaches (Firebird 3 has no way to cancel a running services restore; the server finishes it).
     *
     * @param timeout {@code null} for none
     */
    public Result run(OutputStream raw, Consumer<CharSequence> lines, Duration timeout) {
        long start = System.nanoTime();
        long deadline = timeout == null ? Long.MAX_VALUE : start + timeout.toNanos();
        boolean[] timedOut = new boolean[1];
        long[] stopAt = new long[1];
        LineByLineBackupManager manager =
                server.configure(new LineByLineBackupManager(new LineByLineBackupManager.Output() {
                    @Override
                    public void line(byte[] bytes, int offset, int length) throws IOException {
                        try {
                            raw.write(bytes, offset, length);
                            raw.write('\n');
                            raw.flush();
                        } catch (IOException ex) {
                            throw new OutputFailed(ex);
                        }
                        // decoded as the gbak route and parse decode a line: live and parse of the saved log agree
                        lines.accept(LogDecoder.decodeLine(bytes, offset, length));
                    }

                    @Override
                    public boolean stopRequested() {
                        long now = System.nanoTime();
                        timedOut[0] = now > deadline;
                        boolean stop = interrupted || timedOut[0];
                        if (stop && stopAt[0] == 0) {
                            stopAt[0] = now;
                        }
                        return stop;
                    }
                }));
        manager.setBackupPath(backup);
        manager.setDatabase(database);
        manager.setRestoreReplace(replace);
        manager.setVerbose(true);
        String what = backingUp ? "backup" : "restore";
        String error = null;
        String brokenReply = null;
        try {
            if (backingUp) {
                manager.backupDatabase();
            } else {
                manager.restoreDatabase();
            }
        } catch (SQLException ex) {
            if (ex.getCause() instanceof OutputFailed || ex.getCause() instanceof UncheckedIOException) {
                error = "cannot write the output: " + ex.getCause().getCause().getMessage();
            } else if (ex.getCause() instanceof IOException io) {
                // the network, not our output: the connection went away while the server restored
                error = server.address() + ": the connection to the server was lost during the " + what + " ("
                        + io.getMessage() + "); the server may go on " + (backingUp ? "backing up" : "restoring");
            } else if (ex.getErrorCode() == JaybirdErrorCodes.jb_unexpectedOperationCode) {
                brokenReply = Server.firstLine(ex.getMessage());
            } else {
                error = server.explain("the services " + what + " failed", ex).getMessage();
            }
        }
        boolean stopped = manager.stopped();
        return new Result(
                stopped && timedOut[0] && !interrupted,
                stopped && interrupted,
                error,
                brokenReply,
                stopped && stopAt[0] != 0 ? (stopAt[0] - start) / 1e9 : null);
    }

    /** Writing the output (the raw log) failed: told apart from the network's own I/O errors. */
    private static final class OutputFailed extends IOException {
        private static final long serialVersionUID = 1L;

        OutputFailed(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * What a restore stopped by gbakprof (timeout, Ctrl-C) leaves and what to do about it: the server goes on
     * restoring, so the database is partial (shut down) until the server has finished it.
     */
    public String leftBehind() {
        if (backingUp) {
            return "Firebird cannot cancel a services backup: the server goes on writing " + backup + " on "
                    + server.address() + " (an incomplete backup file until the server has finished it)";
        }
        return dropAdvice(
                server,
                database,
                "Firebird cannot cancel a services restore: the server goes on restoring " + database + " on "
                        + server.address() + " (a partial database, shut down until the server has finished it)",
                true);
    }

    /**
     * {@code what}, then how a DBA drops the database (once the server has finished it, when {@code restoring}) or
     * restores over it. No password: isql reads ISC_PASSWORD.
     */
    public static String dropAdvice(Server server, String database, String what, boolean restoring) {
        return what + ". " + (restoring ? "Once the server has finished, drop it" : "Drop it")
                + " with isql (isql-fb on Debian; the password from ISC_PASSWORD): isql-fb -user "
                + server.credentials().user() + " " + server.address() + ":" + database
                + ", then DROP DATABASE; or restore over it with --replace, or choose another --database";
    }

    /** Stops reading the output and detaches (Ctrl-C). Safe to call from a shutdown hook. */
    public void interrupt() {
        interrupted = true;
    }
}
