package dev.gbakprof.power;

/**
 * Reads the operating system's power plan. One implementation per operating system
 * ({@link WindowsPowerCfg}, {@link LinuxCpuFreq}); each parses text (command output, sysfs files) so tests
 * feed recorded outputs.
 */
interface PowerPlanProbe {

    /** The active plan with what was read to decide it. Never throws: an unreadable plan is "unknown". */
    PowerSnapshot probe();
}
