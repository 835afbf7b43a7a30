@echo off
rem gbakprof launcher for Windows: builds target\gbakprof.jar when missing, then runs it.
setlocal
set "HERE=%~dp0"
if not exist "%HERE%target\gbakprof.jar" (
  echo gbakprof: building target\gbakprof.jar ^(mvn package^) ... 1>&2
  pushd "%HERE%"
  call mvn -q -B -DskipTests package 1>&2
  if errorlevel 1 ( popd & echo gbakprof: build failed ^(needs Java 17 and Maven^) 1>&2 & exit /b 2 )
  popd
)
java -Djava.awt.headless=true -jar "%HERE%target\gbakprof.jar" %*
exit /b %ERRORLEVEL%
