CREATE TABLE secrets (
  id serial PRIMARY KEY,
  sealed TEXT NOT NULL
);
