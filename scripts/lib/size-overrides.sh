# size-overrides.sh — sourced by real-emu-check.sh and gpu-real-check.sh.
# apply_size_overrides TOOL DIR NAME=VALUE...: in every file under DIR, replaces the initialiser of
# each `int/int64_t/long/size_t/unsigned NAME = ...;` by VALUE (e.g. B=2 shrinks llm.c's batch).
# A NAME that no file declares that way is reported on stderr, prefixed by TOOL.
apply_size_overrides() {
  local tool=$1 dir=$2 s name value decl
  shift 2
  for s in "$@"; do
    name=${s%%=*}; value=${s#*=}
    decl="\b(int|int64_t|long|size_t|unsigned)[[:space:]]+$name[[:space:]]*="
    if ! grep -rqE "$decl" "$dir"; then
      echo "$tool: --set $name: no \`int $name = ...;\` in $dir" >&2
      continue
    fi
    grep -rlE "$decl" "$dir" | xargs -r sed -i -E "s/($decl)[^;]*;/\1 $value;/g"
  done
}
