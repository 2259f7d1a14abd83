#!/usr/bin/env bash
# Field trials out of sample: run the labelled cases of fieldtrials/cases.tsv
# against checkouts of the apps named in fieldtrials/apps.tsv, in each
# context mode, and score the JSON reports.
#
#   scripts/field-trials.sh [-e EXPLAINERR_DIR] [-o OUT_DIR] [-c CASE_ID]... APP=CHECKOUT...
#
#   APP        realworld, todo, tasks, albums, bank, bookings, miniflux,
#              gophish, gobase, pgweb, pagoda, wakapi, shiori, authn,
#              listmonk, sales, memos, semaphore, tgspam, gorsk, goapp, go8,
#              greenlight, todos, fider, gbtemplate, tpr, spacebin, homebox, wtf, ntfy, yarr,
#              cloudreve, picoshare, lenpaste, plik, golink, fathom, ezbookkeeping, donetick, statping, wgportal, sftpgo, oneapi, artalk, pufferpanel, gva, casdoor, fiberapi, pgbackweb, goclean, rwtxt, gormpg, sonic, goshop, journalist, litecart, fiberrw, riverui, templtodo, answer, navidrome, alist, gotifysrv, stash, ginadmin, dnote or headscale (fieldtrials/apps.tsv; fiberapi, pgbackweb, goclean, gormpg, goshop, riverui and dnote need PostgreSQL too)
#   CHECKOUT   a checkout of the app's repository at the commit in apps.tsv (homebox: its
#              backend directory, where its Go module is)
#   -e         the explainerr checkout the apps are built against (default:
#              this repository); the wiring's replace points there, and its
#              CLI builds the index (explainerr index ./...)
#   -o         where scratch copies, reports and results go
#              (default /tmp/explainerr-field-trials)
#   -c         run only these cases (repeatable)
#
# Nothing is downloaded but the apps' Go dependencies (module cache or the Go
# module proxy). Every server listens on 127.0.0.1 (authn, which takes no address,
# on every interface of the machine). The todo, albums, bank,
# bookings, miniflux, gobase, pgweb, shiori, listmonk, sales, semaphore, gorsk, goapp, go8, greenlight, todos, fider, gbtemplate, tpr, spacebin, goclean, gormpg, goshop, riverui and dnote apps need PostgreSQL's server binaries (PG_BIN, default /usr/lib/postgresql/15/bin):
# a throwaway cluster is started on 127.0.0.1:54329 (PG_PORT: another port, which the wirings are given) under OUT_DIR and
# stopped at the end. The tasks, wakapi, tgspam, homebox, wtf, ntfy, yarr, cloudreve, picoshare, lenpaste, plik, golink, fathom, ezbookkeeping, donetick, rwtxt, journalist, litecart, fiberrw, templtodo, alist, ginadmin and headscale apps need the sqlite3 shell (headscale: and jq).
# The stash app generates its GraphQL code (gqlgen, the version its go.mod requires) before it builds.
#
# The apps listen on 18431-18498 (memos's gRPC server on 18448, semaphore's port: the apps run one at a
# time); APP_PORT_SHIFT (default 0) moves them all
# by that much, for a run that shares the machine with another. A case
# whose server stopped before it answered (an address in use) is logged
# and left without a report, never scored against another process.
#
# Output: OUT_DIR/results.tsv (one row per case and mode), OUT_DIR/summary.txt
# (per app and split, with 95% Wilson intervals), OUT_DIR/explanations.txt
# (each case's fix location and offline explanation, to read for advice the
# source contradicts), and the reports under OUT_DIR/reports.
# scripts/field-trials-claims.sh then checks each rag explanation's
# claims against the app's source (OUT_DIR/claims.tsv), and the summary
# counts them beside the advice read by hand.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
exdir=$here
out=/tmp/explainerr-field-trials
only=()
while getopts "e:o:c:" opt; do
	case $opt in
	e) exdir=$(cd "$OPTARG" && pwd) ;;
	o) out=$OPTARG ;;
	c) only+=("$OPTARG") ;;
	*) sed -n '2,41p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,41p' "$0"; exit 2; }

ft=$here/fieldtrials
export GOFLAGS=-p=1 CGO_ENABLED=1
mkdir -p "$out/reports" "$out/scratch"
out=$(cd "$out" && pwd)
scratch=$out/scratch
results=$out/results.tsv
printf 'app\tsplit\tid\tcategory\tmode\tstatus\tkind\tin_context\trank\tchunks\tmigration_in_context\tfail_named\tfix_named\n' >"$results"
: >"$out/explanations.txt"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

log "building the explainerr CLI from $exdir"
(cd "$exdir" && go build -o "$scratch/explainerr" ./cmd/explainerr) || exit 1

# --- PostgreSQL for the todo app -------------------------------------------
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
pgport=${PG_PORT:-54329}
pg_started=
pg_run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_start() {
	[ -n "$pg_started" ] && return 0
	local d=$scratch/pg
	rm -rf "$d" && mkdir -p "$d" && { [ "$(id -u)" != 0 ] || chown postgres "$d"; }
	pg_run "$PG_BIN/initdb" -D "$d/data" -A trust -U postgres >"$d/initdb.log" 2>&1 || { log "initdb failed"; return 1; }
	pg_run "$PG_BIN/pg_ctl" -D "$d/data" -l "$d/log" -w \
		-o "-k $d -c listen_addresses=127.0.0.1 -p $pgport" start >/dev/null || { log "postgres did not start"; return 1; }
	pg_started=1
}
pg_stop() { [ -n "$pg_started" ] && pg_run "$PG_BIN/pg_ctl" -D "$scratch/pg/data" -m fast stop >/dev/null; }
trap 'pg_stop' EXIT
psql_q() { PGOPTIONS='-c client_min_messages=warning' psql -q -h 127.0.0.1 -p $pgport -U postgres -d postgres -v ON_ERROR_STOP=1 "$@" >/dev/null; }

