package fakeopenai_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// An evaluation scripts a generator and a judge on the same server: the
// handler tells them apart by their system message.
func ExampleServer_Handle() {
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Handle(func(req fakeopenai.Request) fakeopenai.Answer {
		system, _ := req.Message("system")
		if strings.Contains(system, "judge") {
			return fakeopenai.Reply(`{"verdict": "A"}`).WithModel("gpt-4o-2024-08-06")
		}
		return fakeopenai.Reply("The map is nil: make it in NewCart.")
	})

	body := `{"model":"gpt-4o","messages":[{"role":"system","content":"You are a judge."},{"role":"user","content":"A or B?"}]}`
	res, err := srv.Client().Post(srv.URL+"/chat/completions", "application/json", strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	fmt.Println(res.StatusCode, strings.Contains(string(b), `{\"verdict\": \"A\"}`), strings.Contains(string(b), `"model":"gpt-4o-2024-08-06"`))
	fmt.Println(srv.Calls(), srv.Requests()[0].Model)
	// Output:
	// 200 true true
	// 1 gpt-4o
}
