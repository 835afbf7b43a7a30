package dev.gbakprof.cli;

import dev.gbakprof.log.LogFormatException;
import dev.gbakprof.power.PowerPlanException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;

/** {@code gbakprof}: times Firebird restores. */
@Command(name = "gbakprof", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Times Firebird restores (gbak -c): parses verbose restore logs, runs gbak, reports.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:the restore or analysis failed (gbak error, failed verification)",
                "2:bad usage or unreadable input; a restore refused before it started",
                "3:plan --check: the power plan cannot be determined",
                "130:stopped by Ctrl-C (run, matrix: what completed and what was stopped is printed first)"})
public final class Main implements Runnable {

    /** Exit codes of the CLI contract. */
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;
    /** {@code plan --check} could not tell the plan (monitoring's "unknown", as in Nagios/Icinga). */
    public static final int UNKNOWN = 3;
    /** Ctrl-C (SIGINT) stopped the command: 128 + the signal's number, as a shell reports it. */
    public static final int INTERRUPTED = 130;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * Jaybird logs through java.util.logging, which prints warnings with stack traces on stderr; what
     * matters reaches the user as an exception turned into one line. Kept in a field: JUL holds loggers weakly.
     */
    private static final java.util.logging.Logger JAYBIRD = java.util.logging.Logger.getLogger("org.firebirdsql");

    /**
     * The process's standard output as bytes, for large JSON (Jackson's byte generator is faster than a
     * Writer); {@code null} when the CLI runs inside tests with captured writers.
     */
    static java.io.OutputStream stdoutBytes;

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        stdoutBytes = new java.io.FileOutputStream(java.io.FileDescriptor.out);
        if (!java.util.Arrays.asList(args).contains("--debug")) {
            JAYBIRD.setLevel(java.util.logging.Level.SEVERE);
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** The commands, in the order help lists them. */
    private static final java.util.Map<String, Class<?>> COMMANDS = new java.util.LinkedHashMap<>();

    static {
        COMMANDS.put("parse", ParseCommand.class);
        COMMANDS.put("run", RunCommand.class);
        COMMANDS.put("inspect", InspectCommand.class);
        COMMANDS.put("plan", PlanCommand.class);
        COMMANDS.put("report", ReportCommand.class);
        COMMANDS.put("compare", CompareCommand.class);
        COMMANDS.put("matrix", MatrixCommand.class);
        COMMANDS.put("demo", DemoCommand.class);
        COMMANDS.put("help", CommandLine.HelpCommand.class);
    }

    /**
     * The commands this invocation needs: the one it names, or all of them (help, --version, a typo).
     * picocli reads the annotations of every command it is given, a tenth of a second at each start.
     */
    static java.util.List<String> commandsFor(String[] args) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                break; // gbakprof's own help or version, before any command: it lists them all
            }
            if (!a.startsWith("-")) {
                return COMMANDS.containsKey(a) && !a.equals("help") ? java.util.List.of(a)
                        : java.util.List.copyOf(COMMANDS.keySet());
            }
        }
        return java.util.List.copyOf(COMMANDS.keySet());
    }

    /** Runs the CLI with the given streams; returns the exit code. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, out, err, CommandLine.defaultFactory());
    }

    /** As {@link #execute(String[], PrintWriter, PrintWriter)}, with commands made by {@code factory} (tests). */
    static int execute(String[] args, PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
        CommandLine cl = new CommandLine(new Main(), factory);
        for (String name : commandsFor(args)) {
            cl.addSubcommand(name, new CommandLine(COMMANDS.get(name), factory));
        }
        cl.setUsageHelpWidth(120); // the descriptions are written in lines of up to ~110 characters
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("gbakprof: " + ex.getMessage());
            err.println("Try 'gbakprof " + (ex.getCommandLine().getCommandName().equals("gbakprof") ? ""
                    : ex.getCommandLine().getCommandName() + " ") + "--help'.");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            boolean debug = parseResult.hasMatchedOption("--debug")
                    || parseResult.subcommands().stream().anyMatch(s -> s.hasMatchedOption("--debug"));
            if (debug) {
                ex.printStackTrace(err);
            }
            if (ex instanceof LogFormatException lfe) {
                err.println("gbakprof: " + lfe.oneLine());
                return BAD_INPUT;
            }
            if (ex instanceof PowerPlanException) {
                err.println("gbakprof: " + ex.getMessage());
                return FAILED;
            }
            if (ex instanceof UsageException || ex instanceof dev.gbakprof.run.RunRefusedException
                    || ex instanceof dev.gbakprof.store.OutputRefusedException
                    || ex instanceof dev.gbakprof.firebird.FirebirdAccessException) {
                err.println("gbakprof: " + ex.getMessage());
                return BAD_INPUT;
            }
            err.println("gbakprof: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage())
                    + (debug ? "" : " (--debug shows the stack trace)"));
            return FAILED;
        });
        return cl.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"gbakprof " + (v == null ? "(development build)" : v),
                    "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")};
        }
    }
}
