package library

import (
	"html/template"
	"net/http"
	"time"
)

// App serves the library's pages.
type App struct {
	ledger *Ledger
	pages  *template.Template
}

// loansView is the data of loans.html.
type loansView struct {
	Member string
	Loans  []Loan
	Oldest Loan
}

// NewApp returns the app for ledger with its templates parsed.
func NewApp(ledger *Ledger) *App {
	return &App{ledger: ledger, pages: template.Must(template.ParseGlob("templates/*.html"))}
}

// Handler returns the app's routes.
func (a *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /members/{member}/loans", a.memberLoans)
	mux.HandleFunc("POST /members/{member}/borrow", a.borrow)
	return mux
}

func (a *App) memberLoans(w http.ResponseWriter, r *http.Request) {
	member := r.PathValue("member")
	view := loansView{Member: member, Loans: a.ledger.loans[member], Oldest: a.ledger.Oldest(member)}
	if err := a.pages.ExecuteTemplate(w, "loans.html", view); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (a *App) borrow(w http.ResponseWriter, r *http.Request) {
	member := r.PathValue("member")
	if _, err := a.ledger.Lend(member, r.FormValue("isbn"), time.Now()); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	http.Redirect(w, r, "/members/"+member+"/loans", http.StatusSeeOther)
}
