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
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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
                if (!serverMay(a, PosixFilePermission.OWNER_EXECUTE)) {
                    return "the server (user " + SERVER_USER + ") cannot enter folder " + dir + " (" + mode(a) + ")";
                }
            } catch (IOException | UnsupportedOperationException ex) {
                return null; // a folder we cannot read ourselves: let the server say what it finds
            }
        }
        return null;
    }

    /**
     * Why the server's account cannot open the database file {@code database} on this machine: a folder on the
     * way it may not enter, or a file it may not read and write (Firebird opens a database for writing; one it
     * can only read, Firebird 3 reports as a refused login). {@code null} when it can, or when that cannot be
     * told (no {@code firebird} account, no such file, an unreadable folder). Groups are told by the file's group
     * being the server's own group, as Debian sets it up.
     */
    public static String whyServerCannotOpen(Path database) {
        return whyServerCannot(database, true);
    }

    /**
     * Why the server's account cannot read the file {@code file} on this machine (a backup the services manager
     * restores), as {@link #whyServerCannotOpen} tells it; {@code null} when it can, or when that cannot be told.
     */
    public static String whyServerCannotRead(Path file) {
        return whyServerCannot(file, false);
    }

    /**
     * Why the server's account cannot create the database {@code database} on this machine: a folder on the way it
     * may not enter, or its folder, which it may not write; {@code null} when it can, or when that cannot be told (as
     * {@link #whyServerCannotOpen}).
     */
    public static String whyServerCannotCreate(Path database) {
        String folder = unreachableFolder(database);
        if (folder != null || serverUser().isEmpty()) {
            return folder;
        }
        Path dir = database.toAbsolutePath().normalize().getParent();
        if (dir == null) {
            return null;
        }
        try {
            PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class);
            if (serverMay(a, PosixFilePermission.OWNER_WRITE)) {
                return null;
            }
            return "the server (user " + SERVER_USER + ") cannot write into folder " + dir + " (" + mode(a) + ")";
        } catch (IOException | UnsupportedOperationException ex) {
            return null; // no folder, or one we cannot read ourselves: let the server say what it finds
        }
    }

    private static String whyServerCannot(Path file, boolean write) {
        String folder = unreachableFolder(file);
        if (folder != null) {
            return folder;
        }
        if (serverUser().isEmpty()) {
            return null;
        }
        try {
            PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class);
            boolean read = serverMay(a, PosixFilePermission.OWNER_READ);
            if (read && (!write || serverMay(a, PosixFilePermission.OWNER_WRITE))) {
                return null;
            }
            return "the server (user " + SERVER_USER + ") cannot " + (read ? "write" : "read") + " the file (" + mode(a)
                    + ")";
        } catch (IOException | UnsupportedOperationException ex) {
            return null;
        }
    }

    /**
     * Whether the server's account may do what {@code asOwner} (read, write or execute, as its owner's bit) allows on a
     * file or folder: by the owner's bits when it is the owner, the group's when its group is the server's, else the
     * others'.
     */
    private static boolean serverMay(PosixFileAttributes a, PosixFilePermission asOwner) {
        int kind = asOwner.ordinal() % 3; // read, write, execute: the enum lists owner's, group's, others' in turn
        int who = a.owner().getName().equals(SERVER_USER)
                ? 0
                : a.group().getName().equals(SERVER_USER) ? 1 : 2;
        return a.permissions().contains(PosixFilePermission.values()[who * 3 + kind]);
    }

    /** {@code rwxr-x--- owner:group}, as the messages show a file's or folder's access. */
    private static String mode(PosixFileAttributes a) {
        return PosixFilePermissions.toString(a.permissions()) + " " + a.owner().getName() + ":"
                + a.group().getName();
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

    /**
     * Lets the server's account write into a folder gbakprof (as root) just made, where the server writes a file of
     * its own (a drill's services backup): the folder's group becomes the server's, with write access for it. Returns
     * what was done, or {@code null} when nothing was needed or possible (not root, no {@code firebird} user).
     */
    public static String openFolder(Path folder) throws IOException {
        Optional<UserPrincipal> user = serverUser();
        if (user.isEmpty() || !"root".equals(System.getProperty("user.name"))) {
            return null;
        }
        PosixFileAttributeView view = Files.getFileAttributeView(folder, PosixFileAttributeView.class);
        try {
            view.setGroup(lookup().lookupPrincipalByGroupName(SERVER_USER));
        } catch (UserPrincipalNotFoundException ex) {
            return null;
        }
        Set<PosixFilePermission> p = new HashSet<>(view.readAttributes().permissions());
        p.addAll(List.of(
                PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE));
        view.setPermissions(p);
        return "let group " + SERVER_USER + " write into " + folder + " (the server writes the backup file there)";
    }

    private static UserPrincipalLookupService lookup() {
        return FileSystems.getDefault().getUserPrincipalLookupService();
    }
}
