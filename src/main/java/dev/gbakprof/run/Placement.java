package dev.gbakprof.run;

/**
 * Where a restore sits in a series ({@code run --repeat}, {@code matrix}): its round and its place in the round, from
 * 1, and whether it is a warm-up, recorded and set aside ({@code --warmup}). The run record keeps all three: a
 * comparison pairs the restores of one round.
 *
 * @param round    from 1; {@code null} for a warm-up and a single restore
 * @param position from 1 within the round; {@code null} as {@code round}
 * @param warmup   {@code null} for a single restore (no series)
 */
record Placement(Integer round, Integer position, Boolean warmup) {
    /** A single restore: no series. */
    static final Placement NONE = new Placement(null, null, null);

    static Placement counted(int round, int position) {
        return new Placement(round, position, false);
    }

    static Placement warmUp() {
        return new Placement(null, null, true);
    }
}
