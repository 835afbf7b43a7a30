@echo off
rem gbakprof launcher for Windows (cmd.exe). In a source checkout (pom.xml and src\ beside it) it builds
rem target\gbakprof.jar with Maven when the jar is missing or older than the sources, then runs it; in an
rem unzipped release (gbakprof-<version>.zip) it runs the gbakprof.jar beside it and needs only a Java 17+
rem runtime. The JVM flags are in gbakprof.jvm-options beside this file, shared with ./gbakprof.
setlocal DisableDelayedExpansion
set "HERE=%~dp0"
set "JAVA="
for %%j in (java.exe) do set "JAVA=%%~$PATH:j"
if not defined JAVA (
  >&2 echo gbakprof: no java.exe on PATH: gbakprof needs a Java 17 or newer runtime ^(winget install EclipseAdoptium.Temurin.17.JRE^)
  exit /b 2
)
if exist "%HERE%pom.xml" if exist "%HERE%src\main\" goto checkout
set "JAR=%HERE%gbakprof.jar"
if exist "%JAR%" goto flags
>&2 echo gbakprof: "%JAR%" not found ^(and no sources beside %~nx0 to build it from^)
exit /b 2

:checkout
set "JAR=%HERE%target\gbakprof.jar"
rem The sources as they were at the last build, copied to target\gbakprof-sources: xcopy /L /D lists each
rem file of src\main (and pom.xml) that is newer than its copy or new since, then a line with the count.
set "BUILT=%HERE%target\gbakprof-sources"
if not exist "%JAR%" goto build
if not exist "%BUILT%\pom.xml" goto build
set /a LISTED=0
for /f "delims=" %%l in ('xcopy /L /D /S /Y /I "%HERE%src\main" "%BUILT%\src\main" 2^>nul') do set /a LISTED+=1
for /f "delims=" %%l in ('xcopy /L /D /Y "%HERE%pom.xml" "%BUILT%\pom.xml" 2^>nul') do set /a LISTED+=1
if %LISTED% gtr 2 goto build
goto flags

:build
>&2 echo gbakprof: building "%JAR%" ^(mvn package^) ...
set "MVN="
for %%m in (mvn.cmd) do set "MVN=%%~$PATH:m"
if not defined MVN (
  >&2 echo gbakprof: building needs Maven ^(no mvn.cmd on PATH^)
  exit /b 2
)
pushd "%HERE%"
call mvn -q -B -Dstyle.color=never -DskipTests package 1>&2
if errorlevel 1 (
  popd
  >&2 echo gbakprof: build failed ^(needs Java 17 and Maven^)
  exit /b 2
)
popd
if exist "%BUILT%\" rmdir /s /q "%BUILT%"
xcopy /E /I /Q /Y "%HERE%src\main" "%BUILT%\src\main" >nul
copy /Y "%HERE%pom.xml" "%BUILT%\pom.xml" >nul

:flags
rem The command is the first argument that does not start with '-'; its flags and those of "*" lines are used.
rem Java is run by its full path, the java.exe found on PATH: cmd.exe looks for a bare "java" in the current
rem folder first (also as java.bat or java.cmd).
set "CMD="
call :command %*
set "JVM="
for /f "usebackq eol=# tokens=1,*" %%a in ("%HERE%gbakprof.jvm-options") do call :flag "%%a" "%%b"
"%JAVA%" %JVM% -jar "%JAR%" %*
exit /b %ERRORLEVEL%

:command
if "%~1"=="" exit /b 0
set "ARG=%~1"
if not "%ARG:~0,1%"=="-" (
  set "CMD=%ARG%"
  exit /b 0
)
shift
goto command

:flag
if "%~1"=="*" set "JVM=%JVM% %~2"
if /i "%~1"=="%CMD%" set "JVM=%JVM% %~2"
exit /b 0
