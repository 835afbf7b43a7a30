package dev.gbakprof.model;

import java.util.Locale;

/**
 * What gbak did in a run: a restore ({@code gbak -c}, {@code -r}, {@code -rep}) or a backup ({@code gbak -b}).
 * A record written before the field existed is a restore.
 */
public enum RunKind {
    RESTORE,
    BACKUP;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
