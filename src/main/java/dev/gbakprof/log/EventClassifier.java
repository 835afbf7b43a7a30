package dev.gbakprof.log;

/**
 * Classifies the message text of a {@link StatLine} into an {@link Event}. Texts are those of the gbak
 * message catalogue (Firebird 2.5 to 6.0, {@code src/include/firebird/impl/msg/gbak.h}), matched on
 * their fixed words so that object names may contain anything.
 */
final class EventClassifier {

    private EventClassifier() {}

    public static Event classify(StatLine line) {
        String t = line.text();
        if (!t.isEmpty()) {
            // the messages of almost every line, here; the rarer ones in a method of their own
            char c = t.charAt(0);
            if (c >= '0' && c <= '9') {
                return counted(t, line);
            }
            if (c == 'r' && t.startsWith("restoring")) {
                return restoring(t, line);
            }
            if (c == 'a' && t.startsWith("activating and creating deferred index ")) {
                return ev(EventKind.ACTIVATING_INDEX, rest(t, 39), line);
            }
        }
        return others(t, line);
    }

    private static Event others(String t, StatLine line) {
        if (t.isEmpty()) {
            return new Event(line.hasStats() ? EventKind.CUT_LINE : EventKind.OTHER, null, -1, line);
        }
        switch (t.charAt(0)) {
            case 'a':
                if (t.startsWith("adjusting views dbkey length")
                        || t.startsWith("adjusting system generators")
                        || t.startsWith("adding missing privileges")) {
                    return ev(EventKind.FINISH_STEP, null, line);
                }
                if (t.startsWith("adjusting the ONLINE and FORCED WRITES flags")) {
                    return ev(EventKind.ONLINE_FLAGS, null, line);
                }
                if (t.startsWith("adding file ")) {
                    return ev(EventKind.SETUP_STEP, null, line);
                }
                if (t.startsWith("adjusting an invalid decompression length")) {
                    return ev(EventKind.WARNING, null, line);
                }
                break;
            case 'A':
                if (t.startsWith("ALTER INDEX ")) {
                    return ev(EventKind.ERROR, null, line); // msg 243: the big commit failed on an index
                }
                if (t.startsWith("Assertion (") && t.contains(") failure")) {
                    return ev(
                            EventKind.ERROR, null, line); // an engine assertion: gbak crashed (#7992), no gbak: prefix
                }
                break;
            case 'b':
                if (t.startsWith("backup version is ")) {
                    return new Event(EventKind.SETUP_STEP, null, number(t, 18), line);
                }
                if (t.startsWith("backup file is compressed")) {
                    return ev(EventKind.SETUP_STEP, null, line);
                }
                break;
            case 'c':
                if (t.startsWith("committing metadata for table ")) {
                    return ev(EventKind.COMMIT_TABLE_METADATA, rest(t, 30), line);
                }
                if (t.startsWith("committing metadata")) {
                    return ev(EventKind.COMMIT_METADATA, null, line);
                }
                if (t.startsWith("committing data for table ")) {
                    return ev(EventKind.COMMIT_TABLE_DATA, rest(t, 26), line);
                }
                if (t.startsWith("creating indexes")) {
                    return ev(EventKind.CREATING_INDEXES, null, line);
                }
                if (t.startsWith("created database ")) {
                    return createdDatabase(t, line);
                }
                if (t.startsWith("cannot commit index ")) {
                    return ev(EventKind.INDEX_FAILED, rest(t, 20), line);
                }
                if (t.startsWith("could not start batch when restoring table ")) {
                    String name = rest(t, 43);
                    int comma = name.lastIndexOf(", trying old way");
                    return ev(EventKind.BATCH_FALLBACK, comma > 0 ? name.substring(0, comma) : name, line);
                }
                if (t.startsWith("committing secondary files")) {
                    return ev(EventKind.SETUP_STEP, null, line);
                }
                if (t.startsWith("closing file, committing, and finishing")) {
                    return closing(t, line);
                }
                if (t.startsWith("creating file ")) {
                    return ev(EventKind.BACKUP_FILE, rest(t, 14), line);
                }
                if (t.startsWith("cannot commit files") || t.startsWith("commit failed on table ")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'D':
                if (t.startsWith("Database is not online")) {
                    return ev(EventKind.NOT_ONLINE, null, line);
                }
                if (t.startsWith("Done with volume #")) {
                    // msgs 225-229, the multi-volume prompt: the backup file ended before gbak's end-of-backup record
                    return new Event(EventKind.ERROR, null, number(t, 18), line);
                }
                if (t.startsWith("Delete or Update duplicate values")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'd':
                if (t.startsWith("database ") && t.contains(" has a page size of ")) {
                    int at = t.lastIndexOf(" has a page size of ");
                    return new Event(EventKind.BACKUP_SETUP_STEP, t.substring(9, at), number(t, at + 20), line);
                }
                break;
            case 'E':
                if (t.startsWith("ERROR:")) {
                    return ev(EventKind.ERROR, null, line);
                }
                if (t.startsWith("Exiting before completion due to errors")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'I':
                if (t.startsWith("Index \"") && t.contains("failed to activate")) {
                    return ev(EventKind.ERROR, null, line); // msgs 240-245
                }
                if (t.startsWith("Invalid data detected")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'N':
                if (t.startsWith("Not enough disk space to create the sort file")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'S':
                if (t.startsWith("Skipped ")) {
                    return ev(EventKind.WARNING, null, line);
                }
                if (t.startsWith("Starting with volume #")) {
                    return ev(EventKind.NEXT_VOLUME, null, line);
                }
                if (t.startsWith("Set the TMP environment variable")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'T':
                if (t.startsWith("The unique index has duplicate values")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'f':
                if (t.startsWith("finishing, closing, and going home")) {
                    return ev(EventKind.FINISHING, null, line);
                }
                if (t.startsWith("fixing views dbkey length") || t.startsWith("fixing system generators")) {
                    return ev(EventKind.FINISH_STEP, null, line); // Firebird 3.0 wording of msgs 357, 350
                }
                break;
            case 'm':
                if (t.startsWith("migrating ") && t.contains(" plugin objects to schema")) {
                    return ev(EventKind.FINISH_STEP, null, line);
                }
                break;
            case 'o':
                if (t.startsWith("opened file ")) {
                    return ev(EventKind.OPENED_FILE, rest(t, 12), line);
                }
                break;
            case 'p':
                if (t.startsWith("page size specified")) {
                    return ev(EventKind.SETUP_STEP, null, line);
                }
                break;
            case 'R':
                if (t.startsWith("Run gfix -online")) {
                    return ev(EventKind.NOT_ONLINE, null, line);
                }
                if (t.startsWith("Reducing the database page size")) {
                    return ev(EventKind.SETUP_STEP, null, line);
                }
                break;
            case 'r':
                if (t.startsWith("readied database ") && t.endsWith(" for backup")) {
                    return ev(EventKind.BACKUP_DATABASE, t.substring(17, t.length() - 11), line);
                }
                if (t.startsWith("restore failed for record in table ")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 's':
                if (t.startsWith("started transaction")) {
                    return ev(EventKind.STARTED_TRANSACTION, null, line);
                }
                if (t.startsWith("setting database to read-only access")) {
                    return ev(EventKind.FINISH_STEP, null, line);
                }
                if (t.startsWith("starting transaction")) {
                    return ev(EventKind.BACKUP_SETUP_STEP, null, line); // a restore prints "started transaction"
                }
                if (t.startsWith("skipping data for table ")) {
                    return ev(EventKind.OTHER, rest(t, 24), line);
                }
                break;
            case 't':
                if (t.startsWith("total statistics")) {
                    return ev(EventKind.TOTAL_STATISTICS, null, line);
                }
                if (t.startsWith("transportable backup")) {
                    return ev(EventKind.SETUP_STEP, null, line);
                }
                if (t.startsWith("table ") && t.endsWith(" is a view")) {
                    return ev(EventKind.VIEW, t.substring(6, t.length() - 10), line);
                }
                break;
            case 'u':
                if (t.startsWith("use up to ") && t.endsWith(" parallel workers")) {
                    return new Event(EventKind.PARALLEL_WORKERS, null, number(t, 10), line);
                }
                if (t.startsWith("updating ownership of packages, procedures and tables")) {
                    return ev(EventKind.FINISH_STEP, null, line);
                }
                break;
            case 'W':
                if (t.startsWith("WARNING:")) {
                    return ev(EventKind.WARNING, null, line);
                }
                break;
            case 'w':
                if (t.startsWith("writing character set ") || t.startsWith("writing collation ")) {
                    return ev(EventKind.METADATA_ITEM, null, line); // msgs 214/216: restore reuses "writing"
                }
                if (t.startsWith("writing data for table ")) {
                    return ev(EventKind.WRITING_DATA, rest(t, 23), line);
                }
                if (t.startsWith("writing index ")) {
                    return ev(EventKind.BACKUP_INDEX, rest(t, 14), line);
                }
                if (t.startsWith("writing ")) {
                    return ev(EventKind.BACKUP_METADATA, null, line);
                }
                break;
            case 'v':
                if (t.startsWith("validation error on column in table ")) {
                    return ev(EventKind.ERROR, null, line);
                }
                break;
            case 'e':
                if (t.startsWith("error committing metadata for table ")) {
                    return ev(EventKind.ERROR, null, line);
                }
                if (t.startsWith("error accessing BLOB column ")) {
                    return ev(EventKind.WARNING, null, line);
                }
                break;
            default:
                break;
        }
        if (t.startsWith("do not recognize ")
                || t.startsWith("skipped ")
                || t.startsWith("length given for initial file")) {
            return ev(EventKind.WARNING, null, line);
        }
        if (t.startsWith("trigger ") && t.endsWith(" is invalid")) {
            return ev(EventKind.ERROR, null, line);
        }
        if (StartErrors.isError(t)) {
            return ev(EventKind.ERROR, null, line); // a refusal of gbak's start (unknown switch "X", database exists)
        }
        return ev(EventKind.OTHER, null, line);
    }

    private static Event restoring(String t, StatLine line) {
        if (t.startsWith("restoring data for table ")) {
            return ev(EventKind.DATA_FOR_TABLE, rest(t, 25), line);
        }
        if (t.startsWith("restoring index ")) {
            return ev(EventKind.INDEX_DEFINITION, rest(t, 16), line);
        }
        if (t.startsWith("restoring table ")) {
            return ev(EventKind.RESTORING_TABLE, rest(t, 16), line);
        }
        return ev(EventKind.METADATA_ITEM, null, line);
    }

    /** {@code 1000000 records restored}, {@code 12 records ignored}, a backup's {@code records written}. */
    private static Event counted(String t, StatLine line) {
        int i = 0;
        long n = 0;
        char c;
        // gbak prints the count in ASCII digits (Character.isDigit would take any script's, and cost a table lookup)
        while (i < t.length() && (c = t.charAt(i)) >= '0' && c <= '9') {
            n = n * 10 + (c - '0');
            i++;
        }
        if (t.startsWith(" records restored", i)) {
            return new Event(EventKind.RECORDS_RESTORED, null, n, line);
        }
        if (t.startsWith(" records ignored", i)) {
            return new Event(EventKind.RECORDS_IGNORED, null, n, line);
        }
        if (t.startsWith(" records written", i)) {
            return new Event(EventKind.RECORDS_WRITTEN, null, n, line);
        }
        return ev(EventKind.OTHER, null, line);
    }

    /** {@code closing file, committing, and finishing. 47809024 bytes written}: the count is the bytes written. */
    private static Event closing(String t, StatLine line) {
        int at = t.lastIndexOf(". ");
        long bytes = -1;
        if (at > 0 && t.endsWith(" bytes written")) {
            String digits = t.substring(at + 2, t.length() - 14).strip();
            bytes = !digits.isEmpty() && digits.chars().allMatch(Character::isDigit) && digits.length() < 19
                    ? Long.parseLong(digits)
                    : -1;
        }
        return new Event(EventKind.BACKUP_CLOSING, null, bytes, line);
    }

    /** {@code created database /path/x.fdb, page_size 8192 bytes}; the path may itself contain commas. */
    private static Event createdDatabase(String t, StatLine line) {
        int at = t.lastIndexOf(", page_size ");
        if (at < 0) {
            return ev(EventKind.CREATED_DATABASE, rest(t, 17), line);
        }
        return new Event(EventKind.CREATED_DATABASE, t.substring(17, at), number(t, at + 12), line);
    }

    private static Event ev(EventKind kind, String name, StatLine line) {
        return new Event(kind, name, -1, line);
    }

    private static String rest(String t, int from) {
        return t.substring(Math.min(from, t.length())).trim();
    }

    private static long number(String t, int from) {
        long n = 0;
        int i = from;
        boolean any = false;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            n = n * 10 + (t.charAt(i) - '0');
            i++;
            any = true;
            if (n > Integer.MAX_VALUE) {
                return -1;
            }
        }
        return any ? n : -1;
    }
}
