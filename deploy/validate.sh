#!/usr/bin/env bash
# Check deploy/ without a Docker engine or a running systemd (docs/deploy.md §9):
#  - nginx -t on both nginx sites (Debian's nginx: apt-get install nginx-light);
#  - systemd-analyze verify on the unit;
#  - the compose file through `docker compose config` or `docker-compose config`
#    (Debian's docker-compose 1.29 parses it, with its schema);
#  - the image's files: the wheel built from the image's build context holds every file
#    git tracks under belle/ (what `pip install .` in the Dockerfile installs).
# A check whose tool is missing says so and is skipped; with CI=true it fails instead
# (.ci/run installs the tools), except systemd-analyze, which a machine may lack.
# Run from anywhere: bash deploy/validate.sh
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
strict=$([ "${CI:-}" = true ] && echo 1 || echo 0)

missing() {  # $1: the check that cannot run, $2: what to install
    if [ "$strict" = 1 ]; then echo "FAILED: $1 cannot run in CI ($2)"; failed=1
    else echo "skipped: $1 ($2)"; fi
}

nginx_site() {  # $1: site file; the copy tested points its includes and certificate at $tmp
    local site=$1
    mkdir -p "$tmp/tls"
    [ -f "$tmp/tls/privkey.pem" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 1 \
        -subj /CN=belle.test -keyout "$tmp/tls/privkey.pem" -out "$tmp/tls/fullchain.pem" 2>/dev/null
    cp deploy/nginx/*.conf "$tmp/"
    # compose.conf names the workers belle1/belle2, which only compose's DNS resolves
    sed -E -e "s#/etc/nginx/([A-Za-z0-9_-]+\.conf)#$tmp/\1#g" -e "s#/etc/belle/tls/#$tmp/tls/#" \
        -e 's#server belle[12]:8000#server 127.0.0.1:8000#' "$site" > "$tmp/site.conf"
    cat > "$tmp/nginx.conf" <<CONF
pid $tmp/nginx.pid;
error_log $tmp/error.log;
events {}
http { access_log off; include $tmp/site.conf; }
CONF
    if nginx -t -q -p "$tmp" -c "$tmp/nginx.conf"; then echo "ok: nginx -t $site"
    else echo "FAILED: nginx -t $site"; failed=1; fi
}

nginx=$(command -v nginx || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; })
if [ -n "$nginx" ]; then
    PATH="$(dirname "$nginx"):$PATH"
    nginx_site deploy/nginx/belle.conf
    nginx_site deploy/nginx/compose.conf
else
    missing "nginx -t" "apt-get install nginx-light"
fi

# The unit as installed, but starting /bin/true: Belle is not installed at /srv/belle/app
# here, and verify would stop at that. Any line it prints (an unknown key, a bad value)
# is a failure.
if command -v systemd-analyze >/dev/null; then
    sed 's#/srv/belle/app/.venv/bin/belle#/bin/true#' deploy/belle@.service \
        > "$tmp/belle@8001.service"
    if out=$(systemd-analyze verify "$tmp/belle@8001.service" 2>&1) && [ -z "$out" ]; then
        echo "ok: systemd-analyze verify belle@.service"
    else
        echo "$out"; echo "FAILED: systemd-analyze verify belle@.service"; failed=1
    fi
else
    echo "skipped: systemd-analyze verify (no systemd on this machine)"
fi

if docker compose version >/dev/null 2>&1; then
    compose=(docker compose)
elif command -v docker-compose >/dev/null; then
    compose=(docker-compose)
else
    compose=()
fi
if [ ${#compose[@]} -gt 0 ]; then
    if "${compose[@]}" -f compose.yaml config -q; then echo "ok: ${compose[*]} config"
    else echo "FAILED: ${compose[*]} config"; failed=1; fi
else
    missing "compose config" "apt-get install --no-install-recommends docker-compose"
fi

# The Dockerfile's build stage copies pyproject.toml, README.md and belle/ (the files
# .dockerignore lets through) and runs pip install on them: build the wheel from the
# same files, as a clean clone has them, in a throw-away virtualenv.
wheel_files() {
    mkdir -p "$tmp/context" "$tmp/wheel"
    git ls-files -z pyproject.toml README.md belle | xargs -0 cp --parents -t "$tmp/context"
    python3 -m venv "$tmp/venv" && "$tmp/venv/bin/pip" wheel --quiet --no-deps \
        --wheel-dir "$tmp/wheel" "$tmp/context" >"$tmp/wheel.log" 2>&1 || {
        tail -20 "$tmp/wheel.log"; return 1; }
    git ls-files belle | python3 -c '
import sys, zipfile, glob
wheel = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0])
shipped = set(wheel.namelist())
missing = [name for name in sys.stdin.read().split() if name not in shipped]
for name in missing[:20]:
    print(f"not in the wheel: {name}")
sys.exit(1 if missing else 0)' "$tmp/wheel"
}
if python3 -c "import ensurepip" 2>/dev/null; then
    if wheel_files; then echo "ok: the wheel of the image's build context has every file of belle/"
    else echo "FAILED: the image's wheel"; failed=1; fi
else
    missing "the image's wheel" "apt-get install python3-venv"
fi
exit $failed
