package dev.gbakprof.run;

import dev.gbakprof.firebird.ServerAddress;
import dev.gbakprof.model.Via;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** The options of a test's restore: each field at what most tests want, set the ones a test varies, then build. */
final class TestOptions {
    String backup = "/b/shop.fbk";
    String database = "/d/shop.fdb";
    Path gbak = Path.of("/usr/bin/gbak");
    int repeat = 1;
    Duration cooldown = Duration.ZERO;
    boolean keep;
    Duration timeout;
    Path runs = Path.of("runs");
    List<String> gbakArgs = List.of();
    Via via = Via.GBAK;
    ServerAddress server;
    boolean validate;
    int warmup;

    RunOptions build() {
        return new RunOptions(
                backup,
                database,
                null,
                gbak,
                null,
                null,
                false,
                repeat,
                cooldown,
                keep,
                false,
                timeout,
                runs,
                null,
                gbakArgs,
                Duration.ofSeconds(1),
                via,
                server,
                false,
                validate,
                null,
                warmup,
                null);
    }
}