# --- per-app knowledge: main package, port, database reset, login ----------
auth=()
jar=$scratch/cookies
wait_up() { # wait_up PID: until the app answers its probe (30 s at most), or the process PID ends
	local i
	for i in $(seq 1 150); do
		curl -s -o /dev/null -m 1 "http://127.0.0.1:$port$probe" && return
		kill -0 "$1" 2>/dev/null || return
		sleep 0.2
	done
}
post() { # post PATH CTYPE DATA: a set-up request; its answer is not scored
	local ct=()
	case $2 in json) ct=(-H 'Content-Type: application/json') ;; form) ct=(-H 'Content-Type: application/x-www-form-urlencoded') ;; esac
	curl -s -m 30 -b "$jar" -c "$jar" "${auth[@]}" "${ct[@]}" -X POST --data "$3" "http://127.0.0.1:$port$1"
}
shift_port=${APP_PORT_SHIFT:-0}
app_conf() {
	binargs=() # the server's command line, for an app whose binary has commands
	probe=/    # the path asked until the server answers
	export GOFLAGS=-p=1
	case $1 in
	realworld) mainpkg=. port=18433 ;;
	todo) mainpkg=./cmd port=18431 ;;
	tasks) mainpkg=. port=18432 ;;
	albums) mainpkg=./cmd/server port=18434 ;;
	bank) mainpkg=. port=18435 ;;
	bookings) mainpkg=./cmd/web port=18436 # its flags' defaults are set by the wiring
		export PGPORT=$pgport ;;
	miniflux) mainpkg=. port=18437 # configured by the environment; JSON logs through slog
		export DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" \
			LISTEN_ADDR=127.0.0.1:$((18437 + shift_port)) RUN_MIGRATIONS=1 CREATE_ADMIN=1 ADMIN_USERNAME=admin \
			ADMIN_PASSWORD=local-trials LOG_FORMAT=json DISABLE_SCHEDULER_SERVICE=1 ;;
	gophish) mainpkg=. port=18438 # config.json (the wiring's): admin server on 18438, phishing server on a free port
		# the admin user created at the first start gets this API key and password
		export GOPHISH_INITIAL_ADMIN_API_TOKEN=local-trials-api-key GOPHISH_INITIAL_ADMIN_PASSWORD=local-trials ;;
	gobase) mainpkg=. port=18439 binargs=(serve) # viper: the environment overrides dev.env
		export PORT=127.0.0.1:$((18439 + shift_port)) DB_DSN="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" \
			AUTH_JWT_SECRET=field-trials-local-jwt-secret-0123456789abcdef ;;
	pgweb) mainpkg=. port=18441 ;; # its command line (below) connects it to the trial database at start
	pagoda) mainpkg=./cmd/web port=18440 # viper: PAGODA_ variables override config/config.yaml (the wiring's)
		export PAGODA_HTTP_PORT=$((18440 + shift_port)) ;;
	wakapi) mainpkg=. port=18442 # configor: WAKAPI_ variables over the defaults (no config.yml); SQLite in the scratch copy
		# wakapi reads any variable NAME_FILE as a secret file for NAME (Docker secrets) and
		# exits when it cannot: the environment's own *_FILE variables are not for it
		unset $(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*_FILE\)=.*/\1/p')
		export WAKAPI_PORT=$((18442 + shift_port)) WAKAPI_LISTEN_IPV4=127.0.0.1 WAKAPI_LISTEN_IPV6=- \
			WAKAPI_DB_TYPE=sqlite3 WAKAPI_DB_NAME=wakapi_db.db WAKAPI_INSECURE_COOKIES=true \
			WAKAPI_LOG_FORMAT=json WAKAPI_QUICK_START=true ;;
	shiori) mainpkg=. port=18443 # go-envconfig: SHIORI_ variables; its command line (below) sets the address
		export SHIORI_DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" \
			SHIORI_DIR=./data SHIORI_HTTP_SECRET_KEY=field-trials-local-secret ;;
	authn) mainpkg=. port=18444 # configured by the environment; SQLite (mattn) in the scratch copy, no Redis
		export AUTHN_URL=http://127.0.0.1:$((18444 + shift_port)) PORT=$((18444 + shift_port)) APP_DOMAINS=127.0.0.1,localhost \
			SECRET_KEY_BASE=field-trials-local-secret-key-base DATABASE_URL=sqlite3://localhost/authn \
			HTTP_AUTH_USERNAME=admin HTTP_AUTH_PASSWORD=local-trials ;;
	listmonk) mainpkg=./cmd port=18445 # the sample config file, overridden by LISTMONK_ variables; its assets from the copy's files
		export LISTMONK_app__address=127.0.0.1:$((18445 + shift_port)) LISTMONK_db__host=127.0.0.1 LISTMONK_db__port=$pgport \
			LISTMONK_db__user=postgres LISTMONK_db__password= LISTMONK_db__database=postgres LISTMONK_db__ssl_mode=disable \
			LISTMONK_ADMIN_USER=admin LISTMONK_ADMIN_PASSWORD=local-trials LISTMONK_ADMIN_API_USER=api ;;
	sales) mainpkg=./app/services/sales-api port=18446 # ardanlabs/service's sales-api: ardanlabs/conf, SALES_ variables;
		# its vendor directory is left aside (the wiring adds a module); its debug server on a free port
		# and its trace exporter pointed at a closed local port; the keys from zarf/keys (the wiring's)
		export GOFLAGS="-p=1 -mod=mod" SALES_WEB_API_HOST=127.0.0.1:$((18446 + shift_port)) SALES_WEB_DEBUG_HOST=127.0.0.1:0 \
			SALES_DB_HOST=127.0.0.1:$pgport SALES_DB_USER=postgres SALES_DB_PASSWORD= SALES_DB_NAME=postgres \
			SALES_TEMPO_REPORTER_URI=127.0.0.1:9 ;;
	memos) mainpkg=./bin/memos port=18447 ;; # its command line (below): prod mode, SQLite in the scratch copy's data directory
	semaphore) mainpkg=./cli port=18448 binargs=(server --no-config) # configured by SEMAPHORE_ variables (no config.json);
		# its admin user is made by its own command (app_reset), its task files under the scratch directory
		export SEMAPHORE_DB_DIALECT=postgres SEMAPHORE_DB_HOST=127.0.0.1:$pgport SEMAPHORE_DB_USER=postgres \
			SEMAPHORE_DB_NAME=postgres SEMAPHORE_DB_OPTIONS='{"sslmode":"disable"}' SEMAPHORE_INTERFACE=127.0.0.1 \
			SEMAPHORE_PORT=$((18448 + shift_port)) SEMAPHORE_TMP_PATH=$scratch/semaphore-tmp \
			SEMAPHORE_COOKIE_HASH=ZmllbGQtdHJpYWxzLWxvY2FsLWNvb2tpZS1oYXNoLTA= ;;
	tgspam) mainpkg=./app port=18449 # its command line (below): the web server only (no Telegram token), SQLite
		# in the copy's data directory, where its sample files are; its vendor directory is left aside (the wiring adds a module)
		export GOFLAGS="-p=1 -mod=mod" ;;
	gorsk) mainpkg=./cmd/api port=18450 # its config file, cmd/api/conf.local.yaml (the wiring's address); the
		# database and the JWT secret (64 characters or more) from the environment
		export DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" \
			JWT_SECRET=field-trials-local-jwt-secret-0123456789abcdef-0123456789abcdef-0123 ;;
	goapp) mainpkg=. port=18451 # configured by the environment (POSTGRES_ variables, the templates' directory);
		# its address is the wiring's. Its home page is a case's route: the server is probed on its health route
		probe=/-/health
		export POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=$pgport POSTGRES_STORENAME=postgres POSTGRES_USERNAME=postgres \
			POSTGRES_PASSWORD= TEMPLATES_BASEPATH=cmd/server/http/web/templates ENV=local ;;
	go8) mainpkg=./cmd/go8 port=18452 # envconfig: DB_ and SESSION_ variables; its API_ settings are read under the
		# prefix NEWAPI_ (config.NewAPI's); a session cookie that is not Secure, for plain HTTP. No Redis (REDIS_ENABLE unset)
		probe=/version/
		export DB_DRIVER=postgres DB_HOST=127.0.0.1 DB_PORT=$pgport DB_USER=postgres DB_PASS= DB_NAME=postgres DB_SSL_MODE=disable \
			NEWAPI_HOST=127.0.0.1 NEWAPI_PORT=$((18452 + shift_port)) SESSION_SECURE=false ;;
	greenlight) mainpkg=./cmd/api port=18453 # its command line (below): the port, the rate limiter off; the database
		# from GREENLIGHT_DB_DSN in .env (the wiring's). No SMTP server: the welcome mail fails in the background, logged
		probe=/v1/healthcheck ;;
	todos) mainpkg=./cmd/todos port=18454 # its command line (below) names the wiring's config file: the address and
		# the database (any password: the trial cluster trusts local clients)
		probe=/api/v1/healthz/ ;;
	fider) mainpkg=. port=18455 # configured by the environment; single host mode (its default), no SMTP server (the
		# mails of its background tasks fail, logged), no metrics server
		probe=/_health
		export DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" HOST=127.0.0.1 \
			PORT=$((18455 + shift_port)) BASE_URL=http://127.0.0.1:$((18455 + shift_port)) JWT_SECRET=field-trials-local-jwt-secret \
			EMAIL_NOREPLY=noreply@example.com EMAIL_SMTP_HOST=127.0.0.1 EMAIL_SMTP_PORT=9 METRICS_ENABLED=false \
			LOG_CONSOLE=true LOG_LEVEL=INFO ;;
	gbtemplate) mainpkg=./cmd/http port=18456 # its .env file (the wiring's, named on its command line): the address, the
		# database and detailed messages in its JSON error answers
		binargs=(--env-path config/env/.env) ;;
	tpr) mainpkg=. port=18457 # its config file (the wiring's tpr.conf, on its command line below) with the database's
		# port from PGPORT; no [mail] section, so no mailer
		export PGPORT=$pgport ;;
	spacebin) mainpkg=./cmd/spacebin port=18458 # configured by SPIRIT_ variables; accounts on; it runs its migrations at start
		probe=/ping
		export SPIRIT_HOST=127.0.0.1 SPIRIT_PORT=$((18458 + shift_port)) SPIRIT_ACCOUNTS_ENABLED=true \
			SPIRIT_CONNECTION_URI="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" ;;
	homebox) mainpkg=./app/api port=18460 # ardanlabs/conf: HBOX_ variables; SQLite (mattn's driver, the wiring's) in the
		# copy's .data directory, its schema made by ent's auto-migration at start; JSON logs
		probe=/api/v1/status
		export HBOX_WEB_HOST=127.0.0.1 HBOX_WEB_PORT=$((18460 + shift_port)) HBOX_LOG_FORMAT=json ;;
	wtf) mainpkg=./cmd/wtfd port=18459 # its TOML config file (the wiring's wtfd.conf, on its command line below): the
		# address, SQLite in the scratch copy (wtf.db), the cookie keys and a GitHub client that is never called
		probe=/debug/version ;;
	cloudreve) mainpkg=. port=18463 binargs=(server -w -c cloudreve.conf) # its INI config file (the wiring's
		# cloudreve.conf, on its command line; -w: paths from the working directory): the address and SQLite
		# (mattn's driver, the wiring's) in the copy's data directory, where uploads go too; ent's auto-migration
		# makes the schema and its seed (settings, storage policy, groups) when the app starts
		probe=/api/v4/site/ping ;;
	ntfy) mainpkg=. port=18461 # its YAML config file (the wiring's ntfy.yml, on its command line below): the address and
		# base URL, the SQLite message cache (cache.db) and user database (user.db) in the scratch copy, sign-up,
		# sign-in and reservations on
		probe=/v1/health ;;
	yarr) mainpkg=./cmd/yarr port=18462 # its command line (below): the address and the SQLite file (yarr.db) in the scratch
		# copy, no sign-in; its Makefile's build tags (fts5 for the search table its migrations make, foreign keys on);
		# its vendor directory is left aside (the wiring adds a module, and the snapshot lacks SQLite's C source there)
		probe=/manifest.json
		export GOFLAGS="-p=1 -mod=mod -tags=sqlite_foreign_keys,sqlite_json,sqlite_fts5" ;;
	picoshare) mainpkg=./cmd/picoshare port=18464 # configured by the environment: the port (the wiring listens on
		# 127.0.0.1 only) and the shared secret; its command line (below) puts the SQLite file in the scratch copy's
		# data directory, where the app runs its migrations when it starts
		probe=/login
		export PORT=$((18464 + shift_port)) PS_SHARED_SECRET=local-trials ;;
	plik) mainpkg=./server port=18467 # its TOML config file (the wiring's plikd.cfg, which it reads from the working
		# directory): the address, authentication on, no web interface, SQLite (data/plik.db, its schema made by gorm's
		# auto-migration at start) and the file data backend (data/files); its vendor directory is left aside (the
		# wiring adds a module, and the snapshot lacks SQLite's C source there)
		probe=/health
		export GOFLAGS="-p=1 -mod=mod" ;;
	lenpaste) mainpkg=./cmd/lenpaste port=18465 # its command line (below): the address, SQLite (lenpaste.db) in the
		# scratch copy, and its clean-up of expired pastes once a day (it runs at start, before the seed)
		probe=/api/v1/getServerInfo ;;
	ezbookkeeping) mainpkg=. port=18469 binargs=(server run) # its INI config file (the wiring's conf/ezbookkeeping.ini,
		# read from the working directory): the address, console logs only, a secret key, SQLite (data/ezbookkeeping.db)
		# whose tables xorm's sync makes at start, uploads in storage/
		probe=/healthz.json ;;
	golink) mainpkg=./cmd/golink port=18466 # its command line (below): dev mode (no tailnet; every request is
		# foo@example.com's) on the address, SQLite (modernc) in the scratch copy (golink.db), whose schema the app
		# makes at start; the sqlite3 shell writes the seed
		probe=/.help ;;
	fathom) mainpkg=. port=18468 binargs=(server) # its .env file (the wiring's, read from the working directory):
		# the address, SQLite (fathom.db) in the scratch copy, whose migrations the app runs at start, the session
		# secret (40 characters), debug logs
		probe=/health ;;
	donetick) mainpkg=. port=18470 # its YAML config file (the wiring's config/selfhosted.yaml, chosen by DT_ENV and read
		# from the working directory): the port (the wiring listens on 127.0.0.1), a JWT secret, no frontend; SQLite
		# (donetick.db) in the scratch copy, whose tables gorm's auto-migration makes at start
		probe=/api/v1/health
		export DT_ENV=selfhosted ;;
	statping) mainpkg=./cmd port=18471 # configured by the environment: SQLite (statping.db in the working directory,
		# the scratch copy), whose tables, settings and admin user the app makes at start (no sample data), the API
		# secret the requests send as a bearer token, no error reports, no colours in its logs; the address on its
		# command line (below)
		probe=/health
		export DB_CONN=sqlite SAMPLE_DATA=false ALLOW_REPORTS=false API_SECRET=local-trials-secret DISABLE_COLORS=true ;;
	wgportal) mainpkg=./cmd/wg-portal port=18473 # configured by WG_PORTAL_ variables (no config file): the address, SQLite
		# (data/sqlite.db in the scratch copy), whose tables gorm's auto-migration makes at start with the admin user (its API
		# token for Basic auth on the REST API), no interface import or state restore and no ping checks (no WireGuard is
		# touched on the cases' requests), the metrics server on a free local port. Needs the sqlite3 shell
		probe=/api
		export WG_PORTAL_WEB_LISTENING_ADDRESS=127.0.0.1:$((18473 + shift_port)) \
			WG_PORTAL_WEB_EXTERNAL_URL=http://127.0.0.1:$((18473 + shift_port)) WG_PORTAL_DATABASE_DSN=data/sqlite.db \
			WG_PORTAL_CORE_ADMIN_USER=admin WG_PORTAL_CORE_ADMIN_PASSWORD=local-trials-password \
			WG_PORTAL_CORE_ADMIN_API_TOKEN=local-trials-api-token WG_PORTAL_CORE_IMPORT_EXISTING=false \
			WG_PORTAL_CORE_RESTORE_STATE=false WG_PORTAL_STATISTICS_USE_PING_CHECKS=false \
			WG_PORTAL_STATISTICS_LISTENING_ADDRESS=127.0.0.1:0 WG_PORTAL_ADVANCED_LOG_LEVEL=debug ;;
	sftpgo) mainpkg=. port=18472 binargs=(serve -c . -l '') # its JSON config file (the wiring's sftpgo.json, read from the
		# config directory -c, the scratch copy): the REST API and web pages on the address, SFTP off, SQLite (sftpgo.db,
		# whose schema and migrations the app runs at start); logs (JSON) to stdout (-l ''); the default admin, made at
		# start from SFTPGO_DEFAULT_ADMIN_ variables. Needs the sqlite3 shell
		probe=/healthz
		export SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN=true SFTPGO_DEFAULT_ADMIN_USERNAME=admin \
			SFTPGO_DEFAULT_ADMIN_PASSWORD=local-trials ;;
	oneapi) mainpkg=. port=18474 # configured by the environment: the port (the wiring listens on 127.0.0.1), SQLite
		# (one-api.db in the scratch copy), whose tables gorm's auto-migration makes at start with the root user, its
		# access token (the management API's Authorization header) and its first API token (sk-localtrialstoken, the
		# relay's bearer token); logs in the copy's logs directory
		probe=/api/status
		export PORT=$((18474 + shift_port)) SQLITE_PATH=one-api.db SESSION_SECRET=local-trials-session \
			INITIAL_ROOT_ACCESS_TOKEN=localtrialsaccess INITIAL_ROOT_TOKEN=localtrialstoken ;;
	artalk) mainpkg=. port=18475 binargs=(server -w . -c artalk.yml) # its YAML config file (the wiring's artalk.yml, on
		# its command line, -w keeps the scratch copy as the work directory): the address, the JWT key, SQLite
		# (data/artalk.db, whose tables gorm's auto-migration makes at start), the image captcha after 3 actions of a
		# visitor, no e-mail; zap console logs on stdout
		probe=/api/v2/version ;;
	pufferpanel) mainpkg=./cmd port=18476 binargs=(run) # configured by PUFFER_ variables over its config.json (app_reset's,
		# which it writes its session key and token into): the address, the panel and its in-process daemon (servers under
		# the copy's data directory; its SFTP server, which finds no host key, does not start), SQLite (pufferpanel.db in
		# the copy, WAL, one open connection), logs in the copy's logs directory; gin in release mode
		probe=/api/config
		export PUFFER_CONFIG=config.json PUFFER_WEB_HOST=127.0.0.1:$((18476 + shift_port)) PUFFER_DAEMON_DATA_ROOT=data \
			PUFFER_DAEMON_SFTP_HOST=127.0.0.1:$((19476 + shift_port)) PUFFER_LOGS=logs \
			PUFFER_PANEL_SETTINGS_MASTERURL=http://127.0.0.1:$((18476 + shift_port)) GIN_MODE=release ;;
	gva) mainpkg=. port=18477 binargs=(-c config.run.yaml) # gin-vue-admin's server directory (the checkout given is its
		# server/ directory, where its Go module is). Its YAML config file: the wiring's config.yaml, copied by app_reset to
		# config.run.yaml, which the app rewrites when its database is set up: the address, SQLite (gva.db in the copy),
		# strict role mode (use-strict-auth), zap console logs on stdout and in log/. Needs the sqlite3 shell
		probe=/health ;;
	casdoor) mainpkg=. port=18478 # its config file, conf/app.conf (the wiring's): the address, SQLite (casdoor.db in the
		# copy, modernc), beego's console logs, no LDAP or LDAPS server; sessions in files under the copy's tmp/. The
		# built-in organization, its admin (admin, password 123) and app-built-in are made at start. Needs the sqlite3 shell
		probe=/api/health ;;
	fiberapi) mainpkg=. port=18479 # its .env file (the wiring's, read by godotenv from the working directory): the
		# address, the JWT key, the database URL (the trial cluster's port) and its pool settings. The probe's path
		# is the app's own 404 route
		probe=/ ;;
	pgbackweb) mainpkg=./cmd/app port=18480 # its .env file (the wiring's, read by godotenv from the working directory): the
		# encryption key, the database URL (the trial cluster's port) and the address. Its query code
		# (internal/database/dbgen) is generated by sqlc (app_generate). At start it tests the seeded database and the S3
		# destination (which fails, logged: nothing listens on 127.0.0.1:9)
		probe=/api/v1/health ;;
	goclean) mainpkg=./cmd/app port=18481 # configured by the environment (caarlos0/env): the port (the wiring listens on
		# 127.0.0.1 and starts the REST API only; the variables the config requires for the RabbitMQ, NATS and gRPC
		# servers it does not start get unused values), the trial database, the JWT secret, debug logs (zerolog JSON on
		# stdout), no tracing or Swagger
		probe=/healthz
		export APP_NAME=go-clean-template APP_VERSION=1.0.0 HTTP_PORT=$((18481 + shift_port)) LOG_LEVEL=debug PG_POOL_MAX=2 \
			PG_URL="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" GRPC_PORT=$((19481 + shift_port)) \
			RMQ_RPC_SERVER=rpc_server RMQ_RPC_CLIENT=rpc_client RMQ_URL=amqp://guest:guest@127.0.0.1:9/ \
			NATS_RPC_SERVER=rpc_server NATS_URL=nats://127.0.0.1:9 JWT_SECRET=local-trials-jwt-secret \
			METRICS_ENABLED=true SWAGGER_ENABLED=false TRACING_ENABLED=false ;;
	rwtxt) mainpkg=./cmd/rwtxt port=18482 # its flags' defaults: the address (the wiring's) and SQLite (rwtxt.db in the
		# scratch copy, mattn/go-sqlite3), whose tables the app makes when it starts; its templates and static files are
		# compiled in by go-bindata (app_generate). Its own logger prints debug lines
		probe=/robots.txt ;;
	gormpg) mainpkg=. port=18483 # its app.env (the wiring's, read by viper from the working directory), which the
		# environment overrides (viper's AutomaticEnv): the trial cluster's port and the address's port; the database
		# postgres, the sample RSA keys of app.env for the JWTs
		probe=/api/healthchecker
		export POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=$pgport POSTGRES_USER=postgres POSTGRES_DB=postgres \
			PORT=$((18483 + shift_port)) ;;
	sonic) mainpkg=. port=18484 # its config file, conf/config.yaml (the wiring's, read by viper from the working
		# directory): the address, SQLite (sonic.db in the scratch copy, mattn/go-sqlite3), whose tables gorm's
		# auto-migration makes at start, file logs in logs/. Its themes' pages need the default theme, a git submodule
		# the snapshot lacks: no case asks for them
		probe=/ping ;;
	goshop) mainpkg=./cmd/api port=18485 # its config.yaml (the wiring's, read by godotenv from the working directory; the
		# environment overrides it): the address, the trial database, the auth secret, no Redis server (the wiring's
		# in-process miniredis serves the cache and the rate limiter), no SMTP (order mails are logged), a Stripe base URL
		# that nothing serves; its gRPC server on 127.0.0.1 at the port below
		probe=/health
		export grpc_port=$((19485 + shift_port)) ;;
	journalist) mainpkg=. port=18487 # configured by JOURNALIST_ variables (viper; no journalist.toml): the address, the
		# admin user the app makes at start (admin, password local-trials), SQLite (journalist.db in the scratch copy,
		# mattn/go-sqlite3, foreign keys on, a 5 s busy timeout), whose tables ent's auto-migration makes at start, and the
		# web endpoint its RSS pages link to. Its feed refresh runs at start (no feeds yet) and then every 900 s; zap JSON
		# logs (production) on stderr
		probe=/health
		export JOURNALIST_DATABASE_TYPE=sqlite3 JOURNALIST_DATABASE_CONNECTION='file:journalist.db?_fk=1&_busy_timeout=5000' \
			JOURNALIST_SERVER_BINDIP=127.0.0.1 JOURNALIST_SERVER_PORT=$((18487 + shift_port)) JOURNALIST_ADMIN_USERNAME=admin \
			JOURNALIST_ADMIN_PASSWORD=local-trials JOURNALIST_SERVER_ENDPOINT_API=http://127.0.0.1:$((18487 + shift_port))/api \
			JOURNALIST_SERVER_ENDPOINT_WEB=http://127.0.0.1:$((18487 + shift_port))/web JOURNALIST_FEEDS_AUTOREFRESH=900 ;;
	litecart) mainpkg=./cmd port=18486 # its serve command (below) on the address; SQLite (lc_base/data.db in the scratch
		# copy, modernc), which the app makes and migrates (goose, its embedded SQL migrations) when it starts, uploads in
		# lc_uploads and lc_digitals; its admin and site pages, built apart (SvelteKit), as empty pages (app_generate).
		# Needs the sqlite3 shell
		probe=/ping ;;
	fiberrw) mainpkg=. port=18488 # its address (the wiring's) and SQLite (database/realworld.db in the scratch copy,
		# gorm's sqlite driver over mattn/go-sqlite3), whose tables gorm's auto-migration makes at start. The probe's path
		# has no route (fiber's 404). Needs the sqlite3 shell
		probe=/ ;;
	riverui) mainpkg=./cmd/riverui port=18489 # configured by the environment: the address (RIVER_HOST, PORT) and the trial
		# database (River's tables in its public schema, app_reset's); no basic auth, text logs through slog on stdout. Its
		# frontend (dist/, built with vite upstream) as vite leaves it (app_generate). The probe is its minimal health check
		probe=/api/health-checks/minimal
		export DATABASE_URL="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable" RIVER_HOST=127.0.0.1 \
			PORT=$((18489 + shift_port)) ;;
	templtodo) mainpkg=./cmd port=18490 # its address (the wiring's) and SQLite (app_data.db in the scratch copy,
		# mattn/go-sqlite3), both in the code; no configuration. Its pages are templ components, generated before the
		# build (app_generate). Its home page answers anyone. Needs the sqlite3 shell
		probe=/ ;;
	answer) mainpkg=./cmd/answer port=18491 binargs=(run -C ./data/) # its config file, data/conf/config.yaml, written by
		# its own installation (app_reset): SQLite (data/answer.db, modernc), its cache file, i18n files and uploads under
		# data/; the address is the wiring's (the config file's is not read). The probe is its health check
		probe=/healthz ;;
	navidrome) mainpkg=. port=18492 # configured by ND_ variables: its address, its data folder (data/: SQLite in
		# data/navidrome.db, mattn/go-sqlite3, its migrations run at start; caches and plugins) and an empty music folder
		# (music/, library 1), both remade by app_reset; its Makefile's build tags (netgo, and fts5 for its full-text
		# search tables); no network (external services, insights and the login page's background images off); no limit
		# on sign-in requests. The probe is its heartbeat
		export GOFLAGS="-p=1 -tags=netgo,sqlite_fts5" ND_ADDRESS=127.0.0.1 ND_PORT=$((18492 + shift_port)) \
			ND_DATAFOLDER=data ND_MUSICFOLDER=music ND_LOGLEVEL=info ND_ENABLEINSIGHTSCOLLECTOR=false \
			ND_ENABLEEXTERNALSERVICES=false ND_LASTFM_ENABLED=false ND_LISTENBRAINZ_ENABLED=false \
			ND_UILOGINBACKGROUNDURL= ND_AUTHREQUESTLIMIT=0
		probe=/ping ;;
	alist) mainpkg=. port=18493 binargs=(server) # configured by the environment (ALIST_ variables over data/config.json,
		# which the app writes with its defaults at its first start): the address, no log file (logrus on stderr) and the
		# admin's password; SQLite in data/data.db (gorm over mattn/go-sqlite3, tables prefixed x_), made by the app at
		# start. Its frontend (public/dist, built apart upstream) as an empty page (app_generate). The probe is its ping.
		# Needs the sqlite3 shell
		probe=/ping
		export ALIST_ADDR=127.0.0.1 ALIST_HTTP_PORT=$((18493 + shift_port)) ALIST_LOG_ENABLE=false \
			ALIST_ADMIN_PASSWORD=local-trials ;;
	gotifysrv) mainpkg=. port=18494 # configured by GOTIFY_ variables: the address, SQLite in data/gotify.db (gorm over
		# mattn/go-sqlite3; its tables made by gorm's auto-migration at start), the first user, admin (password local-trials),
		# made at start, a low bcrypt cost; its images and plugins directories under data/ (no plugins). Its web UI
		# (ui/build, built with yarn upstream) as an empty page (app_generate). The probe is its health route
		probe=/health
		export GOTIFY_SERVER_LISTENADDR=127.0.0.1 GOTIFY_SERVER_PORT=$((18494 + shift_port)) GOTIFY_DATABASE_DIALECT=sqlite3 \
			GOTIFY_DATABASE_CONNECTION=data/gotify.db GOTIFY_DEFAULTUSER_NAME=admin GOTIFY_DEFAULTUSER_PASS=local-trials \
			GOTIFY_PASSSTRENGTH=4 GOTIFY_UPLOADEDIMAGESDIR=data/images GOTIFY_PLUGINSDIR=data/plugins NOCOLOR=1 ;;
	stash) mainpkg=./cmd/stash port=18495 # configured by config.yml in its working directory (written by app_reset:
		# SQLite in stash-go.sqlite (mattn/go-sqlite3, its migrations run at start), the generated, cache, metadata and
		# blobs folders, an empty library folder media/, the user admin with the password local-trials (bcrypt), no
		# blobs_storage key: a configuration from before blobs could go to the filesystem) and STASH_ variables (the
		# address, over the file's). No ffmpeg or ffprobe (the app starts without them). Its GraphQL code and its
		# frontend as an empty page (app_generate). The probe is its heartbeat
		probe=/healthz
		export STASH_HOST=127.0.0.1 STASH_PORT=$((18495 + shift_port)) ;;
	ginadmin) mainpkg=. port=18496 binargs=(start) # its TOML files in configs/dev (read from the working directory, no
		# variables): the address (the wiring's), SQLite in data/ginadmin.db (gorm over mattn/go-sqlite3; its tables made
		# by gorm's auto-migration at start, the menus from configs/menu.json), the log hook's table in the same file,
		# the memory cache and the token store in data/auth (badger). The probe is its health check. Needs the sqlite3
		# shell and python3 (app_login signs its tokens)
		probe=/health ;;
	dnote) mainpkg=./pkg/server port=18497 binargs=(start) # its server, configured by the environment: the trial
		# database (DBHost, DBPort, DBName, DBUser; no SSL outside production), its web URL, on-premises (every new user
		# a Pro user); not GO_ENV=PRODUCTION, so that mails are printed, not sent. The address is the wiring's (its
		# -port flag's default). The probe is its health route
		probe=/health
		export DBHost=127.0.0.1 DBPort=$pgport DBName=postgres DBUser=postgres DBPassword= \
			WebURL=http://127.0.0.1:$((18497 + shift_port)) OnPremises=true ;;
	headscale) mainpkg=./cmd/headscale port=18498 binargs=(serve) # configured by config.yaml in its working directory
		# (the wiring's, named by HEADSCALE_CONFIG): the address, SQLite in data/db.sqlite (gorm over modernc's pure Go
		# driver, glebarez/sqlite; its tables made from the models at start and checked against hscontrol/db/schema.sql),
		# the noise key and the control socket in data/, IPv4 addresses only, the policy stored in the database, no
		# DERP map fetched (derp-example.yaml's), no update check, no metrics listener. The probe is its health check.
		# Needs the sqlite3 shell, jq and curl's --unix-socket (app_login)
		probe=/health
		export HEADSCALE_CONFIG=config.yaml ;;
	*) log "unknown app $1"; return 1 ;;
	esac
	port=$((port + shift_port))
	[ "$1" = pgweb ] && binargs=(--bind=127.0.0.1 --listen=$port --skip-open
		--url="postgres://postgres@127.0.0.1:$pgport/postgres?sslmode=disable")
	[ "$1" = shiori ] && binargs=(server --address 127.0.0.1 --port $port)
	[ "$1" = listmonk ] && binargs=(--config config.toml.sample)
	[ "$1" = memos ] && binargs=(--mode prod --addr 127.0.0.1 --port $port --data "$scratch/case/data" --metric=false)
	[ "$1" = greenlight ] && binargs=(-port=$port -limiter-enabled=false)
	[ "$1" = todos ] && binargs=(-config configs/todos/config.local.yaml)
	[ "$1" = tpr ] && binargs=(server --config tpr.conf --port $port)
	[ "$1" = wtf ] && binargs=(-config wtfd.conf)
	[ "$1" = ntfy ] && binargs=(serve --config ntfy.yml)
	[ "$1" = yarr ] && binargs=(-addr 127.0.0.1:$port -db yarr.db)
	[ "$1" = picoshare ] && binargs=(-db data/store.db)
	[ "$1" = lenpaste ] && binargs=(-address 127.0.0.1:$port -db-source lenpaste.db -db-cleanup-period 24h)
	[ "$1" = golink ] && binargs=(-dev-listen 127.0.0.1:$port -sqlitedb golink.db)
	[ "$1" = statping ] && binargs=(--ip 127.0.0.1 --port $port)
	[ "$1" = litecart ] && binargs=(serve --http 127.0.0.1:$port)
	[ "$1" = tgspam ] && binargs=(--server.enabled --server.listen=127.0.0.1:$port --server.auth=local-trials
		--files.dynamic=data --storage-timeout=30s)
	return 0
}
tern_sql() { # tpr's tern migrations as SQL: "first" (001-011) or "rest" (a case's later ones)
	python3 - "$1" <<'PY'
import glob, re, sys
first = sys.argv[1] == "first"
for f in sorted(glob.glob("postgresql/migrations/[0-9]*.sql")):
    if (int(f.split("/")[-1].split("_")[0]) <= 11) != first:
        continue
    s = open(f).read().split("---- create above")[0]
    s = re.sub(r'\{\{\s*template\s+"([^"]+)"\s*\.\s*\}\}', lambda m: open("postgresql/migrations/" + m.group(1)).read(), s)
    print(re.sub(r"\{\{\s*\.app_user\s*\}\}", "postgres", s))
PY
}
app_generate() { # code an app generates before it builds: wtf's HTML templates (ego), after the wiring and each bug
	case $1 in
	wtf) go run -mod=mod github.com/benbjohnson/ego/cmd/ego ./http/html ;;
	ntfy) # the web app and the docs the server embeds (built with npm and mkdocs upstream) as empty pages
		mkdir -p server/site server/docs && touch server/site/app.html server/docs/index.html ;;
	cloudreve) # the frontend the server embeds (a submodule, built upstream) as an empty zip archive
		[ -s application/statics/assets.zip ] ||
			printf 'PK\005\006\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' >application/statics/assets.zip ;;
	statping) # the assets the server finds through go.rice (source/dist, built from its frontend upstream) as one empty page
		mkdir -p source/dist && touch source/dist/base.gohtml ;;
	wgportal) # the frontend the server embeds (internal/app/api/core/frontend-dist, built with npm upstream) as empty files
		local d=internal/app/api/core/frontend-dist
		mkdir -p $d/assets $d/img && touch $d/index.html $d/favicon.ico $d/favicon.png $d/favicon-large.png \
			$d/assets/index.css $d/img/logo.png ;;
	pgbackweb) # its query code: the services' .sql files gathered into queries.gen.sql (as its
		# scripts/sqlc-prebuild.ts does, with node) and sqlc generate over them and the migrations (sqlc v1.30.0, the
		# version of its dev container, built once into the scratch directory)
		[ -x "$scratch/sqlc" ] || GOBIN=$scratch go install github.com/sqlc-dev/sqlc/cmd/sqlc@v1.30.0 || return 1
		mkdir -p internal/database/dbgen && {
			printf -- '-- This file is auto-generated. DO NOT EDIT.\n\n'
			find internal/service -name '*.sql' | sort | while read -r f; do
				sed "s#^-- name: #-- file: ./$f\n-- name: #" "$f"
				printf '\n\n'
			done
		} >internal/database/dbgen/queries.gen.sql && "$scratch/sqlc" generate ;;
	litecart) # the admin and site pages the server embeds (web/admin/build, web/site/build, built with bun upstream) as
		# empty pages
		mkdir -p web/admin/build web/site/build && touch web/admin/build/index.html web/site/build/index.html ;;
	stash) # its GraphQL server code (internal/api/generated_*.go, not in the repository), generated by gqlgen as its
		# Makefile's generate-backend target does (go generate ./cmd/stash), once in the wired copy (no bug changes the
		# schema), after the wiring's go.mod is tidied; the frontend the server embeds (ui/v2.5/build, built with npm
		# upstream) as an empty page
		mkdir -p ui/v2.5/build && { [ -s ui/v2.5/build/index.html ] ||
			echo '<!doctype html><title>Stash</title>' >ui/v2.5/build/index.html; } || return 1
		[ -s internal/api/generated_exec.go ] || { go mod tidy && go generate ./cmd/stash; } ;;
	alist) # the frontend the server embeds (public/dist, built apart upstream from alist-org/alist-web) as an empty page
		[ -s public/dist/index.html ] || echo '<!doctype html><title>AList</title>' >public/dist/index.html ;;
	gotifysrv) # the web UI the server embeds (ui/build, built with yarn upstream) as an empty page, its manifest and one
		# static file (go:embed build/* wants a file in each directory)
		mkdir -p ui/build/static && { [ -s ui/build/index.html ] || echo '<!doctype html><title>Gotify</title>' >ui/build/index.html; } &&
			{ [ -s ui/build/manifest.json ] || echo '{}' >ui/build/manifest.json; } && touch ui/build/static/defaultapp.png ;;
	riverui) # the frontend the server embeds (dist/, built with vite upstream) as vite leaves it: public/ copied as it is
		# (index.html is the Go template the server fills in), the manifest naming the entry's script and style sheet, both
		# empty. Made again after each bug, as a bug may change public/index.html
		rm -rf dist && mkdir -p dist/.vite dist/assets && cp -r public/. dist/ && touch dist/assets/main.js dist/assets/main.css &&
			printf '%s\n' '{"src/main.tsx":{"file":"assets/main.js","name":"main","src":"src/main.tsx","isEntry":true,"css":["assets/main.css"]}}' \
				>dist/.vite/manifest.json ;;
	templtodo) # its pages: the .templ files compiled to Go by templ generate (templ v0.2.501, the version go.mod
		# requires, built once into the scratch directory), as its README says; the *_templ.go files are not in the
		# repository. Made again after each bug, as a bug may change a .templ file
		[ -x "$scratch/templ" ] || GOBIN=$scratch GOFLAGS= go install github.com/a-h/templ/cmd/templ@v0.2.501 || return 1
		"$scratch/templ" generate >/dev/null 2>&1 ;;
	pufferpanel) # the frontend the server embeds (client/frontend/dist, built with yarn upstream, which copies public/ and
		# its webfiles.go into it) as public/ and an empty page
		[ -d client/frontend/dist ] || { cp -r client/frontend/public client/frontend/dist &&
			echo '<!doctype html><title>PufferPanel</title>' >client/frontend/dist/index.html; } ;;
	rwtxt) # the assets the server compiles in, as its Makefile's bundle target makes them (static/ gzipped, the
		# templates beside it) and go-bindata over them (go-bindata v3.1.2, built once into the scratch directory)
		[ -x "$scratch/go-bindata" ] ||
			GOBIN=$scratch GOFLAGS= go install github.com/go-bindata/go-bindata/go-bindata@v3.1.2+incompatible || return 1
		rm -rf assets && cp -r static assets && (cd assets && gzip -9 -r -- *) && {
			local f
			for f in main.html footer.html list.html header.html viewedit.html prism.js; do
				cp "templates/$f" "assets/$f" || return 1
			done
		} && "$scratch/go-bindata" -pkg rwtxt -nocompress assets assets/img assets/js assets/css assets/img/favicon ;;
	esac
}
app_reset() { # the app's database, fresh for every run
	case $1 in
	realworld) rm -f gorm.db ;;
	todo)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f schema/000001_init.up.sql ;;
	tasks)
		rm -f tasks.db && sqlite3 tasks.db <schema.sql && sqlite3 tasks.db "
