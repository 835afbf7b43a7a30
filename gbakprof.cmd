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
set "JVM=-Djava.awt.headless=true -XX:+UseSerialGC"
rem a few seconds of chart rendering: the C2 compiler costs more CPU than it saves (bench/render)
if /i "%~1"=="report" set "JVM=%JVM% -XX:TieredStopAtLevel=1"
if /i "%~1"=="compare" set "JVM=%JVM% -XX:TieredStopAtLevel=1"
if /i "%~1"=="demo" set "JVM=%JVM% -XX:TieredStopAtLevel=1"
rem parse: a small young generation (half the peak RSS on a huge log, same speed; bench/parse-throughput)
if /i "%~1"=="parse" set "JVM=%JVM% -Xmn16m -XX:MaxTenuringThreshold=0"
if /i "%~1"=="run" set "JVM=%JVM% -XX:TieredStopAtLevel=1"
if /i "%~1"=="matrix" set "JVM=%JVM% -XX:TieredStopAtLevel=1"
java %JVM% -jar "%HERE%target\gbakprof.jar" %*
exit /b %ERRORLEVEL%
