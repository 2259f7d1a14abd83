# xtools-copy.sh is sourced by the scripts that index golang.org/x/tools
# against universal-ctags (bench-index.sh, bench-sqlite-driver.sh).
#
#   xtools_copy NAME VERSION REPO WORK
#
# checks that universal-ctags is installed (NAME names the script in the
# error), downloads golang.org/x/tools@VERSION into the module cache if it
# is not there (from REPO, the checkout), and copies it, writable, to
# WORK/tools.
xtools_copy() {
	local name=$1 version=$2 repo=$3 work=$4
	if ! ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
		echo "$name: universal-ctags is not installed (apt-get install universal-ctags)" >&2
		exit 1
	fi
	local src
	src="$(go env GOMODCACHE)/golang.org/x/tools@$version"
	if [[ ! -f "$src/go.mod" ]]; then
		(cd "$repo" && go mod download "golang.org/x/tools@$version")
	fi
	cp -r "$src" "$work/tools"
	chmod -R u+w "$work/tools"
}