insert into user(username, password, email) values('alice', 'pw', 'alice@example.com');
insert into category(name, user_id) values('work', 1);
insert into task(title, content, task_status_id, created_date, last_modified_at, priority, cat_id, user_id, hide)
  values('write report', 'draft the report', 2, datetime(), datetime(), 1, 1, 1, 0);
insert into comments(content, taskID, created, user_id) values('first comment', 1, datetime(), 1);" ;;
	albums)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f migrations/20191217202658_init.up.sql &&
			psql_q -c "INSERT INTO album(id, name, created_at, updated_at) VALUES ('a1', 'Blue Train', now(), now());" ;;
	bank) # the app runs its migrations when it starts
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' ;;
	bookings) # the schema dump holds two rooms, two reservations and a user
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f create_tables.sql ;;
	miniflux) # the app runs its migrations and creates the admin when it starts
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' ;;
	gophish) # SQLite in the scratch copy: the app runs its goose migrations and creates the admin when it starts
		rm -f gophish.db ;;
	gobase) # its migrations (Go and SQL, bun) bootstrap admin@example.com (1) and user@example.com (2)
		# with a profile each; the admin's is removed, so that the first read creates it
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			"$bin" migrate >/dev/null &&
			psql_q -c 'DELETE FROM profiles WHERE account_id = 1;' ;;
	pgweb) # a database to browse: a table with rows, a partitioned table, a view; analyzed,
		# so that the row estimates pgweb reads are set
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' -c "
CREATE TABLE books (id serial PRIMARY KEY, title text NOT NULL, published date);
INSERT INTO books (title, published) SELECT 'Book ' || i, date '2020-01-01' + i FROM generate_series(1, 250) i;
CREATE TABLE events (id bigint, at date NOT NULL) PARTITION BY RANGE (at);
CREATE TABLE events_2026 PARTITION OF events FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
INSERT INTO events VALUES (1, '2026-03-01');
CREATE VIEW recent_books AS SELECT * FROM books WHERE published > date '2020-06-01';
ANALYZE;" ;;
	pagoda) # SQLite in the scratch copy (dbs/main.db): ent's auto-migration and the task
		# queue's Install create the schema when the app starts
		rm -rf dbs uploads ;;
	wakapi) # SQLite in the scratch copy: gorm's auto-migration and wakapi's own migrations run at start
		rm -f wakapi_db.db wakapi_db.db-shm wakapi_db.db-wal ;;
	shiori) # its SQL migrations run at start, and create the shiori/gopher owner account
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' && rm -rf data ;;
	authn) # the server does not migrate: its migrate command creates the SQLite tables
		rm -f authn.db authn.db-shm authn.db-wal && "$bin" migrate >/dev/null ;;
	listmonk) # --install loads schema.sql with its sample lists (1 private, 2 public and double
		# opt-in), subscribers (john@example.com, 1) and campaign, the admin user and the API
		# user "api", whose token is set to a known one (the app keeps its SHA-256). An unstuffed
		# binary reads its assets from the working directory, the admin's built frontend included
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' && mkdir -p frontend/dist &&
			"$bin" "${binargs[@]}" --install --yes --idempotent >/dev/null 2>&1 &&
			psql_q -c "UPDATE users SET password = encode(sha256('local-trials-token'::bytea), 'hex') WHERE username = 'api';" ;;
	sales) # its migrations (darwin's file, which psql runs whole) and seed: admin@example.com (ADMIN)
		# and user@example.com, both with the password gophers; one product of the second user's
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f business/data/dbmigrate/sql/migrate.sql -f business/data/dbmigrate/sql/seed.sql -c "
INSERT INTO products (product_id, user_id, name, cost, quantity, date_created, date_updated)
  VALUES ('a2b0639f-2cc6-44b8-b97b-15d69dbb511e', '45b5fbd3-755f-4379-8f07-a58d4a30fa2f', 'Gopher mug', 25, 10, now(), now());" ;;
	memos) # a fresh data directory: a new database gets the prod LATEST__SCHEMA.sql at start; the
		# frontend is not built, so an index page stands in for it
		rm -rf data && mkdir data && mkdir -p dist &&
			echo '<!doctype html><title>memos</title>' >dist/index.html ;;
	semaphore) # its migrations run in its user command, which makes the admin user
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' && rm -rf "$scratch/semaphore-tmp" &&
			"$bin" user add --admin --login admin --name Admin --email admin@example.com \
				--password local-trials --no-config >/dev/null 2>&1 ;;
	tgspam) # SQLite beside the sample files: the app makes its tables and loads the samples when it starts,
		# renaming each file it loaded (*.loaded), so the data directory comes back from the base copy
		rm -rf data && cp -a "$base/data" data && rm -f data/tg-spam.db ;;
	gorsk) # its migration command (built once per case, from the case's copy) makes the tables from the models
		# and seeds the roles, company 1, location 1 and the admin (1, admin/admin); the admin's id is
		# given, so the users sequence is moved past it
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			{ [ -x migrate.bin ] || go build -o migrate.bin ./cmd/migration; } && ./migrate.bin >/dev/null &&
			psql_q -c "SELECT setval('users_id_seq', (SELECT max(id) FROM users));" ;;
	gbtemplate) # its first migration, alice (1) and bob (2) with the password local-trials (bcrypt), given by position
		# as a case's migration may rename a column; then the case's later migrations
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f migrations/000001_init.up.sql -c "
INSERT INTO users VALUES (DEFAULT, 'Alice', 'Smith', 'alice@example.com', '\$2a\$10\$rCxpPRP4K2NKVtzHviqRye2XKuVyGg2KgYibI3u1sGQeHcYn.iVW2'),
  (DEFAULT, 'Bob', 'Jones', 'bob@example.com', '\$2a\$10\$rCxpPRP4K2NKVtzHviqRye2XKuVyGg2KgYibI3u1sGQeHcYn.iVW2');" && {
			local f
			for f in migrations/*.up.sql; do
				case $f in */000001_*) ;; *) psql_q -f "$f" || return 1 ;; esac
			done
		} ;;
	tpr) # tern's migrations up to 011, rendered (app_user is postgres; a {{ template }} is the file it names):
		# alice (1, password local-trials: the app's digest and salt), feed 1 ("Go blog") with items 1 and 2, her
		# subscription, both items unread and a password reset token; then the case's later migrations
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' && tern_sql first | psql_q && psql_q -c "
INSERT INTO users (name, email, password_digest, password_salt) VALUES ('alice', 'alice@example.com',
  '\x515afbf2ce4ff4a2d9f9e1ac9803d1812831896b7bbc4fe84052fcfbe3a935f7', '\xc0f726fe70d74033');
INSERT INTO feeds (name, url, last_fetch_time) VALUES ('Go blog', 'http://127.0.0.1:9/feed.xml', now());
INSERT INTO items (feed_id, publication_time, title, url) VALUES
  (1, now() - interval '1 day', 'Go 1.26 is released', 'http://127.0.0.1:9/go1.26'),
  (1, now(), 'Working with errors', 'http://127.0.0.1:9/errors');
INSERT INTO subscriptions (user_id, feed_id) VALUES (1, 1);
INSERT INTO unread_items (user_id, feed_id, item_id) VALUES (1, 1, 1), (1, 1, 2);
INSERT INTO password_resets (token, email, request_time, user_id)
  VALUES ('local-trials-reset-token', 'alice@example.com', now(), 1);" && tern_sql rest | psql_q ;;
	goapp) # the SQL files of schemas/, and alice (no phone or address)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f schemas/functions.sql -f schemas/users.sql -f schemas/user_notes.sql -c "
