package dev.gbakprof.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/**
 * A program's file as it is now: its real path, its file key (device and inode where the system has them), its size
 * and modification time. What gbak said of itself ({@link GbakVersion}, {@link GbakSwitchCheck}) is kept by this stamp,
 * so a command asks each gbak once; a file replaced or rewritten since (an upgrade, a wrapper edited) has another
 * stamp, and is asked again. A wrapper script's stamp is its own: a program it starts that changed meanwhile is not
 * seen.
 */
record FileStamp(Path file, Object key, long size, FileTime modified) {
    /** The stamp of {@code program}; {@code null} when it cannot be read (then it is asked each time). */
    static FileStamp of(Path program) {
        try {
            Path real = program.toRealPath();
            BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
            return new FileStamp(real, a.fileKey(), a.size(), a.lastModifiedTime());
        } catch (IOException | RuntimeException ex) {
            return null;
        }
    }
}
