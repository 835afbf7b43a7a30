package dev.gbakprof.cli;

import dev.gbakprof.firebird.ServerAddress;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options that say which server gbakprof attaches to, and as whom: shared by {@code run} and {@code inspect}. */
final class ServerOptions {

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description =
                    "The Firebird server: HOST, or HOST/PORT for a port other than 3050 (default: localhost/3050).")
    String host;

    @Option(
            names = "--user",
            paramLabel = "U",
            description =
                    "Firebird user (default: ISC_USER, else SYSDBA on a server; embedded gbak as root needs none).")
    String user;

    @Option(
            names = "--password-file",
            paramLabel = "F",
            description = {
                "File with the password (UTF-8): its ISC_PASSWORD=... line, as in Debian's",
                "/etc/firebird/3.0/SYSDBA.password, else its first line (default: the ISC_PASSWORD variable)."
            })
    Path passwordFile;

    ServerAddress address() {
        try {
            return ServerAddress.parse(host);
        } catch (IllegalArgumentException ex) {
            throw new UsageException("--host " + ex.getMessage());
        }
    }

    /** Whether {@code --host} was given (else {@link #address()} is the default, localhost/3050). */
    boolean given() {
        return host != null;
    }

    /** The user given, else ISC_USER; {@code null} when neither. */
    String user() {
        return user != null ? user : System.getenv("ISC_USER");
    }

    /** The password from the file; {@code null} without one (then ISC_PASSWORD applies). */
    String password() throws IOException {
        return Passwords.read(passwordFile);
    }
}
