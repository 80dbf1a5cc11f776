-- A tiny lending-library database for the Intent Lens samples (written for this project).
-- Built into sample_library/sample_library.sqlite by scripts/make-samples.mjs with sql.js.
CREATE TABLE author (
    author_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    country TEXT
);

CREATE TABLE book (
    book_id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    author_id INTEGER REFERENCES author(author_id),
    year INTEGER,
    genre TEXT,
    copies INTEGER
);

CREATE TABLE member (
    member_id INTEGER PRIMARY KEY,
    first_name TEXT,
    last_name TEXT,
    joined TEXT
);

CREATE TABLE loan (
    loan_id INTEGER PRIMARY KEY,
    book_id INTEGER REFERENCES book(book_id),
    member_id INTEGER REFERENCES member(member_id),
    loan_date TEXT,
    returned INTEGER
);

INSERT INTO author VALUES (1, 'Ilse Marrow', 'Norway');
INSERT INTO author VALUES (2, 'Tomas Verde', 'Portugal');
INSERT INTO author VALUES (3, 'June Abernathy', 'Canada');
INSERT INTO author VALUES (4, 'Ravi Solanki', 'India');

INSERT INTO book VALUES (1, 'The Salt Road', 2, 1938, 'history', 2);
INSERT INTO book VALUES (2, 'Winter Orchard', 1, 1947, 'fiction', 3);
INSERT INTO book VALUES (3, 'Lanterns at Dusk', 3, 1955, 'mystery', 1);
INSERT INTO book VALUES (4, 'A Map of Small Rivers', 2, 1962, 'travel', 2);
INSERT INTO book VALUES (5, 'The Glass Observatory', 4, 1968, 'science', 1);
INSERT INTO book VALUES (6, 'Northbound', 1, 1979, 'fiction', 4);
INSERT INTO book VALUES (7, 'Paper Harbours', 3, 1991, 'poetry', 1);
INSERT INTO book VALUES (8, 'The Quiet Algorithm', 4, 2004, 'science', 2);
INSERT INTO book VALUES (9, 'Seven Kinds of Rain', 1, 2011, 'fiction', 3);
INSERT INTO book VALUES (10, 'Borrowed Light', 3, 2015, 'mystery', 2);

INSERT INTO member VALUES (1, 'Ada', 'Okafor', '2021-03-02');
INSERT INTO member VALUES (2, 'Bruno', 'Lindqvist', '2022-07-19');
INSERT INTO member VALUES (3, 'Chen', 'Wei', '2023-01-08');
INSERT INTO member VALUES (4, 'Dana', 'Moreau', '2024-05-30');

INSERT INTO loan VALUES (1, 2, 1, '2026-09-01', 1);
INSERT INTO loan VALUES (2, 6, 3, '2026-09-04', 1);
INSERT INTO loan VALUES (3, 3, 2, '2026-09-11', 0);
INSERT INTO loan VALUES (4, 9, 4, '2026-10-02', 0);
INSERT INTO loan VALUES (5, 5, 1, '2026-10-15', 0);
