package app_test

import (
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func TestHomeListsEveryFixture(t *testing.T) {
	f := loadFixtures(t)
	rec := get(newApp(t, f.Fixtures), "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("home: status %d\n%s", rec.Code, rec.Body)
	}
	page := html.UnescapeString(rec.Body.String())
	for _, fx := range f.Fixtures {
		if !strings.Contains(page, fx.ID) {
			t.Errorf("home does not list fixture %s", fx.ID)
		}
		switch fx.Method {
		case http.MethodGet:
			if !strings.Contains(page, `href="`+fx.Path+`"`) {
				t.Errorf("home has no link to %s", fx.Path)
			}
		case http.MethodPost:
			if !strings.Contains(page, `<form method="post" action="`+fx.Path+`">`) {
				t.Errorf("home has no form posting to %s", fx.Path)
			}
		}
	}
}

func TestOrdinaryPagesWork(t *testing.T) {
	h := newApp(t, nil)
	for _, tc := range []struct{ path, want string }{
		{"/", "Latest invoices"},
		{"/invoices", "INV-2026-00008"},
		{"/invoices?page=2", "Page 2"},
		{"/invoices/1", "$2,220.50"},
		{"/invoices/3", "€960.00"},
		{"/invoices/8", "¥48,000"},
		{"/invoices/2/lines/2", "Hosting, 12 months"},
		{"/invoices/2/split?ways=3", "170000"},
		{"/customers", "Acme Corporation"},
		{"/customers?page=2", "Wren &amp; Finch"},
		{"/customers?q=Glob", "Globex Ltd"},
		{"/customers/1", "billing@acme.example"},
		{"/customers/1/reminder", "Dear Acme team"},
	} {
		rec := get(h, tc.path)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: status %d\n%s", tc.path, rec.Code, rec.Body)
			continue
		}
		if !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: page lacks %q", tc.path, tc.want)
		}
	}
}

func TestAnInvoiceLooksUpByNumberAndTakesAPayment(t *testing.T) {
	h := newApp(t, nil)
	rec := get(h, "/invoices/number/INV-2026-00003")
	if rec.Code != http.StatusFound || rec.Header().Get("Location") != "/invoices/3" {
		t.Fatalf("by number: status %d, Location %q", rec.Code, rec.Header().Get("Location"))
	}
	form := url.Values{"amount": {"60.00"}, "method": {"card"}}
	req := httptest.NewRequest(http.MethodPost, "/invoices/3/payments", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "127.0.0.1:50125"
	if rec := do(h, req); rec.Code != http.StatusSeeOther {
		t.Fatalf("payment: status %d\n%s", rec.Code, rec.Body)
	}
	if page := get(h, "/invoices/3").Body.String(); !strings.Contains(page, "€60.00") || !strings.Contains(page, "€900.00") {
		t.Errorf("the invoice does not show the payment and the new balance:\n%s", page)
	}
}

func TestBadInputIsAClientError(t *testing.T) {
	h := newApp(t, nil)
	for _, tc := range []struct {
		path, form string
		want       int
	}{
		{"/invoices/3/payments", "amount=abc&method=card", http.StatusBadRequest},
		{"/invoices/3/payments", "amount=10.001&method=card", http.StatusBadRequest},
		{"/invoices/3/payments", "amount=10&method=cheque", http.StatusBadRequest},
		{"/invoices/3/payments", "amount=0&method=card", http.StatusBadRequest},
		{"/invoices/abc/payments", "amount=10&method=card", http.StatusNotFound},
	} {
		req := httptest.NewRequest(http.MethodPost, tc.path, strings.NewReader(tc.form))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.RemoteAddr = "127.0.0.1:50126"
		if rec := do(h, req); rec.Code != tc.want {
			t.Errorf("POST %s %s: status %d, want %d", tc.path, tc.form, rec.Code, tc.want)
		}
	}
	for _, path := range []string{"/nowhere", "/invoices/0", "/invoices/abc", "/customers/-1"} {
		if rec := get(h, path); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, rec.Code)
		}
	}
}
