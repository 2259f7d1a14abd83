package redact

import "regexp"

// tokenRules hide API tokens by their provider's format, wherever they
// appear. Each format has examples in testdata/tokens.txt, which the tests
// check both ways (each example is hidden; the look-alikes are kept).
var tokenRules = []*rule{
	token("Stripe secret, restricted and publishable keys", `\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{10,}`, "k_live_", "k_test_"),
	token("Stripe webhook signing secrets", `\bwhsec_[0-9A-Za-z]{20,}`, "whsec_"),
	token("OpenAI and Anthropic keys", `\bsk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_\-]{16,}`, "sk-"),
	token("GitHub fine-grained tokens", `\bgithub_pat_[A-Za-z0-9_]{20,}`, "github_pat_"),
	token("GitHub tokens", `\bgh[pousr]_[A-Za-z0-9]{20,}`, "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
	token("GitLab tokens", `\bgl(?:pat|ptt|dt|rt)-[A-Za-z0-9_\-]{20,}`, "glpat-", "glptt-", "gldt-", "glrt-"),
	token("Doppler tokens", `\bdp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_\-]{1,64}\.)?[A-Za-z0-9]{40,}`, "dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."),
	token("Slack tokens", `\bxox[baprse]-[A-Za-z0-9\-]{10,}`, "xox"),
	{
		name:    "Slack webhook URLs",
		anchors: []string{"hooks.slack.com/"},
		re:      regexp.MustCompile(`hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9/_\-]+)`),
		hide:    hideGroup(1, nil),
	},
	token("AWS access key ids", `\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b`, "AKIA", "ASIA", "ABIA", "ACCA"),
	token("Google API keys", `\bAIza[0-9A-Za-z_\-]{35}`, "AIza"),
	token("JSON Web Tokens", `\beyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}`, "eyJ"),
	token("npm tokens", `\bnpm_[A-Za-z0-9]{36}\b`, "npm_"),
	token("PyPI tokens", `\bpypi-AgE[A-Za-z0-9_\-]{50,}`, "pypi-AgE"),
	token("Hugging Face tokens", `\bhf_[A-Za-z]{34}\b`, "hf_"),
	token("SendGrid keys", `\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b`, "SG."),
	token("DigitalOcean tokens", `\bdo[por]_v1_[a-f0-9]{64}\b`, "_v1_"),
	token("Shopify tokens", `\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b`, "shpat_", "shpca_", "shppa_", "shpss_"),
	token("Twilio API keys", `\bSK[0-9a-f]{32}\b`, "SK"),
	token("Mailgun keys", `\bkey-[0-9a-f]{32}\b`, "key-"),
}

// token returns a rule that hides the whole of each match of expr, which
// holds one of anchors.
func token(name, expr string, anchors ...string) *rule {
	return &rule{name: name, anchors: anchors, re: regexp.MustCompile(expr)}
}
