package dev.gbakprof.cli;

import dev.gbakprof.model.ExitCode;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gbakprof completion bash|zsh}: the shell completion script, made by picocli from the commands. */
@Command(
        name = "completion",
        header = "Print the shell completion script (bash, zsh).",
        footer = "  source <(gbakprof completion bash)",
        description = {
            "Print the shell completion script of gbakprof: commands, options and file names complete with Tab.",
            "bash: source <(gbakprof completion bash), e.g. in ~/.bashrc, or save it as",
            "/etc/bash_completion.d/gbakprof.",
            "zsh: source <(gbakprof completion zsh) in ~/.zshrc (the script turns on zsh's bashcompinit).",
            "The script completes the command name gbakprof (the launcher on PATH, or a link to it).",
            "Exits 0, or 2 for a shell other than bash or zsh."
        })
final class CompletionCommand implements Callable<Integer> {

    @Parameters(paramLabel = "bash|zsh", description = "The shell: bash or zsh (one script serves both).")
    String shell;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!shell.equals("bash") && !shell.equals("zsh")) {
            throw new UsageException("completion " + shell + ": expected bash or zsh (PowerShell and cmd.exe "
                    + "have no completion script; gbakprof help lists the commands)");
        }
        // picocli's script is written for bash and, when sourced by zsh, loads zsh's bash completion (bashcompinit)
        spec.commandLine().getOut().print(AutoComplete.bash("gbakprof", Main.tree()));
        spec.commandLine().getOut().flush();
        return ExitCode.OK;
    }
}