INSERT INTO users(id, email, full_name) VALUES ('8f0c1f0e-5d6b-4c3a-9e2f-1a2b3c4d5e6f', 'alice@example.com', 'Alice');" ;;
	go8) # the Up part of each goose migration (psql would run the Down part too), in the files' order; book 1
		# and author 1 (Ann Leckie) with her book 2
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' && {
			local f
			for f in database/migrations/*.sql; do
				sed -n '/+goose Up/,/+goose Down/p' "$f" | psql_q || return 1
			done
		} && psql_q -c "
INSERT INTO books (title, published_date, image_url, description) VALUES ('Go in Action', '2020-01-02T15:04:05Z', 'https://example.com/go.png', 'a book about Go');
INSERT INTO authors (first_name, last_name) VALUES ('Ann', 'Leckie');
INSERT INTO books (title, published_date, image_url, description) VALUES ('Ancillary Justice', '2013-10-01', 'https://example.com/aj.png', 'a ship');
INSERT INTO book_authors (book_id, author_id) VALUES (2, 1);" ;;
	greenlight) # golang-migrate's up files in order (citext first, which the users table needs); movie 1 is
		# added at sign-in
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public; CREATE EXTENSION IF NOT EXISTS citext;' && {
			local f
			for f in migrations/*.up.sql; do psql_q -f "$f" || return 1; done
		} ;;
	todos) # the app runs its golang-migrate migrations (embedded) when it starts
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' ;;
	spacebin) # the app runs its golang-migrate migrations (embedded) when it starts
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' ;;
	homebox) # SQLite in the copy's .data directory: ent's auto-migration makes the schema when the app starts
		rm -rf .data ;;
	cloudreve) # SQLite, uploads and temporary files in the copy's data directory: the app makes the schema and
		# its seed when it starts
		rm -rf data ;;
	ntfy) # both SQLite files: the app makes their schemas when it starts
		rm -f cache.db cache.db-* user.db user.db-* ;;
	yarr) # its SQLite file: the app runs its migrations when it starts
		rm -f yarr.db yarr.db-* ;;
	picoshare) # its data directory: the app makes the SQLite file and runs its migrations when it starts
		rm -rf data ;;
	lenpaste) # its SQLite file: the app makes its table and adds the author columns when it starts
		rm -f lenpaste.db lenpaste.db-* ;;
	plik) # its data directory: the app makes the SQLite file and its schema when it starts; the content of
		# file ffffffffffffffff ("hello notes") where the file data backend keeps it
		rm -rf data && mkdir -p data/files/ff && printf 'hello notes' >data/files/ff/ffffffffffffffff ;;
	ezbookkeeping) # its SQLite file (data/) and its file storage (storage/, which must exist): the app makes its
		# tables when it starts
		rm -rf data storage && mkdir -p data storage ;;
	golink) # its SQLite file: the app makes its tables (schema.sql) when it starts
		rm -f golink.db golink.db-* ;;
	fathom) # its SQLite file: the app runs its migrations when it starts
		rm -f fathom.db fathom.db-* ;;
	donetick) # its SQLite file: the app makes its tables and runs its migrations when it starts
		rm -f donetick.db donetick.db-* ;;
	statping) # its SQLite file, config.yml and logs: the app makes the tables, its settings and its admin user when it starts
		rm -rf statping.db statping.db-* config.yml logs ;;
	wgportal) # its data directory: the app makes the SQLite file, its tables and the admin user when it starts
		rm -rf data ;;
	oneapi) # its SQLite file and its logs: the app makes its tables and the root user when it starts
		rm -rf one-api.db one-api.db-* logs ;;
	sftpgo) # its SQLite file and its backups directory: the app makes the schema, runs its migrations and makes the admin
		# when it starts
		rm -rf sftpgo.db sftpgo.db-* backups ;;
	pufferpanel) # its SQLite file, config.json, logs and data directory: its dbmigrate command makes the tables (gorm's
		# auto-migration) and its user command the admin alice (1, password local-trials; run as root, or a member of
		# group pufferpanel, as the binary requires)
		rm -rf pufferpanel.db pufferpanel.db-* pufferpanel.db.*.backup config.json logs data && echo '{}' >config.json &&
			"$bin" dbmigrate >/dev/null 2>&1 &&
			"$bin" user add --name alice --email alice@example.com --password local-trials --admin >/dev/null 2>&1 ;;
	casdoor) # its SQLite file and its session files: the app makes its tables and its built-in data when it starts
		rm -rf casdoor.db casdoor.db-* tmp logs ;;
	rwtxt) # its SQLite file and its dump: the app makes its tables and the public domain when it starts
		rm -f rwtxt.db rwtxt.db-* rwtxt.db.sql.gz ;;
	artalk) # its data directory: the admin command makes the SQLite file, its tables and the admin (1, admin@example.com,
		# password local-trials); the server makes the default site ("Default Site") when it starts
		rm -rf data && "$bin" admin -w . -c artalk.yml --name admin --email admin@example.com --password local-trials >/dev/null 2>&1 ;;
	gva) # its SQLite file, logs and uploads, and a fresh copy of its config file. The database is set up as the app's
		# first-run page does it, through its init API (POST /init/initdb: the tables, roles 888, 8881 and 9528, menus,
		# APIs and their casbin rules, dictionaries, departments, the security settings and the admin, 1, admin/local-trials),
		# on a first start of the server, stopped after it; the next start opens that database. The captcha is then
		# asked for only after 100 failed sign-ins from an address (the setting is 0, every time, at first)
		rm -rf gva.db gva.db-* log uploads config.run.yaml && cp config.yaml config.run.yaml && {
			"$bin" "${binargs[@]}" >gva-init.log 2>&1 &
			local pid=$!
			wait_up $pid
			curl -s -m 120 -o /dev/null -H 'Content-Type: application/json' -X POST \
				--data '{"adminPassword":"local-trials","dbType":"sqlite","dbName":"gva","dbPath":"."}' \
				"http://127.0.0.1:$port/init/initdb"
			kill $pid 2>/dev/null
			wait $pid 2>/dev/null
			sqlite3 -cmd '.timeout 5000' gva.db 'UPDATE sys_security_config SET captcha_open = 100;'
		} ;;
	fiberapi) # its one migration (the books table; the uuid-ossp extension) and book 11111111-... ("Go in Action", user
		# 22222222-..., active)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			psql_q -f platform/migrations/000001_create_init_tables.up.sql -c "
INSERT INTO books (id, created_at, updated_at, user_id, title, author, book_status, book_attrs)
  VALUES ('11111111-1111-4111-8111-111111111111', now(), now(), '22222222-2222-4222-8222-222222222222', 'Go in Action',
  'William Kennedy', 1, '{\"picture\":\"\",\"description\":\"the gopher book\",\"rating\":8}');" ;;
	pgbackweb) # its goose migrations' Up parts, run with psql, and the seed: alice (password local-trials, bcrypt by
		# pgcrypto), database "Trials DB" (22222222-..., PostgreSQL 15, the trial cluster), S3 destination "Trials S3"
		# (33333333-..., on 127.0.0.1:9), backup "Nightly" (44444444-..., inactive) and its successful execution
		# 55555555-... with a file in the bucket; the secrets encrypted with the .env's key, as the app does (pgcrypto)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' &&
			for f in internal/database/migrations/*.sql; do
				awk '/^-- \+goose Down/ { exit } /^-- \+goose/ { next } { print }' "$f"
			done | psql_q && psql_q -c "
INSERT INTO users (id, name, email, password) VALUES
  ('11111111-1111-4111-8111-111111111111', 'Alice', 'alice@example.com', crypt('local-trials', gen_salt('bf', 10)));
INSERT INTO databases (id, name, connection_string, pg_version, test_ok) VALUES
  ('22222222-2222-4222-8222-222222222222', 'Trials DB',
   pgp_sym_encrypt('postgresql://postgres@127.0.0.1:$pgport/postgres', 'local-trials-encryption-key'), '15', true);
INSERT INTO destinations (id, name, bucket_name, access_key, secret_key, region, endpoint, test_ok) VALUES
  ('33333333-3333-4333-8333-333333333333', 'Trials S3', 'trials-backups',
   pgp_sym_encrypt('trials-access-key', 'local-trials-encryption-key'),
   pgp_sym_encrypt('trials-secret-key', 'local-trials-encryption-key'), 'us-east-1', 'http://127.0.0.1:9', true);
INSERT INTO backups (id, database_id, destination_id, name, cron_expression, time_zone, is_active, dest_dir, is_local)
  VALUES ('44444444-4444-4444-8444-444444444444', '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333', 'Nightly', '0 3 * * *', 'UTC', false, '/nightly', false);
INSERT INTO executions (id, backup_id, status, message, path, finished_at, file_size) VALUES
  ('55555555-5555-4555-8555-555555555555', '44444444-4444-4444-8444-444444444444', 'success',
   'Backup created successfully', 'nightly/dump-2026-12-01.zip', now(), 2048);" ;;
	goclean) # its golang-migrate SQL migrations in order (the app runs none when it starts), then, by position (a case's
		# migration may rename a column): alice (11111111-...) and bob (33333333-...), both with the password
		# local-trials (bcrypt), alice's task 22222222-... ("Write report", todo) and one translation in her history
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' || return 1
		local f
		for f in migrations/*.up.sql; do psql_q -f "$f" || return 1; done
		psql_q -c "INSERT INTO users VALUES ('11111111-1111-4111-8111-111111111111', 'alice', 'alice@example.com',
  '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', '2026-01-01 00:00:00', '2026-01-01 00:00:00'),
  ('33333333-3333-4333-8333-333333333333', 'bob', 'bob@example.com',
  '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', '2026-01-01 00:00:00', '2026-01-01 00:00:00');
INSERT INTO tasks VALUES ('22222222-2222-4222-8222-222222222222', '11111111-1111-4111-8111-111111111111', 'Write report',
  'draft the quarterly report', 'todo', '2026-01-02 00:00:00', '2026-01-02 00:00:00');
INSERT INTO history VALUES (DEFAULT, '11111111-1111-4111-8111-111111111111', 'auto', 'en', 'текст для перевода',
  'text for translation');" ;;
	journalist) # its SQLite file: the app makes its tables (ent's auto-migration) and the admin user when it starts
		rm -f journalist.db journalist.db-* ;;
	sonic) # its SQLite file, logs and uploads: the app makes its tables when it starts; the blog is installed by
		# app_login, through the app's own installation API
		rm -rf sonic.db sonic.db-* logs upload ;;
	litecart) # its SQLite file and its uploads: the app makes the database and runs its migrations when it starts; the
		# cart is installed by app_login, through the app's own installation API
		rm -rf lc_base lc_uploads lc_digitals ;;
	fiberrw) # its SQLite file: the app makes its tables (gorm's auto-migration) when it starts
		rm -f database/realworld.db database/realworld.db-* ;;
	templtodo) # its SQLite file as a developer's database made by the app at this commit: its two tables as the app's
		# createMigrations makes them (CREATE TABLE IF NOT EXISTS: the app leaves an existing table as it is), and the
		# seed: alice (1) and bob (2), both with the password local-trials (bcrypt); alice's tasks "Buy milk" (1, open)
		# and "Write report" (2, done), bob's "Fix bike" (3, open)
		rm -f app_data.db app_data.db-* && sqlite3 app_data.db "
CREATE TABLE users (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		email VARCHAR(255) NOT NULL UNIQUE,
		password VARCHAR(255) NOT NULL,
		username VARCHAR(64) NOT NULL
	);
CREATE TABLE todos (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		created_by INTEGER NOT NULL,
		title VARCHAR(64) NOT NULL,
		description VARCHAR(255) NULL,
		status BOOLEAN DEFAULT(FALSE),
		created_at DATETIME default CURRENT_TIMESTAMP,
		FOREIGN KEY(created_by) REFERENCES users(id)
	);
INSERT INTO users (email, password, username) VALUES
  ('alice@example.com', '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', 'alice'),
  ('bob@example.com', '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', 'bob');
INSERT INTO todos (created_by, title, description, status, created_at) VALUES
  (1, 'Buy milk', 'two litres', FALSE, '2026-01-02 10:00:00'),
  (1, 'Write report', 'the quarterly report', TRUE, '2026-01-03 10:00:00'),
  (2, 'Fix bike', 'the front brake', FALSE, '2026-01-04 10:00:00');" ;;
	alist) # its data directory: the app writes data/config.json with its defaults and makes the SQLite file data/data.db
		# (its tables by gorm's auto-migration, its settings, the admin user with the password ALIST_ADMIN_PASSWORD and the
		# disabled guest) when it starts. The files the local storage serves (app_login mounts it): notes.txt and
		# docs/plan.md
		rm -rf data files && mkdir -p files/docs && printf 'remember the milk\n' >files/notes.txt &&
			printf 'draft\n' >files/docs/plan.md ;;
	gotifysrv) # its data directory: the app makes data/gotify.db (gorm's auto-migration of its models) and the first user,
		# admin, when it starts
		rm -rf data ;;
	answer) # its data directory, made by the app's own installation, run by its environment (AUTO_INSTALL): "answer init"
		# writes data/conf/config.yaml, makes the tables from the entities (xorm's Sync) with their initial data, and the
		# administrator admin@example.com (password local-trials), then serves its installation page (INSTALL_PORT), which
		# answers once all that is done, and is stopped
		rm -rf data
		local ipid i
		AUTO_INSTALL=true DB_TYPE=sqlite3 DB_FILE=data/answer.db LANGUAGE=en_US SITE_NAME=trials \
			SITE_URL=http://127.0.0.1:$port CONTACT_EMAIL=admin@example.com ADMIN_NAME=admin ADMIN_PASSWORD=local-trials \
			ADMIN_EMAIL=admin@example.com EXTERNAL_CONTENT_DISPLAY=always_display INSTALL_PORT=$((port + 1000)) \
			"$bin" init -C ./data/ >install.log 2>&1 &
		ipid=$!
		for i in $(seq 1 150); do
			curl -s -o /dev/null -m 1 "http://127.0.0.1:$((port + 1000))/" && break
			kill -0 $ipid 2>/dev/null || break
			sleep 0.2
		done
		kill $ipid 2>/dev/null
		wait $ipid 2>/dev/null
		[ -s data/conf/config.yaml ] ;;
	navidrome) # its data folder (the app makes its database and runs its migrations when it starts, library 1 on the
		# music folder) and the empty music folder
		rm -rf data music && mkdir -p data music ;;
	stash) # its configuration (the app adds its defaults and keys to it at start), no database (the app makes
		# stash-go.sqlite and runs its migrations when it starts) and its folders; the library folder media/ is empty
		rm -rf stash-go.sqlite stash-go.sqlite-* generated cache metadata blobs plugins scrapers media config.yml &&
			mkdir -p media generated cache metadata blobs && cat >config.yml <<'EOF_STASH'
host: 127.0.0.1
port: 18495
database: stash-go.sqlite
generated: generated
cache: cache
metadata: metadata
blobs_path: blobs
username: admin
password: $2a$04$HtYl3bh2BzgHaaqQXSe0lu5XBl9OPFaXK8U1ru84H3KUS0p2xQ2TC
nobrowser: true
stash:
  - path: media
EOF_STASH
		;;
	ginadmin) # its data directory (the SQLite file, the token store) and the casbin policy the app writes into configs/
		# (read-only once written)
		rm -rf data && rm -f configs/gen_rbac_policy.csv configs/gen_rbac_policy.csv.bak ;;
	dnote) # an empty schema: the app makes its tables when it starts (the uuid-ossp extension, gorm's auto-migration
		# of the models, then its SQL migrations, sql-migrate: the text search configuration and the notes' tsv
		# trigger); app_login seeds them
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' ;;
	headscale) # its data directory: the SQLite file, the noise key (made at start) and the control socket
		rm -rf data && mkdir -p data ;;
	gormpg) # its migrate command (the uuid-ossp extension and gorm's auto-migration of the users and posts tables, from
		# the models; the server runs none), built once per case, then the seed: alice (11111111-...) and bob
		# (33333333-...), both with the password local-trials (bcrypt), and alice's post 22222222-... ("Hello Gorm")
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' || return 1
		{ [ -x migrate.bin ] || go build -o migrate.bin ./migrate; } && ./migrate.bin >migrate.log 2>&1 || return 1
		psql_q -c "INSERT INTO users (id, name, email, password, role, provider, photo, verified, created_at, updated_at) VALUES
  ('11111111-1111-4111-8111-111111111111', 'Alice', 'alice@example.com',
  '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', 'user', 'local', 'alice.png', true, now(), now()),
  ('33333333-3333-4333-8333-333333333333', 'Bob', 'bob@example.com',
  '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', 'user', 'local', 'bob.png', true, now(), now());
INSERT INTO posts (id, title, content, image, \"user\", created_at, updated_at) VALUES
  ('22222222-2222-4222-8222-222222222222', 'Hello Gorm', 'My first post with Gin, Gorm and PostgreSQL.',
  'https://example.com/img/hello.png', '11111111-1111-4111-8111-111111111111', now(), now());" ;;
	goshop) # its golang-migrate SQL migration (the app runs none when it starts), then the seed: alice (11111111-...,
		# customer) and admin (33333333-..., admin), both with the password local-trials (bcrypt), category Keyboards
		# (44444444-...), product "Mechanical Keyboard" (22222222-..., 10 in stock, none reserved) and alice's preference for
		# OrderPaid mails (55555555-..., enabled)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' || return 1
		local f
		for f in migrations/*.up.sql; do psql_q -f "$f" || return 1; done
		psql_q -c "INSERT INTO users (id, created_at, updated_at, email, password, role) VALUES
  ('11111111-1111-4111-8111-111111111111', now(), now(), 'alice@example.com',
  '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', 'customer'),
  ('33333333-3333-4333-8333-333333333333', now(), now(), 'admin@example.com',
  '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', 'admin');
INSERT INTO categories (id, created_at, updated_at, name, slug, description) VALUES
  ('44444444-4444-4444-8444-444444444444', now(), now(), 'Keyboards', 'keyboards', 'mechanical and membrane');
INSERT INTO products (id, created_at, updated_at, code, name, description, price, active, stock_quantity,
  reserved_quantity, avg_rating, review_count, images, category_id) VALUES
  ('22222222-2222-4222-8222-222222222222', now(), now(), 'P-TRIALS-1', 'Mechanical Keyboard', 'tenkeyless, brown switches',
  49.5, true, 10, 0, 0, 0, '[]', '44444444-4444-4444-8444-444444444444');
INSERT INTO preferences (id, created_at, updated_at, user_id, event_type, channel, enabled) VALUES
  ('55555555-5555-4555-8555-555555555555', now(), now(), '11111111-1111-4111-8111-111111111111', 'OrderPaid', 'email',
  true);" ;;
	wtf) # its first migration, recorded as run, and the seed: alice (1) and bob (2) with their API keys, alice's
		# dial 1 ("Deploys", invite code local-trials-invite) with alice (membership 1) and bob (2) as members and
		# one value; the app runs a case's later migrations (sqlite/migration) when it starts. Users sign in
		# through GitHub only, so they are written here
		rm -f wtf.db wtf.db-shm wtf.db-wal && sqlite3 wtf.db <sqlite/migration/00000000.sql && sqlite3 wtf.db "
CREATE TABLE migrations (name TEXT PRIMARY KEY);
INSERT INTO migrations (name) VALUES ('migration/00000000.sql');
INSERT INTO users (name, email, api_key, created_at, updated_at) VALUES
  ('Alice', 'alice@example.com', 'local-trials-alice', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
  ('Bob', 'bob@example.com', 'local-trials-bob', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
INSERT INTO dials (user_id, name, invite_code, value, created_at, updated_at)
  VALUES (1, 'Deploys', 'local-trials-invite', 30, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
INSERT INTO dial_values (dial_id, \"timestamp\", value) VALUES (1, '2026-01-01T00:00:00Z', 30);
INSERT INTO dial_memberships (dial_id, user_id, value, created_at, updated_at) VALUES
  (1, 1, 40, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
  (1, 2, 20, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');" ;;
	fider) # its migrate command makes the schema. Fider signs people in by e-mail: its tenant (1, "Trials", active)
		# and administrator alice (1, with the API key local-trials-api-key) are written in the database. The
		# frontend is not built: an empty server-side rendering script and an empty dist directory stand in for it
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' && mkdir -p dist && : >ssr.js &&
			"$bin" migrate >/dev/null 2>&1 && psql_q -c "
INSERT INTO tenants (name, subdomain, created_at, cname, invitation, welcome_message, status, is_private, custom_css,
  logo_bkey, locale, is_email_auth_allowed, is_feed_enabled, prevent_indexing, is_moderation_enabled)
  VALUES ('Trials', 'trials', now(), '', '', '', 1, false, '', '', 'en', true, true, true, false);
INSERT INTO users (name, email, tenant_id, created_at, role, status, avatar_type, avatar_bkey, api_key, api_key_date)
  VALUES ('Alice', 'alice@example.com', 1, now(), 3, 1, 2, '', 'local-trials-api-key', now());" ;;
	riverui) # River's migrations (the SQL files of the riverpgxv5 driver go.mod requires, main line 001-007, with their
		# schema template comments removed, as River's migrator does), recorded as run, then the seed: queues default (its
		# metadata: a concurrency limit partitioned by the args customer_id and region), mailers (paused) and reports; jobs
		# 1 (email_send, available), 2 (report_build, completed), 3 (invoice_sync, discarded), 4 (invoice_sync, available,
		# with 3's unique key and River's default unique states) and 5 (report_build, discarded)
		psql_q -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;' || return 1
		local d f
		d=$(go list -m -f '{{.Dir}}' github.com/riverqueue/river/riverdriver/riverpgxv5) && [ -n "$d" ] || return 1
		for f in "$d"/migration/main/*.up.sql; do sed 's#/\* TEMPLATE: schema \*/##g' "$f"; done | psql_q || return 1
		psql_q <<'SQL'
INSERT INTO river_migration (line, version) SELECT 'main', v FROM generate_series(1, 7) v;
INSERT INTO river_queue (name, created_at, metadata, paused_at, updated_at) VALUES
  ('default', now() - interval '2 days', '{"concurrency":{"global_limit":10,"local_limit":2,"partition":{"by_args":["customer_id","region"],"by_kind":true}}}', NULL, now()),
  ('mailers', now() - interval '2 days', '{}', now() - interval '1 hour', now()),
  ('reports', now() - interval '1 day', '{}', NULL, now());
