package dev.gbakprof.log;

import java.util.List;

/**
 * gbak's messages that only its start can print: the refusals of its switch parser ({@code src/burp/burp.cpp},
 * {@code gbak()}), of opening its files ({@code open_files}: a backup file that cannot be opened, a database
 * that already exists, a {@code -y} file that cannot be created) and of creating the database
 * ({@code restore.epp}, msg 33). gbak prints none of them once it has begun restoring or backing up, so one of
 * them after a run's work is another gbak call's (appended to the same file with {@code >>}). Texts from
 * Firebird's message catalogue ({@code src/include/firebird/impl/msg/gbak.h}, 2.5 to 6.0), matched on their
 * fixed words, with or without gbak's {@code ERROR:}.
 */
public final class StartErrors {
    /** Fixed first words of the messages (msg numbers in brackets). */
    private static final List<String> PREFIXES = List.of(
            "found unknown switch", // 1
            "unknown switch \"", // 137
            "Usage:", // 317, the usage text printed for an unknown switch
            "legal switches are:", // 95
            "page size parameter missing", // 2
            "Page size specified (", // 3
            "redirect location for output is not specified", // 4
            "conflicting switches for backup/restore", // 5
            "page size is allowed only on restore or create", // 8
            "multiple sources or destinations specified", // 9
            "requires both input and output filenames", // 10
            "input and output have the same name", // 11
            "expected page size, encountered", // 12
            "REPLACE specified, but the first file", // 13
            "failed to create database ", // 33
            "cannot open backup file ", // 65
            "cannot open status and error output file", // 66
            "blocking factor parameter missing", // 182
            "expected blocking factor, encountered", // 183
            "user name parameter missing", // 188
            "password parameter missing", // 189
            "missing parameter for the number of bytes to be skipped", // 200
            "expected number of bytes to be skipped", // 201
            "SQL role parameter missing", // 253
            "page buffers parameter missing", // 258
            "expected page buffers, encountered", // 259
            "page buffers is allowed only on restore or create", // 260
            "size specification either missing or incorrect for file", // 262
            "can't join -- one of the files missing", // 264
            "standard input is not supported when using join", // 265
            "standard output is not supported when using split", // 266
            "database file specification missing", // 268
            "file size given (", // 271
            "service name parameter missing", // 273
            "Cannot restore over current database", // 274
            "could not drop database ", // 233 (-rep, before the restore)
            "\"read_only\" or \"read_write\" required", // 279
            "\"none\", \"read_only\" or \"read_write\" required", // 404
            "Character set parameter missing", // 304
            "too many passwords provided", // 307
            "could not open password file ", // 308
            "could not read password file ", // 309
            "empty password file ", // 310
            "verbose interval value ", // 326, 327
            "verify (verbose) and verbint options are mutually exclusive", // 329
            "option -", // 330, 331, 334
            "options -", // 332
            "parameter for option -", // 333, 436
            "missing regular expression to ", // 354, 389, 417, 418
            "regular expression to ", // 356, 390, 419, 420
            "statistics parameter missing", // 366
            "wrong char \"", // 367
            "too many chars at statistics parameter", // 368
            "Keyname parameter missing", // 375
            "Key holder parameter missing", // 376, 381
            "CryptPlugin parameter missing", // 377
            "parallel workers parameter missing", // 407
            "expected parallel workers, encountered"); // 408

    private StartErrors() {}

    /** The text of a gbak line (without {@code gbak:}) is a message only gbak's start prints. */
    public static boolean isStartOnly(String text) {
        String t = (text.startsWith("ERROR:") ? text.substring(6) : text).strip();
        if (t.isEmpty()) {
            return false;
        }
        for (String p : PREFIXES) {
            if (t.startsWith(p)) {
                return true;
            }
        }
        return t.startsWith("database ") && t.contains(" already exists.") // 14
                || t.startsWith("file ") && t.endsWith(" out of sequence") // 263
                || t.startsWith("backup file ") && t.endsWith(" might be corrupt"); // 267
    }

    /**
     * A start-only message that is an error (not the usage text gbak prints with {@code unknown switch}), also
     * when it comes without {@code gbak:} and {@code ERROR:} (the services manager's status vector, fbsvcmgr).
     */
    static boolean isError(String text) {
        return isStartOnly(text) && !text.startsWith("Usage:") && !text.startsWith("legal switches are:");
    }
}
