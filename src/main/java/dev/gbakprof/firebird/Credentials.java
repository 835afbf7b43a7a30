package dev.gbakprof.firebird;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Firebird user and password gbakprof attaches with. The password never leaves this record except
 * to Jaybird: {@link #toString()} does not show it.
 */
public record Credentials(String user, String password) {

    public Credentials {
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("empty Firebird user name");
        }
        if (password == null) {
            throw new IllegalArgumentException("no password");
        }
    }

    /**
     * The user given, else {@code ISC_USER}, else SYSDBA, with the password given, else {@code ISC_PASSWORD}
     * (where gbak and isql look too); {@code null} when there is no password.
     */
    public static Credentials resolve(String user, String password) {
        String pw = password != null ? password : System.getenv("ISC_PASSWORD");
        if (pw == null || pw.isEmpty()) {
            return null;
        }
        return new Credentials(userOnServer(user), pw);
    }

    /** Where Debian's Firebird packages keep the SYSDBA password (comment lines, {@code ISC_PASSWORD="…"}). */
    static final Path DEBIAN_PASSWORD_FILE = Path.of("/etc/firebird/3.0/SYSDBA.password");

    /**
     * How to give the password for {@code server}, for a message that found none: {@code --password-file F} or
     * ISC_PASSWORD, and Debian's password file by name where it can be that server's: the server listens on this
     * machine at Firebird's default port (3050), where Debian's own server does, and the file is there. Another
     * server (a second one on its own port, or one on another machine) has its own password.
     */
    public static String howToGive(ServerAddress server) {
        return howToGive(server, DEBIAN_PASSWORD_FILE);
    }

    static String howToGive(ServerAddress server, Path debian) {
        boolean debians = server.port() == ServerAddress.DEFAULT_PORT && server.onThisMachine();
        return "give the password with --password-file F or the ISC_PASSWORD environment variable"
                + (debians && Files.isRegularFile(debian)
                        ? " (this machine has Debian's password file, for its server on port "
                                + ServerAddress.DEFAULT_PORT + ": --password-file " + debian + ")"
                        : "");
    }

    /** The user given, else {@code ISC_USER}, else SYSDBA: whom gbakprof, and gbak through a server, log in as. */
    public static String userOnServer(String user) {
        String name = user != null ? user : System.getenv("ISC_USER");
        return name == null || name.isBlank() ? "SYSDBA" : name;
    }

    @Override
    public String toString() {
        return "Credentials[user=" + user + ", password=(hidden)]";
    }
}
