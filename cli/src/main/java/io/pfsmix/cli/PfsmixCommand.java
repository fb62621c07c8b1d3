package io.pfsmix.cli;

import picocli.CommandLine.Command;

/** The root of the command tree; each module's commands hang under it. */
@Command(
    name = "pfsmix",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Hadoop and HPC checkpoint workloads on parallel file systems: run, trace, measure, export.",
    footer = {"", "SIZE, in every command's flags and every configuration key: a number with an optional suffix "
        + "k, m, g, t or p (powers of 1024), e.g. 4096, 64k, 7.2g; a fraction needs a suffix; at most 2^63-1 bytes. "
        + "IOR's flags take whole numbers only, as the real IOR does. See docs/configuration.md."},
    exitCodeListHeading = "%nExit codes, of every command (ior keeps IOR's: docs/ior.md):%n",
    exitCodeList = {
        "0:done",
        "1:could not do it: a missing input, a path in the way, an I/O error, a failed job or phase",
        "2:usage error: a flag or setting whose value or combination can never work; nothing ran",
        "70:a bug (with its stack trace)",
        "130, 143:stopped by Ctrl-C, SIGTERM"},
    subcommands = {
        HelpCommand.class,
        DemoCommand.class,
        MixCommand.class,
        HadoopCommand.class,
        IorCommand.class,
        ExportCommand.class,
        PredictCommand.class,
        TraceCommand.class,
        BenchCommand.class,
        TfidfCommand.class,
        CephCommand.class,
        OrangefsCommand.class,
        QfsCommand.class,
    })
public final class PfsmixCommand extends CommandGroup {
}
