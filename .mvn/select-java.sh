# Sourced by ./mvnw and ./holdfast: Holdfast builds and runs on Java 25 or newer.
# Keeps JAVA_HOME when it already points at such a JDK; otherwise takes the first
# one found in the usual places. The machine's default java (often 17) is too old.

holdfast_java_major() {
  # Prints the feature version of the JDK at $1, read from its release file.
  [ -f "$1/release" ] || return 1
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release"
}

holdfast_select_java() {
  for candidate in "${HOLDFAST_JAVA_HOME-}" "${JAVA_HOME-}" \
      /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*25* /usr/lib/jvm/* /opt/java/* \
      "$(dirname "$(dirname "$(readlink -f "$(command -v java 2>/dev/null || echo /nonexistent)")")")"; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/javac" ] || continue
    major=$(holdfast_java_major "$candidate") || continue
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then
      JAVA_HOME=$candidate
      export JAVA_HOME
      return 0
    fi
  done
  echo "holdfast: needs a JDK 25 or newer; set JAVA_HOME or HOLDFAST_JAVA_HOME to one (looked in JAVA_HOME, /usr/lib/jvm, /opt/java and PATH)" >&2
  return 1
}

holdfast_select_java || exit 1
