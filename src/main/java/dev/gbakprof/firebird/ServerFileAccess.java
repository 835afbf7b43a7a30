package dev.gbakprof.firebird;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.Optional;

/**
 * A local database file that embedded gbak wrote, opened afterwards by a local server. Debian runs the
 * server as user {@code firebird}; embedded gbak run as root creates files owned by root, which that
 * server cannot open. Only Unix-like systems with a {@code firebird} user are concerned.
 */
public final class ServerFileAccess {
    /** The account Debian's (and Firebird's own Linux installer's) server runs as. */
    public static final String SERVER_USER = "firebird";

    private ServerFileAccess() {}

    /** The server's account, if this machine has one and its file system knows owners. */
    static Optional<UserPrincipal> serverUser() {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return Optional.empty();
        }
        try {
            return Optional.of(lookup().lookupPrincipalByName(SERVER_USER));
        } catch (IOException ex) { // UserPrincipalNotFoundException: no such account here
            return Optional.empty();
        }
    }

    /**
     * Why the server's account cannot reach the folder of {@code database} (a folder on the way it may not
     * enter), or {@code null} when it can, or when that cannot be told.
     */
    public static String unreachableFolder(Path database) {
        if (serverUser().isEmpty()) {
            return null;
        }
        for (Path dir = database.toAbsolutePath().normalize().getParent(); dir != null; dir = dir.getParent()) {
            try {
                PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class);
                PosixFilePermission needed = a.owner().getName().equals(SERVER_USER)
                        ? PosixFilePermission.OWNER_EXECUTE
                        : a.group().getName().equals(SERVER_USER)
                                ? PosixFilePermission.GROUP_EXECUTE
                                : PosixFilePermission.OTHERS_EXECUTE;
                if (!a.permissions().contains(needed)) {
                    return "the server (user " + SERVER_USER + ") cannot enter folder " + dir + " ("
                            + PosixFilePermissions.toString(a.permissions()) + " "
                            + a.owner().getName() + ":"
                            + a.group().getName() + ")";
                }
            } catch (IOException | UnsupportedOperationException ex) {
                return null; // a folder we cannot read ourselves: let the server say what it finds
            }
        }
        return null;
    }

    /**
     * Gives a database file that gbakprof (running as root) just restored to the server's account, so the
     * server can open it. Returns what was done, for the screen, or {@code null} when nothing was needed
     * or possible (not root, no {@code firebird} user, already the server's).
     */
    public static String handOver(Path database) throws IOException {
        Optional<UserPrincipal> user = serverUser();
        if (user.isEmpty() || !"root".equals(System.getProperty("user.name"))) {
            return null;
        }
        PosixFileAttributeView view = Files.getFileAttributeView(database, PosixFileAttributeView.class);
        if (view.getOwner().getName().equals(SERVER_USER)) {
            return null;
        }
        view.setOwner(user.get());
        try {
            view.setGroup(lookup().lookupPrincipalByGroupName(SERVER_USER));
        } catch (UserPrincipalNotFoundException ex) {
            // a firebird user without a group of its name: the owner is enough
        }
        return "gave " + database + " to user " + SERVER_USER + " (chown) so the server can open it";
    }

    private static UserPrincipalLookupService lookup() {
        return FileSystems.getDefault().getUserPrincipalLookupService();
    }
}
