-- books on the shelves
CREATE TABLE books (
    id SERIAL PRIMARY KEY,
    title VARCHAR (25) NOT NULL,
    isbn CHAR(13)
);
