package dev.gbakprof.power;

import java.util.List;
import java.util.stream.Collectors;

/**
 * powercfg that remembers {@code /setactive}: it answers {@code /list} with a recorded list whose {@code *}
 * is moved to the active plan, and {@code /getactivescheme} with that plan's line of the recorded list (the
 * line {@code /getactivescheme} prints). Both texts are derived from recorded output, not recorded as such.
 */
public final class FakePowercfg {
    private final List<String> lines;
    private String activeGuid;
    private boolean ignoreSetActive;

    public FakePowercfg(String recordedList) {
        this.lines = recordedList.lines().toList();
        this.activeGuid = WindowsPowerCfg.parseList(recordedList).stream()
                .filter(WindowsPowerCfg.Scheme::active)
                .findFirst()
                .orElseThrow()
                .guid();
    }

    /** Makes {@code /setactive} succeed without changing anything, as a group policy would. */
    public FakePowercfg ignoringSetActive() {
        ignoreSetActive = true;
        return this;
    }

    public RecordedRunner runner() {
        RecordedRunner runner = new RecordedRunner();
        runner.answer("powercfg /list", c -> new CommandRunner.Result(0, list(), ""));
        runner.answer("powercfg /getactivescheme", c -> new CommandRunner.Result(0, activeLine() + "\n", ""));
        for (WindowsPowerCfg.Scheme scheme : WindowsPowerCfg.parseList(String.join("\n", lines))) {
            runner.answer("powercfg /setactive " + scheme.guid(), c -> {
                if (!ignoreSetActive) {
                    activeGuid = scheme.guid();
                }
                return new CommandRunner.Result(0, "", "");
            });
        }
        return runner;
    }

    private String list() {
        return lines.stream()
                .map(line -> {
                    String plain = line.replaceFirst("\\)\\s*\\*\\s*$", ")");
                    return plain.contains(activeGuid) ? plain + " *" : plain;
                })
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private String activeLine() {
        return lines.stream()
                .filter(l -> l.contains(activeGuid))
                .findFirst()
                .orElseThrow()
                .replaceFirst("\\)\\s*\\*\\s*$", ")");
    }
}
