package dev.gbakprof.model;

/**
 * An index a backup holds, as its log names it ({@code writing index X}, gbak -b -v): what a restore of the backup
 * builds.
 *
 * @param name  the index
 * @param table the table it is of: the table whose data line follows it ({@code writing data for table T}; gbak's
 *              backup writes each table's index definitions right before its data, and prints a data line for every
 *              table, one without rows and a global temporary table too); {@code null} when no data line followed (a
 *              log that ends there)
 */
public record IndexDefinition(String name, String table) {}
