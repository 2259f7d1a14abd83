package rules

// A made-up rule definition in the shape of gitleaks' own, for the tests.

func Acme() *config.Rule {
	r := config.Rule{
		RuleID:   "acme-api-token",
		Keywords: []string{"acme_"},
	}
	tps := []string{
		`token = "acme_0123456789abcdefghijklmnopqrstuv"`,
		utils.GenerateSampleSecret("acme", "acme_"+secrets.NewSecret(`[a-z0-9]{32}`)),
	}
	fps := []string{
		`acme_short`,
		`ACME_0123456789ABCDEFGHIJKLMNOPQRSTUV`,
	}
	return utils.Validate(r, tps, fps)
}

func Widget() *config.Rule {
	r := config.Rule{
		RuleID: "widget-secret",
	}
	fps := []string{
		`widget = "000000000000000000000000"`,
		`widget_key = "exampleexampleexample123"`,
	}
	return utils.Validate(r, nil, fps)
}
