package dev.gbakprof.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/** Where an output may not go. */
public final class Outputs {
    private Outputs() {
    }

    /**
     * Refuses an output that is one of the inputs, by any name (a relative path, a link), with an
     * {@link OutputRefusedException} that names it and the option to change.
     */
    public static void refuseInput(Path output, Collection<Path> inputs, String option) {
        if (!Files.exists(output)) {
            return;
        }
        for (Path input : inputs) {
            if (sameFile(output, input)) {
                throw new OutputRefusedException(output + ": is also an input (" + input + "); it was left untouched, "
                        + "and nothing was written. Choose another " + option);
            }
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException ex) {
            return false; // an input that cannot be read is refused when it is read
        }
    }
}