INSERT INTO river_job (id, args, attempt, attempted_at, attempted_by, errors, finalized_at, kind, max_attempts, priority, queue, state, scheduled_at, tags, unique_key, unique_states) VALUES
  (1, '{"to":"alice@example.com","template":"welcome"}', 0, NULL, NULL, NULL, NULL, 'email_send', 25, 1, 'mailers', 'available', now() + interval '1 hour', '{welcome}', NULL, NULL),
  (2, '{"report_id":42}', 1, now() - interval '3 hours', '{worker-1}', NULL, now() - interval '3 hours', 'report_build', 25, 2, 'reports', 'completed', now() - interval '3 hours', '{}', NULL, NULL),
  (3, '{"customer_id":7,"region":"eu"}', 25, now() - interval '5 hours', '{worker-1}',
     ARRAY['{"at":"2026-12-01T10:00:00Z","attempt":25,"error":"upstream timeout","trace":""}'::jsonb], now() - interval '5 hours',
     'invoice_sync', 25, 1, 'default', 'discarded', now() - interval '5 hours', '{billing}', '\x696e766f6963655f73796e633a37', B'11110101'),
  (4, '{"customer_id":7,"region":"eu"}', 0, NULL, NULL, NULL, NULL, 'invoice_sync', 25, 1, 'default', 'available', now() + interval '1 hour', '{billing}', '\x696e766f6963655f73796e633a37', B'11110101'),
  (5, '{"report_id":43}', 3, now() - interval '1 day', '{worker-2}', NULL, now() - interval '1 day', 'report_build', 3, 2, 'reports', 'discarded', now() - interval '1 day', '{}', NULL, NULL);
SELECT setval('river_job_id_seq', 100);
SQL
		;;
	esac
}
app_login() { # data the case's request needs, and the credentials
	auth=() login_token= seed_time=
	rm -f "$jar"
	local tok
	case $1 in
	realworld)
		tok=$(post /api/users/ json '{"user":{"username":"alice","email":"alice@example.com","password":"password1"}}' | jq -r '.user.token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Token $tok") ;;
	todo)
		post /auth/sign-up json '{"name":"Alice","username":"alice","password":"pw"}' >/dev/null
		tok=$(post /auth/sign-in json '{"username":"alice","password":"pw"}' | jq -r '.token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		post /api/lists/ json '{"title":"groceries","description":"weekly"}' >/dev/null
		post /api/lists/1/items/ json '{"title":"milk","description":"2 l"}' >/dev/null ;;
	tasks)
		post /login/ form 'username=alice&password=pw' >/dev/null ;;
	albums)
		tok=$(post /v1/login json '{"username":"demo","password":"pass"}' | jq -r '.token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
	bank) # alice's USD account is 1; bob's, to transfer to, is 2
		post /users json '{"username":"alice","full_name":"Alice","email":"alice@example.com","password":"secret123"}' >/dev/null
		tok=$(post /users/login json '{"username":"alice","password":"secret123"}' | jq -r '.access_token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		post /accounts json '{"currency":"USD"}' >/dev/null
		psql_q -c "UPDATE accounts SET balance = 100 WHERE id = 1;
INSERT INTO users(username, hashed_password, full_name, email) VALUES ('bob', 'x', 'Bob', 'bob@example.org');
INSERT INTO accounts(owner, balance, currency) VALUES ('bob', 100, 'USD');" 2>/dev/null ;;
	bookings) # nosurf guards every POST: the session's CSRF token goes in a header
		tok=$(curl -s -m 30 -b "$jar" -c "$jar" "http://127.0.0.1:$port/user/login" |
			sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' | head -1 |
			python3 -c 'import html, sys; print(html.unescape(sys.stdin.read().strip()))')
		[ -n "$tok" ] && auth=(-H "X-CSRF-Token: $tok") ;;
	miniflux) # category "news" (2, besides "All"), a feed in it and one entry
		auth=(-u admin:local-trials)
		post /v1/categories json '{"title":"news"}' >/dev/null
		psql_q -c "INSERT INTO feeds(user_id, category_id, title, feed_url, site_url)
  VALUES (1, 2, 'Local news', 'http://127.0.0.1:9/feed.xml', 'http://127.0.0.1:9/');
INSERT INTO entries(user_id, feed_id, hash, published_at, changed_at, title, url, content, author, status)
  VALUES (1, 1, 'entry-1', now(), now(), 'First entry', 'http://127.0.0.1:9/1', '<p>hello</p>', 'ann', 'unread');" 2>/dev/null ;;
	gophish) # the API takes the admin's key; group 1, "staff", with one target
		auth=(-H "Authorization: Bearer local-trials-api-key")
		post /api/groups/ json '{"name":"staff","targets":[{"email":"alice@example.com","first_name":"Alice","last_name":"Smith","position":"CFO"}]}' >/dev/null
		# the admin pages' POSTs need gorilla/csrf's token (in a header), read from the
		# login page: only for a case that posts to /login (run_mode's method and path),
		# so that no other case's run requests a page before the case's own request
		if [ "$method $path" = "POST /login" ]; then
			tok=$(curl -s -m 30 -b "$jar" -c "$jar" "http://127.0.0.1:$port/login" |
				sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' | head -1 |
				python3 -c 'import html, sys; print(html.unescape(sys.stdin.read().strip()))')
			[ -n "$tok" ] && auth+=(-H "X-CSRF-Token: $tok")
		fi ;;
	gobase) # passwordless: POST /auth/login e-mails a login token, which the app's mock
		# mailer (no SMTP configured) prints to the server's log; POST /auth/token trades
		# it for an access and a refresh JWT. A case on /auth/login needs nothing; one on
		# /auth/token gets a fresh login token (LOGIN_TOKEN in its data); one on
		# /auth/refresh or /auth/logout sends the refresh JWT, any other the access JWT.
		# $path and the log are run_mode's.
		[ "$path" = /auth/login ] && return 0
		post /auth/login json '{"email":"admin@example.com"}' >/dev/null
		local i
		for i in $(seq 1 50); do
			login_token=$(sed -n 's/.*Token:"\([A-Za-z0-9]*\)".*/\1/p' "$out/reports/$id.$mode.log" | tail -1)
			[ -n "$login_token" ] && break
			sleep 0.1
		done
		[ "$path" = /auth/token ] && return 0
		tok=$(post /auth/token json "{\"token\":\"$login_token\"}")
		case $path in
		/auth/refresh | /auth/logout) tok=$(jq -r '.refresh_token // empty' <<<"$tok" 2>/dev/null) ;;
		*) tok=$(jq -r '.access_token // empty' <<<"$tok" 2>/dev/null) ;;
		esac
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
	pagoda) # alice registers through the app's form, which signs her in; echo's CSRF
		# token is a form field (csrf=LOGIN_TOKEN in a case's data). She signs out again
		# but for the example pages a signed-in user visits (/cache, /task): the /user
		# pages are for visitors only. The CSRF cookie has the path of the page that set
		# it: a POST outside /user reads its token from its own page (a GET of its path).
		tok=$(curl -s -m 30 -b "$jar" -c "$jar" "http://127.0.0.1:$port/user/register" |
			sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1)
		login_token=$tok
		post /user/register form "csrf=$tok&name=Alice&email=alice@example.com&password=local-trials&password-confirm=local-trials" >/dev/null
		case $path in
		/cache | /task) ;;
		*) curl -s -o /dev/null -m 30 -b "$jar" -c "$jar" "http://127.0.0.1:$port/logout" ;;
		esac
		case "$method $path" in
		"POST /user/"*) ;;
		"POST "*) login_token=$(curl -s -m 30 -b "$jar" -c "$jar" "http://127.0.0.1:$port$path" |
			sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' | head -1) ;;
		esac ;;
	wakapi) # alice signs up through the form (the first user, an admin) and signs in (the
		# cookie, for the web pages); the API takes her API key, read from the database, in
		# a Basic header. A heartbeat ten minutes old is sent first only for a case whose
		# data names its time, SEED_TIME; NOW_TIME is the same time for a new heartbeat
		# ($data is run_mode's)
		post /signup form 'username=alice&email=alice@example.com&password=local-trials&password_repeat=local-trials' >/dev/null
		post /login form 'username=alice&password=local-trials' >/dev/null
		tok=$(sqlite3 "$cdir/wakapi_db.db" "SELECT api_key FROM users WHERE id = 'alice';" 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Basic $(printf %s "$tok" | base64 -w0)")
		seed_time=$(($(date +%s) - 600))
		case $data in *SEED_TIME*)
			post /api/heartbeats json "[{\"entity\":\"/home/alice/src/app/main.go\",\"type\":\"file\",\"category\":\"coding\",\"time\":$seed_time,\"project\":\"app\",\"branch\":\"main\",\"language\":\"Go\",\"is_write\":true}]" >/dev/null ;;
		esac ;;
	shiori) # the owner account the app creates signs in for a JWT; a bookmark (1) with
		# the tag "golang" (1)
		tok=$(post /api/v1/auth/login json '{"username":"shiori","password":"gopher"}' | jq -r '.message.token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		psql_q -c "INSERT INTO bookmark(url, title, excerpt) VALUES ('https://go.dev/blog/errors', 'Working with errors in Go', 'wrapping');
INSERT INTO tag(name) VALUES ('golang');
INSERT INTO bookmark_tag(bookmark_id, tag_id) VALUES (1, 1);" 2>/dev/null ;;
	authn) # the private API takes Basic auth, the public one an Origin among APP_DOMAINS; alice
		# (account 1) signs up, which leaves her session cookie in the jar
		auth=(-u admin:local-trials -H 'Origin: http://127.0.0.1')
		post /accounts form 'username=alice&password=correct-horse-battery-9' >/dev/null ;;
	listmonk) # the API user's token (app_reset)
		auth=(-H 'Authorization: token api:local-trials-token') ;;
	sales) # a JWT for the admin, from the token endpoint with Basic auth; a case on that
		# endpoint sends the Basic credentials itself ($path is run_mode's)
		case $path in
		/v1/users/token/*) auth=(-u admin@example.com:gophers) ;;
		*) tok=$(curl -s -m 30 -u admin@example.com:gophers "http://127.0.0.1:$port/v1/users/token/54bb2165-71e1-41a6-af3e-7da4a0e1e2c1" |
			jq -r '.token // empty' 2>/dev/null)
			[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
		esac ;;
	memos) # alice signs up (the first user, the host; the cookie), writes memo 1 ("hello #golang"),
		# saves the tag golang and turns the memo-display-with-updated-ts setting on
		post /api/v1/auth/signup json '{"username":"alice","password":"local-trials"}' >/dev/null
		post /api/v1/memo json '{"content":"hello #golang"}' >/dev/null
		post /api/v1/tag json '{"name":"golang"}' >/dev/null
		post /api/v1/system/setting json '{"name":"memo-display-with-updated-ts","value":"true"}' >/dev/null ;;
	semaphore) # the admin signs in (the cookie), makes project 1 ("demo", with its "None" key) and user bob (2);
		# a case that makes an API token gets one made first ($method and $path are run_mode's)
		post /api/auth/login json '{"auth":"admin","password":"local-trials"}' >/dev/null
		post /api/projects json '{"name":"demo"}' >/dev/null
		post /api/users json '{"username":"bob","name":"Bob","email":"bob@example.com","password":"local-trials-bob"}' >/dev/null
		[ "$method $path" = "POST /api/user/tokens" ] && post /api/user/tokens json '' >/dev/null ;;
	tgspam) # Basic auth; a dynamic spam sample, user 777 (alice) approved, and one detected spam
		# message (user 555) written as the Telegram bot would
		auth=(-u tg-spam:local-trials)
		post /update/spam json '{"msg":"win a free iphone today"}' >/dev/null
		post /users/add json '{"user_id":"777","user_name":"alice"}' >/dev/null
		sqlite3 "$cdir/data/tg-spam.db" "INSERT INTO detected_spam (gid, text, user_id, user_name, timestamp, checks)
  VALUES ('tg-spam', 'cheap crypto signals here', 555, 'spammer', datetime('now'), '[]');" 2>/dev/null ;;
	gorsk) # the admin signs in for a JWT (its refresh token is LOGIN_TOKEN) and makes bob (2, a USER of
		# company 1 and location 1, password bobpassword1)
		tok=$(post /login json '{"username":"admin","password":"admin"}')
		login_token=$(jq -r '.refresh_token // empty' <<<"$tok" 2>/dev/null)
		tok=$(jq -r '.token // empty' <<<"$tok" 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		post /v1/users json '{"first_name":"Bob","last_name":"Smith","username":"bob","password":"bobpassword1","password_confirm":"bobpassword1","email":"bob@example.com","company_id":1,"location_id":1,"role_id":200}' >/dev/null ;;
	goapp) ;; # no sign-in: alice is in the database (app_reset)
	go8) # alice registers (user 1, whom the force-logout route takes for the admin) and signs in (the session cookie)
		post /api/v1/register json '{"first_name":"Alice","last_name":"Smith","email":"alice@example.com","password":"local-trials-pass"}' >/dev/null
		post /api/v1/login json '{"email":"alice@example.com","password":"local-trials-pass"}' >/dev/null ;;
	greenlight) # alice registers, is activated in the database (the app would mail her a token) and gets a
		# bearer token; movie 1 (Casablanca), written apart, as a case may have renamed its columns
		post /v1/users json '{"name":"Alice","email":"alice@example.com","password":"local-trials"}' >/dev/null
		psql_q -c "UPDATE users SET activated = true WHERE email = 'alice@example.com';" 2>/dev/null
		psql_q -c "INSERT INTO movies (title, year, runtime, genres) VALUES ('Casablanca', 1942, 102, '{drama,romance}');" 2>/dev/null
		tok=$(post /v1/tokens/authentication json '{"email":"alice@example.com","password":"local-trials"}' | jq -r '.authentication_token.token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
	todos) # no sign-in; todo 5f1d7c3e-... ("buy milk"), written apart, as a case may have renamed its columns
		psql_q -c "INSERT INTO todos (id, description, created_at) VALUES ('5f1d7c3e-2b4a-4c8e-9d6f-0a1b2c3d4e5f', 'buy milk', now());" 2>/dev/null ;;
	gbtemplate) # alice signs in for a JWT, sent as the whole Authorization header
		auth=()
		tok=$(post /login json '{"email":"alice@example.com","password":"local-trials"}' | jq -r '.data.token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: $tok") ;;
	tpr) # alice signs in for a session id, sent in its X-Authentication header
		auth=()
		tok=$(post /api/sessions json '{"name":"alice","password":"local-trials"}' | jq -r '.sessionID // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "X-Authentication: $tok") ;;
	spacebin) # alice signs up and signs in for a session token; her document abcdefgh ("hello world"), written
		# apart; the token goes only with the routes of an account or of a document's owner (a document made
		# anonymously has no owner). $path is run_mode's
		post /api/signup json '{"username":"alice","password":"local-trials-pw"}' >/dev/null
		tok=$(post /api/signin json '{"username":"alice","password":"local-trials-pw"}' | jq -r '.payload.token // empty' 2>/dev/null)
		rm -f "$jar"
		case $path in
		/account* | */edit | */delete | /api/logout) [ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
		esac
		psql_q -c "INSERT INTO documents (id, content, username) VALUES ('abcdefgh', 'hello world', 'alice');" 2>/dev/null ;;
	ntfy) # alice, an admin, is written into the user database the app made (ntfy adds admins only from its
		# command line); she signs in with Basic auth, makes an access token (LOGIN_TOKEN) and publishes
		# one message to topic "alerts"
		sqlite3 -cmd '.timeout 5000' "$cdir/user.db" 'INSERT INTO user (id, user, pass, role, sync_topic, created)
  VALUES ('"'u_alice000001', 'alice', '\$2a\$10\$cS546TgjpD.iogpLJIHAzOSLCW3DJlDNjTEY9Edogujr3eOEr/m2a', 'admin', 'st_alice00000001', 1767225600);"
		auth=(-u alice:local-trials)
		login_token=$(post /v1/account/token json '{"label":"cli"}' | jq -r '.token // empty' 2>/dev/null)
		post /alerts - 'Disk full on backup-1' >/dev/null ;;
	wtf) # the API takes alice's key, in a bearer header (her data is app_reset's)
		auth=(-H "Authorization: Bearer local-trials-alice") ;;
	fider) # the API takes alice's key; she writes post 1 (her vote on it comes with it), comment 1 on it and tag "ui"
		auth=(-H "Authorization: Bearer local-trials-api-key")
		post /api/v1/posts json '{"title":"Dark mode please","description":"for night owls"}' >/dev/null
		post /api/v1/posts/1/comments json '{"content":"+1, at night"}' >/dev/null
		post /api/v1/tags json '{"name":"ui","color":"FF0000","isPublic":true}' >/dev/null ;;
	cloudreve) # alice registers (the first user: the Admin group) and signs in for an access token; she makes
		# folder docs and a WebDAV account for her files, whose password is set in the database
		# (local-trials-dav; the app makes a random one), then puts docs/notes.txt over WebDAV. A case's request
		# under /dav goes with her WebDAV account's Basic credentials, any other with the bearer token ($path is
		# run_mode's); the sign-in's cookies are dropped
		post /api/v4/user json '{"email":"alice@example.com","password":"local-trials","language":"en-US"}' >/dev/null
		tok=$(post /api/v4/session/token json '{"email":"alice@example.com","password":"local-trials"}' |
			jq -r '.data.token.access_token // empty' 2>/dev/null)
		rm -f "$jar"
		auth=(-H "Authorization: Bearer $tok")
		post /api/v4/file/create json '{"uri":"cloudreve://my/docs","type":"folder"}' >/dev/null
		curl -s -o /dev/null -m 30 "${auth[@]}" -H 'Content-Type: application/json' -X PUT \
			--data '{"uri":"cloudreve://my","name":"laptop"}' "http://127.0.0.1:$port/api/v4/devices/dav"
		sqlite3 -cmd '.timeout 5000' "$cdir/data/cloudreve.db" "UPDATE dav_accounts SET password = 'local-trials-dav';" 2>/dev/null
		curl -s -o /dev/null -m 30 -u alice@example.com:local-trials-dav -X PUT --data-binary 'hello notes' \
			"http://127.0.0.1:$port/dav/docs/notes.txt"
		case $path in /dav*) auth=(-u alice@example.com:local-trials-dav) ;; esac ;;
	homebox) # alice registers: her group ("Home") gets the default locations and labels, of which the Garage
		# (11111111-...) and the IOT label (22222222-...) are given fixed ids in the database. She signs in for a
		# token, sent in the Authorization header (the sign-in's cookies are dropped), and makes item "Cordless
		# drill" in the Garage. A case on the sign-in signs in itself; one that makes an item makes only its
		# own ($method and $path are run_mode's)
		post /api/v1/users/register json '{"name":"Alice","email":"alice@example.com","password":"local-trials"}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/.data/homebox.db" "UPDATE locations SET id = '11111111-1111-4111-8111-111111111111' WHERE name = 'Garage';
UPDATE labels SET id = '22222222-2222-4222-8222-222222222222' WHERE name = 'IOT';" 2>/dev/null
		[ "$path" = /api/v1/users/login ] && return 0
		tok=$(post /api/v1/users/login json '{"username":"alice@example.com","password":"local-trials"}' | jq -r '.token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: $tok")
		[ "$method $path" = "POST /api/v1/items" ] ||
			post /api/v1/items json '{"name":"Cordless drill","description":"18 V","locationId":"11111111-1111-4111-8111-111111111111"}' >/dev/null ;;
	yarr) # no sign-in; written into the database the app made: folder 1 ("Tech"), feed 1 ("The Go Blog", in
		# folder 1, never refreshed: no feed state) and feed 2 ("Julia Evans", no folder, its last refresh
		# failed). The feeds' addresses are a closed local port, so a refresh fails at once
		auth=()
		sqlite3 -cmd '.timeout 5000' "$cdir/yarr.db" "INSERT INTO folders (id, title) VALUES (1, 'Tech');
