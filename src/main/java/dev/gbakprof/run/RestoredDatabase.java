package dev.gbakprof.run;

import dev.gbakprof.firebird.Credentials;
import dev.gbakprof.firebird.FirebirdAccessException;
import dev.gbakprof.firebird.Server;
import dev.gbakprof.model.DatabaseNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The database one restore writes: a local file (embedded gbak), or a database on a server (services
 * restore, gbak with {@code host:path} or {@code -se}), whose file belongs to the server and is dropped
 * through it. A server on this machine has its files on this machine too: they are then looked at, locked
 * and replaced here as local files are. Callers ask {@link #exists()} before the restore and remove only
 * what the restore created.
 */
final class RestoredDatabase {
    /** What {@code --replace} restores into, beside the database, before it is moved over it. */
    static final String STAGING = DatabaseNames.STAGING;

    private final RunOptions options;
    private final String database;

    RestoredDatabase(RunOptions options, String database) {
        this.options = options;
        this.database = database;
    }

    /** The name gbak or the server is given. */
    String name() {
        return database;
    }

    /**
     * The database's file on this machine: the local path, or the server's path when the server runs here and
     * its folder is seen here; {@code null} for a database on another machine.
     */
    Path localFile() {
        Path p = pathHere();
        if (p == null || !options.throughServer()) {
            return p;
        }
        Path folder = p.getParent();
        return folder != null && Files.isDirectory(folder) ? p : null;
    }

    /**
     * The database's path on this machine, whether its folder exists or not: the local path, or the server's absolute
     * path when the server runs here (which sees this machine's files); {@code null} for a database on another machine
     * or an alias of the server's databases.conf.
     */
    Path pathHere() {
        if (!options.throughServer()) {
            return Path.of(database);
        }
        if (!options.serverFor(database).onThisMachine()) {
            return null;
        }
        Path p = Path.of(options.serverPath(database));
        return p.isAbsolute() ? p : null;
    }

    /** Where {@code --replace} restores: {@code erp.gbakprof-new.fdb} beside {@code erp.fdb}. */
    RestoredDatabase staging() {
        return new RestoredDatabase(options, RunOptions.sibling(database, STAGING));
    }

    /**
     * Whether the database exists now; {@code true} when the server cannot tell (no password, no answer),
     * so that a database nobody proved absent is never removed.
     */
    boolean exists() {
        Path local = localFile();
        if (local != null) {
            return Files.exists(local, LinkOption.NOFOLLOW_LINKS);
        }
        Server server = server();
        if (server == null) {
            return true;
        }
        try {
            return server.fileExists(options.serverPath(database));
        } catch (FirebirdAccessException ex) {
            return true;
        }
    }

    /**
     * Deletes the file, or drops the database through the server; {@code false} when there was none.
     *
     * @throws FirebirdAccessException when the server refuses (one line, no password in it)
     */
    boolean remove() throws IOException {
        if (!options.throughServer()) {
            return Files.deleteIfExists(Path.of(database));
        }
        Path local = localFile();
        if (local != null && !Files.exists(local, LinkOption.NOFOLLOW_LINKS)) {
            return false; // none was created: nothing to drop, and no password needed to say so
        }
        Server server = server();
        if (server == null) {
            throw new FirebirdAccessException(
                    "cannot drop " + database + " without a password (--password-file or " + "ISC_PASSWORD)", null);
        }
        String path = options.serverPath(database);
        if (local == null && !server.fileExists(path)) {
            return false;
        }
        server.dropDatabase(path);
        return true;
    }

    /** Where the database is, for messages: {@code /data/x.fdb}, or {@code /data/x.fdb on localhost/3050}. */
    String where() {
        return options.throughServer() ? options.serverPath(database) + " on " + options.serverFor(database) : database;
    }

    private Server server() {
        Credentials c = Credentials.resolve(options.user(), options.password());
        return c == null ? null : new Server(options.serverFor(database), c);
    }
}
