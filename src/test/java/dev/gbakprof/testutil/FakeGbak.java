package dev.gbakprof.testutil;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A stand-in for gbak, for tests that prove a restore was refused before gbak was ever started. */
public final class FakeGbak {
    private FakeGbak() {}

    /**
     * A gbak that answers the version probe ({@code gbak -z}) and appends every other call's arguments to
     * {@code calls}, then fails: {@code calls} exists only if something was to be restored.
     */
    /** A recording gbak, a file named like a backup that it is never asked to restore, and a folder that does not exist. */
    public record Refusal(Path gbak, Path calls, Path backup, Path missingFolder) {}

    public static Refusal refusal(Path dir) throws IOException {
        Path calls = dir.resolve("calls");
        return new Refusal(
                recording(dir, calls),
                calls,
                backupLike(dir.resolve("x.fbk"), "a backup gbak is never asked to restore"),
                dir.resolve("no-such-folder"));
    }

    /**
     * A file that starts as a Firebird 3.0 database does: its header page's first bytes (ods.h: page type 1, page size
     * 8192 at offset 16, ODS 12 with the Firebird flag 0x8000 at 18), what {@code --replace} takes for a database to
     * replace, for a test whose restore is made by a stand-in.
     */
    public static Path databaseLike(Path file) throws IOException {
        byte[] page = new byte[8192];
        page[0] = 1;
        page[17] = 0x20;
        page[18] = 12;
        page[19] = (byte) 0x80;
        return Files.write(file, page);
    }

    /**
     * A file that starts as gbak's backups do (burp.h: record {@code rec_burp}, its attribute {@code
     * att_backup_format} of 4 bytes, format 10), then {@code text}: what the checks before a restore take for a backup
     * (a text file is refused as none), for a test whose restore is refused for another reason or made by a stand-in.
     */
    public static Path backupLike(Path file, String text) throws IOException {
        byte[] head = {0, 2, 4, 10, 0, 0, 0};
        byte[] body = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] all = java.util.Arrays.copyOf(head, head.length + body.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return Files.write(file, all);
    }

    /** {@link #hangingAtExit}: the gbak to pass with {@code --gbak}, and the file it makes when the real gbak has exited. */
    public record HangingAtExit(Path gbak, Path exited) {}

    /**
     * The real gbak, which restores for real, then no exit: the wrapper waits two minutes once gbak is done, as an
     * embedded gbak that hangs in its last step does (FirebirdSQL/firebird#7589: the engine's garbage collector thread
     * never joins at the detach). That hang cannot be made on demand; this one comes after all of a real restore's work,
     * its last line, the database brought online and the detach. {@code gbak -z} (the version probe) answers at once.
     */
    public static HangingAtExit hangingAtExit(Path dir) throws IOException {
        return hangingAtExit(dir, 120);
    }

    /** As {@link #hangingAtExit(Path)}, exiting (0) {@code seconds} after gbak: a late exit, not a hang for good. */
    public static HangingAtExit hangingAtExit(Path dir, int seconds) throws IOException {
        Path exited = dir.resolve("gbak-exited");
        Path gbak = dir.resolve("gbak");
        Files.writeString(
                gbak,
                "#!/bin/sh\n[ \"$1\" = -z ] && exec " + Firebird.GBAK + " \"$@\"\n" + Firebird.GBAK + " \"$@\"\n: > '"
                        + exited + "'\nexec sleep " + seconds + "\n");
        if (!gbak.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + gbak + " executable");
        }
        return new HangingAtExit(gbak, exited);
    }

    /**
     * The real gbak, except for a restore whose arguments end in {@code databaseEnd} (a database's name), which prints
     * {@code gbak: waiting} and waits two minutes: Ctrl-C surely lands in that restore, on a busy machine too.
     */
    public static Path waitingOn(Path dir, String databaseEnd) throws IOException {
        Path gbak = dir.resolve("gbak");
        Files.writeString(
                gbak,
                "#!/bin/sh\ncase \"$*\" in *" + databaseEnd + "*) echo 'gbak: waiting'; exec sleep 120;; esac\n"
                        + "exec " + Firebird.GBAK + " \"$@\"\n");
        if (!gbak.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + gbak + " executable");
        }
        return gbak;
    }

    /**
     * The real gbak, which restores for real; once it has exited 0, the real gfix shuts the database it made down
     * ({@code gfix -shut full -force 0}, as a DBA's script after a restore may): a database the server will not open
     * ({@code database … shutdown}), so {@code --inspect} fails after a completed restore, for a reason that is not a
     * Firebird version. {@code gbak -z} (the version probe) answers at once.
     */
    public static Path shuttingDownAfterRestore(Path dir) throws IOException {
        Path gbak = dir.resolve("gbak");
        Files.writeString(
                gbak,
                "#!/bin/sh\n[ \"$1\" = -z ] && exec " + Firebird.GBAK + " \"$@\"\n" + Firebird.GBAK
                        + " \"$@\" || exit $?\nfor a; do case $a in *.fdb) db=$a;; esac; done\nexec "
                        + Firebird.GBAK.resolveSibling("gfix") + " -shut full -force 0 \"$db\"\n");
        if (!gbak.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + gbak + " executable");
        }
        return gbak;
    }

    /** {@link #counting}: the gbak to pass with {@code --gbak}, and the file of its starts that ask it ({@code -z}). */
    public record Counting(Path gbak, Path starts) {
        /** Each start with {@code -z}, its arguments: {@code -z}, {@code -c -bu 100 -z}; none when never asked. */
        public java.util.List<String> asked() throws IOException {
            return Files.exists(starts) ? Files.readAllLines(starts) : java.util.List.of();
        }
    }

    /**
     * {@code real} (a gbak: Firebird 3.0's, 4.0's launcher), started through a script {@code dir/name} that first
     * appends its arguments to {@code dir/name.starts} when they ask gbak something ({@code gbak -z}, {@code gbak -c
     * SWITCHES -z}): how many times a command asked it.
     */
    public static Counting counting(Path dir, String name, Path real) throws IOException {
        Path starts = dir.resolve(name + ".starts");
        Path gbak = dir.resolve(name);
        Files.writeString(
                gbak,
                "#!/bin/sh\ncase \" $* \" in *' -z '*) echo \"$*\" >> '" + starts + "';; esac\nexec '" + real
                        + "' \"$@\"\n");
        if (!gbak.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + gbak + " executable");
        }
        return new Counting(gbak, starts);
    }

    public static Path recording(Path dir, Path calls) throws IOException {
        Path gbak = dir.resolve("gbak");
        Files.writeString(
                gbak,
                "#!/bin/sh\n[ \"$1\" = -z ] && { echo 'gbak:gbak version LI-V3.0.11.33703'; exit 0; }\n"
                        + "echo \"$@\" >> '" + calls + "'\nexit 1\n");
        if (!gbak.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + gbak + " executable");
        }
        return gbak;
    }
}