INSERT INTO feeds (id, folder_id, title, description, link, feed_link)
  VALUES (1, 1, 'The Go Blog', 'Go news', 'https://go.dev/blog', 'http://127.0.0.1:9/go/feed.atom');
INSERT INTO feeds (id, folder_id, title, description, link, feed_link)
  VALUES (2, NULL, 'Julia Evans', 'zines', 'https://jvns.ca', 'http://127.0.0.1:9/jvns/atom.xml');
INSERT INTO feed_states (feed_id, last_refreshed, last_error) VALUES (2, '2026-12-01 08:00:00', 'connection refused');" 2>/dev/null ;;
	picoshare) # written into the database the app made, each row by position (a case's migration may rename a
		# column): guest link abcdefghijkmnopq ("For Bob", no limits, 30-day files), file abcdefghij (notes.txt,
		# "hello notes", never expires, not from a guest link) and one download of it. The admin signs in with
		# the shared secret (a cookie); a guest page (/g/...) goes without it ($path is run_mode's)
		auth=()
		sqlite3 -cmd '.timeout 5000' "$cdir/data/store.db" "INSERT INTO guest_links
  VALUES ('abcdefghijkmnopq', 'For Bob', NULL, NULL, '2026-01-01T00:00:00Z', '2999-12-31T00:00:00Z', '720h0m0s', 0);
INSERT INTO entries VALUES ('abcdefghij', 'notes.txt', 'text/plain', '2026-01-01T00:00:00Z', '2999-12-31T00:00:00Z', NULL, 'meeting notes');
INSERT INTO entries_data VALUES ('abcdefghij', 0, CAST('hello notes' AS BLOB));
INSERT INTO downloads VALUES ('abcdefghij', '2026-01-02T00:00:00Z', '127.0.0.1', 'curl/8.5.0');" 2>/dev/null
		case $path in /g/*) ;; *) post /api/auth json '{"sharedSecretKey":"local-trials"}' >/dev/null ;; esac ;;
	plik) # written into the database the app made, each row by position (a case's model may rename a column):
		# alice (an admin, files of at most 64 bytes) and bobby, both with the password local-trials (bcrypt), a
		# token of each, alice's upload aaaaaaaaaaaaaaaa (removable, never expires) with its uploaded file
		# ffffffffffffffff (notes.txt, 11 bytes: app_reset's). alice signs in (a session cookie in the jar, the
		# old jar dropped); the XSRF token the sign-in set goes in the X-XSRFToken header of every request
		auth=()
		rm -f "$jar"
		sqlite3 -cmd '.timeout 5000' "$cdir/data/plik.db" "INSERT INTO users VALUES
  ('local:alice', 'local', 'alice', '\$2a\$14\$SKWnIDLKouoUojJO0qhJ2.F8DVOQ4JYClvhFJY2vELlsIMOsl0DuO', 'Alice', 'alice@example.com', 1, 64, 0, 0, '2026-01-01 00:00:00+00:00'),
  ('local:bobby', 'local', 'bobby', '\$2a\$14\$SKWnIDLKouoUojJO0qhJ2.F8DVOQ4JYClvhFJY2vELlsIMOsl0DuO', 'Bobby', 'bobby@example.com', 0, 0, 0, 0, '2026-01-02 00:00:00+00:00');
INSERT INTO tokens VALUES ('0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', 'laptop', 'local:alice', '2026-01-03 00:00:00+00:00'),
  ('5f3c9a2e-1b4d-4e8f-9a6b-7c8d9e0f1a2b', 'ci', 'local:bobby', '2026-01-03 00:00:00+00:00');
INSERT INTO uploads VALUES ('aaaaaaaaaaaaaaaa', 2592000, 0, '127.0.0.1', 'meeting notes', 'local-trials-upload-token-000001',
  'local:alice', '', 0, 0, 1, 0, '', '', '2026-01-04 00:00:00+00:00', NULL, '2999-12-31 00:00:00+00:00');
INSERT INTO files VALUES ('ffffffffffffffff', 'aaaaaaaaaaaaaaaa', 'notes.txt', 'uploaded', '9d106c683ef11c5a57d8c6d599c9ea57',
  'text/plain; charset=utf-8', 11, '', '', '2026-01-04 00:00:00+00:00');" 2>/dev/null
		post /auth/local/login json '{"login":"alice","password":"local-trials"}' >/dev/null
		auth=(-H "X-XSRFToken: $(awk '$6 == "plik-xsrf" { print $7 }' "$jar")") ;;
	lenpaste) # no sign-in (no lenpasswd file); written into the database the app made: paste Go1seed1 (Go, kept
		# for ever), OneUse01 (read once, then deleted) and Expired1 (its delete time passed: deleted when read).
		# A case that posts the web form (POST /) first posts the same body through the API
		auth=()
		sqlite3 -cmd '.timeout 5000' "$cdir/lenpaste.db" "INSERT INTO pastes (id, title, body, syntax, create_time, delete_time, one_use) VALUES
  ('Go1seed1', 'hello.go', 'package main

func main() {
	println(\"hello\")
}
', 'go', 1764576000, 0, 0),
  ('OneUse01', 'wifi password', 'correct horse battery staple', 'plaintext', 1764576000, 0, 1),
  ('Expired1', 'standup notes', 'nothing to report', 'plaintext', 1764576000, 1764579600, 0);" 2>/dev/null
		[ "$method $path" = "POST /" ] && post /api/v1/new form 'title=seed&body=fmt.Println(42)&syntax=Go' >/dev/null ;;
	ezbookkeeping) # alice registers (with expense category Food and its subcategory Groceries) and gets a token, sent
		# as a bearer header with the client's time zone; bob registers as Bob@example.com. alice makes tag group
		# Trips and tag travel; the ids the app made are then fixed in the database: the group 1001, Groceries 2001
		auth=()
		local cats='"categories":[{"name":"Food","type":2,"icon":"1","color":"ff6b22","subCategories":[{"name":"Groceries","type":2,"icon":"1","color":"ff6b22"}]}]'
		tok=$(post /api/register.json json '{"username":"alice","email":"alice@example.com","nickname":"Alice","password":"local-trials","language":"en","defaultCurrency":"USD","firstDayOfWeek":1,'"$cats"'}' |
			jq -r '.result.token // empty' 2>/dev/null)
		post /api/register.json json '{"username":"bob","email":"Bob@example.com","nickname":"Bob","password":"local-trials","language":"en","defaultCurrency":"USD","firstDayOfWeek":1,'"$cats"'}' >/dev/null
		rm -f "$jar"
		auth=(-H "Authorization: Bearer $tok" -H 'X-Timezone-Offset: 0')
		post /api/v1/transaction/tags/groups/add.json json '{"name":"Trips"}' >/dev/null
		post /api/v1/transaction/tags/add.json json '{"name":"travel"}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/data/ezbookkeeping.db" "UPDATE transaction_tag_group SET tag_group_id = 1001 WHERE name = 'Trips';
UPDATE transaction_category SET category_id = 2001 WHERE name = 'Groceries' AND uid = (SELECT uid FROM user WHERE username = 'alice');" 2>/dev/null ;;
	golink) # written into the database the app made, by position: links go (https://go.dev/) and wiki, both
		# foo@example.com's (the dev-mode user), and one earlier minute of go's clicks. Every request sends the
		# Sec-Golink header, which the app takes in place of an XSRF token for a save. A case on /.export or
		# /.all first clicks go/go (a click the app keeps in memory until it flushes its stats); one on /.delete/
		# gets the XSRF token of the link's detail page (LOGIN_TOKEN), which a delete needs. $path is run_mode's
		sqlite3 -cmd '.timeout 5000' "$cdir/golink.db" "INSERT INTO Links VALUES
  ('go', 'go', 'https://go.dev/', 1767225600, 1767225600, 'foo@example.com'),
  ('wiki', 'wiki', 'https://wiki.example.com/display/ENG', 1767225600, 1767225600, 'foo@example.com');
INSERT INTO Stats VALUES ('go', 1767225600, 3);" 2>/dev/null
		auth=(-H 'Sec-Golink: 1')
		case $path in
		/.export | /.all) curl -s -o /dev/null -m 30 "http://127.0.0.1:$port/go" ;;
		/.delete/*) login_token=$(curl -s -m 30 -H 'Accept: text/html' "http://127.0.0.1:$port/.detail/${path#/.delete/}" |
			sed -n 's/.*name="xsrf" value="\([^"]*\)".*/\1/p' | head -1) ;;
		esac ;;
	fathom) # written into the database the app made, by position (a case's migration renames a column): alice (1)
		# and bob (2), both with the password local-trials (bcrypt), site 1 ("Blog", tracking ID GMWJG, made by an
		# earlier run of the server), its hostname and two pathnames, and an hour of its site, page and referrer
		# stats (2026-06-01). alice signs in (the session cookie in the jar, the old jar dropped). A case on GET
		# /api/session signs bob in, then removes him (as fathom user delete would)
		sqlite3 -cmd '.timeout 5000' "$cdir/fathom.db" "INSERT INTO users VALUES
  (1, 'alice@example.com', '\$2a\$14\$SKWnIDLKouoUojJO0qhJ2.F8DVOQ4JYClvhFJY2vELlsIMOsl0DuO'),
  (2, 'bob@example.com', '\$2a\$14\$SKWnIDLKouoUojJO0qhJ2.F8DVOQ4JYClvhFJY2vELlsIMOsl0DuO');
INSERT INTO sites VALUES (1, 'GMWJG', 'Blog');
INSERT INTO hostnames VALUES (1, 'https://blog.example.com');
INSERT INTO pathnames VALUES (1, '/'), (2, '/about');
INSERT INTO site_stats VALUES (1, 120, 80, 90, 0.5, 40, 35.5, '2026-06-01 10:00:00');
INSERT INTO page_stats VALUES (1, 1, 1, 90, 60, 70, 0.4, 30, 40.0, '2026-06-01 10:00:00'),
  (1, 1, 2, 30, 20, 20, 0.7, 10, 20.0, '2026-06-01 10:00:00');
INSERT INTO referrer_stats VALUES (1, 1, 1, 'Search', 25, 20, 0.6, 8, 30.0, '2026-06-01 10:00:00');" 2>/dev/null
		if [ "$method $path" = "GET /api/session" ]; then
			post /api/session json '{"email":"bob@example.com","password":"local-trials"}' >/dev/null
			sqlite3 -cmd '.timeout 5000' "$cdir/fathom.db" "DELETE FROM users WHERE id = 2;" 2>/dev/null
		else
			post /api/session json '{"email":"alice@example.com","password":"local-trials"}' >/dev/null
		fi ;;
	donetick) # alice signs up (her circle is 1) and signs in: a bearer token. She makes label kitchen (1), project
		# Garden (1), chores Dishes (1, in Garden) and Laundry (2), both assigned to her, and filter Mine (1); Dishes
		# gets label kitchen in the database (the chore form's labels would reach the label repository at set-up)
		post /api/v1/auth/ json '{"username":"alice","password":"local-trials","email":"alice@example.com","displayName":"Alice"}' >/dev/null
		tok=$(post /api/v1/auth/login json '{"username":"alice","password":"local-trials"}' | jq -r '.access_token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		post /api/v1/labels json '{"name":"kitchen","color":"#ff0000"}' >/dev/null
		post /api/v1/projects json '{"name":"Garden"}' >/dev/null
		post /api/v1/chores/ json '{"name":"Dishes","frequencyType":"once","assignStrategy":"random","assignees":[{"userId":1}],"assignedTo":1,"projectId":1}' >/dev/null
		post /api/v1/chores/ json '{"name":"Laundry","frequencyType":"once","assignStrategy":"random","assignees":[{"userId":1}],"assignedTo":1}' >/dev/null
		post /api/v1/filters json '{"name":"Mine","conditions":[{"type":"assignee","operator":"is","value":1}]}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/donetick.db" "INSERT INTO chore_labels (chore_id, label_id, user_id) VALUES (1, 1, 1);" 2>/dev/null ;;
	statping) # the API secret as a bearer token. Service 1 (Blog, an HTTP check of a closed local port, hourly) with
		# checkin 1 (Backup; its API key then fixed in the database as local-trials-checkin) and one hit of it, and
		# incident 1 (Outage) of the service with its update 1. Needs the sqlite3 shell
		auth=(-H 'Authorization: Bearer local-trials-secret')
		post /api/services json '{"name":"Blog","domain":"http://127.0.0.1:9/","type":"http","method":"GET","expected_status":200,"check_interval":3600,"timeout":5,"order_id":1,"public":true}' >/dev/null
		post /api/checkins json '{"name":"Backup","service_id":1,"interval":60}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/statping.db" "UPDATE checkins SET api_key = 'local-trials-checkin' WHERE id = 1;" 2>/dev/null
		curl -s -o /dev/null -m 30 "http://127.0.0.1:$port/checkin/local-trials-checkin"
		post /api/services/1/incidents json '{"title":"Outage","description":"The blog is down"}' >/dev/null
		post /api/incidents/1/updates json '{"message":"Investigating","type":"investigating"}' >/dev/null ;;
	wgportal) # the admin's API token in a Basic header (the REST API, /api/v1). Users alice (alice@example.com) and Bob
		# (no e-mail) through the API; interface wg0 (a server, 10.11.12.1/24) with alice's peer (its key
		# AliceLaptopPublicKey000000000000000000000A=, 10.11.12.2/32) and the status of both are written in the database:
		# the API would configure WireGuard itself to make them. Needs the sqlite3 shell
		auth=(-u admin:local-trials-api-token)
		post /api/v1/user/new json '{"Identifier":"alice","Email":"alice@example.com","Firstname":"Alice","Lastname":"Smith","Password":"local-trials-password","Source":"db"}' >/dev/null
		post /api/v1/user/new json '{"Identifier":"Bob","Firstname":"Bob","Lastname":"Jones","Password":"local-trials-password","Source":"db"}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/data/sqlite.db" "
INSERT INTO cidrs (cidr, addr, net_len) VALUES ('10.11.12.1/24', '10.11.12.1', 24), ('10.11.12.2/32', '10.11.12.2', 32);
INSERT INTO interfaces (created_by, updated_by, created_at, updated_at, identifier, private_key, public_key, listen_port,
  dns_str, dns_search_str, mtu, firewall_mark, routing_table, pre_up, post_up, pre_down, post_down, save_config, display_name,
  type, create_default_peer, backend, driver_type, disabled_reason, peer_def_network_str, peer_def_dns_str,
  peer_def_dns_search_str, peer_def_endpoint, peer_def_allowed_ips_str, peer_def_mtu, peer_def_persistent_keepalive,
  peer_def_firewall_mark, peer_def_routing_table, peer_def_pre_up, peer_def_post_up, peer_def_pre_down, peer_def_post_down,
  ldap_allowed_users)
  VALUES ('admin', 'admin', datetime('now'), datetime('now'), 'wg0', 'oNwKJRqMNZfGEKvDmK8ZQ2vpqXbY2d0hmF8l1Gq0Z3k=',
  'ServerPublicKey00000000000000000000000000A=', 51820, '', '', 1420, 0, '', '', '', '', '', 1, 'Office VPN', 'server', 0,
  'local', '', '', '10.11.12.0/24', '10.11.12.1', '', 'vpn.example.com:51820', '0.0.0.0/0', 1420, 25, 0, '', '', '', '', '', '');
INSERT INTO interface_addresses (interface_identifier, cidr_cidr) VALUES ('wg0', '10.11.12.1/24');
INSERT INTO peers (created_by, updated_by, created_at, updated_at, endpoint_v, endpoint_o, endpoint_pubkey_v,
  endpoint_pubkey_o, allowed_ips_str_v, allowed_ips_str_o, extra_allowed_ips_str, preshared_key, persistent_keep_alive_v,
  persistent_keep_alive_o, display_name, identifier, user_identifier, interface_identifier, disabled_reason, notes,
  auto_created, private_key, public_key, iface_type, check_alive_address, iface_dns_str_v, iface_dns_str_o,
  iface_dns_search_str_v, iface_dns_search_str_o, iface_mtu_v, iface_mtu_o, iface_firewall_mark_v, iface_firewall_mark_o,
  iface_routing_table_v, iface_routing_table_o, iface_pre_up_v, iface_pre_up_o, iface_post_up_v, iface_post_up_o,
  iface_pre_down_v, iface_pre_down_o, iface_post_down_v, iface_post_down_o)
  VALUES ('admin', 'admin', datetime('now'), datetime('now'), 'vpn.example.com:51820', 0,
  'ServerPublicKey00000000000000000000000000A=', 0, '0.0.0.0/0', 0, '', '', 25, 0, 'Alice laptop',
  'AliceLaptopPublicKey000000000000000000000A=', 'alice', 'wg0', '', '', 0, 'kHqgFNtLpDm4TbWmUp4M5pbO3GVi8A1LJmR7HDkRrWM=',
  'AliceLaptopPublicKey000000000000000000000A=', 'client', '', '10.11.12.1', 0, '', 0, 1420, 0, 0, 0, '', 0, '', 0, '', 0,
  '', 0, '', 0);
