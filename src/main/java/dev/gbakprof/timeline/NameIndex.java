package dev.gbakprof.timeline;

import java.util.Arrays;

/**
 * Names (tables, indexes) to {@code int}s, for the timeline's state of a huge log: open addressing in an {@code int}
 * array of entries (+1; 0 is a free slot), the names and values in arrays of their own, appended to. Not a {@code
 * HashMap}: its table is an array of references written at random places, so after each young collection its every
 * card is dirty and the next collection reads the whole table (the serial collector's card scan, most of its pause
 * once the table is large), besides a node of four fields a name. The slots hold no reference to scan, and the names
 * are only appended.
 */
final class NameIndex {
    private int[] slots = new int[64];
    private String[] keys = new String[32];
    private int[] hashes = new int[32];
    private int[] values = new int[32];
    private int size;

    /** The value of the name, -1 when it has none. */
    int get(String key) {
        int h = key.hashCode();
        int mask = slots.length - 1;
        for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
            int e = slots[i] - 1;
            if (e < 0) {
                return -1;
            }
            if (hashes[e] == h && keys[e].equals(key)) {
                return values[e];
            }
        }
    }

    /** The name's value is now {@code value} (not negative); returns the one before, -1 for a new name. */
    int put(String key, int value) {
        return put(key, value, true);
    }

    /** A new name gets {@code value} (not negative), and -1 is returned; a known one keeps its value, returned. */
    int putIfAbsent(String key, int value) {
        return put(key, value, false);
    }

    private int put(String key, int value, boolean replace) {
        int h = key.hashCode();
        int mask = slots.length - 1;
        int i = spread(h) & mask;
        for (int e; (e = slots[i] - 1) >= 0; i = (i + 1) & mask) {
            if (hashes[e] == h && keys[e].equals(key)) {
                int previous = values[e];
                if (replace) {
                    values[e] = value;
                }
                return previous;
            }
        }
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            hashes = Arrays.copyOf(hashes, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        keys[size] = key;
        hashes[size] = h;
        values[size] = value;
        slots[i] = ++size;
        if (size * 2 > slots.length) { // at most half full: short probes
            slots = new int[slots.length * 2];
            mask = slots.length - 1;
            for (int e = 0; e < size; e++) {
                int j = spread(hashes[e]) & mask;
                while (slots[j] != 0) {
                    j = (j + 1) & mask;
                }
                slots[j] = e + 1;
            }
        }
        return -1;
    }

    /** The hash multiplied by the golden ratio, its high bits folded into the low ones the mask keeps. */
    private static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }
}
