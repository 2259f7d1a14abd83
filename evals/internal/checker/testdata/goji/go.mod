module goji.io/v3