INSERT INTO peer_addresses (peer_identifier, cidr_cidr) VALUES ('AliceLaptopPublicKey000000000000000000000A=', '10.11.12.2/32');
INSERT INTO peer_statuses (identifier, updated_at, connected, pingable, received, transmitted, endpoint)
  VALUES ('AliceLaptopPublicKey000000000000000000000A=', datetime('now'), 1, 0, 1024, 2048, '192.0.2.10:40000');" 2>/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/data/sqlite.db" "INSERT INTO interface_statuses (identifier, updated_at, received,
  transmitted) VALUES ('wg0', datetime('now'), 4096, 8192);" 2>/dev/null ;;
	oneapi) # an OpenAI-compatible upstream on port+1000 (a Python server that answers every POST with one chat
		# completion and exits after 300 s without a request; started unless one answers), then, with the root's access
		# token, channel 1 (OpenAI, that upstream, models gpt-3.5-turbo and gpt-4o-mini, group default); the case's request
		# goes to the relay API with the root's API token as a bearer token
		local up=$((port + 1000))
		curl -s -o /dev/null -m 2 -X POST --data '{}' "http://127.0.0.1:$up/" || {
			python3 -c '
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
class H(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = json.dumps({"id": "chatcmpl-local", "object": "chat.completion", "created": 1767225600,
            "model": "gpt-3.5-turbo", "choices": [{"index": 0, "message": {"role": "assistant", "content": "hello"},
            "finish_reason": "stop"}], "usage": {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *a):
        pass
class S(HTTPServer):
    timeout = 300
    def handle_timeout(self):
        sys.exit(0)
s = S(("127.0.0.1", int(sys.argv[1])), H)
while True:
    s.handle_request()
' "$up" >/dev/null 2>&1 &
			sleep 0.5
		}
		auth=(-H 'Authorization: localtrialsaccess')
		post /api/channel/ json "{\"type\":1,\"key\":\"sk-upstream-local\",\"name\":\"local\",\"base_url\":\"http://127.0.0.1:$up\",\"models\":\"gpt-3.5-turbo,gpt-4o-mini\",\"group\":\"default\"}" >/dev/null
		rm -f "$jar"
		auth=(-H 'Authorization: Bearer sk-localtrialstoken') ;;
	sftpgo) # the admin gets a JWT from the token endpoint (Basic auth), sent as a bearer token. Written with the sqlite3
		# shell: group staff (1) and role support (1) (the API's answers to their creation read the group's folders and
		# the role's admins, which two cases break); through the API: folder docs (1, mapped to /srv/sftpgo/docs) and
		# user alice (1, with docs at /docs; her home /srv/sftpgo/users/alice, which nothing makes: no one signs in as
		# her), then her membership of staff with the sqlite3 shell (the API's check of a new user's groups reads their
		# folders too). A case on /api/v2/status sends an API key in place of the token: the admin allows API key
		# sign-in on his profile and makes key ci. $path is run_mode's
		auth=()
		tok=$(curl -s -m 30 -u admin:local-trials "http://127.0.0.1:$port/api/v2/token" | jq -r '.access_token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		sqlite3 -cmd '.timeout 5000' "$cdir/sftpgo.db" "INSERT INTO groups (name, description, created_at, updated_at, user_settings)
  VALUES ('staff', 'all staff', 1767225600000, 1767225600000, '{}');
INSERT INTO roles (name, description, created_at, updated_at) VALUES ('support', 'help desk', 1767225600000, 1767225600000);" 2>/dev/null
		post /api/v2/folders json '{"name":"docs","mapped_path":"/srv/sftpgo/docs","description":"shared docs"}' >/dev/null
		post /api/v2/users json '{"username":"alice","password":"local-trials-alice","status":1,"home_dir":"/srv/sftpgo/users/alice","permissions":{"/":["*"]},"virtual_folders":[{"name":"docs","virtual_path":"/docs"}]}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/sftpgo.db" "INSERT INTO users_groups_mapping (user_id, group_id, group_type, sort_order)
  VALUES (1, 1, 1, 0);" 2>/dev/null
		if [ "$path" = /api/v2/status ]; then
			curl -s -o /dev/null -m 30 "${auth[@]}" -H 'Content-Type: application/json' -X PUT \
				--data '{"email":"admin@example.com","allow_api_key_auth":true}' "http://127.0.0.1:$port/api/v2/admin/profile"
			tok=$(post /api/v2/apikeys json '{"name":"ci","scope":1,"admin":"admin"}' | jq -r '.key // empty' 2>/dev/null)
			[ -n "$tok" ] && auth=(-H "X-SFTPGO-API-KEY: $tok")
		fi ;;
	pufferpanel) # alice signs in (her session token, from the puffer_auth cookie, is sent as a bearer token; the cookies
		# are dropped) and makes server s1trials (generic, host environment, on the local node, with her as its user)
		auth=()
		post /auth/login json '{"email":"alice@example.com","password":"local-trials"}' >/dev/null
		tok=$(awk -F'\t' '$6 == "puffer_auth" { print $7 }' "$jar" 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		curl -s -o /dev/null -m 30 "${auth[@]}" -H 'Content-Type: application/json' -X PUT \
			--data '{"type":"generic","display":"Survival","name":"survival","node":0,"users":["alice"],"environment":{"type":"host"},"run":{"command":"echo hi"},"data":{"port":{"type":"integer","value":25565}}}' \
			"http://127.0.0.1:$port/api/servers/s1trials" ;;
	artalk) # the admin signs in for a JWT, sent as a bearer token; through the API he makes site Blog (2) and posts
		# comment 1 on its page /posts/hello (page 1, made with the comment)
		auth=()
		tok=$(post /api/v2/user/access_token json '{"name":"admin","email":"admin@example.com","password":"local-trials"}' |
			jq -r '.token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		post /api/v2/sites json '{"name":"Blog","urls":["http://127.0.0.1:9"]}' >/dev/null
		post /api/v2/comments json '{"name":"admin","email":"admin@example.com","content":"First post!","page_key":"/posts/hello","page_title":"Hello","site_name":"Blog"}' >/dev/null ;;
	casdoor) # the admin signs in (the session cookie). The built-in organization is given, in the database, the privilege
		# consent that adding users to it needs, an open dynamic client registration policy and argon2id passwords; then
		# client "Trials CLI" is registered through the open registration endpoint (RFC 7591), with redirect URIs on
		# 127.0.0.1:9 and portal.localhost:9
		auth=()
		rm -f "$jar"
		post /api/login json '{"application":"app-built-in","organization":"built-in","username":"admin","password":"123","type":"login","signinMethod":"Password","autoSignin":true}' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/casdoor.db" "UPDATE organization SET has_privilege_consent = 1, dcr_policy = 'open',
  password_type = 'argon2id' WHERE owner = 'admin' AND name = 'built-in';" 2>/dev/null
		post /api/oauth/register json '{"client_name":"Trials CLI","redirect_uris":["http://127.0.0.1:9/callback","http://portal.localhost:9/callback"]}' >/dev/null
		# /api/health is asked from a page of portal.localhost:9, of the server named localhost (not an IP address: CORS
		# checks the origin against the applications' redirect URIs only then); the session cookie is not sent to it
		if [ "$path" = /api/health ]; then auth=(-H "Host: localhost:$port" -H 'Origin: http://portal.localhost:9'); fi ;;
	gva) # the admin signs in for a JWT, sent in the x-token header (the sign-in also sets it as a cookie, dropped here).
		# For /user/getUserInfo he issues an API token for himself, valid 1 day, which the request carries instead: a token
		# within its buffer time (jwt.buffer-time, 1d) is renewed by JWTAuth; the second waited makes it so
		auth=()
		tok=$(post /base/login json '{"username":"admin","password":"local-trials"}' | jq -r '.data.token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "x-token: $tok")
		if [ "$path" = /user/getUserInfo ]; then
			tok=$(post /sysApiToken/createApiToken json '{"userId":1,"authorityId":888,"days":1,"remark":"trials"}' |
				jq -r '.data.token // empty' 2>/dev/null)
			rm -f "$jar"
			[ -n "$tok" ] && auth=(-H "x-token: $tok")
			sleep 1.5
		fi ;;
	fiberapi) # no users: a JWT from the public token route, sent as a bearer token
		auth=()
		tok=$(curl -s -m 30 "http://127.0.0.1:$port/api/v1/token/new" | jq -r '.access_token // empty' 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
	pgbackweb) # alice signs in through the login form (the session cookie, pbw_session). Not for /auth/login, whose
		# cases are the sign-in page and the sign-in itself, without a session; /dashboard/about is asked with the cookie
		# of a session that no longer exists
		auth=()
		rm -f "$jar"
		case $path in
		/auth/login) ;;
		/dashboard/about) auth=(-H 'Cookie: pbw_session=6f0c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f') ;;
		*) post /auth/login form 'email=alice@example.com&password=local-trials' >/dev/null ;;
		esac ;;
	rwtxt) # domain "notes" is made by its first sign-in (password local-trials; its key in the rwtxt-domains cookie);
		# written into the database: its page "welcome" (0a1b2c3d4e; the page's row, then its text in the full-text
		# table, apart, as a case's schema may change that table). Then, signed in: an upload (notes.txt, "hello
		# notes"), the domain's settings (the settings form: 10 recent, 10 most edited, the number of new pages left
		# empty, search shown), and one view of the page, whose view count the app updates in the background
		auth=()
		rm -f "$jar"
		post /login form 'domain=notes&password=local-trials' >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/rwtxt.db" "INSERT INTO fs (id, domainid, slug, created, modified, views)
  VALUES ('0a1b2c3d4e', (SELECT id FROM domains WHERE name = 'notes'), 'welcome', '2026-01-02 10:00:00', '2026-01-02 10:00:00', 0);" 2>/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/rwtxt.db" "INSERT INTO fts (id, data) VALUES ('0a1b2c3d4e',
  'Welcome to the notes. Tuning postgres: raise work_mem for big sorts.');" 2>/dev/null
		printf 'hello notes' >"$scratch/rwtxt-notes.txt"
		curl -s -o /dev/null -m 30 -b "$jar" -c "$jar" -F "file=@$scratch/rwtxt-notes.txt;filename=notes.txt" \
			"http://127.0.0.1:$port/upload?domain=notes"
		tok=$(awk -F'\t' '$6 == "rwtxt-domains" { print $7 }' "$jar" 2>/dev/null)
		post /update form "domain=notes&domain_key=$tok&recent=10&edited=10&created=&showsearch=on" >/dev/null
		curl -s -o /dev/null -m 30 -b "$jar" -c "$jar" --compressed "http://127.0.0.1:$port/notes/welcome"
		sleep 0.5 ;;
	goclean) # alice signs in for a JWT, sent as a bearer token (the sign-in fails, and the request goes without one, when
		# a case breaks every query: such a case's request needs none)
		auth=()
		tok=$(post /v1/auth/login json '{"email":"alice@example.com","password":"local-trials"}' | jq -r '.token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
	gormpg) # alice signs in for her access token, sent as a bearer token (the sign-in also sets it as cookies for the
		# domain localhost, dropped here). Not for the register and login routes, whose requests need none
		auth=()
		rm -f "$jar"
		case $path in
		/api/auth/register | /api/auth/login) ;;
		*) tok=$(post /api/auth/login json '{"email":"alice@example.com","password":"local-trials"}' |
			jq -r '.access_token // empty' 2>/dev/null)
			rm -f "$jar"
			[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
		esac ;;
	sonic) # the blog is installed through its installation API (admin, password local-trials; the app makes category
		# default (1), post 1 with its first comment and the menus), then the admin signs in for a token, sent
		# in the Admin-Authorization header. Signed in: tag "Kubernetes Tips" (1), and the comments' page size saved
		# as an option (comment_page_size, 10)
		auth=()
		rm -f "$jar"
		post /api/admin/installations json '{"username":"admin","nickname":"Admin","email":"admin@example.com","password":"local-trials","title":"Trials Blog","url":"http://127.0.0.1:'"$port"'","locale":"en"}' >/dev/null
		tok=$(post /api/admin/login json '{"username":"admin","password":"local-trials"}' | jq -r '.data.access_token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Admin-Authorization: $tok")
		post /api/admin/tags json '{"name":"Kubernetes Tips"}' >/dev/null
		post /api/admin/options/map_view/saving json '{"comment_page_size":"10"}' >/dev/null ;;
	journalist) # written into the database once the app made its tables: alice (11111111-..., role user, password
		# local-trials: the app keeps passwords as given) with her RSS access token localtrialsqat (the web routes'
		# qat parameter), feed "Trials Blog" (33333333-..., on 127.0.0.1:9, never fetched), her subscription to it
		# (group golang) and its items guid-first, guid-second and guid-third (published on 1, 2 and 3 January; the
		# third with an author), by position (a case's schema may rename a column). Then guid-second is marked as read
		# through the web route. The API takes Basic credentials: the admin's for the users and feeds routes (the users
		# list is the admins' only; an admin lists and reads every feed, subscribed or not), alice's for any other API request
		auth=()
		rm -f "$jar"
		sqlite3 -cmd '.timeout 5000' "$cdir/journalist.db" "
INSERT INTO users (id, username, password, role, created_at, updated_at) VALUES
  ('11111111-1111-4111-8111-111111111111', 'alice', 'local-trials', 'user', '2026-01-01 00:00:00+00:00', '2026-01-01 00:00:00+00:00');
INSERT INTO tokens (id, type, name, token, created_at, updated_at, user_tokens) VALUES
  ('22222222-2222-4222-8222-222222222222', 'qat', 'reader', 'localtrialsqat', '2026-01-01 00:00:00+00:00',
  '2026-01-01 00:00:00+00:00', '11111111-1111-4111-8111-111111111111');
INSERT INTO feeds (id, url, feed_title, feed_description, feed_link, feed_feed_link, feed_updated, feed_published,
  feed_language, feed_copyright, feed_generator, feed_categories, created_at, updated_at) VALUES
  ('33333333-3333-4333-8333-333333333333', 'http://127.0.0.1:9/feed.xml', 'Trials Blog', 'notes from the trials',
  'http://127.0.0.1:9/', 'http://127.0.0.1:9/feed.xml', '2026-01-03 00:00:00+00:00', '2026-01-01 00:00:00+00:00', 'en', '',
  'hugo', '', '2026-01-01 00:00:00+00:00', '2026-01-01 00:00:00+00:00');
INSERT INTO subscriptions (id, name, \"group\", created_at, user_id, feed_id) VALUES
  ('44444444-4444-4444-8444-444444444444', 'Trials Blog', 'golang', '2026-01-01 00:00:00+00:00',
  '11111111-1111-4111-8111-111111111111', '33333333-3333-4333-8333-333333333333');
INSERT INTO items VALUES
  ('55555555-5555-4555-8555-555555555551', 'guid-first', 'First post', 'the first post', '<p>first</p>',
  'http://127.0.0.1:9/first', '2026-01-01 10:00:00+00:00', '2026-01-01 10:00:00+00:00', NULL, NULL, NULL, NULL, '', '[]',
  NULL, NULL, NULL, NULL, NULL, NULL, NULL, '2026-01-01 10:00:00+00:00', '2026-01-01 10:00:00+00:00',
  '33333333-3333-4333-8333-333333333333'),
  ('55555555-5555-4555-8555-555555555552', 'guid-second', 'Second post', 'the second post', '<p>second</p>',
  'http://127.0.0.1:9/second', '2026-01-02 10:00:00+00:00', '2026-01-02 10:00:00+00:00', NULL, NULL, NULL, NULL, '', '[]',
  NULL, NULL, NULL, NULL, NULL, NULL, NULL, '2026-01-02 10:00:00+00:00', '2026-01-02 10:00:00+00:00',
  '33333333-3333-4333-8333-333333333333'),
  ('55555555-5555-4555-8555-555555555553', 'guid-third', 'Third post', 'the third post', '<p>third</p>',
  'http://127.0.0.1:9/third', '2026-01-03 10:00:00+00:00', '2026-01-03 10:00:00+00:00', 'Trials Author',
  'author@example.com', NULL, NULL, '', '[]', NULL, NULL, NULL, NULL, NULL, NULL, NULL, '2026-01-03 10:00:00+00:00',
  '2026-01-03 10:00:00+00:00', '33333333-3333-4333-8333-333333333333');" 2>/dev/null
		curl -s -o /dev/null -m 30 "http://127.0.0.1:$port/web/actions/read/guid-second?qat=localtrialsqat"
		case $path in
		/api/v1/users | /api/v1/feeds | /api/v1/feeds/*) auth=(-u admin:local-trials) ;;
		/api/*) auth=(-u alice:local-trials) ;;
		esac ;;
	goshop) # alice signs in for her access token, sent as a bearer token
		auth=()
		tok=$(post /api/v1/auth/login json '{"email":"alice@example.com","password":"local-trials"}' |
			jq -r '.result.access_token // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok") ;;
	riverui) # no users (no basic auth). The index page is served only to a client that accepts HTML: "/" is asked
		# with the Accept header of a common HTTP client (axios's: JSON, plain text, anything)
		auth=()
		[ "$path" = / ] && auth=(-H 'Accept: application/json, text/plain, */*') ;;
	litecart) # the cart is installed through its installation API (admin@example.com, password local-trials, domain
		# 127.0.0.1:9), then the admin signs in for a JWT, sent as a bearer token (the sign-in also sets it as a cookie,
		# dropped here). Written into the database the app made: product trialsproduct01 ("Lisbon Travel Guide", 15.00,
		# active, digital data) with one unsold key, and cart trialscart00001 (bob@example.com, that product, new, Stripe;
		# by position: a case's migration may rename a column). The migrations made pages terms (ig9jpCixAgAu31f),
		# privacy and cookies
		auth=()
		rm -f "$jar"
		post /api/install json '{"email":"admin@example.com","password":"local-trials","domain":"127.0.0.1:9"}' >/dev/null
		tok=$(post /api/sign/in json '{"email":"admin@example.com","password":"local-trials"}' | jq -r '.result // empty' 2>/dev/null)
		rm -f "$jar"
		[ -n "$tok" ] && auth=(-H "Authorization: Bearer $tok")
		sqlite3 -cmd '.timeout 5000' "$cdir/lc_base/data.db" "INSERT INTO product (id, name, desc, slug, amount, digital, active)
  VALUES ('trialsproduct01', 'Lisbon Travel Guide', 'Three days in Lisbon', 'lisbon-guide', 1500, 'data', 1);
INSERT INTO digital_data (id, product_id, content, cart_id) VALUES ('trialsdigital01', 'trialsproduct01', 'LISBON-KEY-0001', NULL);
INSERT INTO cart VALUES ('trialscart00001', 'bob@example.com', 1500, 'USD', NULL, 'new',
  '[{\"id\":\"trialsproduct01\",\"quantity\":1}]', '2026-12-01 10:00:00', NULL, 'stripe');" 2>/dev/null ;;
	templtodo) # alice signs in through the login form (a session cookie in the jar), with the X-Timezone header the
		# app's login page sends (UTC), which the app keeps in the session for the edit page's times. The header goes
		# with the case's request too
		auth=(-H 'X-Timezone: UTC')
		rm -f "$jar"
		post /login form 'email=alice@example.com&password=local-trials' >/dev/null ;;
	fiberrw) # alice (1) and bob (2) sign up through the API (password local-trials); bob writes article "Fiber Tips"
		# (fiber-tips, tag go), alice "Hello Fiber" (hello-fiber, tags go and fiber). Written into the database: alice
		# follows bob, and her comment "first comment" on hello-fiber (by position). Alice's token is sent as
		# "Authorization: Token ..."
		auth=()
		rm -f "$jar"
		local alice bob
		alice=$(post /api/users json '{"user":{"username":"alice","email":"alice@example.com","password":"local-trials"}}' |
			jq -r '.user.token // empty' 2>/dev/null)
		bob=$(post /api/users json '{"user":{"username":"bob","email":"bob@example.com","password":"local-trials"}}' |
			jq -r '.user.token // empty' 2>/dev/null)
		[ -n "$bob" ] && auth=(-H "Authorization: Token $bob")
		post /api/articles json '{"article":{"title":"Fiber Tips","description":"tips for fiber","body":"use fiber","tagList":["go"]}}' >/dev/null
		auth=()
		[ -n "$alice" ] && auth=(-H "Authorization: Token $alice")
		post /api/articles json '{"article":{"title":"Hello Fiber","description":"first post","body":"hello from fiber","tagList":["go","fiber"]}}' >/dev/null
		rm -f "$jar"
		sqlite3 -cmd '.timeout 5000' "$cdir/database/realworld.db" "
