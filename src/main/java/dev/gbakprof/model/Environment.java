package dev.gbakprof.model;

/** The machine and software a restore ran on. Fields are {@code null} when not known (a parsed log). */
public record Environment(String host, String os, String cpuModel, Integer logicalCpus,
                          PowerPlan powerPlan, String gbakVersion, String engineVersion) {
}
