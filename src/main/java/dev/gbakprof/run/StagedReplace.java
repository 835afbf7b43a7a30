package dev.gbakprof.run;

import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.model.RestoreRun;
import dev.gbakprof.model.RunStatus;
import dev.gbakprof.model.WarningCode;
import dev.gbakprof.store.RunMarker;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --replace}: the restore goes beside the database (never gbak -rep over it), and only a completed (with
 * --inspect, verified) restore is moved over it. The run folder's marker says so before the move ({@link
 * RunMarker#replacing}).
 */
record StagedReplace(PrintStream progressOut, PartialDatabase partial, RunMarker marker) {

    /** Why {@code --replace} is refused for a database on another machine. */
    static String remoteReplace(String database) {
        return database + ": --replace of a database on another machine is refused: gbakprof restores beside the "
                + "database and moves it over only after the restore completed, which needs the server's files on this "
                + "machine (gbak -rep would destroy the database when the restore fails). Restore into a new --database";
    }

    /**
     * {@code --replace}: moves the restored database ({@code into}, beside the target) over the target when the
     * restore completed (and, with --inspect, verified) and nobody opened the target meanwhile; otherwise the target
     * stays as it was, a partial restore is removed and a finished but failed one is kept beside it for a look.
     */
    RestoreRun replace(RestoreRun run, RestoredDatabase target, Path file, RestoredDatabase into, boolean claimed) {
        Path staged = into.localFile();
        String kept = target.name() + " was left as it was; the restored database is kept at " + staged;
        if (run.status() == RunStatus.COMPLETED) {
            OpenFiles.Holders h = OpenFiles.of(file);
            String refused = !h.holders().isEmpty()
                    ? target.name() + " came into use during the restore (open in " + String.join(", ", h.holders())
                            + "): not replaced; " + kept
                    : null;
            if (refused == null) {
                try {
                    keepOwnerAndMode(file, staged);
                    if (marker != null) {
                        marker.replacing(file, staged); // a kill from here on leaves a folder that says what it did
                    }
                    try {
                        Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } catch (AtomicMoveNotSupportedException ex) {
                        Files.move(staged, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                    progressOut.println("gbakprof: replaced " + target.name() + " with the restored database (restored "
                            + "beside it as " + staged + ")");
                    return run.toBuilder()
                            .database(run.database() == null ? null : target.name())
                            .build();
                } catch (IOException ex) {
                    refused = "cannot move " + staged + " over " + target.name() + " (" + RestoreSession.reason(ex)
                            + "); " + kept;
                }
            }
            List<String> errors = new ArrayList<>(run.errors());
            errors.add("gbakprof: " + refused);
            progressOut.println("gbakprof: " + refused);
            return run.toBuilder().status(RunStatus.FAILED).errors(errors).build();
        }
        if (run.validationStopped()) {
            return run.withWarning(WarningCode.NOT_REPLACED, notValidated(target, into));
        }
        if (PartialDatabase.partial(run)) {
            String left = partial.remove(into, claimed, false, run);
            return run.withWarning(
                    WarningCode.NOT_REPLACED,
                    (left != null ? left + "; " : "") + "--replace: the restore did not complete, so " + target.name()
                            + " was left as it was");
        }
        return run.withWarning(
                WarningCode.NOT_REPLACED,
                "--replace: the restore did not succeed, so " + kept + " (remove it when done)");
    }

    /**
     * A restore whose validation was stopped: the database is left as it was, and the restored one beside it, not
     * validated, is removed (kept with {@code --keep-partial}), so that the next night's {@code --replace} is not
     * refused for it; what was done is the warning's words.
     */
    private String notValidated(RestoredDatabase target, RestoredDatabase into) {
        String head = "--replace: the validation was stopped, so " + target.name() + " was left as it was; the restored"
                + " database " + into.where() + " (complete, not validated) ";
        if (partial.options().keepPartial()) {
            return head + "is kept (--keep-partial): the next --replace run is refused until it is removed";
        }
        try {
            if (into.remove()) {
                progressOut.println("gbakprof: removed the restored database " + into.where() + ": its validation was"
                        + " stopped (--keep-partial keeps it)");
            }
            return head + "was removed, so that the next night runs (--keep-partial keeps it)";
        } catch (FirebirdAccessException | IOException ex) {
            return head + "is left in place (" + ex.getMessage() + "): the next --replace run is refused until it is"
                    + " removed";
        }
    }

    /** The restored file takes the owner, group and permissions of the database it replaces (as root). */
    private static void keepOwnerAndMode(Path from, Path to) {
        try {
            PosixFileAttributes a = Files.readAttributes(from, PosixFileAttributes.class);
            PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
            view.setPermissions(a.permissions());
            view.setOwner(a.owner());
            view.setGroup(a.group());
        } catch (IOException | UnsupportedOperationException ex) {
            // not root, or not a POSIX file system: the restored file keeps what gbak or the server gave it
        }
    }
}