INSERT INTO follows VALUES ((SELECT id FROM users WHERE username = 'alice'), (SELECT id FROM users WHERE username = 'bob'));
INSERT INTO comments VALUES (NULL, '2026-01-02 10:00:00', '2026-01-02 10:00:00', NULL,
  (SELECT id FROM articles WHERE slug = 'hello-fiber'), (SELECT id FROM users WHERE username = 'alice'), 'first comment');" 2>/dev/null ;;
	alist) # the admin token (the setting "token", which the API takes in the Authorization header as the admin's), read
		# from the database the app made; through the API the admin mounts the files directory as storage /local (the Local
		# driver, served natively over WebDAV). The WebDAV cases send their own Basic credentials (ctype basic: the admin,
		# password local-trials, or a user who does not exist)
		auth=()
		rm -f "$jar"
		local tok
		tok=$(sqlite3 -cmd '.timeout 5000' "$cdir/data/data.db" "SELECT value FROM x_setting_items WHERE key = 'token'" 2>/dev/null)
		[ -n "$tok" ] && auth=(-H "Authorization: $tok")
		post /api/admin/storage/create json '{"mount_path":"/local","order":0,"driver":"Local","remark":"","cache_expiration":0,"webdav_policy":"native_proxy","down_proxy_url":"","addition":"{\"root_folder_path\":\"files\",\"thumbnail\":false,\"thumb_cache_folder\":\"\",\"show_hidden\":true,\"mkdir_perm\":\"777\",\"recycle_bin_path\":\"delete permanently\"}"}' >/dev/null ;;
	answer) # the administrator (admin@example.com, password local-trials, made by the installation) signs in; its access
		# token goes in the Authorization header. Through the API it asks question 10010000000000020 (tag go), answers it
		# (answer 10020000000000022) and comments on it (comment 10070000000000023): the ids are the installation's next
		# ones, the same every run
		auth=()
		rm -f "$jar"
		local token
		token=$(post /answer/api/v1/user/login/email json '{"e_mail":"admin@example.com","pass":"local-trials"}' |
			jq -r '.data.access_token // empty' 2>/dev/null)
		[ -n "$token" ] && auth=(-H "Authorization: $token")
		post /answer/api/v1/question json '{"title":"How do I add middleware to gin?","content":"I want to add a middleware to my gin engine. How is it done?","tags":[{"slug_name":"go","display_name":"go","original_text":""}]}' >/dev/null
		post /answer/api/v1/answer json '{"question_id":"10010000000000020","content":"Call r.Use with your middleware before the routes."}' >/dev/null
		post /answer/api/v1/comment json '{"object_id":"10010000000000020","original_text":"first comment on the question"}' >/dev/null ;;
	navidrome) # the first administrator, admin (password local-trials), made through the app's own first-run endpoint,
		# whose answer holds a session token: it goes in the X-ND-Authorization header. Through the native API: the radio
		# Jazz FM, admin's playlist "Road trip", the user bob (not an administrator, password local-trials) and the
		# library Podcasts on /srv (library 2; an empty directory of the system, as the API wants an absolute path that
		# exists). admin has no play queue
		auth=()
		rm -f "$jar"
		local token
		token=$(post /auth/createAdmin json '{"username":"admin","password":"local-trials"}' | jq -r '.token // empty' 2>/dev/null)
		[ -n "$token" ] && auth=(-H "X-ND-Authorization: Bearer $token")
		post /api/radio json '{"name":"Jazz FM","streamUrl":"http://127.0.0.1:9/jazz","homePageUrl":"http://127.0.0.1:9/"}' >/dev/null
		post /api/playlist json '{"name":"Road trip","comment":"songs for the car","public":false}' >/dev/null
		post /api/user json '{"userName":"bob","name":"Bob","password":"local-trials","isAdmin":false}' >/dev/null
		post /api/library json '{"name":"Podcasts","path":"/srv"}' >/dev/null ;;
	gotifysrv) # admin (made by the app at start, password local-trials) sends Basic credentials with every request, which
		# every route takes. Through the API: the applications Backups (1, sort key a0) and Deploys (2, a1), two messages
		# of Backups (1 and 2) and the client phone (1, no expiry)
		auth=(-u admin:local-trials)
		rm -f "$jar"
		post /application json '{"name":"Backups","description":"nightly backups"}' >/dev/null
		post /application json '{"name":"Deploys","description":"release notes"}' >/dev/null
		post /message json '{"appid":1,"title":"Backups","message":"backup done"}' >/dev/null
		post /message json '{"appid":1,"title":"Backups","message":"backup took 5 min","priority":2}' >/dev/null
		post /client json '{"name":"phone"}' >/dev/null ;;
	stash) # admin (password local-trials) signs in through the login form: the session cookie goes in the jar. Through
		# GraphQL: the tags Intro (1) and Serve (2), the performer Rafael (1), the studio Court TV (1), the scene Final (1,
		# no file; Rafael, Intro, Court TV) and its markers: 1 at 12.5 s without a title (primary tag Intro, tag Serve; its
		# chapter title is made from its tags) and 2 at 40 s, "Match point" (primary tag Serve)
		auth=()
		rm -f "$jar"
		post /login form 'username=admin&password=local-trials' >/dev/null
		local q
		for q in 'tagCreate(input: {name: \"Intro\"}) { id }' 'tagCreate(input: {name: \"Serve\"}) { id }' \
			'performerCreate(input: {name: \"Rafael\"}) { id }' 'studioCreate(input: {name: \"Court TV\"}) { id }' \
			'sceneCreate(input: {title: \"Final\", performer_ids: [\"1\"], tag_ids: [\"1\"], studio_id: \"1\"}) { id }' \
			'sceneMarkerCreate(input: {title: \"\", seconds: 12.5, scene_id: \"1\", primary_tag_id: \"1\", tag_ids: [\"2\"]}) { id }' \
			'sceneMarkerCreate(input: {title: \"Match point\", seconds: 40, scene_id: \"1\", primary_tag_id: \"2\"}) { id }'; do
			post /graphql json "{\"query\":\"mutation { $q }\"}" >/dev/null
		done ;;
	ginadmin) # signing in needs a captcha: the trials sign the app's JWTs themselves (HS512 with the signing key of
		# configs/dev/middleware.toml, subject the user's id), as its login would. The root user (id root, the
		# configuration's super administrator, who passes the casbin check) goes in the Authorization header; bob's
		# token (a user of the role editor, casbin-checked outside /api/v1/current/) is LOGIN_TOKEN, sent by the cases
		# of ctype anon in the accessToken query parameter. Written into the database the app made: the role editor
		# (role0000000000000001, enabled), bob (user0000000000000001, activated, no phone) in it, and the role's menu
		# home (last, as a case may leave its table out)
		auth=()
		rm -f "$jar"
		sign() {
			python3 -c 'import base64, hashlib, hmac, json, sys, time
b = lambda d: base64.urlsafe_b64encode(d).rstrip(b"=").decode()
now = int(time.time())
m = b(json.dumps({"alg": "HS512", "typ": "JWT"}).encode()) + "." + b(json.dumps({"exp": now + 86400, "iat": now, "nbf": now - 60, "sub": sys.argv[1]}).encode())
print(m + "." + b(hmac.new(b"XnEsT0S@", m.encode(), hashlib.sha512).digest()))' "$1"
		}
		auth=(-H "Authorization: Bearer $(sign root)")
		login_token=$(sign user0000000000000001)
		sqlite3 -cmd '.timeout 5000' "$cdir/data/ginadmin.db" "
INSERT INTO role (id, code, name, description, sequence, status, created_at, updated_at)
  VALUES ('role0000000000000001', 'editor', 'Editor', 'edits the content', 1, 'enabled', datetime(), datetime());
INSERT INTO user (id, username, name, password, phone, email, remark, status, created_at, updated_at)
  VALUES ('user0000000000000001', 'bob', 'Bob', '', '', 'bob@example.com', '', 'activated', datetime(), datetime());
INSERT INTO user_role (id, user_id, role_id, created_at, updated_at)
  VALUES ('urole000000000000001', 'user0000000000000001', 'role0000000000000001', datetime(), datetime());
INSERT INTO role_menu (id, role_id, menu_id, created_at, updated_at)
  SELECT 'rmenu000000000000001', 'role0000000000000001', id, datetime(), datetime() FROM menu WHERE code = 'home';" 2>/dev/null ;;
	dnote) # the seed, written into the tables the app made at start: alice (1) and bob (2), both Pro users, with the
		# password local-trials (bcrypt); alice's e-mail not verified; alice's session (key local-trials-session-key,
		# sent as a bearer token; the cases of ctype anon go without it); alice's book work (11111111-...) with her
		# notes 22222222-... (private) and 33333333-... (public), bob's book personal (44444444-...); max_usn as the
		# usns given
		auth=()
		rm -f "$jar"
		psql_q -c "
INSERT INTO users (id, uuid, max_usn, cloud, created_at, updated_at) VALUES
  (1, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 3, true, now(), now()),
  (2, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 1, true, now(), now());
INSERT INTO accounts (user_id, email, email_verified, password, created_at, updated_at) VALUES
  (1, 'alice@example.com', false, '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', now(), now()),
  (2, 'bob@example.com', true, '\$2a\$10\$AuJVsXaGhTx0RPVBGwXude9WUo9tGXt6tgQp9rccs5PDadu2j.XOC', now(), now());
INSERT INTO sessions (user_id, key, last_used_at, expires_at, created_at, updated_at) VALUES
  (1, 'local-trials-session-key', now(), now() + interval '30 days', now(), now());
INSERT INTO email_preferences (user_id, inactive_reminder, product_update, created_at, updated_at) VALUES
  (1, false, true, now(), now()), (2, false, true, now(), now());
INSERT INTO books (uuid, user_id, label, added_on, usn, created_at, updated_at) VALUES
  ('11111111-1111-4111-8111-111111111111', 1, 'work', 1764547200000000000, 1, now(), now()),
  ('44444444-4444-4444-8444-444444444444', 2, 'personal', 1764547200000000000, 1, now(), now());
INSERT INTO notes (uuid, user_id, book_uuid, body, added_on, usn, public, client, created_at, updated_at) VALUES
  ('22222222-2222-4222-8222-222222222222', 1, '11111111-1111-4111-8111-111111111111', 'draft the quarterly report',
   1764547200000000000, 2, false, 'cli', now(), now()),
  ('33333333-3333-4333-8333-333333333333', 1, '11111111-1111-4111-8111-111111111111', 'review the release notes',
   1764547200000000000, 3, true, 'web', now(), now());
SELECT setval('users_id_seq', 2);" || log "dnote: seed failed"
		auth=(-H 'Authorization: Bearer local-trials-session-key') ;;
	headscale) # an API key made over the control socket (data/headscale.sock, trusted without a key, as the CLI's
		# apikeys create does) goes in the Authorization header. Through the API: the users alice (1), bob (2) and
		# carol (3), a reusable pre-auth key of alice's (1), the nodes alice-laptop (1, alice's) and bob-desktop (2,
		# bob's), each made as the CLI's debug create-node and nodes register do (a registration cached under an auth
		# id, then registered to the user), a third registration, carol-phone (auth id ...0003), cached and left
		# pending, and a policy that lets every node reach every other (the policy is kept in the database).
		# alice-laptop joined with alice's pre-auth key: written into the database (auth_key_id 1), as a client's
		# sign-in with the key would
		auth=()
		rm -f "$jar"
		local key
		key=$(curl -s -m 30 --unix-socket "$cdir/data/headscale.sock" -H 'Content-Type: application/json' -X POST \
			--data '{"expiration":"2099-01-01T00:00:00Z"}' http://headscale/api/v1/apikey | jq -r '.apiKey // empty' 2>/dev/null)
		[ -n "$key" ] && auth=(-H "Authorization: Bearer $key")
		post /api/v1/user json '{"name":"alice","displayName":"Alice"}' >/dev/null
		post /api/v1/user json '{"name":"bob","displayName":"Bob"}' >/dev/null
		post /api/v1/user json '{"name":"carol","displayName":"Carol"}' >/dev/null
		post /api/v1/preauthkey json '{"user":"1","reusable":true}' >/dev/null
		post /api/v1/debug/node json '{"user":"alice","key":"hskey-authreq-000000000000000000000001","name":"alice-laptop"}' >/dev/null
		post '/api/v1/node/register?user=alice&key=hskey-authreq-000000000000000000000001' - '' >/dev/null
		post /api/v1/debug/node json '{"user":"bob","key":"hskey-authreq-000000000000000000000002","name":"bob-desktop"}' >/dev/null
		post '/api/v1/node/register?user=bob&key=hskey-authreq-000000000000000000000002' - '' >/dev/null
		post /api/v1/debug/node json '{"user":"carol","key":"hskey-authreq-000000000000000000000003","name":"carol-phone"}' >/dev/null
		curl -s -m 30 "${auth[@]}" -H 'Content-Type: application/json' -X PUT \
			--data '{"policy":"{\"acls\":[{\"action\":\"accept\",\"src\":[\"*\"],\"dst\":[\"*:*\"]}]}"}' \
			"http://127.0.0.1:$port/api/v1/policy" >/dev/null
		sqlite3 -cmd '.timeout 5000' "$cdir/data/db.sqlite" "UPDATE nodes SET auth_key_id = 1 WHERE id = 1;" 2>/dev/null ;;
	esac
}

# --- one case in one mode ----------------------------------------------------
run_mode() { # app id mode method path ctype data
	local app=$1 id=$2 mode=$3 method=$4 path=$5 ctype=$6 data=$7
	local rep=$out/reports/$id.$mode.json
	(cd "$cdir" && app_reset "$app") || log "$id: database reset failed"
	rm -rf "$cdir/.explainerr/history"
	(cd "$cdir" && EXPLAINERR_CONTEXT=$mode exec "$bin" "${binargs[@]}") >"$out/reports/$id.$mode.log" 2>&1 &
	local pid=$!
	wait_up $pid
	if ! kill -0 $pid 2>/dev/null; then
		log "$id: $mode: the server stopped before it answered (see $out/reports/$id.$mode.log)"
		: >"$rep"
		echo 000 >"$rep.status"
		return
	fi
	app_login "$app"
	data=${data//LOGIN_TOKEN/$login_token} # a token the app issued at sign-in (gobase), or its CSRF token (pagoda)
	data=${data//PG_PORT/$pgport}           # the trial database's port (pgweb's connect API)
	data=${data//SEED_TIME/$seed_time}      # the time of the heartbeat sent at sign-in (wakapi)
	data=${data//NOW_TIME/$seed_time}       # the same time, for a heartbeat not sent before (wakapi)
	path=${path//LOGIN_TOKEN/$login_token}  # the refresh token of the sign-in, in a path (gorsk)
	# ctype "basic": the data is the request's own Basic credentials (user:password), sent in
	# place of the sign-in's, with no body (sales' token endpoint)
	[ "$ctype" = basic ] && auth=(-u "$data") data=-
	# ctype "anon": the request goes without the sign-in's credentials (gbtemplate's missing token)
	[ "$ctype" = anon ] && auth=()
	local ct=() body=()
	# ctype "multipart": the data is FIELD=CONTENT, sent as a file upload (multipart/form-data) in that
	# field (yarr's OPML import)
	if [ "$ctype" = multipart ]; then
		printf '%s' "${data#*=}" >"$scratch/upload"
		body=(-F "${data%%=*}=@$scratch/upload;filename=upload.opml") data=-
	fi
	case $ctype in json) ct=(-H 'Content-Type: application/json') ;; form) ct=(-H 'Content-Type: application/x-www-form-urlencoded') ;; esac
	[ "$data" != - ] && body=(--data "$data")
	curl -s -m 120 -o "$rep" -w '%{http_code}' -b "$jar" -c "$jar" "${auth[@]}" "${ct[@]}" \
		-H 'Accept: application/json' -X "$method" "${body[@]}" "http://127.0.0.1:$port$path" >"$rep.status"
	kill $pid 2>/dev/null
	wait $pid 2>/dev/null
}

# The variables an app's arm exports are its own: each app starts from the
# environment the script was given (goclean's JWT_SECRET must not reach
# fiberapi, which reads a variable of that name).
declare -A given_env=()
for v in $(compgen -e); do given_env[$v]=1; done
for arg in "$@"; do
	for v in $(compgen -e); do [ -n "${given_env[$v]:-}" ] || unset "$v"; done
	app=${arg%%=*} src=${arg#*=}
	[ -d "$src" ] || { log "$src: not a directory"; exit 2; }
	src=$(cd "$src" && pwd)
	app_conf "$app" || exit 2
	split=$(awk -F'\t' -v a="$app" '$1 == a { print $2 }' "$ft/apps.tsv")
	want=$(awk -F'\t' -v a="$app" '$1 == a { print $4 }' "$ft/apps.tsv")
	have=$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)
	[ "$have" = "$want" ] || log "$app: checkout is at $have, the cases were written for $want"
	case $app in todo | albums | bank | bookings | miniflux | gobase | pgweb | shiori | listmonk | sales | semaphore | gorsk | goapp | go8 | greenlight | todos | fider | gbtemplate | tpr | spacebin) pg_start || exit 1 ;; esac
	case $app in fiberapi | pgbackweb | goclean | gormpg | goshop | riverui | dnote) pg_start || exit 1 ;; esac

	port_sed=$port
	base=$scratch/$app-base
	log "$app ($split): wiring and go mod tidy"
	rm -rf "$base" && mkdir -p "$base"
	(cd "$src" && tar --exclude=.git -cf - .) | tar -xf - -C "$base"
	# The wiring's ports and database address, moved as this run's are;
	# the bug patches get the same, as their context lines may hold them.
	localize() { sed -e "s#EXPLAINERR_DIR#$exdir#" -e "s#127.0.0.1:54329#127.0.0.1:$pgport#" -e "s#port: \"54329\"#port: \"$pgport\"#" -e "s#184[3-9][0-9]#$port_sed#g" "$1"; }
	localize "$ft/apps/$app/wiring.patch" >"$scratch/wiring.patch"
	(cd "$base" && git apply "$scratch/wiring.patch" && app_generate "$app" && go mod tidy) || { log "$app: wiring failed"; exit 1; }

	while IFS=$'\t' read -r -u 3 _ id category method path ctype data fail fix expected; do
			if [ ${#only[@]} -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qx "$id"; then continue; fi
			log "$id: build"
			cdir=$scratch/case
			rm -rf "$cdir" && cp -a "$base" "$cdir"
			bin=$scratch/app.bin
			rm -f "$bin"
			localize "$ft/apps/$app/bugs/$id.patch" >"$scratch/bug.patch"
			(cd "$cdir" && git apply "$scratch/bug.patch" && app_generate "$app" && go build -o "$bin" "$mainpkg") ||
				{ log "$id: build failed"; continue; }
			(cd "$cdir" && "$scratch/explainerr" index ./... >"$out/reports/$id.index.log" 2>&1) ||
				log "$id: explainerr index failed"
			for mode in plain static rag; do
				log "$id: $mode"
				run_mode "$app" "$id" "$mode" "$method" "$path" "$ctype" "$data"
			done
			python3 "$here/scripts/field-trials-score.py" case "$cdir" "$out" "$app" "$split" "$id" "$category" "$fail" "$fix" \
				>>"$results" 2>>"$out/explanations.txt"
	done 3< <(grep -v '^#' "$ft/cases.tsv" | awk -F'\t' -v a="$app" '$1 == a')
done
python3 "$here/scripts/field-trials-score.py" summary "$results" | tee "$out/summary.txt"
