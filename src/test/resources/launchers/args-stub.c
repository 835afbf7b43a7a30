/* stands in for java.exe / mvn: prints its command line and arguments, exits with %STUB_EXIT% */
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>
int main(int argc, char **argv) {
    printf("cmdline=%s\n", GetCommandLineA());
    for (int i = 1; i < argc; i++) printf("arg[%d]=<%s>\n", i, argv[i]);
    const char *e = getenv("STUB_EXIT");
    return e ? atoi(e) : 0;
}
