# require.sh: sourced by the shell tests. A test that needs a program or a module that is not
# there skips: it prints "SKIP: <why>" and exits 77, which automake's harness shows as SKIP;
# it never fails for it and never passes without having run (issue 14).

# skip WHY...: skip this test
skip () {
  echo "SKIP: $*"
  exit 77
}

# require_program PROGRAM WHAT: skip unless PROGRAM (a name on $PATH or a path) runs;
# WHAT says what provides it
require_program () {
  command -v "$1" >/dev/null 2>&1 || skip "$1 not found ($2)"
}

# require_python_module PYTHON STATEMENT WHAT: skip unless PYTHON runs the import STATEMENT
require_python_module () {
  require_program "$1" "python3"
  "$1" -c "$2" >/dev/null 2>&1 || skip "$1 cannot run '$2' ($3)"
}
