package dev.gbakprof.store;

import dev.gbakprof.model.RestoreRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/** Where an output may not go. */
public final class Outputs {
    private Outputs() {}

    /**
     * Refuses an output that is one of the inputs, by any name (a relative path, a link), with an
     * {@link OutputRefusedException} that names it and the option to change.
     */
    public static void refuseInput(Path output, Collection<Path> inputs, String option) {
        if (!Files.exists(output)) {
            return;
        }
        for (Path input : inputs) {
            if (sameFile(output, input)) {
                throw new OutputRefusedException(output + ": is also an input (" + input + "); it was left untouched, "
                        + "and nothing was written. Choose another " + option);
            }
        }
    }

    /**
     * Refuses an output path that exists and is not a regular file: a character device ({@code /dev/null}), a
     * FIFO, a socket, or a symbolic link (to {@code /proc/self/fd/1}, or to a file elsewhere). An atomic write
     * renames a new file over the name, which would put a regular file in the place of the device or the link.
     * Only a regular file, or a new name, is replaced.
     */
    public static void refuseSpecial(Path output, String option) {
        if (!Files.exists(output, LinkOption.NOFOLLOW_LINKS)
                || Files.isRegularFile(output, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String what = Files.isSymbolicLink(output)
                ? "a symbolic link"
                : Files.isDirectory(output) ? "a directory" : "not a regular file (a device, a FIFO or a socket)";
        throw new OutputRefusedException(output + ": " + what + "; it was left untouched, and nothing was written. "
                + "Give " + option + " the name of a regular file (or a new one)");
    }

    /** A record as RunJson writes it, or an array of them: its first field is {@code "schema": "gbakprof.run/…"}. */
    private static final Pattern RECORD_START =
            Pattern.compile("\\[?\\s*\\{\\s*\"schema\"\\s*:\\s*\"" + Pattern.quote(RestoreRun.SCHEMA_FAMILY));

    /**
     * Refuses to replace an existing file that is not a gbakprof run record: {@code -o} names where the record
     * goes, and a backup, a database or a gbak log of that name is a slip of the keyboard, not something to replace.
     * An empty file, or an earlier run record, is replaced.
     */
    public static void refuseNonRecord(Path output, String option) {
        refuseUnlike(
                output,
                text -> RECORD_START.matcher(text).lookingAt(),
                "is not a gbakprof run record (a log, a backup, a database?)",
                option);
    }

    /**
     * Refuses to replace an existing file unless it starts as gbakprof's own output of that option does: {@code
     * ours} is given its first 256 bytes, blanks stripped, and {@code what} says what the file is not. An empty file
     * is replaced, a new name is written.
     */
    public static void refuseUnlike(Path output, Predicate<String> ours, String what, String option) {
        if (!Files.isRegularFile(output)) {
            return;
        }
        byte[] head = new byte[256];
        int n;
        try (var in = Files.newInputStream(output)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException unreadable) {
            return; // the atomic write says what is wrong with the place
        }
        String text = new String(head, 0, n, StandardCharsets.UTF_8).strip();
        if (!text.isEmpty() && !ours.test(text)) {
            throw new OutputRefusedException(output + ": exists and " + what + "; it was left untouched, and nothing "
                    + "was written. Choose another " + option + ", or remove the file first");
        }
    }

    /**
     * Refuses an output file inside a run folder ({@link RunFolders#isRunFolder}: one {@code run} made): its files are
     * one restore's record, listed in its {@value RunStore#CHECKSUMS}, and what reads the folder takes them as the
     * run's; its {@code run.json} holds what only {@code run} measured. A folder of the user's own is not one.
     */
    public static void refuseInRunFolder(Path output, String option) {
        Path folder = output.toAbsolutePath().normalize().getParent();
        if (folder != null && RunFolders.isRunFolder(folder)) {
            throw new OutputRefusedException(output + ": in the run folder " + folder + ", which holds one restore's "
                    + "record; nothing was written. Choose another " + option + ", outside the run folders");
        }
    }

    /**
     * Refuses, before any work starts, a directory that cannot be written: the folder that holds it does not
     * exist (only the directory itself is created, never a tree of folders above it: a typo in a path is not a
     * place to write), is a file, or gbakprof cannot create a file there (permissions, a read-only file system). A
     * probe file is created and removed at once; nothing else is created.
     */
    public static void refuseUnwritableDir(Path dir, String option) {
        Path abs = dir.toAbsolutePath().normalize();
        Path holder = abs.getParent();
        refuseUnwritable(dir, Files.exists(abs) || holder == null ? abs : holder, option);
    }

    /** As {@link #refuseUnwritableDir}, for a file: its folder must exist and be writable. */
    public static void refuseUnwritableFile(Path file, String option) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        if (parent != null) {
            refuseUnwritable(file, parent, option);
        }
    }

    private static void refuseUnwritable(Path named, Path folder, String option) {
        if (!Files.exists(folder)) {
            throw new OutputRefusedException(option + " " + named + ": folder " + folder + " does not exist; "
                    + "nothing was done. Create it, or choose another " + option);
        }
        if (!Files.isDirectory(folder)) {
            throw new OutputRefusedException(option + " " + named + ": " + folder + " is a file, not a folder; "
                    + "nothing was done. Choose another " + option);
        }
        try {
            Files.delete(Files.createTempFile(folder, ".gbakprof-", ".probe"));
        } catch (IOException | SecurityException ex) {
            String why = ex instanceof AccessDeniedException
                    ? "permission denied"
                    : ex instanceof FileSystemException fs && fs.getReason() != null
                            ? fs.getReason()
                            : "a file cannot be created there";
            throw new OutputRefusedException(option + " " + named + ": cannot write in " + folder + " (" + why
                    + "); nothing was done. Choose another " + option);
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException ex) {
            return false; // an input that cannot be read is refused when it is read
        }
    }
}
