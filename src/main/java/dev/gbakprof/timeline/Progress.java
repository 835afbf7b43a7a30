package dev.gbakprof.timeline;

import dev.gbakprof.model.Phase;

/**
 * Where a restore is, for a live display.
 *
 * @param table           the table whose data is being restored, or {@code null}
 * @param records         records restored so far for that table (0 before gbak's first count for it)
 * @param indexesBuilt    indexes whose build has finished
 * @param indexesStarted  indexes whose build has started
 * @param indexesTotal    index definitions seen in the metadata (the number to build)
 * @param currentIndex    the index being built, or {@code null}
 * @param elapsedSeconds  gbak's clock on its last statistics line, {@code null} before it
 * @param tablesLoaded    tables whose data load has started
 */
public record Progress(
        Phase phase,
        String table,
        long records,
        int indexesBuilt,
        int indexesStarted,
        int indexesTotal,
        String currentIndex,
        Double elapsedSeconds,
        int tablesLoaded) {}
