package offline

import "testing"

// TestLookupOfTheParentIsNoDuplicateCheck: a handler that finds the parent
// row by another value (a club by its invite code) and tests what it found
// has not looked for the duplicate membership; a lookup by the member's
// own values has.
func TestLookupOfTheParentIsNoDuplicateCheck(t *testing.T) {
	for _, tc := range []struct {
		lookup     string
		saysLooked bool
	}{
		{"club, err := s.Clubs.FindByCode(code)\n\tif err != nil || club == nil {\n\t\treturn err\n\t}\n\tm := Member{ClubID: club.ID, UserID: user}", false},
		{"m := Member{ClubID: club, UserID: user}\n\tfound, err := s.Members.FindMember(club, user)\n\tif err != nil || found {\n\t\treturn err\n\t}", true},
	} {
		files := map[string]string{
			"go.mod": "module example.com/club\n",
			"club.go": `package club

// Club is a club.
type Club struct{ ID int }

// Member is a membership.
type Member struct{ ClubID, UserID int }

// Clubs finds clubs.
type Clubs interface{ FindByCode(code string) (*Club, error) }

// Members keeps memberships.
type Members interface {
	FindMember(club, user int) (bool, error)
	CreateMember(m Member) error
}

// Service joins clubs.
type Service struct {
	Clubs   Clubs
	Members Members
}

// Join adds user to a club.
func (s *Service) Join(code string, club, user int) error {
	` + tc.lookup + `
	return s.Members.CreateMember(m) //! join
}
`,
		}
		app := writeMarkedApp(t, files)
		r := sqliteErrorReport("UNIQUE constraint failed: members.club_id, members.user_id", app.frame(t, "join", "(*Service).Join"))
		text := Analyze(r)
		if tc.saysLooked {
			mustHave(t, text, "for an existing row before writing")
		} else {
			mustLack(t, text, "for an existing row before writing")
		}
	}
}

// TestConstraintStatementIsAWrite: the line cited as the statement that
// broke a constraint writes rows; a lookup the error came through is not
// called the statement.
func TestConstraintStatementIsAWrite(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/club\n",
		"club.go": `package club

// Members keeps memberships.
type Members interface {
	Check(club, user int) error
}

// Service joins clubs.
type Service struct{ Members Members }

// Join adds user to a club.
func (s *Service) Join(club, user int) error {
	err := s.Members.Check(club, user) //! join
	return err
}
`,
	}
	app := writeMarkedApp(t, files)
	r := sqliteErrorReport("FOREIGN KEY constraint failed", app.frame(t, "join", "(*Service).Join"))
	mustLack(t, Analyze(r), "The statement is at")
}
