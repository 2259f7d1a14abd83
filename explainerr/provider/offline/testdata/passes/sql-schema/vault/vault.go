package vault

import "database/sql"

// Vault opens sealed secrets.
type Vault struct{ db *sql.DB }

//explainerr:failure error *pq.Error pq: function pgp_sym_decrypt(text, unknown) does not exist

// Open decrypts a secret with key.
func (v *Vault) Open(id int, key string) (string, error) {
	var s string
	err := v.db.QueryRow("SELECT pgp_sym_decrypt(sealed, $1)::TEXT FROM secrets WHERE id = $2", key, id).Scan(&s) // want `no version of .pgp_sym_decrypt. takes \(text, unknown\)` `The query passes .sealed. to it, declared .TEXT. at .001_secrets\.sql:3.` `correct its type where the schema declares it`
	return s, err
}
