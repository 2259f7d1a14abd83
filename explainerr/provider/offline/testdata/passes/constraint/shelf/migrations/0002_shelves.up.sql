CREATE TABLE shelves (
    id SERIAL PRIMARY KEY,
    label character varying(25) NOT NULL
);
ALTER TABLE books ALTER COLUMN isbn TYPE varchar(25);
