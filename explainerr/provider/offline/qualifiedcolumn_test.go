package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestQualifiedColumnOverAnAlias: an SQL error about "user.username"
// names the builder literal that writes the column with its table, not
// another that has the bare name only as an alias ("user_name as
// username").
func TestQualifiedColumnOverAnAlias(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/players\n\ngo 1.22\n",
		"store/store.go": `package store

import sq "github.com/Masterminds/squirrel"

func selectShare() sq.SelectBuilder {
	return sq.Select().Columns("share.*", "user_name as username").From("share") //!share
}

func selectPlayer() sq.SelectBuilder {
	return sq.Select().Columns("player.*", "user.username").From("player").Join("user on user.id = player.user_id") //!player
}

// both reads the shares and the players.
func both() (sq.SelectBuilder, sq.SelectBuilder) {
	return selectShare(), selectPlayer() //!both
}
`,
		"migrations/001.sql": "CREATE TABLE user (id varchar PRIMARY KEY, user_name varchar);\nCREATE TABLE player (id varchar PRIMARY KEY, user_id varchar);\nCREATE TABLE share (id varchar PRIMARY KEY, user_id varchar);\n",
	})
	_, player := app.line("player")
	msg := "no such column: user.username"
	r := app.loggedFailure(t, "example.com/players", "both", report.KindStatus, msg, "GET", "/api/player")
	text := Analyze(r)
	mustHave(t, text, "`selectPlayer` (`store.go:"+itoa(player)+"`)")
	mustLack(t, text, "names `user.username` at `selectShare`")
}
