#!/usr/bin/env bash
# Check deploy/ without a Docker engine or systemd: nginx -t on both nginx sites (Debian's
# nginx: apt-get install nginx-light), systemd-analyze verify on the unit, and the compose
# file through whichever of `docker compose config` / `docker-compose config` is installed.
# Each check that cannot run here says so. Run from the repository: bash deploy/validate.sh
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

nginx_site() {  # $1: site file; the copy tested points its includes and certificate at $tmp
    local site=$1
    mkdir -p "$tmp/tls"
    [ -f "$tmp/tls/privkey.pem" ] || openssl req -x509 -newkey rsa:2048 -nodes -days 1 \
        -subj /CN=belle.test -keyout "$tmp/tls/privkey.pem" -out "$tmp/tls/fullchain.pem" 2>/dev/null
    cp deploy/nginx/belle-proxy.conf deploy/nginx/trusted-proxies.conf "$tmp/"
    # compose.conf names the workers belle1/belle2, which only compose's DNS resolves
    sed -e "s#/etc/nginx/belle-proxy.conf#$tmp/belle-proxy.conf#" -e "s#/etc/belle/tls/#$tmp/tls/#" \
        -e "s#/etc/nginx/trusted-proxies.conf#$tmp/trusted-proxies.conf#" \
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

if command -v nginx >/dev/null; then
    nginx_site deploy/nginx/belle.conf
    nginx_site deploy/nginx/compose.conf
else
    echo "skipped: nginx -t (apt-get install nginx-light)"
fi

if command -v systemd-analyze >/dev/null; then
    cp deploy/belle@.service "$tmp/belle@8001.service"
    if out=$(systemd-analyze verify "$tmp/belle@8001.service" 2>&1) && [ -z "$out" ]; then
        echo "ok: systemd-analyze verify belle@.service"
    else
        echo "$out" | grep -v "not executable\|No such file" || true
        echo "checked: systemd-analyze verify belle@.service (see any lines above; a missing"
        echo "  /srv/belle/app/.venv/bin/belle only means Belle is not installed there)"
    fi
else
    echo "skipped: systemd-analyze (no systemd)"
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
    echo "skipped: compose config (neither docker compose nor docker-compose)"
fi
exit $failed
