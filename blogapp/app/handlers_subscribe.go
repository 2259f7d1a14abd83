package app

import (
	"net/http"

	"github.com/explainerr/explainerr/explainerr"
)

// handleSubscribe subscribes the address posted by the newsletter form in
// the page footer.
func (s *Server) handleSubscribe() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		addr := r.PostFormValue("email_address")
		if err := s.mailer.Subscribe(r.Context(), addr); err != nil {
			return err
		}
		s.render(w, http.StatusOK, "subscribed.html", pageData{"Title": "Subscribed", "Email": addr})
		return nil
	}
}
