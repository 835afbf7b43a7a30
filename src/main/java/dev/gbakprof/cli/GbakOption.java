package dev.gbakprof.cli;

import dev.gbakprof.exec.GbakLocator;
import dev.gbakprof.exec.GbakVersion;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --gbak PATH} of {@code run} and {@code matrix}, and the gbak {@code matrix --vary gbak:} arms name. */
final class GbakOption {
    private GbakOption() {}

    /** The gbak to run: {@code --gbak}, else the PATH and the usual places; a clear refusal when there is none. */
    static Path locate(Path given) {
        return locate("--gbak", given);
    }

    /**
     * As {@link #locate(Path)}, a refusal naming {@code option} and what it gave ({@code --gbak ''}: an empty
     * path, as a shell gives an unset variable).
     */
    static Path locate(String option, Path given) {
        return GbakLocator.system()
                .find(given)
                .orElseThrow(
                        () -> new UsageException(
                                given != null
                                        ? option + " " + (given.toString().isEmpty() ? "''" : given)
                                                + (given.toString().isEmpty()
                                                        ? ": an empty path; expected the gbak program's path"
                                                        : Files.isRegularFile(given)
                                                                ? ": not executable; expected the gbak program"
                                                                : ": no such gbak")
                                        : "gbak not found on PATH nor in the usual places; install Firebird's "
                                                + "utilities (Debian: apt-get install firebird3.0-utils firebird3.0-server-core) or give --gbak PATH"));
    }

    /**
     * The version {@code gbak} says it is ({@code gbak -z}); refused in one line ({@link GbakVersion#refusal}) when it
     * does not start or is no gbak.
     */
    static String version(String option, Path gbak) {
        GbakVersion v = GbakVersion.ask(gbak);
        if (!v.answers()) {
            throw new UsageException(v.refusal(option, gbak));
        }
        return v.version();
    }
}
