package dev.gbakprof.advice;

/**
 * One thing to try, with what the runs showed, what it is expected to change and where that expectation comes
 * from, and the {@code gbakprof} command that proves it on this server.
 *
 * @param code     stable: what scripts test ({@link HintCode})
 * @param title    what to try, in one line
 * @param evidence what the runs showed, with their numbers
 * @param effect   the expected effect and its source (a published measurement), or {@code null}
 * @param prove    the command that measures it here (usually {@code gbakprof matrix …}), or {@code null}
 */
public record Hint(HintCode code, String title, String evidence, String effect, String prove) {}
